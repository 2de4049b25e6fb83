import { useTranslation } from 'react-i18next';

/** The data panels' strings: the `data` part of the match screen's namespace (the data tab is the match screen's). */
export const useDataTranslation = () => useTranslation('matchDetail', { keyPrefix: 'data' });
