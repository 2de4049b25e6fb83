import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FAVOURITES_LIMIT } from './favourites';
import { favouritesViewOf } from './favouritesView';
import { EmptyState } from '../../core/ui/common/Panel';
import { LoadFailed, RowsSkeleton } from '../../core/ui/common/States';
import { GroupedMatches } from '../lists/GroupedMatches';
import { useStore } from '../../core/ui/storeContext';
import styles from '../../core/ui/common/Screen.module.css';

function StarIcon() {
  return (
    <svg viewBox="0 0 24 24" width="40" height="40" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round">
      <path d="M12 3.2l2.7 5.5 6.1.9-4.4 4.3 1 6.1-5.4-2.9-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />
    </svg>
  );
}

/** "My favourites": the starred matches, by sport, fetched fresh while the view shows. */
export const FavouritesView = observer(function FavouritesView() {
  const { t } = useTranslation();
  const store = useStore();
  const { favourites } = store;
  const view = favouritesViewOf(store);

  useEffect(() => {
    view.open();
    return () => view.close();
  }, [view]);

  let body;
  if (favourites.count === 0) body = <EmptyState icon={<StarIcon />}>{t('favourites.empty')}</EmptyState>;
  else if (view.status === 'idle' || view.status === 'loading') body = <RowsSkeleton rows={Math.min(favourites.count, 6)} />;
  else if (view.status === 'failed') body = <LoadFailed onRetry={() => void view.load()} />;
  else if (view.bySport.length === 0) body = <EmptyState icon={<StarIcon />}>{t('favourites.empty')}</EmptyState>;
  else body = <GroupedMatches groups={view.bySport} label={t('favourites.title')} />;

  return (
    <section className={styles.screen} aria-labelledby="sp-favourites-title">
      <header className={styles.head}>
        <h1 id="sp-favourites-title" className={styles.title}>
          {t('favourites.title')}
          <span className={styles.count}>{t('favourites.count', { n: favourites.count, limit: FAVOURITES_LIMIT })}</span>
        </h1>
      </header>
      <div className={styles.content}>{body}</div>
    </section>
  );
});
