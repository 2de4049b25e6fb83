import { useTranslation } from 'react-i18next';

/** The plugin's strings, in its own namespace (plugins/experts/locales/). */
export const useExpertsTranslation = () => useTranslation('experts');

/** A time of the platform (epoch ms) in the interface language. */
export const formatTime = (epochMs: number, language: string) =>
  new Intl.DateTimeFormat(language, { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(epochMs);
