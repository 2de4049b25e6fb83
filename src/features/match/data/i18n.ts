import { useTranslation } from 'react-i18next';

/**
 * The data panels' strings: the `data` part of the match screen's namespace, which the screen has loaded already. A
 * namespace of their own cost a lazy chunk per language, and every lazy chunk an entry in the initial bundle's map.
 */
export const useDataTranslation = () => useTranslation('matchDetail', { keyPrefix: 'data' });
