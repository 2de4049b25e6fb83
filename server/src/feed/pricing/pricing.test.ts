import { describe, expect, it } from '@jest/globals';
import { asianProbability, formatLine } from './asian';
import { discreteNormal, prob } from './distributions';
import { outcomes, scoreMatrix, totalDist } from './dixonColes';
import { formatOdd, priceOptions } from './margin';
import { frameRace, rallyOutlook, rallySet } from './rally';
import { gameFrom, holdProbability, matchFromSet, matchOutlook, setOutcomes, tiebreakFrom } from './tennis';

describe('Dixon-Coles', () => {
  it('reproduces DOMAIN.md: lambda 1.6, mu 1.1, rho -0.1', () => {
    const m = scoreMatrix(1.6, 1.1, -0.1);
    const o = outcomes(m);
    expect(o.home).toBeCloseTo(0.478, 2);
    expect(Math.abs(o.home - 0.478)).toBeLessThanOrEqual(0.002);
    expect(Math.abs(o.draw - 0.273)).toBeLessThanOrEqual(0.002);
    expect(Math.abs(o.away - 0.25)).toBeLessThanOrEqual(0.002);
    const over = prob(totalDist(m), (t) => t > 2.5);
    expect(Math.abs(over - 0.506)).toBeLessThanOrEqual(0.002);
  });
});

describe('tennis formulas', () => {
  it('hold probability matches the closed form and the recursion', () => {
    expect(holdProbability(0.5)).toBeCloseTo(0.5, 10);
    expect(holdProbability(0.6)).toBeCloseTo(0.7357, 4);
    expect(holdProbability(0.65)).toBeCloseTo(0.8296, 4);
    for (const p of [0.55, 0.62, 0.7]) expect(gameFrom(p, 0, 0)).toBeCloseTo(holdProbability(p), 10);
  });

  it('best of 3 and best of 5 from a set probability', () => {
    expect(matchFromSet(0.6, 3)).toBeCloseTo(0.648, 10);
    expect(matchFromSet(0.6, 5)).toBeCloseTo(0.68256, 10);
    expect(matchFromSet(0.5, 5)).toBeCloseTo(0.5, 10);
  });

  it('a tie-break between equals is even, and a set splits its mass over legal scores', () => {
    expect(tiebreakFrom(0.64, 0.64, 0, 0, true)).toBeCloseTo(0.5, 10);
    const set = setOutcomes(0.64, 0.64, { gamesA: 0, gamesB: 0, aServes: true, pointsA: 0, pointsB: 0 });
    let sum = 0;
    let a = 0;
    for (const [key, v] of set) {
      sum += v;
      if (key >> 4 > (key & 15)) a += v;
    }
    expect(sum).toBeCloseTo(1, 10);
    expect(a).toBeCloseTo(0.5, 6);
  });

  it('the match DP agrees with the formula when sets are independent and even', () => {
    const o = matchOutlook(0.64, 0.64, 3, 0, 0, 0, { gamesA: 0, gamesB: 0, aServes: true, pointsA: 0, pointsB: 0 });
    expect(o.pMatch).toBeCloseTo(0.5, 6);
    const strong = matchOutlook(0.68, 0.6, 5, 0, 0, 0, { gamesA: 0, gamesB: 0, aServes: true, pointsA: 0, pointsB: 0 });
    expect(strong.pMatch).toBeGreaterThan(matchFromSet(strong.pSet, 5) - 0.02);
    expect(strong.pMatch).toBeLessThan(matchFromSet(strong.pSet, 5) + 0.02);
  });
});

describe('rally sets and frame races', () => {
  it('an even rally set is even and its totals are legal', () => {
    const set = rallySet(0.5, { target: 25 });
    const won = set.win.reduce((a, b) => a + b, 0);
    expect(won).toBeCloseTo(0.5, 6);
    for (let t = 0; t < 25; t++) expect(set.win[t]! + set.lose[t]!).toBe(0);
  });

  it('badminton stops at 30', () => {
    const set = rallySet(0.5, { target: 21, cap: 30 });
    for (let t = 60; t < set.win.length; t++) expect(set.win[t]! + set.lose[t]!).toBe(0);
  });

  it('match outlook adds up', () => {
    const o = rallyOutlook(0.53, 5, (i) => ({ target: i === 4 ? 15 : 25 }), 0, 0, 0, 0, 0);
    expect(o.pMatch).toBeGreaterThan(0.5);
    let sum = 0;
    for (const v of o.totalPoints.values()) sum += v;
    expect(sum).toBeCloseTo(1, 8);
  });

  it('frame race of equals is even', () => {
    expect(frameRace(0.5, 0.5, 4, 0, 0).pMatch).toBeCloseTo(0.5, 10);
  });
});

describe('asian lines and margin', () => {
  it('quarter lines split and sides add up', () => {
    const d = discreteNormal(0.3, 1.2);
    for (const line of [-1.25, -0.75, -0.5, -0.25, 0, 0.25, 0.75]) {
      const home = asianProbability(d, line) as number;
      const away = asianProbability({ offset: -d.offset - d.p.length + 1, p: d.p.slice().reverse() }, -line) as number;
      expect(home + away).toBeCloseTo(1, 10);
    }
    expect(formatLine(-0.75)).toBe('-0.75');
    expect(formatLine(-0)).toBe('0');
    expect(formatLine(2.5)).toBe('2.5');
  });

  it('prices carry the margin and refuse extremes', () => {
    const odds = priceOptions([0.5, 0.5], 0.05) as string[];
    expect(odds).toEqual(['1.90', '1.90']);
    expect(priceOptions([0.995, 0.005], 0.05)).toBeNull();
    expect(formatOdd(2)).toBe('2.00');
    // cut, not rounded: 1.629 is quoted 1.62, the price the list shows
    expect(formatOdd(1.629)).toBe('1.62');
  });
});
