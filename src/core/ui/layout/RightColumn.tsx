import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Panel } from '../common/Panel';
import { RowsSkeleton } from '../common/States';
import styles from './RightColumn.module.css';

// The slip's screens load after the first paint: its stores are in the initial bundle, its UI is not.
// The live video panel too: it brings the media stage, which the match screen shares.
const LiveVideoPanel = lazy(() => import(/* webpackChunkName: "live-video" */ './LiveVideoPanel').then((m) => ({ default: m.LiveVideoPanel })));
const BetSlipPanel = lazy(() => import(/* webpackChunkName: "bet-slip" */ '../../../features/slip/BetSlipPanel').then((m) => ({ default: m.BetSlipPanel })));

/** The right column: the bet slip on top, the live video below. */
export function RightColumn() {
  const { t } = useTranslation();
  return (
    <aside className={styles.column}>
      <Suspense
        fallback={
          <Panel title={t('betSlip.title')} labelledBy="sp-betslip-title">
            <RowsSkeleton rows={2} />
          </Panel>
        }
      >
        <BetSlipPanel />
      </Suspense>
      <Panel title={t('live.title')} labelledBy="sp-live-title">
        <div className={styles.video}>
          <Suspense fallback={<EmptyState icon={<PlayIcon />}>{t('app.loading')}</EmptyState>}>
            <LiveVideoPanel />
          </Suspense>
        </div>
      </Panel>
    </aside>
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
