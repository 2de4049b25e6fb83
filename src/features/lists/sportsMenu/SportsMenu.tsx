import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { sortSportIdsA, sportI18nKeyOf } from '../../../kernel/sports';
import { Slot, useKernel } from '../../../kernel';
import { sportPoint } from '../points';
import { ListType } from '../../../../contract/enums';
import { useStore } from '../../../core/ui/storeContext';
import { MatchCount, SportMenuItemPlaceholder } from './SportMenuItem';
import itemStyles from './SportMenuItem.module.css';
import styles from './SportsMenu.module.css';

/**
 * The sports the enabled sport plugins serve, in the spec's order, with their match counts (statistics) for the list
 * type on screen: the list's own type, or today and in-play elsewhere. Each entry is the plugin's own MenuEntry,
 * so a sport switched off in config disappears with its code.
 */
export const SportsMenu = observer(function SportsMenu() {
  const { t } = useTranslation();
  const { plugins } = useKernel();
  const store = useStore();
  const { ui, statistics } = store;
  const countType = ui.view === 'list' ? store.matchList.type : ListType.TodayAndInPlay;
  const nameOf = (sportId: number) => {
    const key = sportI18nKeyOf(sportId, 'A');
    return key ? t(key) : String(sportId);
  };
  const sportIds = sortSportIdsA(plugins.list(sportPoint).flatMap((e) => [...e.match.sportIds]));

  return (
    <>
      <h2 className={styles.title}>{t('sportsMenu.title')}</h2>
      {sportIds.length === 0 ? (
        <p className={styles.empty}>{t('sportsMenu.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {sportIds.map((sportId) => (
            <li key={sportId}>
              <Slot
                point={sportPoint}
                select={{ sportId }}
                fallback={<SportMenuItemPlaceholder />}
                render={(module) => (
                  <module.MenuEntry
                    sportId={sportId}
                    name={nameOf(sportId)}
                    count={statistics.countOf(countType, sportId)}
                    active={(ui.view === 'home' || ui.view === 'list') && ui.activeSportId === sportId}
                    onSelect={(id) => void store.openList({ sportId: id })}
                  />
                )}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
});

/** Hot matches (matches of the hot leagues) with the statistics' hot count; opens the hot view. */
export const HotMenuEntry = observer(function HotMenuEntry() {
  const { t } = useTranslation();
  const store = useStore();
  const { ui, statistics } = store;
  const countId = useId();
  return (
    <button
      type="button"
      className={`${itemStyles.item} ${styles.hot}`}
      aria-current={ui.view === 'hot' ? 'page' : undefined}
      aria-describedby={statistics.loaded ? countId : undefined}
      onClick={() => store.showScreen('hot')}
    >
      <span className={`${itemStyles.icon} ${styles.hotIcon}`} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor">
          <path d="M12.5 2.5c.6 3.1-.9 4.9-2.4 6.6C8.6 10.8 7 12.6 7 15.4A5 5 0 0017 15.7c0-2.4-1.1-4.1-2.2-5.4.1 1.6-.5 2.8-1.6 3.4.6-3.6-.1-8-.7-11.2z" />
        </svg>
      </span>
      <span className={itemStyles.name}>{t('sportsMenu.hot')}</span>
      {statistics.loaded && <MatchCount id={countId} count={statistics.hotCount} />}
    </button>
  );
});
