import { createExtensionPoint } from '../../kernel/extensionPoint';
import type { ResultsProviderModule } from './model';

/**
 * The results screen's extension point: a result service (the product's own, a third-party provider) as a plugin
 * that maps its answers to the one result model. Every enabled provider is offered; with more than one the screen
 * shows a switch, in the providers' `order`, named by each module's `names`.
 */
export const resultsProviderPoint = createExtensionPoint<ResultsProviderModule, { order: number }>({ id: 'results.provider' });
