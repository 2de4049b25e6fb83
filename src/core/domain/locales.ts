/*
 * The interface languages and their wire codes: pure values, so the i18n service, the stores and the plugins (through
 * the SDK's apiLanguageOf) read one table.
 */

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

/** The spec's language code calls go out in (CMN, ENG, ...) for an interface language (an i18next code); CMN for one it does not know. */
export function apiLanguageOf(lng: string): ApiLanguage {
  return LOCALES.find((l) => l.lng === lng)?.api ?? 'CMN';
}
