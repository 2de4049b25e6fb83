import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ConfigurablePlugin, LocaleCode, ResolvedConfig } from '../../../contract/appConfig';
import { inOrder, offeredSports, sortedIdsA, sportKeyOf, sportRows, toScheme, type OfferedSports, type SportDeclarationRow, type SportScheme } from '../../../domain/sports';
import { StartupError } from '../startupError';

/** A sport as a manifest declares it: its ids and order, and its name in each of the app's languages. */
type SportDeclaration = SportDeclarationRow & { names: Readonly<Record<LocaleCode, string>> };

type Manifest = ConfigurablePlugin & { sports?: readonly SportDeclaration[]; extensions: readonly { id: string; point: string }[] };

/** A plugin folder as the platform finds it: its static manifest, and where it lies (its feed.ts, messages). */
export interface PluginFolder {
  /** The folder, absolute. */
  dir: string;
  manifest: Manifest;
}

/** The repository's own plugins. */
export const BUILT_IN_PLUGIN_DIR = path.resolve(__dirname, '../../../plugins');

/**
 * The folders plugin folders are looked for in: plugins/, then each folder of PLUGIN_DIRS, a path list like PATH
 * (`:`-separated, `;` on Windows; relative paths from the working directory). A folder that does not exist stops
 * start-up naming it, rather than a plugin silently missing from the catalogue and config.
 */
export function pluginDirsOf(value: string | undefined, cwd = process.cwd()): string[] {
  const extra = (value ?? '').split(path.delimiter).map((part) => part.trim()).filter(Boolean).map((part) => path.resolve(cwd, part));
  const missing = extra.find((dir) => !statSync(dir, { throwIfNoEntry: false })?.isDirectory());
  if (missing !== undefined) throw new StartupError(`bad environment: PLUGIN_DIRS: ${missing} is not a folder (PLUGIN_DIRS lists folders that hold plugin folders, separated by "${path.delimiter}")`);
  return [BUILT_IN_PLUGIN_DIR, ...extra.filter((dir) => dir !== BUILT_IN_PLUGIN_DIR)];
}

/** Sport plugins first, in the sport catalogue's order, then the others by id: the order messages list them in. */
const rank = (m: Manifest) => Math.min(...(m.sports ?? []).map((s) => s.order), Number.POSITIVE_INFINITY);

/**
 * The plugin folders under `dirs` (each sub-folder with a manifest.ts), read for their static manifests only (never
 * the plugins' code): what config validation, the sport catalogue and the feed's profiles need. plugins/ holds the
 * same folders the app's registry lists (its test checks). Two plugins with one id stop start-up, naming both folders.
 */
export function readPluginFolders(dirs: readonly string[] = pluginDirsOf(process.env.PLUGIN_DIRS)): PluginFolder[] {
  const folders = dirs.flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => existsSync(path.join(dir, name, 'manifest.ts')))
      .map((name) => ({ dir: path.join(dir, name), manifest: (require(path.join(dir, name, 'manifest.ts')) as { default: Manifest }).default })),
  );
  const seen = new Map<string, string>();
  for (const { dir, manifest } of folders) {
    const other = seen.get(manifest.id);
    if (other !== undefined) throw new StartupError(`plugin "${manifest.id}" is in two folders: ${other} and ${dir} (PLUGIN_DIRS)`);
    seen.set(manifest.id, dir);
  }
  return folders.sort((a, b) => rank(a.manifest) - rank(b.manifest) || a.manifest.id.localeCompare(b.manifest.id));
}

/** The manifests of the plugin folders under `dirs` (plugins/ and PLUGIN_DIRS by default), in the same order. */
export const readPluginManifests = (dirs?: readonly string[]): Manifest[] => readPluginFolders(dirs).map((f) => f.manifest);

export const pluginFolders = readPluginFolders();

export const pluginManifests: readonly Manifest[] = pluginFolders.map((f) => f.manifest);

export const configurablePlugins: ReadonlyMap<string, ConfigurablePlugin> = new Map(pluginManifests.map((m) => [m.id, m]));

/** The sport catalogue, from the sport plugins' manifests: the same rows the app reads (src/kernel/sports.ts). */
const catalogue = inOrder(pluginManifests.flatMap((m) => m.sports ?? []));
export const sports = {
  SPORTS: sportRows(catalogue),
  /** Each sport's name in the app's languages, by catalogue key (the static list names sports with them). */
  NAMES: new Map(catalogue.map((s) => [s.key, s.names])),
  SORTED_SPORT_IDS_A: sortedIdsA(catalogue),
  toScheme: (id: number, from: SportScheme, to: SportScheme) => toScheme(catalogue, id, from, to),
  keyOf: (id: number, scheme: SportScheme) => sportKeyOf(catalogue, id, scheme),
};

/** The sports a resolved config offers: the app's rule (src/kernel/sports.ts offeredSportsOf) on the same manifests. */
export const offeredSportsOf = (config: Pick<ResolvedConfig, 'plugins'>): OfferedSports => offeredSports(catalogue, config.plugins, pluginManifests);
