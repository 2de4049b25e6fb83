import type { FutureRow, History, Injury, RankingRow, ScheduleRow } from '../../../../contract/matchData';
import { dayText, kickOffText } from './format';
import { ValueBar } from './StatBar';
import type { TeamNames } from './types';
import { useDataTranslation } from './i18n';
import styles from './HistoryView.module.css';

const BAND_MINUTES = 15;

export function isHistoryEmpty(h: History): boolean {
  const goals = [h.goalDist.home.scored, h.goalDist.home.conceded, h.goalDist.away.scored, h.goalDist.away.conceded];
  return (
    h.historyMatch.length === 0 &&
    h.homeLastMatch.length === 0 &&
    h.awayLastMatch.length === 0 &&
    h.leagueRanking.length === 0 &&
    h.homeFutureMatch.length === 0 &&
    h.awayFutureMatch.length === 0 &&
    h.injury.length === 0 &&
    goals.every((bands) => bands.length === 0)
  );
}

/** W/D/L for the team the list is about, coloured; the full word is read out. */
function ResultBadge({ status }: { status: ScheduleRow['status'] }) {
  const { t } = useDataTranslation();
  return (
    <span className={`${styles.badge} ${styles[status]}`}>
      <span aria-hidden="true">{t(`history.${status}Short`)}</span>
      <span className="sp-visually-hidden">{t(`history.${status}`)}</span>
    </span>
  );
}

