import type { ZodMiniType } from 'zod/mini';
import type { LocaleCode } from '../../contract/appConfig';

/**
 * A plugin's static manifest: everything the app and the platform may know about a plugin without running its code.
 * It imports nothing but zod/mini, so the platform reads it (config validation, the sport catalogue) and the app
 * keeps it in the initial bundle at a few hundred bytes.
 */

export type SportScheme = 'A' | 'B' | 'C';

/** A sport a plugin covers: one row of the sport catalogue the app and the platform both read. */
export interface SportDeclaration {
  /** Stable key used in code and data (`tableTennis`); the kernel files its name under `sport.<key>` of the common namespace. */
  key: string;
  /** The sport's id in each numbering scheme that knows it (A lists and slip, B betting side, C live side). */
  ids: Readonly<Partial<Record<SportScheme, number>>>;
  /**
   * The sport's name in every language of the app. The kernel adds them to the common namespace at start-up, so the
   * core's locale files name no sport and a new sport plugin needs no edit outside its folder (checkPlugin refuses a
   * declaration that leaves a language out).
   */
  names: Readonly<Record<LocaleCode, string>>;
  /** Icon name the plugin's menu entry draws; the key when left out. */
  icon?: string;
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

/** The id config uses for one extension: `<plugin id>/<extension id>`, e.g. `sport-football/lineup`. */
export const extensionIdOf = (pluginId: string, extensionId: string) => `${pluginId}/${extensionId}`;

/**
 * Types a manifest. It checks nothing at run time, so the app's initial bundle carries no validation: the platform
 * checks every manifest when it starts (checkManifest through resolveConfig) and the registry's test checks the app's.
 */
export const defineManifest = <O extends ZodMiniType>(manifest: PluginManifest<O>): PluginManifest<O> => manifest;
