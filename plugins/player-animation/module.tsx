import type { AnimationModule } from '../../src/sdk';
import { Animation } from './Animation';

export { Animation };

const animation: AnimationModule = { Animation };

export default animation;
