import type { RowColumn, RowColumnGroup, ScoreboardSpec, ScoreRow } from '../../src/sdk';

/**
 * What differs between the sports this plugin serves: the unit their score rows count in (sets, frames, innings,
 * periods, rounds...) and the markets their rows show. `pe` is the score row's period id as the feed numbers it.
 */
export type ScoreUnit = 'set' | 'frame' | 'inning' | 'period' | 'half' | 'quarter' | 'round' | 'map';

interface SportTable {
  unit: ScoreUnit;
  /**
   * The score type (the feed's tyg) counted inside the current period, shown beside the main score: games of the
   * current set in tennis, points of the current set in rally sports. Absent (snooker, whose score rows do not
   * number frames, and the timed sports): the main score says it all.
   */
  periodTyg?: number;
  /** The ordinal of a score row's `pe` in the unit (e.g. baseball's top and bottom of inning k are 2k-1 and 2k). */
  ordinal(pe: number): number;
  columns: readonly RowColumn[];
}

/** The feed's score type groups (docs/api.md): 1 goals or points, 6 games. */
const TYG_POINTS = 1;
const TYG_GAMES = 6;

const winner3 = (): RowColumn => ({ id: 'ft-1x2', labelKey: 'column.winner', kinds: ['win1x2'], period: 'ft', options: ['home', 'away', 'draw'] });
const winner2 = (): RowColumn => ({ id: 'ft-ml', labelKey: 'column.winner', kinds: ['moneyLine'], period: 'ft', options: ['home', 'away'] });
const handicap = (kind: string): RowColumn => ({ id: 'ft-ah', labelKey: 'column.handicap', kinds: [kind], period: 'ft', options: ['home', 'away'] });
const total = (kind: string): RowColumn => ({ id: 'ft-ou', labelKey: 'column.total', kinds: [kind], period: 'ft', options: ['over', 'under'] });

const twoWay = [winner2(), handicap('spread'), total('total')];
const withDraw = [winner3(), handicap('spread'), total('total')];
const same = (pe: number) => pe;
const everyOther = (pe: number) => Math.ceil(pe / 2);

export const SPORT_TABLES: Readonly<Record<number, SportTable>> = {
  177: { unit: 'half', ordinal: everyOther, columns: [winner3(), handicap('handicap'), total('overUnder')] },
  178: { unit: 'quarter', ordinal: everyOther, columns: twoWay },
  5: { unit: 'set', ordinal: same, periodTyg: TYG_GAMES, columns: twoWay },
  16: { unit: 'frame', ordinal: same, columns: twoWay },
  13: { unit: 'set', ordinal: same, periodTyg: TYG_POINTS, columns: twoWay },
  47: { unit: 'set', ordinal: same, periodTyg: TYG_POINTS, columns: twoWay },
  15: { unit: 'set', ordinal: same, periodTyg: TYG_POINTS, columns: twoWay },
  7: { unit: 'inning', ordinal: everyOther, columns: twoWay },
  8: { unit: 'half', ordinal: everyOther, columns: withDraw },
  2: { unit: 'period', ordinal: everyOther, columns: withDraw },
  6: { unit: 'quarter', ordinal: everyOther, columns: twoWay },
  4: { unit: 'half', ordinal: everyOther, columns: withDraw },
  18: { unit: 'round', ordinal: same, columns: [winner2(), total('total')] },
  19: { unit: 'round', ordinal: same, columns: [winner2(), total('total')] },
  51: { unit: 'set', ordinal: same, periodTyg: TYG_POINTS, columns: twoWay },
};

export function groupsOf(sportId: number): readonly RowColumnGroup[] {
  const table = SPORT_TABLES[sportId];
  return table ? [{ id: 'main', labelKey: 'group.main', columns: table.columns }] : [];
}

/** Tennis counts the points of the game in play as this score type (0, 15, 30, 40; 50 advantage). */
const TYG_GAME_POINTS = 7;
/** Sports with a serving side; their first three sets always show. */
const SERVING = new Set([5, 13, 47, 15, 51]);

/**
 * The match screen's scoreboard: per-period columns in the sport's own unit (games per set in tennis, points per set
 * in the rally sports, runs per inning...), only the periods the match has played beyond the fixed ones.
 */
export function scoreboardOf(sportId: number): ScoreboardSpec {
  const serve = SERVING.has(sportId);
  return {
    periods: serve ? [1, 2, 3] : [],
    periodTyg: SPORT_TABLES[sportId]?.periodTyg ?? TYG_POINTS,
    extras: [],
    serve,
    ...(sportId === 5 ? { gamePointsTyg: TYG_GAME_POINTS } : {}),
  };
}

/** The feed's snooker and baseball period ids (docs/api.md, match periods). */
const SNOOKER_FRAME_IN_PLAY = 1;
const TYG_FRAMES = 8;
const BASEBALL_EXTRA_TOP = 19;
const BASEBALL_EXTRA_BOTTOM = 20;

/** A row summary in the plugin's words: a label key of its namespace (with n) and the score it shows, if any. */
export interface SummaryPart {
  labelKey: string;
  n?: number;
  home?: number;
  away?: number;
}

const rowOf = (score: readonly ScoreRow[], pe: number, tyg: number) => score.find((r) => r.pe === pe && r.tyg === tyg);
const withRow = (part: SummaryPart, row: ScoreRow | undefined): SummaryPart => (row ? { ...part, home: row.home, away: row.away } : part);

/**
 * What a list row shows beside the main score, by the sport's unit: the games or points of the set in play, the
 * points of the frame in play with its number, the half inning with its runs, the running period's score. Breaks,
 * fights (scored on the judges' cards at the end) and maps show nothing: the period text says enough.
 */
export function summaryOf(sportId: number, period: number, score: readonly ScoreRow[]): SummaryPart | undefined {
  const table = SPORT_TABLES[sportId];
  if (!table || period <= 0) return undefined;
  if (table.periodTyg !== undefined) {
    const row = rowOf(score, period, table.periodTyg);
    return row && withRow({ labelKey: `pe.${table.unit}`, n: table.ordinal(period) }, row);
  }
  switch (table.unit) {
    case 'frame': {
      if (period !== SNOOKER_FRAME_IN_PLAY) return undefined;
      const frames = rowOf(score, 0, TYG_FRAMES);
      // The score row of pe 1 holds the points of the frame in play; the frame's number follows the frames won.
      return withRow({ labelKey: 'pe.frame', n: (frames?.home ?? 0) + (frames?.away ?? 0) + 1 }, rowOf(score, 1, TYG_POINTS));
    }
    case 'inning': {
      // The period text names the half inning already; beside it go the runs of the inning in play (one score row per
      // inning, under the period id of its top half; extra innings share the extra top's).
      if (period > BASEBALL_EXTRA_BOTTOM) return undefined;
      const pe = period >= BASEBALL_EXTRA_TOP ? BASEBALL_EXTRA_TOP : 2 * table.ordinal(period) - 1;
      return withRow({ labelKey: 'pe.inningRuns' }, rowOf(score, pe, TYG_POINTS));
    }
    case 'half':
    case 'quarter':
    case 'period': {
      // Timed sports keep a score row for each playing period; breaks have none.
      const row = rowOf(score, period, TYG_POINTS);
      return row && withRow({ labelKey: `pe.${table.unit}`, n: table.ordinal(period) }, row);
    }
    default:
      return undefined;
  }
}

