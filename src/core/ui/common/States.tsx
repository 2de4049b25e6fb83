import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { EmptyState } from './Panel';
import styles from './States.module.css';

/** The spec's "Loading is failed", with a retry. */
export function LoadFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <EmptyState>
      {t('app.loadFailed')}{' '}
      <Button variant="secondary" onClick={onRetry}>
        {t('action.retry')}
      </Button>
    </EmptyState>
  );
}

/** Placeholder rows the height of match rows, announced as loading. */
export function RowsSkeleton({ rows = 6 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div className={styles.rows} role="status" aria-label={t('app.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={styles.row} />
      ))}
    </div>
  );
}
