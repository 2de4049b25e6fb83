import type { ZodMiniType } from 'zod/mini';

/**
 * A plugin's static manifest: everything the app and the platform may know about a plugin without running its code.
 * It imports nothing but zod/mini, so the platform reads it (config validation, the sport catalogue) and the app
 * keeps it in the initial bundle at a few hundred bytes.
 */

export type SportScheme = 'A' | 'B' | 'C';

/** A sport a plugin covers: one row of the sport catalogue the app and the platform both read. */
export interface SportDeclaration {
  /** Stable key used in code and data (`tableTennis`), also the i18n name key `sport.<key>` of the common namespace. */
  key: string;
  /** The sport's id in each numbering scheme that knows it (A lists and slip, B betting side, C live side). */
  ids: Readonly<Partial<Record<SportScheme, number>>>;
  /** Key of the sport's name in the common namespace. */
  nameKey: string;
  /** Icon name; the plugin's menu entry draws it. */
  icon: string;
  /** Position in the sports menu and the results sport selector (the spec's order of scheme A). */
  order: number;
}

/** An extension as the manifest states it: its id within the plugin, the point it attaches to, and its static match. */
export interface ExtensionDeclaration {
  id: string;
  point: string;
  match?: unknown;
}

export interface PluginManifest<O extends ZodMiniType = ZodMiniType> {
  id: string;
  /** i18next namespace of the plugin's strings (plugins/<id>/locales/<lng>.json), loaded lazily with its first extension. */
  i18nNs?: string;
  sports?: readonly SportDeclaration[];
  /** Options an operator may set in config; its defaults are the plugin's defaults. */
  options: O;
  extensions: readonly ExtensionDeclaration[];
}

const PLUGIN_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)+$/;
const EXTENSION_ID = /^[a-z][a-z0-9-]*$/;

/** The id config uses for one extension: `<plugin id>/<extension id>`, e.g. `sport-football/lineup`. */
export const extensionIdOf = (pluginId: string, extensionId: string) => `${pluginId}/${extensionId}`;

export function defineManifest<O extends ZodMiniType>(manifest: PluginManifest<O>): PluginManifest<O> {
  if (!PLUGIN_ID.test(manifest.id)) {
    throw new Error(`plugin id "${manifest.id}" must be kebab-case <kind>-<name>, e.g. "sport-football"`);
  }
  const defaults = manifest.options.safeParse({});
  if (!defaults.success) {
    throw new Error(`plugin "${manifest.id}": every option needs a default (${defaults.error.issues.map((i) => i.path.join('.')).join(', ')})`);
  }
  const seen = new Set<string>();
  for (const extension of manifest.extensions) {
    if (!EXTENSION_ID.test(extension.id) || seen.has(extension.id)) {
      throw new Error(`plugin "${manifest.id}": extension id "${extension.id}" must be kebab-case and unique within the plugin`);
    }
    seen.add(extension.id);
  }
  return manifest;
}
