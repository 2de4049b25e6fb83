/** Folder names under a plugins folder that hold a plugin (an index.ts), sorted. */
export function pluginFolders(dir?: string): string[];
/** The folders PLUGIN_DIRS names, absolute; throws naming a folder that does not exist. */
export function pluginDirs(env?: NodeJS.ProcessEnv): string[];
/** Every plugin folder a build includes (plugins/ and PLUGIN_DIRS), absolute, sorted by folder name. */
export function pluginPaths(env?: NodeJS.ProcessEnv): string[];
/** The text of src/kernel/plugins.generated.ts for these plugin folders (absolute paths). */
export function registrySource(folders: readonly string[]): string;
/** Writes src/kernel/plugins.generated.ts when its text changes; answers its path. */
export function writePluginRegistry(env?: NodeJS.ProcessEnv): string;
