import { describe, expect, it } from '@jest/globals';
import type { ScoreRow } from '../../../contract';
import type { ScoreboardSpec } from '../lists/points';
import { gamePoints, periodCells, totalCell } from './scoreboardCells';

const football: ScoreboardSpec = { periods: [1, 3], periodTyg: 1, extras: [{ tyg: 2, labelKey: 'board.corners' }], serve: false };
const tennis: ScoreboardSpec = { periods: [1, 2, 3], periodTyg: 6, extras: [], serve: true, gamePointsTyg: 7 };

/** The score rows of one count (tyg): a [home, away] pair per period (pe), in period order. */
function rowsOf(tyg: number, byPeriod: Record<number, [home: number, away: number]>): ScoreRow[] {
  return Object.entries(byPeriod).map(([pe, [home, away]]) => ({ pe: Number(pe), tyg, home, away }));
}

describe('scoreboard cells', () => {
  it('shows the fixed periods with dashes until reached, and adds periods played beyond them in order', () => {
    const score = [...rowsOf(1, { 0: [2, 1], 1: [1, 1], 6: [1, 0] }), ...rowsOf(2, { 1: [4, 0] })];
    expect(periodCells(football, score)).toEqual([
      { pe: 1, home: '1', away: '1' },
      { pe: 3, home: '-', away: '-' },
      { pe: 6, home: '1', away: '0' },
    ]);
  });

  it('counts tennis games per set and leaves the whole-match rows out of the period columns', () => {
    const score = [...rowsOf(5, { 0: [1, 1] }), ...rowsOf(6, { 1: [6, 4], 2: [5, 7], 3: [3, 4], 4: [0, 0] })];
    expect(periodCells(tennis, score).map((c) => `${c.pe}:${c.home}-${c.away}`)).toEqual(['1:6-4', '2:5-7', '3:3-4', '4:0-0']);
  });

  it('totals an extra count from the whole-match row, zero before the first one', () => {
    expect(totalCell([{ pe: 0, tyg: 2, home: 3, away: 2 }], 2)).toEqual({ home: '3', away: '2' });
    expect(totalCell([], 4)).toEqual({ home: '0', away: '0' });
  });

  it('shows game points with an advantage as AD, and nothing for sports without them', () => {
    expect(gamePoints(tennis, [{ pe: 0, tyg: 7, home: 50, away: 40 }])).toEqual({ home: 'AD', away: '40' });
    expect(gamePoints(tennis, [])).toBeUndefined();
    expect(gamePoints(football, [{ pe: 0, tyg: 7, home: 15, away: 0 }])).toBeUndefined();
  });
});
