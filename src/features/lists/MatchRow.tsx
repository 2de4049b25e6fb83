import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { RowColumn, SportModule } from './points';
import { formatInZone } from '../../core/domain/zonedTime';
import { servingSide } from '../../core/domain/serve';
import { IN_PLAY_STATUSES } from '../../../contract/enums';
import type { WireMatch } from '../../../contract';
import { AnchorBadge } from '../liveRoom/anchors/AnchorBadge';
import { FavouriteStar } from '../favourites/FavouriteStar';
import { OddsButton } from '../slip/odds/OddsButton';
import { useAddToSlip } from '../slip/odds/useAddToSlip';
import { useLiveBook, useStore } from '../../core/ui/storeContext';
import { findMarket, showsLine } from './findMarket';
import styles from './MatchRow.module.css';
import grid from './RowGrid.module.css';
import { Crest } from '../../core/ui/common/Crest';
import { LiveClock } from '../../core/ui/common/LiveClock';
import { useMatchChannels } from '../../core/ui/useMatchChannels';
import { useLatestHandler } from '../../core/ui/useLatestHandler';
import type { LiveMarket } from '../../core/store/liveBook';

interface MatchRowProps {
  match: WireMatch;
  columns: readonly RowColumn[];
  sport: SportModule;
}

/**
 * One match: kick-off or live clock and period, teams with logos and scores, and a column of prices per market the
 * sport plugin lists. While the row is on screen it subscribes to the match's push channels (a virtualised list
 * mounts only visible rows, so only what is on screen is subscribed).
 */
export const MatchRow = observer(function MatchRow({ match, columns, sport }: MatchRowProps) {
  const { t, i18n } = useTranslation();
  const book = useLiveBook();
  const live = book.match(match.matchId);
  const addToSlip = useAddToSlip();
  const root = useStore();
  const title = `${match.matchInfo.homeName} – ${match.matchInfo.awayName}`;
  const openMatch = () => root.ui.showMatch(match.matchId);

  useMatchChannels(match.matchId);
  // One handler for the row's life, finding the clicked price's market in the row's current match: a poll brings a new
  // match record every 5 s, and a new closure per price would re-render every price on screen with it.
  const select = useLatestHandler((optionType: string, market: LiveMarket) => {
    for (const column of columns) {
      const wire = findMarket(match, column);
      if (wire && book.market(wire.marketId) === market) return addToSlip(wire, optionType);
    }
  });

  const inPlay = IN_PLAY_STATUSES.has(live?.matchStatus ?? match.matchStatus);
  // The scoreboard's rule (domain/serve.ts), kept current by score pushes through the live book.
  const serving = servingSide(live?.serveIn ?? match.serveIn, inPlay);
  return (
    <div className={`${grid.grid} ${styles.row}`} role="row" data-match-id={match.matchId} data-league-id={match.leagueInfo.id} aria-label={title}>
      <div className={styles.when} role="cell">
        {inPlay && live ? (
          <>
            <span className={styles.live}>{live.matchPeriod}</span>
            <LiveClock live={live} className={styles.clock} />
          </>
        ) : (
          <>
            <span className={styles.time}>{formatInZone(match.beginTime, root.ui.timezone, i18n.language, 'time')}</span>
            <span className={styles.date}>{formatInZone(match.beginTime, root.ui.timezone, i18n.language, 'date')}</span>
          </>
        )}
        <AnchorBadge matchId={match.matchId} />
      </div>
      {/* A click on the teams opens the match too; the keyboard's way in is the market-count button. */}
      <div className={styles.teams} role="cell" onClick={openMatch}>
        <Team name={match.matchInfo.homeName} icon={match.matchInfo.homeIcon} score={inPlay ? live?.homeScore : undefined} serving={serving === 1} />
        <Team name={match.matchInfo.awayName} icon={match.matchInfo.awayIcon} score={inPlay ? live?.awayScore : undefined} serving={serving === 2} />
        {inPlay && live && sport.ScoreSummary && <sport.ScoreSummary match={match} live={live} />}
      </div>
      {columns.map((column) => {
        const wire = findMarket(match, column);
        const market = wire && book.market(wire.marketId);
        return (
          <div key={column.id} className={styles.column} role="cell">
            {column.options.map((type) =>
              market && wire ? (
                <OddsButton
                  key={type}
                  market={market}
                  optionType={type}
                  label={wire.options.find((o) => o.type === type)?.name ?? type}
                  showLine={showsLine(column)}
                  onSelect={select}
                />
              ) : (
                <span key={type} className={styles.none} aria-hidden="true" />
              ),
            )}
          </div>
        );
      })}
      <div className={styles.more} role="cell">
        <FavouriteStar match={match} />
        <button type="button" className={styles.open} onClick={openMatch} title={t('list.openMatch', { match: title })}>
          +{match.marketCount}
          {/* Named by what it shows first, so the accessible name contains the visible text. */}
          <span className="sp-visually-hidden"> {t('list.openMatch', { match: title })}</span>
        </button>
      </div>
    </div>
  );
});

function Team({ name, icon, score, serving }: { name: string; icon: string; score?: number; serving: boolean }) {
  return (
    <div className={styles.team}>
      <Crest className={styles.logo} src={icon} size={18} team={name} />
      <span className={styles.name} data-team-name>
        {name}
      </span>
      {serving && <span className={styles.serve} aria-hidden="true" />}
      {score !== undefined && <span className={styles.score}>{score}</span>}
    </div>
  );
}
