import { observer } from 'mobx-react-lite';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../core/ui/common/Panel';
import { LoadFailed, RowsSkeleton } from '../../../core/ui/common/States';
import { GroupedMatches, groupBySport } from '../GroupedMatches';
import { hotOf } from './hot';
import { useStore } from '../../../core/ui/storeContext';
import styles from '../../../core/ui/common/Screen.module.css';

/** Hot matches: every match of the hot leagues (in play and today first, then early), by sport and league. */
export const HotView = observer(function HotView() {
  const { t } = useTranslation();
  const store = useStore();
  const { statistics } = store;
  const hot = hotOf(store);
  const { section } = hot;

  // The hot leagues come with the statistics: (re)open once they are known and whenever they change.
  const hotKey = statistics.hotLeagueIds.join(',');
  useEffect(() => {
    if (!statistics.loaded) return undefined;
    hot.open(statistics.hotLeagueIds);
    return () => hot.close();
  }, [hot, statistics, statistics.loaded, hotKey]);

  const groups = useMemo(() => groupBySport(section.records), [section.records]);

  let body;
  if (!statistics.loaded && statistics.status === 'failed') body = <LoadFailed onRetry={() => void statistics.load()} />;
  else if (!statistics.loaded || section.status === 'idle' || section.status === 'loading') body = <RowsSkeleton />;
  else if (section.status === 'failed') body = <LoadFailed onRetry={() => void hot.load(statistics.hotLeagueIds)} />;
  else if (section.records.length === 0) body = <EmptyState>{t('home.hotEmpty')}</EmptyState>;
  else body = <GroupedMatches groups={groups} label={t('home.hot')} virtual />;

  return (
    <section className={styles.screen} aria-labelledby="sp-hot-title">
      <header className={styles.head}>
        <h1 id="sp-hot-title" className={styles.title}>
          {t('home.hot')}
          <span className={styles.count}>{section.status === 'ready' ? t('list.total', { count: section.records.length }) : ''}</span>
        </h1>
      </header>
      <div className={styles.content}>{body}</div>
    </section>
  );
});
