import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { ConfigurablePlugin, ResolvedConfig } from '../../../contract/appConfig';
import { inOrder, offeredSports, sortedIdsA, sportKeyOf, sportRows, toScheme, type OfferedSports, type SportDeclarationRow, type SportScheme } from '../../../domain/sports';

type Manifest = ConfigurablePlugin & { sports?: readonly SportDeclarationRow[]; extensions: readonly { id: string; point: string }[] };

/** Sport plugins first, in the sport catalogue's order, then the others by id: the order messages list them in. */
const rank = (m: Manifest) => Math.min(...(m.sports ?? []).map((s) => s.order), Number.POSITIVE_INFINITY);

/**
 * The static manifests (plugins/<id>/manifest.ts, never the plugins' code) of every folder under `dir`, the same
 * folders the app's registry lists (its test checks): what config validation and the sport catalogue need.
 */
export function readPluginManifests(dir = path.resolve(__dirname, '../../../plugins')): Manifest[] {
  return readdirSync(dir)
    .filter((name) => existsSync(path.join(dir, name, 'manifest.ts')))
    .map((name) => (require(path.join(dir, name, 'manifest.ts')) as { default: Manifest }).default)
    .sort((a, b) => rank(a) - rank(b) || a.id.localeCompare(b.id));
}

export const pluginManifests = readPluginManifests();

export const configurablePlugins: ReadonlyMap<string, ConfigurablePlugin> = new Map(pluginManifests.map((m) => [m.id, m]));

/** The sport catalogue, from the sport plugins' manifests: the same rows the app reads (src/kernel/sports.ts). */
const catalogue = inOrder(pluginManifests.flatMap((m) => m.sports ?? []));
export const sports = {
  SPORTS: sportRows(catalogue),
  SORTED_SPORT_IDS_A: sortedIdsA(catalogue),
  toScheme: (id: number, from: SportScheme, to: SportScheme) => toScheme(catalogue, id, from, to),
  keyOf: (id: number, scheme: SportScheme) => sportKeyOf(catalogue, id, scheme),
};

/** The sports a resolved config offers: the app's rule (src/kernel/sports.ts offeredSportsOf) on the same manifests. */
export const offeredSportsOf = (config: Pick<ResolvedConfig, 'plugins'>): OfferedSports => offeredSports(catalogue, config.plugins, pluginManifests);
