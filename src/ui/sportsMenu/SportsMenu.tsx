import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { sortSportIdsA, sportI18nKeyOf } from '../../domain/sports';
import { Slot, useKernel } from '../../kernel';
import { useStore } from '../storeContext';
import { SportMenuItemPlaceholder } from './SportMenuItem';
import styles from './SportsMenu.module.css';

/**
 * The sports the enabled sport plugins serve, in the spec's order. Each entry is the plugin's own MenuEntry,
 * so a sport switched off in config disappears with its code.
 */
export const SportsMenu = observer(function SportsMenu() {
  const { t } = useTranslation();
  const { plugins } = useKernel();
  const store = useStore();
  const { ui } = store;
  const nameOf = (sportId: number) => {
    const key = sportI18nKeyOf(sportId, 'A');
    return key ? t(key) : String(sportId);
  };
  const sportIds = sortSportIdsA(plugins.list('sport').flatMap((p) => [...p.manifest.match.sportIds]));

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
                point="sport"
                select={{ sportId }}
                fallback={<SportMenuItemPlaceholder />}
                render={(module) => (
                  <module.MenuEntry
                    sportId={sportId}
                    name={nameOf(sportId)}
                    active={ui.activeSportId === sportId}
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
