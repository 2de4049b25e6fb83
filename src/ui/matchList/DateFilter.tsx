import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStore } from '../storeContext';
import styles from './DateFilter.module.css';

/** Noon UTC of a calendar day: formatting it in any zone within ±11 h gives back the same day. */
const noonOf = (day: string) => Date.parse(`${day}T12:00:00Z`);

/** The early list's date filter: every day with matches, plus all of them. */
export const DateFilter = observer(function DateFilter() {
  const { t, i18n } = useTranslation();
  const list = useStore().matchList;
  if (list.days.length < 2) return null;
  const label = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', month: 'numeric', day: 'numeric', timeZone: 'UTC' });
  const chip = (day: string | undefined, text: string) => (
    <button key={day ?? 'all'} type="button" className={styles.day} aria-pressed={list.date === day} onClick={() => list.setDate(day)}>
      {text}
    </button>
  );
  return (
    <div className={styles.days} role="group" aria-label={t('list.dates')}>
      {chip(undefined, t('list.allDates'))}
      {list.days.map((day) => chip(day, label.format(noonOf(day))))}
    </div>
  );
});
