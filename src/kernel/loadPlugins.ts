import type { ResolvedConfig } from '../../contract/appConfig';
import { ConfigError, describeIssue, REPORT_INPUT } from '../../contract/issues';
import type { Plugin, PluginExtension } from './definePlugin';
import type { ExtensionPoint } from './extensionPoint';
import type { ServiceMap } from './services';

export interface ActivePlugin {
  plugin: Plugin;
  options: Record<string, unknown>;
}

/** An enabled extension of an enabled plugin. */
export interface ActiveExtension<Module = unknown, Match = unknown> {
  /** `<plugin id>/<extension id>`. */
  id: string;
  plugin: ActivePlugin;
  extension: PluginExtension;
  /** The static match its manifest declared, typed by the point. */
  match: Match;
  /** Carries the module type only; never set. */
  readonly __module?: Module;
}

export interface PluginSet {
  /** Enabled extensions at a point whose static match accepts the selection, in registry order. */
  list<M, Match, Select>(point: ExtensionPoint<M, Match, Select>, select?: Select): ActiveExtension<M, Match>[];
  get(pluginId: string): ActivePlugin | undefined;
  /** Loads an extension's code (and its plugin's i18n namespace, softly) once; later calls share the promise, failed or not. */
  load<M>(extension: ActiveExtension<M>): Promise<M>;
  /** Drops a cached (failed) load so the next render downloads again; only the user's Retry calls it. */
  forget(extensionId: string): void;
}

export interface LoadPluginsDeps {
  /** The services this app provides; an enabled plugin that needs one not here stops start-up. */
  services?: ServiceMap;
  loadNamespace?: (ns: string) => Promise<unknown>;
  logger?: Pick<Console, 'warn'>;
}

/** A plugin the app cannot start: the message names the plugin and what it lacks. */
export class PluginStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PluginStartError';
  }
}

/**
 * Turns a resolved config into the set of active extensions. Nothing is downloaded here: code loads when a slot
 * first renders an extension. The config is re-checked against this bundle's plugins because the platform that
 * resolved it may be a different build, and every enabled plugin's service refs are resolved now, so a missing
 * service fails at start-up instead of when a member first opens the screen.
 */
export function loadPlugins(config: Pick<ResolvedConfig, 'plugins'>, registry: ReadonlyMap<string, Plugin>, deps: LoadPluginsDeps = {}): PluginSet {
  const extensionsById = new Map<string, PluginExtension>([...registry.values()].flatMap((p) => p.extensions.map((e) => [e.id, e] as const)));
  const issues = config.plugins.flatMap((entry, index) => {
    if (extensionsById.has(entry.id)) return [];
    const plugin = registry.get(entry.id);
    if (!plugin) {
      return [{ file: 'app config', path: `plugins[${index}].id`, expected: `a plugin or extension this build knows, got "${entry.id}"` }];
    }
    // The platform validated this config at its start; this is the safety net for a platform of another build, in the
    // same words (contract/issues.ts).
    const parsed = plugin.manifest.options.safeParse(entry.options, { ...REPORT_INPUT, error: describeIssue });
    return parsed.success ? [] : parsed.error.issues.map((issue) => ({ file: 'app config', path: [`plugins[${index}].options`, ...issue.path].join('.'), expected: issue.message }));
  });
  if (issues.length) throw new ConfigError(issues);

  const entryOf = (id: string) => config.plugins.find((p) => p.id === id);
  const activePlugins = new Map<string, ActivePlugin>();
  const active: ActiveExtension[] = [];
  for (const plugin of registry.values()) {
    const entry = entryOf(plugin.manifest.id);
    if (!entry?.enabled) continue;
    const missing = plugin.services.find((ref) => !deps.services?.has(ref));
    if (missing) throw new PluginStartError(`plugin "${plugin.manifest.id}" needs service "${missing.id}", which this app does not provide`);
    const activePlugin = { plugin, options: plugin.manifest.options.parse(entry.options ?? {}) as Record<string, unknown> };
    activePlugins.set(plugin.manifest.id, activePlugin);
    for (const extension of plugin.extensions) {
      // An extension not named by the config follows its plugin (a config from an older platform lists none).
      if (entryOf(extension.id)?.enabled === false) continue;
      active.push({ id: extension.id, plugin: activePlugin, extension, match: extension.declaration.match });
    }
  }

  const loading = new Map<string, Promise<unknown>>();
  const namespaces = new Map<string, Promise<unknown>>();
  const namespaceOf = (plugin: Plugin) => {
    const ns = plugin.manifest.i18nNs;
    if (!ns || !deps.loadNamespace) return Promise.resolve();
    let promise = namespaces.get(ns);
    if (!promise) {
      promise = deps.loadNamespace(ns).catch((error: unknown) => deps.logger?.warn(`plugin ${plugin.manifest.id}: strings not loaded`, error));
      namespaces.set(ns, promise);
    }
    return promise;
  };
  return {
    list<M, Match, Select>(point: ExtensionPoint<M, Match, Select>, select?: Select) {
      return active.filter(
        (e) => e.extension.declaration.point === point.id && (select === undefined || point.accepts(e.match as Match, select)),
      ) as ActiveExtension<M, Match>[];
    },
    get: (id) => activePlugins.get(id),
    load<M>(extension: ActiveExtension<M>) {
      let promise = loading.get(extension.id);
      if (!promise) {
        // A failed load stays cached: React re-renders a failed boundary, and a fresh request per render would
        // hammer the network while a chunk is really missing. The failure panel's Retry forgets it instead.
        promise = Promise.all([extension.extension.binding.loader(), namespaceOf(extension.plugin.plugin)]).then(([module]) => module.default);
        loading.set(extension.id, promise);
      }
      return promise as Promise<M>;
    },
    forget: (id) => void loading.delete(id),
  };
}
