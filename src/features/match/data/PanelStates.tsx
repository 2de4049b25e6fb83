import { observer } from 'mobx-react-lite';
import { useEffect, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Remote } from '../../../sdk/matchData';
import { Button } from '../../../core/ui/common/Button';
import { useDataTranslation } from './i18n';
import styles from './PanelStates.module.css';

/** Placeholder blocks while an answer loads, announced as loading. */
export function PanelSkeleton({ rows = 4 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div className={styles.skeleton} role="status" aria-label={t('app.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={styles.bone} />
      ))}
    </div>
  );
}

export function PanelEmpty({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}

export function PanelFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useDataTranslation();
  return (
    <div className={styles.failed} role="alert">
      <p className={styles.failedText}>{t('failed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

interface RemoteViewProps<T> {
  remote: Remote<T>;
  /** What counts as "nothing to show" in this answer. */
  isEmpty(data: T): boolean;
  empty: ReactNode;
  rows?: number;
  children(data: T): ReactNode;
}

function RemoteViewInner<T>({ remote, isEmpty, empty, rows, children }: RemoteViewProps<T>) {
  useEffect(() => remote.ensure(), [remote]);
  const { status, data } = remote;
  if (data !== undefined) return <>{isEmpty(data) ? <PanelEmpty>{empty}</PanelEmpty> : children(data)}</>;
  if (status === 'failed') return <PanelFailed onRetry={() => void remote.load()} />;
  return <PanelSkeleton {...(rows === undefined ? {} : { rows })} />;
}

/** Skeleton, failure with Retry, empty state or the answer, for one match-data GET. */
export const RemoteView = observer(RemoteViewInner) as <T>(props: RemoteViewProps<T>) => ReactElement | null;
