import { useTranslation } from 'react-i18next';
import styles from './MaintenanceNotice.module.css';

/** Shown instead of the sportsbook while the host (AllInMaintain) or the platform says it is under maintenance. */
export function MaintenanceNotice() {
  const { t } = useTranslation();
  return (
    <section className={styles.notice} role="status" aria-labelledby="sp-maintenance-title">
      <svg className={styles.icon} viewBox="0 0 48 48" width="56" height="56" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
        <path d="M30 8a10 10 0 00-9.5 13.1L8 33.6a3.4 3.4 0 004.8 4.8l12.5-12.5A10 10 0 0038.8 14l-6 6-5.6-1.2L26 13.2l6-6A10 10 0 0030 8z" />
      </svg>
      <h1 id="sp-maintenance-title" className={styles.title}>
        {t('maintenance.title')}
      </h1>
      <p className={styles.body}>{t('maintenance.body')}</p>
    </section>
  );
}
