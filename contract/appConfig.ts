import * as z from 'zod/mini';
import type { ZodMiniType } from 'zod/mini';
import { isOrigin, normaliseOrigin } from '../domain/origins';
import { ConfigError, installZodMessages, REPORT_INPUT, toConfigIssues, type ConfigIssue } from './issues';

export { ConfigError, REPORT_INPUT, toConfigIssues, type ConfigIssue };

/**
 * The app's configuration: config/app.json plus an optional config/merchants/<id>.json override, shared by the app
 * and the platform. JSON switches plugins (or single extensions, `"sport-football/lineup"`) on or off and passes
 * options; it never names module paths. The platform resolves it at start-up (a bad file stops it) and serves the
 * result to the app, which re-checks it against its own plugins in loadPlugins.
 */

/** CSS custom properties an operator may brand; values may not break out of a declaration. */
const themeTokens = z.record(
  z.string().check(z.regex(/^--sp-[a-z0-9-]+$/, 'a theme token name like "--sp-color-brand"')),
  z.string().check(z.maxLength(200), z.regex(/^[^;{}<>]*$/, 'a CSS value without ; { } < >')),
);

/** A plugin (`sport-football`) or one of its extensions (`sport-football/lineup`); options belong to plugins only. */
const pluginEntry = z.strictObject({
  id: z.string().check(z.minLength(1)),
  enabled: z.boolean(),
  options: z.optional(z.record(z.string(), z.unknown())),
});

export const LOCALE_CODES = ['zh-CN', 'zh-TW', 'en', 'vi', 'th'] as const;
const localeCode = z.enum(LOCALE_CODES);

/**
 * Where the app may send the member's token (docs/operations.md "Allowed origins"): the services a `?apiSrc=`
 * link or a stored domain may name besides the page's own origin, and the sites that may frame the app.
 */
const origins = z
  .array(z.string().check(z.refine(isOrigin, 'an origin like "https://api.example" (scheme, host and port only)')))
  .check(z.maxLength(100));

export const appConfigSchema = z.strictObject({
  $schema: z.optional(z.string()),
  defaultMerchant: z.string().check(z.regex(/^[a-z0-9-]+$/, 'a merchant id of lowercase letters, digits and dashes')),
  defaultLocale: localeCode,
  timezone: z.string().check(z.minLength(1)),
  plugins: z.array(pluginEntry),
  theme: z._default(themeTokens, {}),
  serviceOrigins: z._default(origins, []),
  frameAncestors: z._default(origins, []),
});

export const merchantConfigSchema = z.strictObject({
  $schema: z.optional(z.string()),
  name: z.string().check(z.minLength(1), z.maxLength(80)),
  defaultLocale: z.optional(localeCode),
  timezone: z.optional(z.string().check(z.minLength(1))),
  plugins: z._default(z.array(z.extend(pluginEntry, { enabled: z.optional(z.boolean()) })), []),
  theme: z._default(themeTokens, {}),
  /** Replace app.json's lists for this merchant when given. */
  serviceOrigins: z.optional(origins),
  frameAncestors: z.optional(origins),
});

export type AppConfigFile = z.infer<typeof appConfigSchema>;
export type MerchantConfigFile = z.infer<typeof merchantConfigSchema>;
export type LocaleCode = (typeof LOCALE_CODES)[number];

/**
 * One resolved entry per plugin (its options validated, defaults applied), followed by one per extension a file
 * switched by its own id (`<plugin>/<extension>`, options always empty). An extension runs when its plugin is
 * enabled and it is not switched off.
 */
export interface ResolvedPlugin {
  id: string;
  enabled: boolean;
  options: Record<string, unknown>;
}

export interface ResolvedConfig {
  merchantId: string;
  merchantName: string;
  defaultLocale: LocaleCode;
  timezone: string;
  plugins: ResolvedPlugin[];
  theme: Record<string, string>;
  /** Origins besides the page's own that `?apiSrc=` or a stored domain may name; normalised. */
  serviceOrigins: string[];
  /** Origins besides the platform's own whose pages may frame the app (CSP frame-ancestors); normalised. */
  frameAncestors: string[];
}

export interface ConfigSource {
  /** The file name as the operator knows it, for messages. */
  file: string;
  /** The file's parsed JSON (the platform's config loader reads and parses it, with line and column on errors). */
  content: unknown;
}

/** What config needs to know of a plugin: its static manifest's id, option schema and extension ids. */
export interface ConfigurablePlugin {
  id: string;
  options: ZodMiniType;
  extensions: readonly { id: string }[];
}

const PLUGIN_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)+$/;
const EXTENSION_ID = /^[a-z][a-z0-9-]*$/;

/** The problems of a plugin's static manifest, each naming the plugin: its id, its option defaults, its extension ids. */
export function checkPluginManifest(manifest: ConfigurablePlugin): string[] {
  const problems: string[] = [];
  if (!PLUGIN_ID.test(manifest.id)) problems.push(`plugin id "${manifest.id}" must be kebab-case <kind>-<name>, e.g. "sport-football"`);
  const defaults = manifest.options.safeParse({});
  if (!defaults.success) {
    problems.push(`plugin "${manifest.id}": every option needs a default (${defaults.error.issues.map((i) => i.path.join('.')).join(', ')})`);
  }
  const seen = new Set<string>();
  for (const extension of manifest.extensions) {
    if (!EXTENSION_ID.test(extension.id) || seen.has(extension.id)) {
      problems.push(`plugin "${manifest.id}": extension id "${extension.id}" must be kebab-case and unique within the plugin`);
    }
    seen.add(extension.id);
  }
  return problems;
}

