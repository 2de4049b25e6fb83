import { describe, expect, it } from '@jest/globals';
import Decimal from 'decimal.js';
import { BetResult } from '../../../contract/enums';
import { recordOf, tagOf } from './records';
import { settlementOf } from './tips';

const DAY = 86_400_000;
const NOW = 100 * DAY;
const tip = (result: number, yieldRate: string, daysAgo: number) => ({ result, yieldRate, settledAt: NOW - daysAgo * DAY });

describe('recordOf', () => {
  it('is empty before the first settled message', () => {
    expect(recordOf([], NOW)).toEqual({ sportsSession: 0, hitSession: 0, hitPercents: '0.00', tenHistory: [], tenWin: 0, weekRateReturn: '0.00', longestWin: 0, winContinuous: 0 });
    expect(tagOf(recordOf([], NOW)).ENG).toBe('New expert');
  });

  it('counts hits and misses, leaves voids out, and keeps runs and the last ten newest first', () => {
    const tips = [
      tip(1, '0.900', 20),
      tip(1, '0.800', 19),
      tip(1, '1.100', 18),
      tip(3, '0.000', 17),
      tip(2, '-1.000', 16),
      ...Array.from({ length: 9 }, (_, i) => tip(i % 3 === 2 ? 2 : 1, i % 3 === 2 ? '-1.000' : '0.500', 15 - i)),
      tip(1, '0.950', 3),
      tip(1, '0.950', 2),
    ];
    const r = recordOf(tips, NOW);
    expect(r.sportsSession).toBe(15);
    expect(r.hitSession).toBe(11);
    expect(r.hitPercents).toBe('73.33');
    expect(r.tenHistory).toEqual([1, 1, 2, 1, 1, 2, 1, 1, 2, 1]);
    expect(r.tenWin).toBe(7);
    expect(r.longestWin).toBe(3);
    expect(r.winContinuous).toBe(2);
    // Settled within the last 7 days: only the two at 0.950 (the one settled exactly 7 days ago is out).
    expect(r.weekRateReturn).toBe('95.00');
    expect(recordOf(tips, NOW + 1).weekRateReturn).toBe('95.00');
    expect(recordOf(tips, NOW - 1).weekRateReturn).toBe(new Decimal('-1').plus('0.95').plus('0.95').times(100).div(3).toFixed(2));
    expect(tagOf(r).ENG).toBe('7 of last 10');
  });

  it('tags a run of three or more hits', () => {
    expect(tagOf(recordOf([tip(2, '-1.000', 5), tip(1, '1.000', 4), tip(1, '1.000', 3), tip(1, '1.000', 2)], NOW)).CMN).toBe('3连红');
  });
});

describe('settlementOf', () => {
  it('multiplies the picks: won, half won, push, half lost, lost', () => {
    expect(settlementOf([{ outcome: BetResult.Won, odds: '1.85' }])).toEqual({ result: 1, yieldRate: '0.850' });
    expect(settlementOf([{ outcome: BetResult.WinReturn, odds: '1.90' }])).toEqual({ result: 1, yieldRate: '0.450' });
    expect(settlementOf([{ outcome: BetResult.Return, odds: '1.90' }])).toEqual({ result: 3, yieldRate: '0.000' });
    expect(settlementOf([{ outcome: BetResult.LoseReturn, odds: '1.90' }])).toEqual({ result: 2, yieldRate: '-0.500' });
    expect(settlementOf([{ outcome: BetResult.Lost, odds: '1.90' }])).toEqual({ result: 2, yieldRate: '-1.000' });
    expect(settlementOf([{ outcome: BetResult.Won, odds: '2.00' }, { outcome: BetResult.Cancel, odds: '3.00' }])).toEqual({ result: 1, yieldRate: '1.000' });
    expect(settlementOf([{ outcome: BetResult.Won, odds: '2.00' }, { outcome: BetResult.Lost, odds: '3.00' }])).toEqual({ result: 2, yieldRate: '-1.000' });
  });
});
