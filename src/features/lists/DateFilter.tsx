import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { weekdayKeyOfDay } from '../../../domain/weekdays';
import { useStore } from '../../core/ui/storeContext';
import styles from './DateFilter.module.css';

/** Noon UTC of a calendar day: formatting it in any zone within ±11 h gives back the same day. */
const noonOf = (day: string) => Date.parse(`${day}T12:00:00Z`);

/** The early list's date filter: every day with matches, plus all of them. */
export const DateFilter = observer(function DateFilter() {
  const { t, i18n } = useTranslation();
  const list = useStore().matchList;
  if (list.days.length < 2) return null;
  const date = new Intl.DateTimeFormat(i18n.language, { month: 'numeric', day: 'numeric', timeZone: 'UTC' });
  // The week day by the spec's names (Sunday to Saturday, common weekday.*), not the browser's abbreviations.
  const label = (day: string) => `${t(weekdayKeyOfDay(day))} ${date.format(noonOf(day))}`;
  const chip = (day: string | undefined, text: string) => (
    <button key={day ?? 'all'} type="button" className={styles.day} aria-pressed={list.date === day} onClick={() => list.setDate(day)}>
      {text}
    </button>
  );
  return (
    <div className={styles.days} role="group" aria-label={t('list.dates')}>
      {chip(undefined, t('list.allDates'))}
      {list.days.map((day) => chip(day, label(day)))}
    </div>
  );
});
