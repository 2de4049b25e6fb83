import { BetResult } from '../codes';
import { settleOption, type SettledTerms } from '../engine/settle';
import type { FinalScores, Pair } from '../types';
import type { Dist } from './distributions';
import { matrixSide } from './dixonColes';
import { formatOdd, MAX_ODD, MIN_ODD } from './margin';

/**
 * Bet builder pricing (docs/architecture.md "Bet builder"). A match's model gives the joint distribution of its final
 * full-time score; every market a builder takes is settled on that score alone (domain/builder.ts), so the chance
 * of a combination is an exact sum over the distribution, with each leg judged cell by cell by the same settleOption
 * that settles it. No simulation, and the correlation between the legs (home win and over 2.5 go together) is in the
 * sum, not lost in a product of singles.
 *
 * Pushes and quarter lines follow the Asian rule (DOMAIN.md section 2), generalised: the stake splits into sub-bets,
 * one per choice of half of every quarter-line leg; a sub-bet with a lost leg loses, one with every leg won pays the
 * builder odds D, any other (a leg pushed) returns its stake. Per final score a leg then has a win weight w (won 1,
 * half won 1/2) and a lose weight l (lost 1, half lost 1/2), and the bet returns
 *   stake x (D x W + N - W),  W = prod w,  N = prod (1 - l)
 * (W the share of sub-bets that win, N - W the share pushed). A stake-returning bet is fair when D = (Win + Lose) / Win
 * over the distribution (Win = E[W], Lose = E[1 - N]), the single's formula (asian.ts asianWeights) for one leg.
 */

/** Joint distribution of the final full-time score: P(home = home[i] and away = away[i]) = p[i]. */
export interface ScoreModel {
  home: Int32Array;
  away: Int32Array;
  p: Float64Array;
}

/** Cells below this are dropped (their total is far below the 2-decimal price). */
const CELL_FLOOR = 1e-12;

/** The Dixon-Coles matrix of the goals still to come (dixonColes.ts scoreMatrix) on top of the current score. */
export function footballScoreModel(matrix: Float64Array, goals: Pair): ScoreModel {
  const n = matrixSide(matrix);
  const cells: Array<[number, number, number]> = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const p = matrix[i * n + j] as number;
      if (p >= CELL_FLOOR) cells.push([goals.home + i, goals.away + j, p]);
    }
  }
  return modelOf(cells);
}

/**
 * A points game (basketball) from the two distributions its singles are priced from: the final margin M (home minus
 * away) and the final total T (points.ts normalOutlook). The singles' model treats them as independent (equal
 * variances of the teams' points make M and T uncorrelated); the joint keeps that and adds what the singles cannot
 * see: home = (T + M) / 2 and away = (T - M) / 2 are whole numbers no lower than the current score, so M and T have
 * the same parity. A tie at the end of regulation goes to overtime: its mass is split evenly between a one-point home
 * and away win one point later, which keeps the money line's "tie splits" rule (points.ts winnerMarket 'overtime').
 */
export function pointsScoreModel(margin: Dist, total: Dist, current: Pair, overtime: boolean): ScoreModel {
  const cells: Array<[number, number, number]> = [];
  for (let i = 0; i < margin.p.length; i++) {
    const pm = margin.p[i] as number;
    if (pm < CELL_FLOOR) continue;
    const m = margin.offset + i;
    for (let k = 0; k < total.p.length; k++) {
      const t = total.offset + k;
      if (((t + m) & 1) !== 0) continue;
      const p = pm * (total.p[k] as number);
      if (p < CELL_FLOOR) continue;
      const home = (t + m) / 2;
      const away = (t - m) / 2;
      if (home < current.home || away < current.away) continue;
      if (m === 0 && overtime) {
        cells.push([home + 1, away, p / 2], [home, away + 1, p / 2]);
      } else cells.push([home, away, p]);
    }
  }
  return modelOf(cells);
}

function modelOf(cells: ReadonlyArray<[number, number, number]>): ScoreModel {
  const model: ScoreModel = { home: new Int32Array(cells.length), away: new Int32Array(cells.length), p: new Float64Array(cells.length) };
  let sum = 0;
  for (const [, , p] of cells) sum += p;
  cells.forEach(([h, a, p], i) => {
    model.home[i] = h;
    model.away[i] = a;
    model.p[i] = p / sum;
  });
  return model;
}

/** One selection of a builder: its market's terms (a feed market or a leg's stored snapshot) and the option taken. */
export interface BuilderLeg {
  terms: SettledTerms;
  optionType: string;
}

