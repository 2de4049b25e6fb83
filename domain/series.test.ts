import { describe, it, expect } from '@jest/globals';
import {
  BetResult,
  FULL_COVERS,
  MAX_SERIES_LEGS,
  MIN_SERIES_LEGS,
  type SeriesKind,
  asianName,
  betOdds,
  combinations,
  seriesNumberOf,
  seriesOptions,
  seriesReturn,
} from './series';
import { fromFormat, OddsFormat, potentialReturn, riskAndWin } from './odds';

const TRIXIE_ODDS = ['1.87', '7.40', '2.35'];
const fold = (size: number): SeriesKind => ({ type: 'fold', size });
const cover = (withSingles: boolean): SeriesKind => ({ type: 'fullCover', withSingles });
const won = (odds: string) => ({ odds, result: BetResult.Won });

describe('combinations', () => {
  it('computes binomial coefficients', () => {
    expect(combinations(3, 2)).toBe(3);
    expect(combinations(10, 5)).toBe(252);
    expect(combinations(52, 5)).toBe(2598960);
    expect(combinations(8, 0)).toBe(1);
    expect(combinations(8, 8)).toBe(1);
    expect(combinations(0, 0)).toBe(1);
  });

  it('is 0 when k > n', () => {
    expect(combinations(3, 4)).toBe(0);
  });

  it('rejects negative and fractional arguments', () => {
    expect(() => combinations(-1, 0)).toThrow(RangeError);
    expect(() => combinations(3, -1)).toThrow(RangeError);
    expect(() => combinations(3.5, 1)).toThrow(RangeError);
    expect(() => combinations(NaN, 1)).toThrow(RangeError);
  });
});

describe('asianName', () => {
  it('writes N串M', () => {
    expect(asianName(3, 4)).toBe('3串4');
    expect(asianName(2, 1)).toBe('2串1');
    expect(asianName(8, 247)).toBe('8串247');
  });

  it('rejects non-positive or fractional numbers', () => {
    expect(() => asianName(0, 1)).toThrow(RangeError);
    expect(() => asianName(3, 0)).toThrow(RangeError);
    expect(() => asianName(2.5, 1)).toThrow(RangeError);
  });
});

describe('full covers', () => {
  it('match 2^n - n - 1 without singles and 2^n - 1 with singles', () => {
    for (const c of FULL_COVERS) {
      const expected = c.withSingles ? 2 ** c.legs - 1 : 2 ** c.legs - c.legs - 1;
      expect(c.bets).toBe(expected);
    }
    expect(FULL_COVERS.map((c) => `${c.name} ${c.bets}`)).toEqual([
      'Trixie 4',
      'Patent 7',
      'Yankee 11',
      'Lucky 15 15',
      'Canadian 26',
      'Lucky 31 31',
      'Heinz 57',
      'Lucky 63 63',
      'Super Heinz 120',
      'Goliath 247',
    ]);
  });
});

