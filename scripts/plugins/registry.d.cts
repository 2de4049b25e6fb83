/** Folder names under a plugins folder that hold a plugin (an index.ts), sorted. */
export function pluginFolders(dir?: string): string[];
/** The text of src/kernel/plugins.generated.ts for these folders. */
export function registrySource(folders: readonly string[]): string;
/** Writes src/kernel/plugins.generated.ts when its text changes; answers its path. */
export function writePluginRegistry(): string;
