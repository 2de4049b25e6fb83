import i18next, { type i18n as I18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../core/domain/locales';

/** Loads a namespace's strings in one language (rejects when the language has no file). */
export type NamespaceLoader = (lng: string) => Promise<unknown>;

/** Strings of one language that come from elsewhere than a namespace's file (the sports' names, from their plugins). */
export type AddedStrings = (lng: Locale) => Record<string, Record<string, string>>;

/**
 * One i18next instance per mount (a remount must not reuse a disposed one). Namespaces load lazily: each
 * locales/<lng>/<ns>.json is its own chunk, fetched when a screen or plugin first needs it. A namespace in `own` (a
 * plugin's, from plugins/<id>/locales/) loads through its own loader. A file that fails to load fails soft: i18next
 * warns and shows the fallback language's strings (zh-CN) or the keys.
 *
 * A namespace in `added` gets those strings merged into each language's file as it loads: adding them to i18next
 * beforehand (addResourceBundle) would make it take the namespace as loaded and never fetch that language's file,
 * and a file loaded afterwards replaces a section it also has instead of merging it.
 */
export async function createI18n(
  lng: Locale,
  load: (lng: string, ns: string) => Promise<unknown> = loadLocaleFile,
  own: ReadonlyMap<string, NamespaceLoader> = new Map(),
  added: ReadonlyMap<string, AddedStrings> = new Map(),
): Promise<I18n> {
  const read = async (language: string, ns: string) => {
    const file = await (own.get(ns)?.(language) ?? load(language, ns));
    const extra = isLocale(language) ? added.get(ns)?.(language) : undefined;
    return extra ? withSections(stringsOf(file), extra) : file;
  };
  const instance = i18next.createInstance();
  await instance
    .use(initReactI18next)
    .use(resourcesToBackend(read))
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

/** A JSON module's strings (a chunk's `default`), or the strings themselves. */
const stringsOf = (file: unknown) => ((file as { default?: unknown } | null)?.default ?? file) as Record<string, unknown>;

/** `file` with each of `sections` merged into its section of the same name. */
function withSections(file: Record<string, unknown>, sections: Record<string, Record<string, string>>): Record<string, unknown> {
  const merged = { ...file };
  for (const [name, strings] of Object.entries(sections)) merged[name] = { ...(file[name] as object | undefined), ...strings };
  return merged;
}

function loadLocaleFile(lng: string, ns: string): Promise<unknown> {
  return import(/* webpackChunkName: "locale-[request]" */ `../../locales/${lng}/${ns}.json`);
}
