import { observer } from 'mobx-react-lite';
import { useEffect, type ReactNode } from 'react';
import { Button } from '../../src/sdk';
import { useExpertsTranslation } from './i18n';
import type { Paged as PagedList } from './store';
import styles from './Experts.module.css';

/** Placeholder rows while a list or a detail loads, announced as loading. */
export function Skeleton({ rows = 4 }: { rows?: number }) {
  const { t } = useExpertsTranslation();
  return (
    <div className={styles.skeleton} role="status" aria-label={t('loading')}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={styles.bone} />
      ))}
    </div>
  );
}

export function Failed({ onRetry, text }: { onRetry(): void; text?: string }) {
  const { t } = useExpertsTranslation();
  return (
    <div className={styles.failed} role="alert">
      <p>{text ?? t('failed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

interface PagedProps<T> {
  list: PagedList<T>;
  /** The list's accessible name. */
  label: string;
  empty: string;
  /** The rows of the pages loaded (the person list draws them in groups). */
  children(rows: T[]): ReactNode;
}

/**
 * Loading, failed, empty or the rows of a paged list, with "More" for the next page (spec 001 section 4: page 1
 * replaces, later pages append). It loads page 1 when first shown.
 */
function PagedViewInner<T>({ list, label, empty, children }: PagedProps<T>) {
  const { t } = useExpertsTranslation();
  useEffect(() => {
    if (list.status === 'idle') void list.loadFirst();
  }, [list]);
  if (list.status === 'idle' || list.status === 'loading') return <Skeleton />;
  if (list.status === 'failed') return <Failed onRetry={() => void list.loadFirst()} />;
  if (list.empty) return <p className={styles.empty}>{empty}</p>;
  return (
    <section className={styles.paged} aria-label={label}>
      {children(list.list)}
      <div className={styles.pager}>
        <span className={styles.muted} aria-live="polite">
          {t('shown', { shown: list.list.length, total: list.total })}
        </span>
        {list.more === 'failed' && (
          <span role="alert" className={styles.error}>
            {t('moreFailed')}
          </span>
        )}
        {!list.isLastPage && (
          <Button variant="secondary" disabled={list.more === 'loading'} aria-busy={list.more === 'loading'} onClick={() => void list.loadMore()}>
            {list.more === 'failed' ? t('retry') : t('more')}
          </Button>
        )}
      </div>
    </section>
  );
}

export const PagedView = observer(PagedViewInner) as <T>(props: PagedProps<T>) => ReactNode;
