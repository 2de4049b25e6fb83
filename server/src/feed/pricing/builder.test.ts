import { describe, expect, it } from '@jest/globals';
import { BetResult } from '../codes';
import type { SettledTerms } from '../engine/settle';
import { asianProbability } from './asian';
import { builderShares, combinationWeights, fairProbability, footballScoreModel, pointsScoreModel, priceCombination, type BuilderLeg } from './builder';
import { discreteNormal, prob } from './distributions';
import { differenceDist, outcomes, scoreMatrix, totalDist } from './dixonColes';

// DOMAIN.md section 6's example: lambda 1.6, mu 1.1, rho -0.1 (home .478 / draw .273 / away .250, over 2.5 .506).
const M = scoreMatrix(1.6, 1.1, -0.1);
const N = 11;
const P = (i: number, j: number): number => M[i * N + j] as number;
const model = footballScoreModel(M, { home: 0, away: 0 });

const ft = (kind: string, line?: string, options: string[] = []): SettledTerms => ({ kind: kind as SettledTerms['kind'], period: 'ft', unit: 'goals', ...(line === undefined ? {} : { line }), options: options.map((type) => ({ type })) });
const leg = (terms: SettledTerms, optionType: string): BuilderLeg => ({ terms, optionType });
const HOME = leg(ft('win1x2'), 'home');
const OVER_25 = leg(ft('overUnder', '2.5'), 'over');

/** Sum of the matrix over the cells where `yes` holds, written out cell by cell. */
function sumWhere(yes: (home: number, away: number) => boolean): number {
  let sum = 0;
  for (let i = 0; i < N; i++) for (let j = 0; j < N; j++) if (yes(i, j)) sum += P(i, j);
  return sum;
}

