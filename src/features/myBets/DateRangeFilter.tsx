import { observer } from 'mobx-react-lite';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { myBetsOf, HISTORY_DAYS } from './myBets';
import { Button } from '../../core/ui/common/Button';
import { useStore } from '../../core/ui/storeContext';
import styles from './DateRangeFilter.module.css';

const PRESETS = ['today', 'yesterday', 'thisWeek'] as const;

/** The settled view's period: today, yesterday, this week (the last 6 days through today) or two chosen days. */
export const DateRangeFilter = observer(function DateRangeFilter() {
  const { t } = useTranslation('myBets');
  const myBets = myBetsOf(useStore());
  const bounds = myBets.historyDays();
  const [customOpen, setCustomOpen] = useState(myBets.dateRangeType === 'custom');
  const [start, setStart] = useState(myBets.customStart ?? bounds.today);
  const [end, setEnd] = useState(myBets.customEnd ?? bounds.today);
  const id = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    myBets.setCustomRange(start, end);
  };

  return (
    <div className={styles.filter}>
      <div className={styles.chips} role="group" aria-label={t('range.label')}>
        {PRESETS.map((type) => (
          <button
            key={type}
            type="button"
            className={styles.chip}
            aria-pressed={myBets.dateRangeType === type}
            onClick={() => {
              setCustomOpen(false);
              void myBets.setDateRangeType(type);
            }}
          >
            {t(`range.${type}`)}
          </button>
        ))}
        <button
          type="button"
          className={styles.chip}
          aria-pressed={myBets.dateRangeType === 'custom'}
          aria-expanded={customOpen}
          aria-controls={`${id}-custom`}
          onClick={() => setCustomOpen((open) => !open)}
        >
          {t('range.custom')}
        </button>
      </div>
      {customOpen && (
        <form id={`${id}-custom`} className={styles.custom} onSubmit={onSubmit} noValidate>
          <label className={styles.field}>
            <span>{t('range.start')}</span>
            <input className={styles.date} type="date" name="start" min={bounds.earliest} max={bounds.today} value={start} onChange={(e) => setStart(e.target.value)} aria-describedby={`${id}-hint`} />
          </label>
          <label className={styles.field}>
            <span>{t('range.end')}</span>
            <input className={styles.date} type="date" name="end" min={bounds.earliest} max={bounds.today} value={end} onChange={(e) => setEnd(e.target.value)} aria-describedby={`${id}-hint`} />
          </label>
          <Button type="submit" variant="secondary">
            {t('range.apply')}
          </Button>
          <span id={`${id}-hint`} className={styles.hint}>
            {t('range.hint', { days: HISTORY_DAYS })}
          </span>
        </form>
      )}
      {myBets.rangeError && (
        <p className={styles.error} role="alert">
          {t(`range.error.${myBets.rangeError}`, { days: HISTORY_DAYS })}
        </p>
      )}
    </div>
  );
});
