import { useTranslation } from 'react-i18next';
import { formatInZone, sessionRef, useService } from '../../src/sdk';

/** The plugin's strings, in its own namespace (plugins/experts/locales/). */
export const useExpertsTranslation = () => useTranslation('experts');

/**
 * A time of the platform (epoch ms) as the rest of the app shows times: in the operator's time zone (config
 * `timezone`), never the browser's, so a program's kick-off reads the same here as in the match list; in the
 * interface language. UTC if the app gave no zone, never the browser's.
 */
export function useFormatTime(): (epochMs: number) => string {
  const { i18n } = useExpertsTranslation();
  const { timeZone = 'UTC' } = useService(sessionRef);
  return (epochMs) => formatInZone(epochMs, timeZone, i18n.language, 'dateTime');
}
