import type { ExtensionPoint } from './extensionPoint';
import { extensionIdOf, type ExtensionDeclaration, type PluginManifest } from './manifest';
import type { ServiceRef } from './services';

/** An extension's code: the point it attaches to and its loader, a dynamic import so it is its own chunk. */
export interface ExtensionBinding<Module = unknown> {
  point: ExtensionPoint<Module, any, any>;
  loader: () => Promise<{ default: Module }>;
}

/** Binds a loader to a point; the point's type checks the module the loader resolves to. */
export function extension<Module, Match, Select>(
  point: ExtensionPoint<Module, Match, Select>,
  loader: () => Promise<{ default: Module }>,
): ExtensionBinding<Module> {
  return { point, loader } as ExtensionBinding<Module>;
}

export interface PluginExtension {
  /** `<plugin id>/<extension id>`, the id config switches it by. */
  id: string;
  declaration: ExtensionDeclaration;
  binding: ExtensionBinding;
}

/**
 * A plugin's strings in one language: a dynamic import of plugins/<id>/locales/<lng>.json, all languages of a plugin in
 * one lazy chunk (`webpackMode: "lazy-once"`, docs/plugins.md "Strings": per-language chunks cost the initial bundle).
 */
export type LocaleLoader = (lng: string) => Promise<{ default: Record<string, unknown> }>;

/** A plugin: its static manifest, the services it needs, its strings, and each declared extension bound to its code. */
export interface Plugin {
  manifest: PluginManifest;
  /** Loads the strings of the manifest's i18n namespace; a language without a file falls back (see createI18n). */
  locales?: LocaleLoader;
  services: readonly ServiceRef<unknown>[];
  extensions: readonly PluginExtension[];
  /** The extension ids the code binds, for checkPlugin. */
  bound: readonly string[];
}

/**
 * Joins a static manifest with its loaders. It trusts its input at run time (the app's initial bundle stays small);
 * checkPlugin says where code and manifest drift apart, and the registry's test runs it on every plugin.
 */
export function definePlugin(
  manifest: PluginManifest,
  code: { services?: readonly ServiceRef<any>[]; locales?: LocaleLoader; extensions: Readonly<Record<string, ExtensionBinding<any>>> },
): Plugin {
  const extensions = manifest.extensions.map((declaration) => ({ id: extensionIdOf(manifest.id, declaration.id), declaration, binding: code.extensions[declaration.id]! }));
  return { manifest, services: code.services ?? [], ...(code.locales ? { locales: code.locales } : {}), extensions, bound: Object.keys(code.extensions) };
}
