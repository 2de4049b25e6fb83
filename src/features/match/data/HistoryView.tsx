import type { Key, ReactNode } from 'react';
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

/** One column of a history table: its header, how it aligns, and what each row shows in it. */
interface Column<Row> {
  /** The column's key among its table's columns. */
  key: string;
  label: string;
  /** Aligns the header and the cells alike. */
  align?: 'right' | 'center';
  /** A class for the cells alone (muted dates and leagues, unbroken goal counts). */
  cellClass?: string;
  /** The cell that names its row is a row header (th scope="row"), so a screen reader reads each row by it. */
  rowHead?: boolean;
  cell(row: Row): ReactNode;
}

/** The one table markup every history list shares: a caption, a header row from the columns, a row per item; none when empty. */
function HistoryTable<Row>({ caption, columns, rows, rowKey }: { caption: string; columns: Column<Row>[]; rows: readonly Row[]; rowKey(row: Row, index: number): Key }) {
  if (rows.length === 0) return null;
  const alignClass = (c: Column<Row>) => (c.align ? styles[c.align] : undefined);
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th scope="col" key={c.key} className={alignClass(c)}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey(row, index)}>
            {columns.map((c) =>
              c.rowHead ? (
                <th scope="row" key={c.key} className={styles.rowHead}>
                  {c.cell(row)}
                </th>
              ) : (
                <td key={c.key} className={alignClass(c) ?? c.cellClass}>
                  {c.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ScheduleTable({ caption, rows, timeZone }: { caption: string; rows: ScheduleRow[]; timeZone: string }) {
  const { t } = useDataTranslation();
  const columns: Column<ScheduleRow>[] = [
    { key: 'date', label: t('history.date'), cellClass: styles.muted, cell: (r) => dayText(r.matchTime, timeZone) },
    { key: 'league', label: t('history.league'), cellClass: styles.muted, cell: (r) => r.league },
    { key: 'home', label: t('history.homeTeam'), align: 'right', cell: (r) => r.homeName },
    {
      key: 'score',
      label: t('history.score'),
      align: 'center',
      cell: (r) => (
        <>
          <strong>
            {r.homeScore}-{r.awayScore}
          </strong>{' '}
          <span className={styles.half}>({t('history.halfScore', { home: r.homeHalfScore, away: r.awayHalfScore })})</span>
        </>
      ),
    },
    { key: 'away', label: t('history.awayTeam'), cell: (r) => r.awayName },
    { key: 'result', label: t('history.result'), align: 'center', cell: (r) => <ResultBadge status={r.status} /> },
  ];
  return <HistoryTable caption={caption} columns={columns} rows={rows} rowKey={(r, i) => `${r.matchTime}-${i}`} />;
}

function FutureTable({ caption, rows, timeZone }: { caption: string; rows: FutureRow[]; timeZone: string }) {
  const { t } = useDataTranslation();
  const columns: Column<FutureRow>[] = [
    { key: 'date', label: t('history.date'), cellClass: styles.muted, cell: (r) => kickOffText(r.matchTime, timeZone) },
    { key: 'league', label: t('history.league'), cellClass: styles.muted, cell: (r) => r.league },
    { key: 'home', label: t('history.homeTeam'), cell: (r) => r.homeName },
    { key: 'away', label: t('history.awayTeam'), cell: (r) => r.awayName },
  ];
  return <HistoryTable caption={caption} columns={columns} rows={rows} rowKey={(r) => r.matchId} />;
}

function RankingTable({ rows }: { rows: RankingRow[] }) {
  const { t } = useDataTranslation();
  const countColumn = (key: 'played' | 'won' | 'drawn' | 'lost'): Column<RankingRow> => ({ key, label: t(`history.${key}`), align: 'center', cell: (r) => r[key] });
  const columns: Column<RankingRow>[] = [
    { key: 'rank', label: t('history.rank'), align: 'center', cell: (r) => r.rank },
    { key: 'team', label: t('history.team'), rowHead: true, cell: (r) => r.teamName },
    countColumn('played'),
    countColumn('won'),
    countColumn('drawn'),
    countColumn('lost'),
    { key: 'goals', label: t('history.goals'), align: 'center', cell: (r) => `${r.goalsFor}:${r.goalsAgainst}` },
    { key: 'points', label: t('history.points'), align: 'center', cell: (r) => <strong>{r.points}</strong> },
  ];
  return <HistoryTable caption={t('history.ranking')} columns={columns} rows={rows} rowKey={(r) => r.teamId} />;
}

function GoalDistTable({ dist, names }: { dist: History['goalDist']; names: TeamNames }) {
  const { t } = useDataTranslation();
  const sides = [
    { key: 'hs', label: t('history.scored', { side: names.home }), bands: dist.home.scored, side: 'home' as const },
    { key: 'hc', label: t('history.conceded', { side: names.home }), bands: dist.home.conceded, side: 'home' as const },
    { key: 'as', label: t('history.scored', { side: names.away }), bands: dist.away.scored, side: 'away' as const },
    { key: 'ac', label: t('history.conceded', { side: names.away }), bands: dist.away.conceded, side: 'away' as const },
  ];
  const count = Math.max(...sides.map((c) => c.bands.length));
  const max = Math.max(0, ...sides.flatMap((c) => c.bands));
  // A row per quarter-hour band.
  const bands = Array.from({ length: count }, (_, band) => band);
  const columns: Column<number>[] = [
    { key: 'band', label: t('history.band'), rowHead: true, cell: (band) => t('history.bandValue', { from: band * BAND_MINUTES, to: (band + 1) * BAND_MINUTES }) },
    ...sides.map(
      (c): Column<number> => ({
        key: c.key,
        label: c.label,
        cellClass: styles.nowrap,
        cell: (band) => {
          const value = c.bands[band] ?? 0;
          return (
            <>
              <span className={styles.count}>{value}</span>
              <ValueBar value={value} max={max} side={c.side} />
            </>
          );
        },
      }),
    ),
  ];
  return <HistoryTable caption={t('history.goalDist')} columns={columns} rows={bands} rowKey={(band) => band} />;
}

function InjuryTable({ rows, names }: { rows: Injury[]; names: TeamNames }) {
  const { t } = useDataTranslation();
  const columns: Column<Injury>[] = [
    { key: 'side', label: t('history.side'), cell: (r) => names[r.side] },
    { key: 'number', label: t('history.number'), align: 'center', cell: (r) => r.player.number },
    { key: 'player', label: t('history.player'), rowHead: true, cell: (r) => r.player.name },
    { key: 'reason', label: t('history.reason'), cell: (r) => r.reason },
    { key: 'return', label: t('history.expectedReturn'), cellClass: styles.muted, cell: (r) => r.expectedReturn },
  ];
  return <HistoryTable caption={t('history.injuries')} columns={columns} rows={rows} rowKey={(r) => `${r.side}-${r.player.id}`} />;
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
