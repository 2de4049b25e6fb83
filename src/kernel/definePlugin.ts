import type { ZodMiniType } from 'zod/mini';
import type { PointId, PointMatch, PointModule } from './points';

/**
 * A plugin manifest: static facts (id, point, match, i18n namespace, option schema) plus a loader.
 * The loader is a dynamic import so the bundler puts the plugin's code in its own chunk, fetched only
 * when a slot of its point first renders it.
 */
export interface PluginManifest<P extends PointId = PointId, O extends ZodMiniType = ZodMiniType> {
  id: string;
  point: P;
  match: PointMatch<P>;
  /** i18next namespace with the plugin's strings, loaded lazily with its code; loading failures are soft. */
  i18nNs?: string;
  /**
   * Schema of the options an operator may set in config (zod/mini: manifests ship in the initial bundle); its
   * defaults are the plugin's defaults.
   */
  options: O;
  loader: () => Promise<{ default: PointModule<P> }>;
}

export type AnyPluginManifest = { [P in PointId]: PluginManifest<P, ZodMiniType> }[PointId];

const PLUGIN_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)+$/;

export function definePlugin<P extends PointId, O extends ZodMiniType>(manifest: PluginManifest<P, O>): PluginManifest<P, O> {
  if (!PLUGIN_ID.test(manifest.id)) {
    throw new Error(`plugin id "${manifest.id}" must be kebab-case <kind>-<name>, e.g. "sport-football"`);
  }
  const defaults = manifest.options.safeParse({});
  if (!defaults.success) {
    throw new Error(`plugin "${manifest.id}": every option needs a default (${defaults.error.issues.map((i) => i.path.join('.')).join(', ')})`);
  }
  return manifest;
}