describe('seriesOptions', () => {
  it('lists the Trixie example (DOMAIN.md section 3)', () => {
    const options = seriesOptions(TRIXIE_ODDS);
    expect(options.map((o) => [o.seriesNumber, o.asianName, o.combination, o.betCount, o.seriesOdd.toString()])).toEqual([
      [2001, '2串1', 3, 3, '35.6225'],
      [3001, '3串1', 1, 1, '32.5193'],
      [3004, '3串4', 4, 4, '68.1418'],
      [3007, '3串7', 7, 7, '79.7618'],
    ]);
    expect(options[2].i18nKey).toBe('series.trixie');
    expect(options[3].i18nKey).toBe('series.patent');
    expect(options[0].i18nKey).toBeUndefined();
    expect(options.every((o) => o.legs === 3)).toBe(true);
  });

  it('doubles are 13.838 + 4.3945 + 17.39 and the treble 32.5193', () => {
    expect(seriesOptions(['1.87', '7.40'])[0].seriesOdd.toString()).toBe('13.838');
    expect(seriesOptions(['1.87', '2.35'])[0].seriesOdd.toString()).toBe('4.3945');
    expect(seriesOptions(['7.40', '2.35'])[0].seriesOdd.toString()).toBe('17.39');
    expect(seriesOptions(TRIXIE_ODDS)[1].seriesOdd.toString()).toBe('32.5193');
  });

  it('offers only the double for 2 legs', () => {
    const options = seriesOptions(['1.5', '2']);
    expect(options).toHaveLength(1);
    expect(options[0]).toMatchObject({ seriesNumber: 2001, asianName: '2串1', combination: 1, betCount: 1 });
    expect(options[0].seriesOdd.toString()).toBe('3');
  });

  it('offers Yankee and Lucky 15 for 4 legs', () => {
    const options = seriesOptions(['2', '2', '2', '2']);
    expect(options.map((o) => o.asianName)).toEqual(['2串1', '3串1', '4串1', '4串11', '4串15']);
    expect(options.map((o) => o.combination)).toEqual([6, 4, 1, 11, 15]);
    // sum over k >= 2 of C(4, k) 2^k = 3^4 - 1 - 8
    expect(options[3].seriesOdd.toString()).toBe('72');
    expect(options[4].seriesOdd.toString()).toBe('80');
  });

  it('offers Goliath without singles only for 8 legs', () => {
    const options = seriesOptions(Array(8).fill('2'));
    const covers = options.filter((o) => o.kind.type === 'fullCover');
    expect(covers).toHaveLength(1);
    expect(covers[0]).toMatchObject({ seriesNumber: 8247, asianName: '8串247', combination: 247, i18nKey: 'series.goliath' });
    expect(covers[0].seriesOdd.toString()).toBe(String(3 ** 8 - 1 - 16));
  });

  it('offers only folds for 9 and 10 legs', () => {
    const options = seriesOptions(Array(10).fill('1.5'));
    expect(options.map((o) => o.seriesNumber)).toEqual([2001, 3001, 4001, 5001, 6001, 7001, 8001, 9001, 10001]);
    expect(options.map((o) => o.combination)).toEqual([45, 120, 210, 252, 210, 120, 45, 10, 1]);
    expect(options[8].seriesOdd.toString()).toBe('57.6650390625');
  });

  it('keeps products exact to the last digit', () => {
    const odds = Array(10).fill('1.111');
    const acc = seriesOptions(odds).at(-1)!;
    expect(acc.seriesOdd.toString()).toBe('2.865105309044948309897552475601');
  });

  it('rejects fewer than 2 or more than 10 legs', () => {
    expect(MIN_SERIES_LEGS).toBe(2);
    expect(MAX_SERIES_LEGS).toBe(10);
    expect(() => seriesOptions([])).toThrow(RangeError);
    expect(() => seriesOptions(['1.5'])).toThrow(RangeError);
    expect(() => seriesOptions(Array(11).fill('1.5'))).toThrow(RangeError);
  });

  it('rejects invalid odds', () => {
    expect(() => seriesOptions(['1.5', '1'])).toThrow(RangeError);
    expect(() => seriesOptions(['1.5', 'abc'])).toThrow(RangeError);
    expect(() => seriesOptions(['1.5', NaN])).toThrow(RangeError);
    expect(() => seriesOptions('1.5' as unknown as string[])).toThrow(RangeError);
  });
});

describe('seriesNumberOf', () => {
  it('encodes N串M as N * 1000 + M', () => {
    expect(seriesNumberOf(3, fold(2))).toBe(2001);
    expect(seriesNumberOf(5, cover(false))).toBe(5026);
    expect(seriesNumberOf(6, cover(true))).toBe(6063);
  });

  it('rejects series that are not offered', () => {
    expect(() => seriesNumberOf(3, fold(4))).toThrow(RangeError);
    expect(() => seriesNumberOf(3, fold(1))).toThrow(RangeError);
    expect(() => seriesNumberOf(2, cover(false))).toThrow(RangeError);
    expect(() => seriesNumberOf(7, cover(true))).toThrow(RangeError);
    expect(() => seriesNumberOf(11, fold(2))).toThrow(RangeError);
  });
});

