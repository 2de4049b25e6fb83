import { z } from 'zod';
import { ConfigError, REPORT_INPUT, toConfigIssues, type ConfigIssue } from './configError';
import type { AnyPluginManifest } from './definePlugin';
import { isOrigin, normaliseOrigin } from '../domain/origins';

/**
 * The app's plugin configuration: config/app.json plus an optional config/merchants/<id>.json override.
 * JSON switches plugins on or off and passes options; it never names module paths (those are static in the registry).
 * The platform runs this at start-up (a bad file stops it) and serves the resolved result to the app, which
 * re-checks it against its own registry in loadPlugins. Full zod is fine here: this module is not in the browser bundle.
 */

/** CSS custom properties an operator may brand; values may not break out of a declaration. */
const themeTokens = z.record(
  z.string().regex(/^--sp-[a-z0-9-]+$/, 'a theme token name like "--sp-color-brand"'),
  z.string().max(200).regex(/^[^;{}<>]*$/, 'a CSS value without ; { } < >'),
);

const pluginEntry = z.strictObject({
  id: z.string().min(1),
  enabled: z.boolean(),
  options: z.record(z.string(), z.unknown()).optional(),
});

const localeCode = z.enum(['zh-CN', 'zh-TW', 'en', 'vi', 'th']);

const origins = z.array(z.string().refine(isOrigin, 'an origin like "https://api.example" (scheme, host and port only)')).max(100);

/**
 * Where the app may send the member's token (docs/operations.md "Allowed origins"): the services a `?apiSrc=`
 * link or a stored domain may name besides the page's own origin, and the sites that may frame the app.
 */
const originFields = {
  serviceOrigins: origins,
  frameAncestors: origins,
};

export const appConfigSchema = z.strictObject({
  $schema: z.string().optional(),
  defaultMerchant: z.string().regex(/^[a-z0-9-]+$/, 'a merchant id of lowercase letters, digits and dashes'),
  defaultLocale: localeCode,
  timezone: z.string().min(1),
  plugins: z.array(pluginEntry),
  theme: themeTokens.default({}),
  serviceOrigins: originFields.serviceOrigins.default([]),
  frameAncestors: originFields.frameAncestors.default([]),
});

export const merchantConfigSchema = z.strictObject({
  $schema: z.string().optional(),
  name: z.string().min(1).max(80),
  defaultLocale: localeCode.optional(),
  timezone: z.string().min(1).optional(),
  plugins: z.array(pluginEntry.extend({ enabled: z.boolean().optional() })).default([]),
  theme: themeTokens.default({}),
  /** Replace app.json's lists for this merchant when given. */
  serviceOrigins: originFields.serviceOrigins.optional(),
  frameAncestors: originFields.frameAncestors.optional(),
});

export type AppConfigFile = z.infer<typeof appConfigSchema>;
export type MerchantConfigFile = z.infer<typeof merchantConfigSchema>;

export interface ResolvedPlugin {
  id: string;
  enabled: boolean;
  options: Record<string, unknown>;
}

export interface ResolvedConfig {
  merchantId: string;
  merchantName: string;
  defaultLocale: z.infer<typeof localeCode>;
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

function validateIds(file: string, entries: { id: string }[], registry: ReadonlyMap<string, AnyPluginManifest>): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    if (!registry.has(entry.id)) {
      issues.push({ file, path: `plugins[${index}].id`, expected: `a known plugin id (one of ${[...registry.keys()].join(', ')}), got "${entry.id}"` });
    } else if (seen.has(entry.id)) {
      issues.push({ file, path: `plugins[${index}].id`, expected: `each plugin listed once, "${entry.id}" is listed again` });
    }
    seen.add(entry.id);
  });
  return issues;
}

const normaliseAll = (list: string[]) => [...new Set(list.map((o) => normaliseOrigin(o)!))];

/**
 * Validates app.json and the merchant override against the schema and the registry, and merges them.
 * Every problem in both files is reported at once, each naming the file, the field and what was expected.
 */
export function resolveConfig(
  app: ConfigSource,
  merchant: (ConfigSource & { id: string }) | undefined,
  registry: ReadonlyMap<string, AnyPluginManifest>,
): ResolvedConfig {
  const issues: ConfigIssue[] = [];
  const appParsed = appConfigSchema.safeParse(app.content, REPORT_INPUT);
  if (!appParsed.success) throw new ConfigError(toConfigIssues(app.file, appParsed.error.issues));
  const appConfig = appParsed.data;
  issues.push(...validateIds(app.file, appConfig.plugins, registry));

  let merchantConfig: MerchantConfigFile | undefined;
  if (merchant) {
    const parsed = merchantConfigSchema.safeParse(
merchant.content, REPORT_INPUT);
    if (!parsed.success) throw new ConfigError(toConfigIssues(merchant.file, parsed.error.issues));
    merchantConfig = parsed.data;
    issues.push(...validateIds(merchant.file, merchantConfig.plugins, registry));
  }
  if (issues.length) throw new ConfigError(issues);

  const plugins: ResolvedPlugin[] = [];
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
  }
  if (issues.length) throw new ConfigError(issues);

  return {
    merchantId: merchant?.id ?? appConfig.defaultMerchant,
    merchantName: merchantConfig?.name ?? appConfig.defaultMerchant,
    defaultLocale: merchantConfig?.defaultLocale ?? appConfig.defaultLocale,
    timezone: merchantConfig?.timezone ?? appConfig.timezone,
    plugins,
    theme: { ...appConfig.theme, ...(merchantConfig?.theme ?? {}) },
    serviceOrigins: normaliseAll(merchantConfig?.serviceOrigins ?? appConfig.serviceOrigins),
    frameAncestors: normaliseAll(merchantConfig?.frameAncestors ?? appConfig.frameAncestors),
  };
}
