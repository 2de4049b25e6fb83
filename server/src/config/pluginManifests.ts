import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { ConfigurablePlugin } from '../../../contract/appConfig';

/**
 * The static manifests (plugins/<id>/manifest.ts, never the plugins' code) of every folder under `dir`, in folder
 * order, the same folders the app's registry finds: what config validation and the sport catalogue need.
 */
export function readConfigurablePlugins(dir = path.resolve(__dirname, '../../../plugins')): ConfigurablePlugin[] {
  return readdirSync(dir)
    .sort()
    .filter((name) => existsSync(path.join(dir, name, 'manifest.ts')))
    .map((name) => (require(path.join(dir, name, 'manifest.ts')) as { default: ConfigurablePlugin }).default);
}

export const pluginManifests = readConfigurablePlugins();

export const configurablePlugins: ReadonlyMap<string, ConfigurablePlugin> = new Map(pluginManifests.map((m) => [m.id, m]));