type Entry = { id: string; options?: Record<string, unknown> | undefined };

function validateIds(file: string, entries: readonly Entry[], registry: ReadonlyMap<string, ConfigurablePlugin>): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    const [pluginId, extensionId] = entry.id.split('/', 2) as [string, string | undefined];
    const plugin = registry.get(pluginId);
    if (!plugin) {
      issues.push({ file, path: `plugins[${index}].id`, expected: `a known plugin id (one of ${[...registry.keys()].join(', ')}), got "${entry.id}"` });
    } else if (extensionId !== undefined && !plugin.extensions.some((e) => e.id === extensionId)) {
      const known = plugin.extensions.map((e) => `${plugin.id}/${e.id}`).join(', ') || 'none';
      issues.push({ file, path: `plugins[${index}].id`, expected: `a known extension id (one of ${known}), got "${entry.id}"` });
    } else if (seen.has(entry.id)) {
      issues.push({ file, path: `plugins[${index}].id`, expected: `each plugin listed once, "${entry.id}" is listed again` });
    } else if (extensionId !== undefined && entry.options !== undefined) {
      issues.push({ file, path: `plugins[${index}].options`, expected: `options on the plugin's own entry ("${pluginId}"), not on an extension` });
    }
    seen.add(entry.id);
  });
  return issues;
}

const normaliseAll = (list: string[]) => [...new Set(list.map((o) => normaliseOrigin(o)!))];

/**
 * Validates the plugins' manifests, then app.json and the merchant override against the schema and the known
 * plugins, and merges them.
 * Every problem in both files is reported at once, each naming the file, the field and what was expected.
 */
export function resolveConfig(
  app: ConfigSource,
  merchant: (ConfigSource & { id: string }) | undefined,
  registry: ReadonlyMap<string, ConfigurablePlugin>,
): ResolvedConfig {
  // Issues worded by the shared describer ("expected a number, got \"fifty\""); installed here rather than on import,
  // so the app, which imports only this file's types, does not carry the describer in its initial bundle.
  installZodMessages();
  const broken = [...registry.values()].flatMap((manifest) => checkPluginManifest(manifest).map((expected) => ({ file: `plugins/${manifest.id}/manifest.ts`, path: '', expected })));
  if (broken.length) throw new ConfigError(broken);
  const issues: ConfigIssue[] = [];
  const appParsed = appConfigSchema.safeParse(app.content, REPORT_INPUT);
  if (!appParsed.success) throw new ConfigError(toConfigIssues(app.file, appParsed.error.issues));
  const appConfig = appParsed.data;
  issues.push(...validateIds(app.file, appConfig.plugins, registry));

  let merchantConfig: MerchantConfigFile | undefined;
  if (merchant) {
    const parsed = merchantConfigSchema.safeParse(merchant.content, REPORT_INPUT);
    if (!parsed.success) throw new ConfigError(toConfigIssues(merchant.file, parsed.error.issues));
    merchantConfig = parsed.data;
    issues.push(...validateIds(merchant.file, merchantConfig.plugins, registry));
  }
  if (issues.length) throw new ConfigError(issues);

  const plugins: ResolvedPlugin[] = [];
  const extensions: ResolvedPlugin[] = [];
  for (const manifest of registry.values()) {
    const appIndex = appConfig.plugins.findIndex((p) => p.id === manifest.id);
    const merchantIndex = merchantConfig?.plugins.findIndex((p) => p.id === manifest.id) ?? -1;
    const appEntry = appConfig.plugins[appIndex];
    const merchantEntry = merchantConfig?.plugins[merchantIndex];

    const appOptions = appEntry?.options ?? {};
    const appResult = manifest.options.safeParse(appOptions, REPORT_INPUT);
    if (!appResult.success) {
      issues.push(...toConfigIssues(app.file, appResult.error.issues, `plugins[${appIndex}].options`));
      continue;
    }
    const merged = { ...appOptions, ...(merchantEntry?.options ?? {}) };
    const mergedResult = manifest.options.safeParse(merged, REPORT_INPUT);
    if (!mergedResult.success && merchant) {
      issues.push(...toConfigIssues(merchant.file, mergedResult.error.issues, `plugins[${merchantIndex}].options`));
      continue;
    }
    plugins.push({
      id: manifest.id,
      enabled: merchantEntry?.enabled ?? appEntry?.enabled ?? false,
      options: (mergedResult.success ? mergedResult.data : appResult.data) as Record<string, unknown>,
    });
    for (const extension of manifest.extensions) {
      const id = `${manifest.id}/${extension.id}`;
      // An extension follows its plugin unless a file switches it by its own id; only those switched are listed.
      const enabled = merchantConfig?.plugins.find((p) => p.id === id)?.enabled ?? appConfig.plugins.find((p) => p.id === id)?.enabled;
      if (enabled !== undefined) extensions.push({ id, enabled, options: {} });
    }
  }
  if (issues.length) throw new ConfigError(issues);

  return {
    merchantId: merchant?.id ?? appConfig.defaultMerchant,
    merchantName: merchantConfig?.name ?? appConfig.defaultMerchant,
    defaultLocale: merchantConfig?.defaultLocale ?? appConfig.defaultLocale,
    timezone: merchantConfig?.timezone ?? appConfig.timezone,
    plugins: [...plugins, ...extensions],
    theme: { ...appConfig.theme, ...(merchantConfig?.theme ?? {}) },
    serviceOrigins: normaliseAll(merchantConfig?.serviceOrigins ?? appConfig.serviceOrigins),
    frameAncestors: normaliseAll(merchantConfig?.frameAncestors ?? appConfig.frameAncestors),
  };
}
