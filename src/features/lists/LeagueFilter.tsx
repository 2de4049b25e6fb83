import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../core/ui/common/Button';
import { useModalDialog } from '../../core/ui/common/Dialog';
import { EmptyState } from '../../core/ui/common/Panel';
import { LoadFailed } from '../../core/ui/common/States';
import { leagueFilterOf } from './leagueFilter';
import { useStore } from '../../core/ui/storeContext';
import styles from './LeagueFilter.module.css';
import { Crest } from '../../core/ui/common/Crest';

/**
 * The match list's league filter: a button showing how many leagues are chosen, and the dialog that chooses them
 * (a native modal <dialog>: the browser traps focus and closes it on Escape; focus goes back to the button).
 * Nothing changes the list until Apply.
 */
export const LeagueFilter = observer(function LeagueFilter() {
  const { t } = useTranslation();
  const store = useStore();
  const { matchList } = store;
  const filter = leagueFilterOf(store);
  const modal = useModalDialog(filter.isOpen, () => filter.close());
  const dialog = modal.ref;
  const id = useId();

  const chosen = matchList.leagueIds.length;
  const apply = () => {
    void matchList.open({ leagueIds: filter.leagueIds });
    dialog.current?.close();
  };

  return (
    <>
      <Button
        variant="secondary"
        className={styles.trigger}
        aria-haspopup="dialog"
        onClick={() => void filter.open({ sportId: matchList.sportId, type: matchList.type, leagueIds: [...matchList.leagueIds] })}
      >
        {t('leagues.button')}
        <span className={styles.badge} data-filtered={chosen > 0}>
          {chosen > 0 ? t('leagues.selected', { count: chosen }) : t('leagues.all')}
        </span>
      </Button>
      <dialog {...modal} className={styles.dialog} aria-labelledby={`${id}-title`}>
        <div className={styles.frame}>
          <header className={styles.head}>
            <h2 id={`${id}-title`} className={styles.title}>
              {t('leagues.title')}
            </h2>
            {filter.status === 'ready' && (
              <span className={styles.tally}>{t('leagues.tally', { n: filter.selected.length, total: filter.leagues.length })}</span>
            )}
          </header>
          <div className={styles.tools}>
            <input
              className={styles.searchInput}
              type="search"
              aria-label={t('leagues.search')}
              placeholder={t('leagues.search')}
              value={filter.query}
              onChange={(event) => filter.setQuery(event.target.value)}
            />
            <Button variant="secondary" onClick={() => filter.selectAll()} disabled={filter.status !== 'ready'}>
              {t('leagues.selectAll')}
            </Button>
            <Button variant="secondary" onClick={() => filter.clear()} disabled={filter.status !== 'ready'}>
              {t('leagues.clear')}
            </Button>
          </div>
          <div className={styles.body}>
            {filter.status === 'loading' || filter.status === 'idle' ? (
              <p className={styles.note} role="status">
                {t('app.loading')}
              </p>
            ) : filter.status === 'failed' ? (
              <LoadFailed onRetry={() => void filter.load()} />
            ) : filter.visible.length === 0 ? (
              <EmptyState>{filter.leagues.length === 0 ? t('leagues.empty') : t('leagues.noMatch')}</EmptyState>
            ) : (
              <ul className={styles.list} aria-label={t('leagues.title')}>
                {filter.visible.map((league) => (
                  <li key={league.id}>
                    <label className={styles.league}>
                      <input type="checkbox" checked={filter.isSelected(league.id)} onChange={() => filter.toggle(league.id)} />
                      <Crest className={league.logoUrl ? undefined : styles.noLogo} src={league.logoUrl} size={20} />
                      <span className={styles.name}>{league.name}</span>
                      <span className={styles.count}>{t('list.total', { count: league.matchCount })}</span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <footer className={styles.foot}>
            {filter.status === 'ready' && filter.selected.length === 0 && <p className={styles.hint}>{t('leagues.pickOne')}</p>}
            <Button variant="secondary" onClick={() => dialog.current?.close()}>
              {t('action.cancel')}
            </Button>
            <Button onClick={apply} disabled={!filter.canApply}>
              {t('leagues.apply')}
            </Button>
          </footer>
        </div>
      </dialog>
    </>
  );
});
