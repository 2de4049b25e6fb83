import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ConfigError as AppConfigError, resolveConfig, type ResolvedConfig } from '../../../contract/appConfig';
import { configurablePlugins as registry } from './pluginManifests';
import { StartupError } from '../startupError';
import { readJsonFile } from './loadJsonConfig';

const MERCHANT_FILE = /^[a-z0-9-]+\.json$/;

export interface AppConfigs {
  readonly defaultMerchant: string;
  readonly merchantIds: readonly string[];
  /** The resolved config of a merchant; undefined for an unknown merchant. */
  get(merchantId?: string): ResolvedConfig | undefined;
}

/**
 * Reads config/app.json and every config/merchants/<id>.json, validates each against the schema and the app's
 * plugins' static manifests, and resolves one config per merchant. Any problem in any file stops start-up; the message
 * lists every problem found, each with its file, field and expectation.
 */
export function loadAppConfigs(configDir: string): AppConfigs {
  const app = readJsonFile(path.join(configDir, 'app.json'));
  const merchantsDir = path.join(configDir, 'merchants');
  let files: string[] = [];
  try {
    files = readdirSync(merchantsDir).filter((f) => f.endsWith('.json'));
  } catch {
    // No merchants folder: app.json alone serves every merchant as its default.
  }

  const problems: string[] = [];
  const resolved = new Map<string, ResolvedConfig>();
  const attempt = (run: () => void) => {
    try {
      run();
    } catch (error) {
      if (error instanceof AppConfigError || error instanceof StartupError) problems.push(error.message);
      else throw error;
    }
  };

  attempt(() => resolved.set('', resolveConfig({ file: app.name, content: app.data }, undefined, registry)));
  for (const file of files.sort()) {
    const name = path.join(merchantsDir, file);
    if (!MERCHANT_FILE.test(file)) {
      problems.push(`${path.relative(process.cwd(), name)}: (file name): expected a merchant id of lowercase letters, digits and dashes`);
      continue;
    }
    attempt(() => {
      const merchant = readJsonFile(name);
      const id = file.replace(/\.json$/, '');
      resolved.set(id, resolveConfig({ file: app.name, content: app.data }, { id, file: merchant.name, content: merchant.data }, registry));
    });
  }
  if (problems.length) throw new StartupError([...new Set(problems)].join('\n'));

  const base = resolved.get('')!;
  const defaultMerchant = base.merchantId;
  resolved.delete('');
  return {
    defaultMerchant,
    merchantIds: [...resolved.keys()],
    get: (merchantId) => (merchantId ? resolved.get(merchantId) : (resolved.get(defaultMerchant) ?? base)),
  };
}
