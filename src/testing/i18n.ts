import type { i18n as I18n } from 'i18next';
import { createI18n, type Locale } from '../services/i18n';

/** A real i18next instance for component tests, reading the locale files from disk (no network, no chunks). */
export function createTestI18n(lng: Locale = 'en'): Promise<I18n> {
  return createI18n(lng, async (language, ns) => {
    const { readFile } = await import('node:fs/promises');
    const path = await import('node:path');
    return JSON.parse(await readFile(path.join(__dirname, '../../locales', language, `${ns}.json`), 'utf8'));
  });
}
