import i18next, { type i18n as I18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';

/** Interface languages: i18next codes (folders under locales/) and the spec's language codes used on the wire. */
export const LOCALES = [
  { lng: 'zh-CN', api: 'CMN', label: '简体中文' },
  { lng: 'zh-TW', api: 'zh-TW', label: '繁體中文' },
  { lng: 'en', api: 'ENG', label: 'English' },
  { lng: 'vi', api: 'VIE', label: 'Tiếng Việt' },
  { lng: 'th', api: 'THA', label: 'ไทย' },
] as const;

export type Locale = (typeof LOCALES)[number]['lng'];
export type ApiLanguage = (typeof LOCALES)[number]['api'];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

export function isLocale(value: unknown): value is Locale {
  return LOCALES.some((l) => l.lng === value);
}

/** Accepts either form (host props carry the spec's codes: CMN, ENG, VIE, THA). */
export function toLocale(value: string | undefined | null): Locale | undefined {
  return LOCALES.find((l) => l.lng === value || l.api === value)?.lng;
}

export function apiLanguageOf(lng: string): ApiLanguage {
  return LOCALES.find((l) => l.lng === lng)?.api ?? 'CMN';
}

/** Loads a namespace's strings in one language (rejects when the language has no file). */
export type NamespaceLoader = (lng: string) => Promise<unknown>;

/**
 * One i18next instance per mount (a remount must not reuse a disposed one). Namespaces load lazily: each
 * locales/<lng>/<ns>.json is its own chunk, fetched when a screen or plugin first needs it. A namespace in `own` (a
 * plugin's, from plugins/<id>/locales/) loads through its own loader. A file that fails to load fails soft: i18next
 * warns and shows the fallback language's strings (zh-CN) or the keys.
 */
export async function createI18n(
  lng: Locale,
  load: (lng: string, ns: string) => Promise<unknown> = loadLocaleFile,
  own: ReadonlyMap<string, NamespaceLoader> = new Map(),
): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance
    .use(initReactI18next)
    .use(resourcesToBackend((language: string, ns: string) => own.get(ns)?.(language) ?? load(language, ns)))
    .init({
      lng,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: LOCALES.map((l) => l.lng),
      ns: ['common'],
      defaultNS: 'common',
      // React escapes text itself; i18next escaping would double-escape user-visible strings.
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  return instance;
}

function loadLocaleFile(lng: string, ns: string): Promise<unknown> {
  return import(/* webpackChunkName: "locale-[request]" */ `../../locales/${lng}/${ns}.json`);
}
