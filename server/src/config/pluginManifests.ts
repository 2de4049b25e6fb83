import type { ConfigurablePlugin } from '../../../contract/appConfig';
import sportFootball from '../../../plugins/sport-football/manifest';
import sportBasketball from '../../../plugins/sport-basketball/manifest';
import sportGeneric from '../../../plugins/sport-generic/manifest';
import playerFlv from '../../../plugins/player-flv/manifest';
import playerHls from '../../../plugins/player-hls/manifest';
import playerAnimation from '../../../plugins/player-animation/manifest';

/**
 * The plugins' static manifests (never their code): what config validation and the sport catalogue need to know.
 * The same plugins, in the same order, as the app's registry (src/kernel/registry.ts).
 */
export const pluginManifests = [sportFootball, sportBasketball, sportGeneric, playerFlv, playerHls, playerAnimation];

export const configurablePlugins: ReadonlyMap<string, ConfigurablePlugin> = new Map(pluginManifests.map((m) => [m.id, m]));