describe('bet builder prices are exact sums over the score matrix', () => {
  it('home win and over 2.5: the sum of the cells where both hold, not the product of the singles', () => {
    const joint = sumWhere((h, a) => h > a && h + a >= 3);
    const probability = fairProbability(combinationWeights(model, [HOME, OVER_25]));
    expect(probability).toBeCloseTo(joint, 12);
    const singles = outcomes(M).home * prob(totalDist(M), (t) => t > 2.5);
    // The legs go together: the joint is well above the product the singles would make (about .31 against .24).
    expect(joint).toBeGreaterThan(singles + 0.05);
    // Price with a 10% margin, cut to 2 decimals.
    const priced = priceCombination(model, [HOME, OVER_25], 0.1);
    expect(priced).toEqual({ ok: true, odds: (Math.floor((1 / (joint * 1.1)) * 100 + 1e-7) / 100).toFixed(2), probability });
  });

  it('three legs: away +0.5, under 3.5 and an odd total hold together on 0:1, 1:2 and 0:3 only', () => {
    const legs = [leg(ft('handicap', '-0.5', ['home', 'away']), 'away'), leg(ft('overUnder', '3.5'), 'under'), leg(ft('oddEven'), 'odd')];
    // away +0.5 wins when home <= away; under 3.5 when the total is at most 3; odd total: 1 or 3 goals.
    const cells = [P(0, 1), P(1, 2), P(0, 3)];
    const joint = cells.reduce((a, b) => a + b, 0);
    expect(fairProbability(combinationWeights(model, legs))).toBeCloseTo(joint, 12);
  });

  it('quarter lines split as the settlement rule says: home -0.75 with over 2.25', () => {
    const legs = [leg(ft('handicap', '-0.75', ['home', 'away']), 'home'), leg(ft('overUnder', '2.25'), 'over')];
    // home -0.75: by 2 or more won (w 1), by exactly 1 half won, half pushed (w 1/2); otherwise lost.
    // over 2.25: 3+ goals won; exactly 2 half pushed, half lost (l 1/2); 0 or 1 lost.
    let win = 0;
    let lose = 0;
    for (let i = 0; i < N; i++) {
      for (let j = 0; j < N; j++) {
        const d = i - j;
        const t = i + j;
        const w1 = d >= 2 ? 1 : d === 1 ? 0.5 : 0;
        const l1 = d <= 0 ? 1 : 0;
        const w2 = t >= 3 ? 1 : 0;
        const l2 = t <= 1 ? 1 : t === 2 ? 0.5 : 0;
        win += P(i, j) * w1 * w2;
        lose += P(i, j) * (1 - (1 - l1) * (1 - l2));
      }
    }
    const weights = combinationWeights(model, legs);
    expect(weights.win).toBeCloseTo(win, 12);
    expect(weights.lose).toBeCloseTo(lose, 12);
    // 1:0 (home by 1, two goals short): the half-won handicap and the lost over lose the bet.
    expect(builderShares([BetResult.WinReturn, BetResult.Lost])).toEqual({ W: 0, N: 0 });
    // 2:0: handicap won, over half pushed: half the stake pushes, nothing wins: the bet returns half.
    expect(builderShares([BetResult.Won, BetResult.LoseReturn])).toEqual({ W: 0, N: 0.5 });
  });

  it('one leg alone is priced as its single (the same fair probability as the Asian line)', () => {
    const single = leg(ft('handicap', '-0.25', ['home', 'away']), 'home');
    expect(fairProbability(combinationWeights(model, [single]))).toBeCloseTo(asianProbability(differenceDist(M), -0.25) as number, 12);
  });

  it('refuses a contradictory combination: correct score 1:0 with over 2.5, and draw with home win', () => {
    const cs = ft('correctScore', undefined, ['0:0', '1:0', '0:1', 'other']);
    expect(priceCombination(model, [leg(cs, '1:0'), OVER_25], 0.1)).toMatchObject({ ok: false, reason: 'contradictory' });
    expect(priceCombination(model, [HOME, leg(ft('win1x2'), 'draw')], 0.1)).toMatchObject({ ok: false, reason: 'contradictory' });
    // And a consistent one is just its cell: 1:0 with home win and odd total.
    expect(fairProbability(combinationWeights(model, [leg(cs, '1:0'), HOME, leg(ft('oddEven'), 'odd')]))).toBeCloseTo(P(1, 0), 12);
  });

  it('an in-play model counts the goals already scored', () => {
    const live = footballScoreModel(scoreMatrix(0.4, 0.3, -0.1), { home: 2, away: 0 });
    // At 2:0, home win and over 1.5 is the home win alone (over 1.5 has already won).
    const joint = fairProbability(combinationWeights(live, [HOME, leg(ft('overUnder', '1.5'), 'over')]));
    expect(joint).toBeCloseTo(fairProbability(combinationWeights(live, [HOME])), 12);
  });

  it('a combination all but certain has no price', () => {
    const live = footballScoreModel(scoreMatrix(0.01, 0.01, -0.1), { home: 3, away: 0 });
    expect(priceCombination(live, [HOME, leg(ft('overUnder', '0.5'), 'over')], 0.1)).toMatchObject({ ok: false, reason: 'noPrice' });
  });
});

describe('basketball joint of margin and total', () => {
  const margin = discreteNormal(4, 13);
  const total = discreteNormal(220, 20);
  const joint = pointsScoreModel(margin, total, { home: 0, away: 0 }, true);
  const ml = (side: string) => leg({ kind: 'moneyLine', period: 'ft', unit: 'goals', options: [{ type: 'home' }, { type: 'away' }] }, side);
  const over = (line: string) => leg({ kind: 'total', period: 'ft', unit: 'goals', line, options: [{ type: 'over' }, { type: 'under' }] }, 'over');

  it('keeps the singles: the money line with overtime splitting a tie, and the total', () => {
    const single = prob(margin, (m) => m > 0) + prob(margin, (m) => m === 0) / 2;
    expect(fairProbability(combinationWeights(joint, [ml('home')]))).toBeCloseTo(single, 2);
    expect(fairProbability(combinationWeights(joint, [over('220.5')]))).toBeCloseTo(prob(total, (t) => t > 220.5), 2);
    expect(joint.p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    // No tie survives overtime.
    expect(joint.home.some((h, c) => h === joint.away[c])).toBe(false);
  });

  it('home and away cannot both win; a home win with a big total is priced from the joint', () => {
    expect(priceCombination(joint, [ml('home'), ml('away')], 0.1)).toMatchObject({ ok: false, reason: 'contradictory' });
    const both = fairProbability(combinationWeights(joint, [ml('home'), over('220.5')]));
    expect(both).toBeGreaterThan(0.2);
    expect(both).toBeLessThan(0.4);
  });
});
