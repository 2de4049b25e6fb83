import type { Plugin } from './definePlugin';
import plugins from './plugins.generated';

/**
 * Every plugin this build knows: each folder under plugins/ and under the folders PLUGIN_DIRS names, listed by
 * scripts/plugins/registry.cjs before every build, test run and type-check. Imported statically so the bundler sees each extension's loader and gives it its own chunk;
 * config only switches plugins and extensions on or off. Folder order is the order extensions render in a slot. The
 * platform finds the same folders' static manifests on disk (server/src/config/pluginManifests.ts).
 */
export const registry: ReadonlyMap<string, Plugin> = new Map(plugins.map((p) => [p.manifest.id, p]));
