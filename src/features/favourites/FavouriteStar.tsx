import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { WireMatch } from '../../../contract';
import { useStore } from '../../core/ui/storeContext';
import styles from './FavouriteStar.module.css';

/**
 * The favourite toggle of a match (spec: match card "favourite toggle"). Its name stays the same and aria-pressed
 * says whether the match is starred, so a screen reader announces the state change rather than a new button. Match
 * rows and outright rows both use it.
 */
export const FavouriteStar = observer(function FavouriteStar({ match }: { match: Pick<WireMatch, 'matchId' | 'sportId' | 'matchInfo'> }) {
  const { t } = useTranslation();
  const { favourites } = useStore();
  const starred = favourites.isCollected(match.matchId);
  // An outright has no away side: its title is the home name (as the slip names it).
  const { homeName, awayName } = match.matchInfo;
  const label = t('favourites.star', { match: awayName ? `${homeName} – ${awayName}` : homeName });
  return (
    <button type="button" className={styles.star} aria-pressed={starred} aria-label={label} title={label} onClick={() => favourites.toggle(match)}>
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path
          d="M12 3.2l2.7 5.5 6.1.9-4.4 4.3 1 6.1-5.4-2.9-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z"
          fill={starred ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
});
