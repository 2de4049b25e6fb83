import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { formatInZone } from '../../core/domain/zonedTime';
import type { SportModule } from '../lists/points';
import { servingSide } from '../../core/domain/serve';
import { IN_PLAY_STATUSES, MatchStatus } from '../../../contract/enums';
import type { LiveMatch } from '../../core/store/liveBook';
import type { MatchDetail } from './matchDetailWire';
import { Crest } from '../../core/ui/common/Crest';
import { LiveClock } from '../../core/ui/common/LiveClock';
import { useStore } from '../../core/ui/storeContext';
import { gamePoints, periodCells, totalCell } from './scoreboardCells';
import styles from './Scoreboard.module.css';

export const MATCH_DETAIL_NS = 'matchDetail';

interface ScoreboardProps {
  match: MatchDetail;
  live: LiveMatch;
  sport: SportModule;
  /** The sport plugin's i18n namespace, for its period and extra labels. */
  sportNs: string;
}

/**
 * The match screen's scoreboard: teams, the main score, period text and clock, then a table of the score by period
 * with the sport's extra counts (corners, cards), the serving side and the game in play. What it shows per sport
 * comes from the sport plugin (SportModule.scoreboard); scores and clock follow push through the live book.
 */
export const Scoreboard = observer(function Scoreboard({ match, live, sport, sportNs }: ScoreboardProps) {
  const { t, i18n } = useTranslation(MATCH_DETAIL_NS);
  const spec = sport.scoreboard(match.sportId);
  const inPlay = IN_PLAY_STATUSES.has(live.matchStatus);
  const started = inPlay || live.matchStatus === MatchStatus.Ended;
  const periods = periodCells(spec, live.score);
  const points = gamePoints(spec, live.score);
  const { homeName, awayName, homeIcon, awayIcon } = match.matchInfo;
  const { timezone } = useStore().ui;
  const kickOff = formatInZone(match.beginTime, timezone, i18n.language, 'dateTime');
  const serving = (side: 1 | 2) => spec.serve && servingSide(live.serveIn, inPlay) === side;
  const teams = [
    { side: 1 as const, name: homeName, icon: homeIcon, score: live.homeScore, key: 'home' as const },
    { side: 2 as const, name: awayName, icon: awayIcon, score: live.awayScore, key: 'away' as const },
  ];

  return (
    <section className={styles.board} aria-label={t('board.label')} data-scoreboard>
      <div className={styles.hero}>
        <div className={styles.team}>
          <Crest className={styles.crest} src={homeIcon} size={48} team={homeName} />
          <span className={styles.name}>{homeName}</span>
        </div>
        <div className={styles.centre}>
          <span className={styles.score} data-score aria-label={t('board.score', { home: live.homeScore, away: live.awayScore })}>
            {started ? `${live.homeScore} - ${live.awayScore}` : t('board.vs')}
          </span>
          <span className={styles.status}>
            {inPlay ? (
              <>
                <span className={styles.live}>{live.matchPeriod}</span> <LiveClock live={live} className={styles.clock} />
              </>
            ) : (
              live.matchPeriod || kickOff
            )}
          </span>
          {match.bo > 0 && <span className={styles.format}>{t('board.bestOf', { count: match.bo })}</span>}
        </div>
        <div className={styles.team}>
          <Crest className={styles.crest} src={awayIcon} size={48} team={awayName} />
          <span className={styles.name}>{awayName}</span>
        </div>
      </div>
      <table className={styles.table}>
        <caption className="sp-visually-hidden">{t('board.byPeriod')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('board.team')}</th>
            {periods.map((cell) => (
              <th key={cell.pe} scope="col">
                {sport.periodLabel(match.sportId, cell.pe, t)}
              </th>
            ))}
            {spec.extras.map((extra) => (
              <th key={extra.tyg} scope="col">
                {t(extra.labelKey, { ns: sportNs })}
              </th>
            ))}
            {points && <th scope="col">{t('board.points')}</th>}
            <th scope="col">{t('board.total')}</th>
          </tr>
        </thead>
        <tbody>
          {teams.map((team) => (
            <tr key={team.side}>
              <th scope="row" className={styles.rowTeam}>
                <span className={styles.rowName}>{team.name}</span>
                {serving(team.side) && (
                  <span className={styles.serve} role="img" aria-label={t('board.serving')} title={t('board.serving')} data-serving />
                )}
              </th>
              {periods.map((cell) => (
                <td key={cell.pe}>{cell[team.key]}</td>
              ))}
              {spec.extras.map((extra) => (
                <td key={extra.tyg}>{totalCell(live.score, extra.tyg)[team.key]}</td>
              ))}
              {points && <td>{points[team.key]}</td>}
              <td className={styles.total}>{started ? team.score : '-'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
});
