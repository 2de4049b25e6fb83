import { useTranslation } from 'react-i18next';

/** The plugin's namespace (its manifest's i18nNs: plugins/gifts-lotteries/locales/<language>.json). */
export const NS = 'gifts-lotteries';

/** The plugin's `t`. */
export const useStrings = () => useTranslation(NS);
