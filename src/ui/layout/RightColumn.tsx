import { useTranslation } from 'react-i18next';
import { EmptyState, Panel } from '../common/Panel';
import styles from './RightColumn.module.css';

/** The right column: the bet slip on top, the live video below (both fill in with their issues). */
export function RightColumn() {
  const { t } = useTranslation();
  return (
    <aside className={styles.column}>
      <Panel title={t('betSlip.title')} labelledBy="sp-betslip-title">
        <EmptyState icon={<SlipIcon />}>{t('betSlip.empty')}</EmptyState>
      </Panel>
      <Panel title={t('live.title')} labelledBy="sp-live-title">
        <div className={styles.video}>
          <EmptyState icon={<PlayIcon />}>{t('live.empty')}</EmptyState>
        </div>
      </Panel>
    </aside>
  );
}

function SlipIcon() {
  return (
    <svg viewBox="0 0 40 40" width="40" height="40" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="8" y="5" width="24" height="30" rx="3" />
      <path d="M13 13h14M13 19h14M13 25h8" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 40 40" width="40" height="40" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="4" y="8" width="32" height="24" rx="3" />
      <path d="M17 15l8 5-8 5z" fill="currentColor" />
    </svg>
  );
}