/** The sums the price is made of: E[W] (the bet wins) and E[1 - N] (it loses); the rest of the mass pushes. */
export interface CombinationWeights {
  win: number;
  lose: number;
}

/** A leg's (win, lose) weights for one result code; a void leg (it cannot be, all legs share one period) pushes. */
export function legWeights(result: BetResult): { w: number; l: number } {
  switch (result) {
    case BetResult.Won:
      return { w: 1, l: 0 };
    case BetResult.WinReturn:
      return { w: 0.5, l: 0 };
    case BetResult.Lost:
      return { w: 0, l: 1 };
    case BetResult.LoseReturn:
      return { w: 0, l: 0.5 };
    default:
      return { w: 0, l: 0 };
  }
}

/** Kinds settled on the goal difference alone, and on the total alone: their result is computed once per value. */
const ON_DIFFERENCE: ReadonlySet<string> = new Set(['win1x2', 'moneyLine', 'handicap', 'spread']);
const ON_TOTAL: ReadonlySet<string> = new Set(['overUnder', 'total', 'oddEven', 'totalGoals']);

/**
 * One leg's (win, lose) weights in every cell of the model, from settleOption on the cell's score. A leg on the
 * difference or the total is settled once per distinct value (a basketball joint has some 13,000 cells but a few
 * hundred margins and totals), the others once per cell.
 */
function legTable(model: ScoreModel, leg: BuilderLeg): { w: Float64Array; l: Float64Array } {
  const cells = model.p.length;
  const w = new Float64Array(cells);
  const l = new Float64Array(cells);
  const pair = { home: 0, away: 0 };
  const final: FinalScores = { periods: { ft: { goals: pair, points: pair } }, completed: ['ft'], winner: null };
  const byValue = new Map<number, { w: number; l: number }>();
  const key = ON_DIFFERENCE.has(leg.terms.kind) ? (h: number, a: number) => h - a : ON_TOTAL.has(leg.terms.kind) ? (h: number, a: number) => h + a : undefined;
  for (let c = 0; c < cells; c++) {
    const h = model.home[c] as number;
    const a = model.away[c] as number;
    const value = key?.(h, a);
    let weights = value === undefined ? undefined : byValue.get(value);
    if (!weights) {
      pair.home = h;
      pair.away = a;
      final.winner = h > a ? 'home' : a > h ? 'away' : 'draw';
      weights = legWeights(settleOption(leg.terms, leg.optionType, final, 0));
      if (value !== undefined) byValue.set(value, weights);
    }
    w[c] = weights.w;
    l[c] = weights.l;
  }
  return { w, l };
}

/** The exact win and lose weights of the combination over the model. */
export function combinationWeights(model: ScoreModel, legs: readonly BuilderLeg[]): CombinationWeights {
  const tables = legs.map((leg) => legTable(model, leg));
  let win = 0;
  let lose = 0;
  for (let c = 0; c < model.p.length; c++) {
    let W = 1;
    let N = 1;
    for (const t of tables) {
      W *= t.w[c] as number;
      N *= 1 - (t.l[c] as number);
    }
    const p = model.p[c] as number;
    win += p * W;
    lose += p * (1 - N);
  }
  return { win, lose };
}

/** The combination's fair probability (win / (win + lose)), or 0 when it cannot win. */
export function fairProbability(weights: CombinationWeights): number {
  const total = weights.win + weights.lose;
  return weights.win > 1e-12 && total > 0 ? weights.win / total : 0;
}

export type BuilderPrice = { ok: true; odds: string; probability: number } | { ok: false; reason: 'contradictory' | 'noPrice'; probability: number };

/**
 * The builder's decimal odds with the margin: d = 1 / (p (1 + margin)), cut to 2 decimals like every price (margin.ts
 * formatOdd). A combination that cannot win is contradictory; one priced outside [MIN_ODD, MAX_ODD] has no price.
 */
export function priceCombination(model: ScoreModel, legs: readonly BuilderLeg[], margin: number): BuilderPrice {
  const probability = fairProbability(combinationWeights(model, legs));
  if (probability <= 0) return { ok: false, reason: 'contradictory', probability };
  const d = 1 / (probability * (1 + margin));
  if (d < MIN_ODD || d > MAX_ODD) return { ok: false, reason: 'noPrice', probability };
  return { ok: true, odds: formatOdd(d), probability };
}

/** The settled leg results' share of sub-bets that win (W) and that do not lose (N): the return is stake x (D W + N - W). */
export function builderShares(results: readonly BetResult[]): { W: number; N: number } {
  let W = 1;
  let N = 1;
  for (const r of results) {
    const { w, l } = legWeights(r);
    W *= w;
    N *= 1 - l;
  }
  return { W, N };
}
