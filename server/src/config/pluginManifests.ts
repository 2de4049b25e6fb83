import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { ConfigurablePlugin } from '../../../contract/appConfig';

type Manifest = ConfigurablePlugin & { sports?: readonly { order: number }[] };

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
