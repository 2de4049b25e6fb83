import type { i18n as I18n } from 'i18next';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { i18nRef, useService } from '../../src/sdk';

export const NS = 'gifts-lotteries';
const LANGUAGES = ['zh-CN', 'zh-TW', 'en', 'vi', 'th'] as const;

/**
 * The plugin's strings come with its code instead of through a `locales` loader in its binding: the binding is in the
 * app's first download, and a loader there costs it about 75 B (docs/plugins.md "Strings"). All five languages are
 * one lazy chunk, added to the app's i18next once per instance.
 */
const loaded = new WeakMap<I18n, Promise<void>>();

export function loadStrings(i18n: I18n): Promise<void> {
  let done = loaded.get(i18n);
  if (!done) {
    done = Promise.all(
      LANGUAGES.map((lng) =>
        import(/* webpackChunkName: "locales-gifts-lotteries", webpackMode: "lazy-once" */ `./locales/${lng}.json`).then((file: { default: object }) => {
          i18n.addResourceBundle(lng, NS, file.default, true, true);
        }),
      ),
    ).then(() => undefined);
    loaded.set(i18n, done);
  }
  return done;
}

/** The plugin's `t`; suspends (the slot's fallback shows) until its strings are in. */
export function useStrings() {
  const i18n = useService(i18nRef);
  use(loadStrings(i18n));
  return useTranslation(NS);
}
