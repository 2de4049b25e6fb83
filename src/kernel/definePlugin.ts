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

/** A plugin: its static manifest, the services it needs, and each declared extension bound to its code. */
export interface Plugin {
  manifest: PluginManifest;
  services: readonly ServiceRef<unknown>[];
  extensions: readonly PluginExtension[];
}

/**
 * Joins a static manifest with its loaders. Every declared extension needs exactly one binding to the point it
 * declared, so the manifest the platform reads and the code the app runs cannot drift apart.
 */
export function definePlugin(
  manifest: PluginManifest,
  code: { services?: readonly ServiceRef<any>[]; extensions: Readonly<Record<string, ExtensionBinding<any>>> },
): Plugin {
  const declared = new Set(manifest.extensions.map((e) => e.id));
  const extra = Object.keys(code.extensions).filter((id) => !declared.has(id));
  if (extra.length) throw new Error(`plugin "${manifest.id}": code for extensions its manifest does not declare: ${extra.join(', ')}`);
  const extensions = manifest.extensions.map((declaration) => {
    const binding = code.extensions[declaration.id];
    if (!binding) throw new Error(`plugin "${manifest.id}": extension "${declaration.id}" has no code`);
    if (binding.point.id !== declaration.point) {
      throw new Error(`plugin "${manifest.id}": extension "${declaration.id}" is declared at "${declaration.point}" but its code attaches to "${binding.point.id}"`);
    }
    return { id: extensionIdOf(manifest.id, declaration.id), declaration, binding };
  });
  return { manifest, services: code.services ?? [], extensions };
}
