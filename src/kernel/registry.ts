import type { AnyPluginManifest } from './definePlugin';
import sportFootball from '../../plugins/sport-football';
import sportBasketball from '../../plugins/sport-basketball';
import sportGeneric from '../../plugins/sport-generic';
import playerFlv from '../../plugins/player-flv';
import playerHls from '../../plugins/player-hls';
import playerAnimation from '../../plugins/player-animation';

/**
 * Every plugin this build knows. Imported statically so the bundler sees each manifest's loader and gives it its own
 * chunk; config only switches these on or off. Order here is the order plugins render in a slot.
 */
const manifests: AnyPluginManifest[] = [sportFootball, sportBasketball, sportGeneric, playerFlv, playerHls, playerAnimation];

export const registry: ReadonlyMap<string, AnyPluginManifest> = new Map(manifests.map((m) => [m.id, m]));
