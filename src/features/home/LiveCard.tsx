import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { sportI18nKeyOf } from '../../kernel/sports';
import type { WireMatch } from '../../../contract';
import { useLiveBook, useStore } from '../../core/ui/storeContext';
import { AnchorBadge } from '../liveRoom/anchors/AnchorBadge';
import styles from './LiveCard.module.css';
import { Crest } from '../../core/ui/common/Crest';
import { LiveClock } from '../../core/ui/common/LiveClock';
import { useMatchChannels } from '../../core/ui/useMatchChannels';

/**
 * A live match with media on home: league, teams, live score and clock (from the live book, kept current by push
 * while the card shows) and whether it has video or animation. Opens the match's screen, where it plays; its anchor
 * badge, beside the card's button rather than inside it (a link inside a button is unreachable), opens the live room.
 */
export const LiveCard = observer(function LiveCard({ match }: { match: WireMatch }) {
  const { t } = useTranslation();
  const store = useStore();
  const live = useLiveBook().match(match.matchId);

  useMatchChannels(match.matchId);

  const sportKey = sportI18nKeyOf(match.sportId, 'A');
  const hasVideo = match.media.videos.length > 0;
  return (
    <div className={styles.frame}>
      <button
        type="button"
        className={styles.card}
        data-match-id={match.matchId}
        title={t('home.watchLive', { match: `${match.matchInfo.homeName} – ${match.matchInfo.awayName}`, sport: sportKey ? t(sportKey) : String(match.sportId) })}
        onClick={() => store.ui.showMatch(match.matchId)}
      >
        <span className={styles.top}>
          <span className={styles.league}>
            {match.leagueInfo.icon && <Crest src={match.leagueInfo.icon} size={16} />}
            <span className={styles.leagueName}>{match.leagueInfo.name}</span>
          </span>
          <span className={styles.badge} data-media={hasVideo ? 'video' : 'animation'}>
            {hasVideo ? t('home.video') : t('home.animation')}
          </span>
        </span>
        <Team name={match.matchInfo.homeName} icon={match.matchInfo.homeIcon} score={live?.homeScore ?? match.matchInfo.homeScore} />
        <Team name={match.matchInfo.awayName} icon={match.matchInfo.awayIcon} score={live?.awayScore ?? match.matchInfo.awayScore} />
        <span className={styles.status}>
          <span className={styles.dot} aria-hidden="true" />
          <span>{live?.matchPeriod ?? match.matchInfo.matchPeriod}</span>
          {live && <LiveClock live={live} className={styles.clock} />}
        </span>
      </button>
      <span className={styles.anchors}>
        <AnchorBadge matchId={match.matchId} />
      </span>
    </div>
  );
});

function Team({ name, icon, score }: { name: string; icon: string; score: number }) {
  return (
    <span className={styles.team}>
      <Crest className={styles.logo} src={icon} size={20} team={name} />
      <span className={styles.name}>{name}</span>
      <span className={styles.score}>{score}</span>
    </span>
  );
}

/** The footprint of a card while live matches load. */
export function LiveCardSkeleton() {
  return <span className={styles.skeleton} aria-hidden="true" />;
}