function ScheduleTable({ caption, rows, timeZone }: { caption: string; rows: ScheduleRow[]; timeZone: string }) {
  const { t } = useDataTranslation();
  if (rows.length === 0) return null;
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('history.date')}</th>
          <th scope="col">{t('history.league')}</th>
          <th scope="col" className={styles.right}>
            {t('history.homeTeam')}
          </th>
          <th scope="col" className={styles.center}>
            {t('history.score')}
          </th>
          <th scope="col">{t('history.awayTeam')}</th>
          <th scope="col" className={styles.center}>
            {t('history.result')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={`${r.matchTime}-${i}`}>
            <td className={styles.muted}>{dayText(r.matchTime, timeZone)}</td>
            <td className={styles.muted}>{r.league}</td>
            <td className={styles.right}>{r.homeName}</td>
            <td className={styles.center}>
              <strong>
                {r.homeScore}-{r.awayScore}
              </strong>{' '}
              <span className={styles.half}>({t('history.halfScore', { home: r.homeHalfScore, away: r.awayHalfScore })})</span>
            </td>
            <td>{r.awayName}</td>
            <td className={styles.center}>
              <ResultBadge status={r.status} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function FutureTable({ caption, rows, timeZone }: { caption: string; rows: FutureRow[]; timeZone: string }) {
  const { t } = useDataTranslation();
  if (rows.length === 0) return null;
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('history.date')}</th>
          <th scope="col">{t('history.league')}</th>
          <th scope="col">{t('history.homeTeam')}</th>
          <th scope="col">{t('history.awayTeam')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.matchId}>
            <td className={styles.muted}>{kickOffText(r.matchTime, timeZone)}</td>
            <td className={styles.muted}>{r.league}</td>
            <td>{r.homeName}</td>
            <td>{r.awayName}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RankingTable({ rows }: { rows: RankingRow[] }) {
  const { t } = useDataTranslation();
  if (rows.length === 0) return null;
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{t('history.ranking')}</caption>
      <thead>
        <tr>
          <th scope="col" className={styles.center}>
            {t('history.rank')}
          </th>
          <th scope="col">{t('history.team')}</th>
          <th scope="col" className={styles.center}>
            {t('history.played')}
          </th>
          <th scope="col" className={styles.center}>
            {t('history.won')}
          </th>
          <th scope="col" className={styles.center}>
            {t('history.drawn')}
          </th>
          <th scope="col" className={styles.center}>
            {t('history.lost')}
          </th>
          <th scope="col" className={styles.center}>
            {t('history.goals')}
          </th>
          <th scope="col" className={styles.center}>
            {t('history.points')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.teamId}>
            <td className={styles.center}>{r.rank}</td>
            <th scope="row" className={styles.rowHead}>
              {r.teamName}
            </th>
            <td className={styles.center}>{r.played}</td>
            <td className={styles.center}>{r.won}</td>
            <td className={styles.center}>{r.drawn}</td>
            <td className={styles.center}>{r.lost}</td>
            <td className={styles.center}>
              {r.goalsFor}:{r.goalsAgainst}
            </td>
            <td className={styles.center}>
              <strong>{r.points}</strong>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function GoalDistTable({ dist, names }: { dist: History['goalDist']; names: TeamNames }) {
  const { t } = useDataTranslation();
  const columns = [
    { key: 'hs', label: t('history.scored', { side: names.home }), bands: dist.home.scored, side: 'home' as const },
    { key: 'hc', label: t('history.conceded', { side: names.home }), bands: dist.home.conceded, side: 'home' as const },
    { key: 'as', label: t('history.scored', { side: names.away }), bands: dist.away.scored, side: 'away' as const },
    { key: 'ac', label: t('history.conceded', { side: names.away }), bands: dist.away.conceded, side: 'away' as const },
  ];
  const count = Math.max(...columns.map((c) => c.bands.length));
  if (count === 0) return null;
  const max = Math.max(0, ...columns.flatMap((c) => c.bands));
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{t('history.goalDist')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('history.band')}</th>
          {columns.map((c) => (
            <th scope="col" key={c.key}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {Array.from({ length: count }, (_, band) => (
          <tr key={band}>
            <th scope="row" className={styles.rowHead}>
              {t('history.bandValue', { from: band * BAND_MINUTES, to: (band + 1) * BAND_MINUTES })}
            </th>
            {columns.map((c) => {
              const value = c.bands[band] ?? 0;
              return (
                <td key={c.key} className={styles.nowrap}>
                  <span className={styles.count}>{value}</span>
                  <ValueBar value={value} max={max} side={c.side} />
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function InjuryTable({ rows, names }: { rows: Injury[]; names: TeamNames }) {
  const { t } = useDataTranslation();
  if (rows.length === 0) return null;
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{t('history.injuries')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('history.side')}</th>
          <th scope="col" className={styles.center}>
            {t('history.number')}
          </th>
          <th scope="col">{t('history.player')}</th>
          <th scope="col">{t('history.reason')}</th>
          <th scope="col">{t('history.expectedReturn')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.side}-${r.player.id}`}>
            <td>{names[r.side]}</td>
            <td className={styles.center}>{r.player.number}</td>
            <th scope="row" className={styles.rowHead}>
              {r.player.name}
            </th>
            <td>{r.reason}</td>
            <td className={styles.muted}>{r.expectedReturn}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Head to head, both sides' recent and next matches, the league table, goal distribution and injuries. */
export function HistoryView({ history, names, timeZone }: { history: History; names: TeamNames; timeZone: string }) {
  const { t } = useDataTranslation();
  return (
    <div className={styles.history}>
      <ScheduleTable caption={t('history.headToHead')} rows={history.historyMatch} timeZone={timeZone} />
      <ScheduleTable caption={t('history.homeLast')} rows={history.homeLastMatch} timeZone={timeZone} />
      <ScheduleTable caption={t('history.awayLast')} rows={history.awayLastMatch} timeZone={timeZone} />
      <RankingTable rows={history.leagueRanking} />
      <GoalDistTable dist={history.goalDist} names={names} />
      <FutureTable caption={t('history.homeFuture')} rows={history.homeFutureMatch} timeZone={timeZone} />
      <FutureTable caption={t('history.awayFuture')} rows={history.awayFutureMatch} timeZone={timeZone} />
      <InjuryTable rows={history.injury} names={names} />
    </div>
  );
}
