import type { AnyPluginManifest } from './definePlugin';
import type { ResolvedConfig } from './config';
import { ConfigError, REPORT_INPUT, toConfigIssues } from './configError';
import { pointMatchers, type PointId, type PointModule, type PointSelect } from './points';

export interface ActivePlugin<P extends PointId = PointId> {
  manifest: Extract<AnyPluginManifest, { point: P }>;
  options: Record<string, unknown>;
}

export interface PluginSet {
  /** Enabled plugins of a point whose static match accepts the selection, in registry order. */
  list<P extends PointId>(point: P, select?: PointSelect<P>): ActivePlugin<P>[];
  get(id: string): ActivePlugin | undefined;
  isEnabled(id: string): boolean;
  /** Loads a plugin's code (and its i18n namespace, softly) once; later calls share the promise, failed or not. */
  load<P extends PointId>(plugin: ActivePlugin<P>): Promise<PointModule<P>>;
  /** Drops a cached (failed) load so the next render downloads again; only the user's Retry calls it. */
  forget(id: string): void;
}

export interface LoadPluginsDeps {
  loadNamespace?: (ns: string) => Promise<unknown>;
  logger?: Pick<Console, 'warn'>;
}

/**
 * Turns a resolved config into the set of active plugins. Nothing is downloaded here: code loads when a slot
 * first renders a plugin. The config is re-checked against this bundle's registry because the platform that
 * resolved it may be a different build.
 */
export function loadPlugins(
  config: Pick<ResolvedConfig, 'plugins'>,
  registry: ReadonlyMap<string, AnyPluginManifest>,
  deps: LoadPluginsDeps = {},
): PluginSet {
  const issues = config.plugins.flatMap((entry, index) => {
    const manifest = registry.get(entry.id);
    if (!manifest) {
      return [{ file: 'app config', path: `plugins[${index}].id`, expected: `a plugin this build knows, got "${entry.id}"` }];
    }
    const parsed = manifest.options.safeParse(entry.options, REPORT_INPUT);
    return parsed.success ? [] : toConfigIssues('app config', parsed.error.issues, `plugins[${index}].options`);
  });
  if (issues.length) throw new ConfigError(issues);

  const active = new Map<string, ActivePlugin>();
  for (const manifest of registry.values()) {
    const entry = config.plugins.find((p) => p.id === manifest.id);
    if (entry?.enabled) {
      active.set(manifest.id, { manifest, options: manifest.options.parse(entry.options) as Record<string, unknown> } as ActivePlugin);
    }
  }

  const loading = new Map<string, Promise<unknown>>();
  return {
    list<P extends PointId>(point: P, select?: PointSelect<P>) {
      const matcher = pointMatchers[point];
      return [...active.values()].filter(
        (p) => p.manifest.point === point && (select === undefined || matcher(p.manifest.match as never, select as never)),
      ) as unknown as ActivePlugin<P>[];
    },
    get: (id) => active.get(id),
    isEnabled: (id) => active.has(id),
    load(plugin) {
      let promise = loading.get(plugin.manifest.id);
      if (!promise) {
        const ns = plugin.manifest.i18nNs;
        const namespace = ns && deps.loadNamespace
          ? deps.loadNamespace(ns).catch((error: unknown) => deps.logger?.warn(`plugin ${plugin.manifest.id}: strings not loaded`, error))
          : Promise.resolve();
        // A failed load stays cached: React re-renders a failed boundary, and a fresh request per render would
        // hammer the network while a chunk is really missing. The failure panel's Retry forgets it instead.
        promise = Promise.all([plugin.manifest.loader(), namespace]).then(([module]) => module.default);
        loading.set(plugin.manifest.id, promise);
      }
      return promise as Promise<PointModule<typeof plugin.manifest.point>>;
    },
    forget: (id) => void loading.delete(id),
  };
}