describe('seriesReturn', () => {
  it('Trixie with leg 2 void, unit 10: stake 40 returns 130.09 (DOMAIN.md)', () => {
    const legs = [won('1.87'), { odds: '7.40', result: BetResult.Cancel }, won('2.35')];
    // doubles 1.87 + 4.3945 + 2.35, treble 4.3945: 13.009 per unit, exact
    const r = seriesReturn(legs, cover(false), 10);
    expect(r.betCount).toBe(4);
    expect(r.totalStake.toString()).toBe('40');
    expect(r.grossReturn.toString()).toBe('130.09');
  });

  it('treats a push like a void', () => {
    const legs = [won('1.87'), { odds: '7.40', result: BetResult.Return }, won('2.35')];
    expect(seriesReturn(legs, cover(false), 10).grossReturn.toString()).toBe('130.09');
  });

  it('pays the full seriesOdd when every leg wins, rounded half up', () => {
    const r = seriesReturn(TRIXIE_ODDS.map(won), cover(false), 10);
    expect(r.grossReturn.toString()).toBe('681.42');
  });

  it('pays only the bets without the lost leg', () => {
    const legs = [won('1.87'), won('7.40'), { odds: '2.35', result: BetResult.Lost }];
    expect(seriesReturn(legs, cover(false), 10).grossReturn.toString()).toBe('138.38');
    expect(seriesReturn(legs, fold(3), 10).grossReturn.toString()).toBe('0');
    expect(seriesReturn(legs, cover(true), 10).grossReturn.toString()).toBe('231.08');
  });

  it('uses (d + 1)/2 for a half win and 1/2 for a half loss (DOMAIN.md section 2)', () => {
    expect(seriesReturn([{ odds: '1.90', result: BetResult.WinReturn }, { odds: '3', result: BetResult.Cancel }], fold(2), 100).grossReturn.toString()).toBe('145');
    expect(seriesReturn([{ odds: '1.90', result: BetResult.LoseReturn }, { odds: '3', result: BetResult.Return }], fold(2), 100).grossReturn.toString()).toBe('50');
    expect(seriesReturn([{ odds: '1.90', result: BetResult.WinReturn }, won('2')], fold(2), 10).grossReturn.toString()).toBe('29');
  });

  it('rounds the total once, half up', () => {
    // 1.333 x 1.333 = 1.776889 per unit; x 3 = 5.330667
    expect(seriesReturn([won('1.333'), won('1.333')], fold(2), 3).grossReturn.toString()).toBe('5.33');
    // 0.5 x 0.5 x 2.02 = 0.505
    expect(seriesReturn([{ odds: '2', result: BetResult.LoseReturn }, { odds: '2', result: BetResult.LoseReturn }], fold(2), '2.02').grossReturn.toString()).toBe('0.51');
  });

  it('refuses unsettled legs and unknown results', () => {
    expect(() => seriesReturn([won('2'), { odds: '2', result: BetResult.NoResulted }], fold(2), 10)).toThrow(/not settled/);
    expect(() => seriesReturn([won('2'), { odds: '2', result: 1 as BetResult }], fold(2), 10)).toThrow(RangeError);
  });

  it('refuses bad stakes, odds, leg counts and kinds', () => {
    expect(() => seriesReturn([won('2'), won('2')], fold(2), -1)).toThrow(RangeError);
    expect(() => seriesReturn([won('2'), won('2')], fold(2), 'ten')).toThrow(RangeError);
    expect(() => seriesReturn([won('2'), won('0.5')], fold(2), 10)).toThrow(RangeError);
    expect(() => seriesReturn([won('2')], fold(2), 10)).toThrow(RangeError);
    expect(() => seriesReturn(Array(11).fill(won('2')), fold(2), 10)).toThrow(RangeError);
    expect(() => seriesReturn([won('2'), won('2')], cover(false), 10)).toThrow(RangeError);
    expect(() => seriesReturn([won('2'), won('2')], { type: 'system' } as unknown as SeriesKind, 10)).toThrow(RangeError);
  });
});

describe('potentialReturn (one rule for the slip, the platform and My bets)', () => {
  it('a single: 10 @ 1.62 returns 16.20, the price shown is the price paid', () => {
    expect(potentialReturn('10', betOdds(['1.62'], 0)).toFixed(2)).toBe('16.20');
  });

  it('S 100 at 1.90 returns 190 (DOMAIN.md section 2, a full win: S·d)', () => {
    expect(potentialReturn(100, '1.90').toFixed(2)).toBe('190.00');
  });

  it('Trixie on 1.87 / 7.40 / 2.35, unit 10 (stake 40): seriesOdd 68.1418, returns 681.42 as settlement pays it', () => {
    const odds = betOdds(TRIXIE_ODDS, 3004);
    expect(odds.toString()).toBe('68.1418');
    expect(potentialReturn(40, odds, 4).toFixed(2)).toBe('681.42');
    expect(potentialReturn(40, odds, 4)).toEqual(seriesReturn(TRIXIE_ODDS.map(won), cover(false), 10).grossReturn);
  });

  it('the accumulator of the Trixie legs: the product of the legs', () => {
    expect(betOdds(TRIXIE_ODDS, 3001).toString()).toBe('32.5193');
    expect(potentialReturn(10, betOdds(TRIXIE_ODDS, 3001)).toFixed(2)).toBe('325.19');
  });

  it('after a partial cash out: S 100 at 3.00, 60 keeps running at 3.00 and returns 180 (DOMAIN.md section 4)', () => {
    expect(potentialReturn(60, '3.00').toFixed(2)).toBe('180.00');
  });

  it('Malay -0.96, amount 10: risks 9.60 and returns 19.60 (DOMAIN.md section 1)', () => {
    const d = fromFormat('-0.96', OddsFormat.Malay);
    const { risk, win } = riskAndWin(10, d, OddsFormat.Malay);
    expect(risk.plus(win).toFixed(2)).toBe(potentialReturn(risk, d).toFixed(2));
    expect(potentialReturn(risk, d).toFixed(2)).toBe('19.60');
  });

  it('rounds once, half up, like settlement (3 @ 1.955 = 5.865 -> 5.87), never per bet', () => {
    expect(potentialReturn(3, '1.955').toFixed(2)).toBe('5.87');
    // a remaining stake of 10.00 over 3 bets is not a whole cent a bet; the division stays exact
    expect(potentialReturn('10.00', betOdds(TRIXIE_ODDS, 3004), 4).toFixed(2)).toBe('170.35');
  });

  it('refuses what is not a bet', () => {
    expect(() => betOdds(['1.5', '2'], 0)).toThrow(RangeError);
    expect(() => betOdds(['1.5', '2'], 3004)).toThrow(RangeError);
    expect(() => potentialReturn(-1, '2')).toThrow(RangeError);
    expect(() => potentialReturn(1, '2', 0)).toThrow(RangeError);
  });
});
