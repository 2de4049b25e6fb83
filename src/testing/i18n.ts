import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { i18n as I18n } from 'i18next';
import { SPORT_NAME_STRINGS } from '../kernel/sports';
import type { Locale } from '../core/domain/locales';
import { createI18n, type NamespaceLoader } from '../services/i18n';

const root = path.join(__dirname, '../..');

/** Each plugin namespace and the folder of its strings (plugins/<id>/locales/), from the plugins' manifests. */
export function pluginLocaleDirs(): Map<string, string> {
  const dir = path.join(root, 'plugins');
  const dirs = new Map<string, string>();
  for (const name of readdirSync(dir)) {
    if (!existsSync(path.join(dir, name, 'manifest.ts'))) continue;
    const ns = (require(path.join(dir, name, 'manifest.ts')) as { default: { i18nNs?: string } }).default.i18nNs;
    if (ns) dirs.set(ns, path.join(dir, name, 'locales'));
  }
  return dirs;
}

/** Every plugin namespace with a loader reading plugins/<id>/locales/<lng>.json, as the app's plugin loaders do. */
function pluginNamespaces(): Map<string, NamespaceLoader> {
  return new Map(
    [...pluginLocaleDirs()].map(([ns, dir]) => [ns, async (lng: string) => JSON.parse(await readFile(path.join(dir, `${lng}.json`), 'utf8'))] as const),
  );
}

/**
 * A real i18next instance for component tests, reading the locale files from disk (no network, no chunks), with the
 * sports' names as the app adds them; `extra` loads other namespaces (a fixture plugin's).
 */
export function createTestI18n(lng: Locale = 'en', extra: ReadonlyMap<string, NamespaceLoader> = new Map()): Promise<I18n> {
  const read = async (language: string, ns: string) => JSON.parse(await readFile(path.join(root, 'locales', language, `${ns}.json`), 'utf8'));
  return createI18n(lng, read, new Map([...pluginNamespaces(), ...extra]), SPORT_NAME_STRINGS);
}
