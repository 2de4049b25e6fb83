import type { RowColumn, RowColumnGroup, ScoreboardSpec } from '../../src/kernel/points';

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
