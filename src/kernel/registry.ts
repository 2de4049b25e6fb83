import type { Plugin } from './definePlugin';
import sportFootball from '../../plugins/sport-football';
import sportBasketball from '../../plugins/sport-basketball';
import sportGeneric from '../../plugins/sport-generic';
import playerFlv from '../../plugins/player-flv';
import playerHls from '../../plugins/player-hls';
import playerAnimation from '../../plugins/player-animation';

/**
 * Every plugin this build knows: one line per folder under plugins/ (registry.test.ts fails when a folder is missing
 * here). Imported statically so the bundler sees each extension's loader and gives it its own chunk; config only
 * switches plugins and extensions on or off. Order here is the order extensions render in a slot. The list is written
 * out rather than found by the bundler (import.meta.webpackContext) because the context's map cost 0.7 KB of the
 * initial bundle's budget. The platform finds the same folders' static manifests on disk (server/src/config/pluginManifests.ts).
 */
const plugins: Plugin[] = [sportFootball, sportBasketball, sportGeneric, playerFlv, playerHls, playerAnimation];

export const registry: ReadonlyMap<string, Plugin> = new Map(plugins.map((p) => [p.manifest.id, p]));
