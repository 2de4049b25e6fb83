import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { i18nRef, useService } from '../../src/sdk';
import en from './locales/en.json';
import th from './locales/th.json';
import vi from './locales/vi.json';
import zhCN from './locales/zh-CN.json';
import zhTW from './locales/zh-TW.json';

export const NS = 'gifts-lotteries';
/**
 * The plugin's strings come with its code instead of through a `locales` loader in its binding: the binding is in the
 * app's first download, and a loader there costs it about 75 B (docs/plugins.md "Strings"), as would a chunk of their
 * own (one more entry in the first download's chunk map). All five languages ride in the plugin's shared chunk (a few
 * KB gzip) and are added to the app's i18next once per instance.
 */
const STRINGS: Readonly<Record<string, object>> = { 'zh-CN': zhCN, 'zh-TW': zhTW, en, vi, th };
const added = new WeakSet<I18n>();

/** The plugin's `t`. */
export function useStrings() {
  const i18n = useService(i18nRef);
  if (!added.has(i18n)) {
    for (const [lng, strings] of Object.entries(STRINGS)) i18n.addResourceBundle(lng, NS, strings, true, true);
    added.add(i18n);
  }
  return useTranslation(NS);
}
