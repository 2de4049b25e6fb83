import Decimal from 'decimal.js';
import { Exact, toExact, toPublic } from './decimal';
import { roundMoney } from './money';
import { parseDecimalOdds } from './odds';

/** Spec: a parlay holds at most 10 matches; a series needs at least 2 legs. */
export const MIN_SERIES_LEGS = 2;
export const MAX_SERIES_LEGS = 10;

/** Spec bet result codes (order and leg results). */
export enum BetResult {
  NoResulted = 0,
  Return = 2,
  Lost = 3,
  Won = 4,
  WinReturn = 5,
  LoseReturn = 6,
  Cancel = 7,
}

/**
 * A series is either every k-fold of the n legs ("k串1", C(n, k) bets; k = n is
 * the plain accumulator) or a named full cover of all n legs.
 */
export type SeriesKind = { readonly type: 'fold'; readonly size: number } | { readonly type: 'fullCover'; readonly withSingles: boolean };

export interface FullCover {
  readonly legs: number;
  readonly withSingles: boolean;
  readonly bets: number;
  readonly name: string;
  readonly i18nKey: string;
}

/** DOMAIN.md section 3. Only these full covers are offered; the table has no 7+ leg covers with singles. */
export const FULL_COVERS: readonly FullCover[] = [
  { legs: 3, withSingles: false, bets: 4, name: 'Trixie', i18nKey: 'series.trixie' },
  { legs: 3, withSingles: true, bets: 7, name: 'Patent', i18nKey: 'series.patent' },
  { legs: 4, withSingles: false, bets: 11, name: 'Yankee', i18nKey: 'series.yankee' },
  { legs: 4, withSingles: true, bets: 15, name: 'Lucky 15', i18nKey: 'series.lucky15' },
  { legs: 5, withSingles: false, bets: 26, name: 'Canadian', i18nKey: 'series.canadian' },
  { legs: 5, withSingles: true, bets: 31, name: 'Lucky 31', i18nKey: 'series.lucky31' },
  { legs: 6, withSingles: false, bets: 57, name: 'Heinz', i18nKey: 'series.heinz' },
  { legs: 6, withSingles: true, bets: 63, name: 'Lucky 63', i18nKey: 'series.lucky63' },
  { legs: 7, withSingles: false, bets: 120, name: 'Super Heinz', i18nKey: 'series.superHeinz' },
  { legs: 8, withSingles: false, bets: 247, name: 'Goliath', i18nKey: 'series.goliath' },
];

export interface SeriesOption {
  readonly kind: SeriesKind;
  /** See `seriesNumberOf`. */
  readonly seriesNumber: number;
  /** Selections in the slip (n). */
  readonly legs: number;
  /** Asian name, "N串M": "2串1" for the doubles, "3串4" for a Trixie. */
  readonly asianName: string;
  /** Full covers only: `series.trixie` etc. */
  readonly i18nKey?: string;
  /** Bets in this series. */
  readonly combination: number;
  /** Bets the unit stake is placed on: total stake = unit stake x betCount. */
  readonly betCount: number;
  /** Return per unit stake if every leg wins: sum over the bets of the product of their legs' odds. */
  readonly seriesOdd: Decimal;
}

function assertCount(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a non-negative integer, got ${String(value)}`);
}

/** C(n, k); 0 when k > n. Exact for every n this domain uses. */
export function combinations(n: number, k: number): number {
  assertCount(n, 'n');
  assertCount(k, 'k');
  if (k > n) return 0;
  const r = Math.min(k, n - k);
  let result = 1;
  // Each partial product is itself a binomial coefficient, so the division is exact.
  for (let i = 1; i <= r; i++) result = (result * (n - r + i)) / i;
  return result;
}

/** "N串M": N selections, M bets. */
export function asianName(n: number, m: number): string {
  if (!Number.isSafeInteger(n) || n < 1 || !Number.isSafeInteger(m) || m < 1) {
    throw new RangeError(`Series name needs positive integers, got ${String(n)} and ${String(m)}`);
  }
  return `${n}串${m}`;
}

function assertLegCount(n: number): void {
  if (!Number.isSafeInteger(n) || n < MIN_SERIES_LEGS || n > MAX_SERIES_LEGS) {
    throw new RangeError(`A series needs ${MIN_SERIES_LEGS} to ${MAX_SERIES_LEGS} legs, got ${String(n)}`);
  }
}

function fullCoverOf(n: number, withSingles: boolean): FullCover | undefined {
  return FULL_COVERS.find((c) => c.legs === n && c.withSingles === withSingles);
}

/** The named full cover a series number (N x 1000 + M) stands for, e.g. 3004 a Trixie; undefined for k-folds. */
export function fullCoverOfSeries(seriesNumber: number): FullCover | undefined {
  const legs = Math.floor(seriesNumber / 1000);
  const bets = seriesNumber % 1000;
  return FULL_COVERS.find((c) => c.legs === legs && c.bets === bets);
}

/** Fold sizes that make up a series of n legs. Throws when the kind is not offered for n. */
function sizesOf(n: number, kind: SeriesKind): number[] {
  if (kind?.type === 'fold') {
    if (!Number.isSafeInteger(kind.size) || kind.size < MIN_SERIES_LEGS || kind.size > n) {
      throw new RangeError(`A fold of ${n} legs needs a size from ${MIN_SERIES_LEGS} to ${n}, got ${String(kind.size)}`);
    }
    return [kind.size];
  }
  if (kind?.type === 'fullCover') {
    if (!fullCoverOf(n, kind.withSingles)) {
      throw new RangeError(`No full cover ${kind.withSingles ? 'with' : 'without'} singles is offered for ${n} legs`);
    }
    const sizes: number[] = [];
    for (let k = kind.withSingles ? 1 : 2; k <= n; k++) sizes.push(k);
    return sizes;
  }
  throw new RangeError(`Unknown series kind: ${JSON.stringify(kind)}`);
}

function betCountOf(n: number, sizes: readonly number[]): number {
  return sizes.reduce((sum, k) => sum + combinations(n, k), 0);
}

/**
 * Numbering: the series' Asian name read as N * 1000 + M. The k-folds ("k串1")
 * are k * 1000 + 1 (2001 doubles, 3001 trebles, n001 the accumulator); a full
 * cover of n legs with M bets is n * 1000 + M (3004 Trixie, 3007 Patent,
 * 8247 Goliath). Numbers are unique within a slip and never 0, so the spec's
 * "0 = full combination set" value is left to the server mapping.
 */
export function seriesNumberOf(n: number, kind: SeriesKind): number {
  assertLegCount(n);
  const sizes = sizesOf(n, kind);
  return kind.type === 'fold' ? kind.size * 1000 + 1 : n * 1000 + betCountOf(n, sizes);
}

/**
 * Elementary symmetric sums: e[k] = sum over every k-leg subset of the product
 * of its factors. A k-fold series pays e[k] per unit, a full cover the sum of
 * its sizes' e[k]; this is C(n, k) products without enumerating them.
 */
function symmetricSums(factors: readonly Decimal[]): Decimal[] {
  const e: Decimal[] = [new Exact(1), ...factors.map(() => new Exact(0))];
  factors.forEach((x, i) => {
    for (let k = i + 1; k >= 1; k--) e[k] = e[k].plus(e[k - 1].times(x));
  });
  return e;
}

function sumOver(e: readonly Decimal[], sizes: readonly number[]): Decimal {
  return sizes.reduce((sum, k) => sum.plus(e[k]), new Exact(0));
}

function option(n: number, kind: SeriesKind, e: readonly Decimal[]): SeriesOption {
  const sizes = sizesOf(n, kind);
  const bets = betCountOf(n, sizes);
  const cover = kind.type === 'fullCover' ? fullCoverOf(n, kind.withSingles) : undefined;
  return {
    kind,
    seriesNumber: seriesNumberOf(n, kind),
    legs: n,
    asianName: kind.type === 'fold' ? asianName(kind.size, 1) : asianName(n, bets),
    ...(cover ? { i18nKey: cover.i18nKey } : {}),
    combination: bets,
    betCount: bets,
    seriesOdd: toPublic(sumOver(e, sizes)),
  };
}

/**
 * Every series offered for these legs' decimal odds: the k-folds for k = 2..n,
 * then the full covers of FULL_COVERS for n legs (without singles first).
 */
export function seriesOptions(legOdds: readonly Decimal.Value[]): SeriesOption[] {
  if (!Array.isArray(legOdds)) throw new RangeError('Leg odds must be a list');
  assertLegCount(legOdds.length);
  const n = legOdds.length;
  const e = symmetricSums(legOdds.map((d) => new Exact(parseDecimalOdds(d))));
  const kinds: SeriesKind[] = [];
  for (let k = MIN_SERIES_LEGS; k <= n; k++) kinds.push({ type: 'fold', size: k });
  for (const withSingles of [false, true]) {
    if (fullCoverOf(n, withSingles)) kinds.push({ type: 'fullCover', withSingles });
  }
  return kinds.map((kind) => option(n, kind, e));
}

/**
 * The decimal odds one unit of a bet returns when every leg wins: a single's price (series number 0), a series' exact
 * seriesOdd. The platform records an order at these odds and the app recomputes them from the legs, so both ask
 * `potentialReturn` (odds.ts) the same question.
 */
export function betOdds(legOdds: readonly Decimal.Value[], seriesNumber: number): Decimal {
  if (!Array.isArray(legOdds)) throw new RangeError('Leg odds must be a list');
  if (seriesNumber === 0) {
    if (legOdds.length !== 1) throw new RangeError(`A single has one leg, got ${legOdds.length}`);
    return parseDecimalOdds(legOdds[0]!);
  }
  const option = seriesOptions(legOdds).find((s) => s.seriesNumber === seriesNumber);
  if (!option) throw new RangeError(`Series ${String(seriesNumber)} is not offered for ${legOdds.length} legs`);
  return option.seriesOdd;
}

export interface SettledLeg {
  readonly odds: Decimal.Value;
  readonly result: BetResult;
}

export interface SeriesReturn {
  readonly betCount: number;
  /** unit stake x betCount, to 2 decimals. */
  readonly totalStake: Decimal;
  /** Gross return (stakes included), to 2 decimals. */
  readonly grossReturn: Decimal;
}

/** What one unit on a leg turns into (DOMAIN.md sections 2 and 3). */
function legFactor(leg: SettledLeg, index: number): Decimal {
  const d = new Exact(parseDecimalOdds(leg.odds));
  switch (leg.result) {
    case BetResult.Won:
      return d;
    case BetResult.Lost:
      return new Exact(0);
    case BetResult.Return:
    case BetResult.Cancel:
      return new Exact(1);
    case BetResult.WinReturn:
      return d.plus(1).div(2);
    case BetResult.LoseReturn:
      return new Exact('0.5');
    case BetResult.NoResulted:
      throw new RangeError(`Leg ${index + 1} is not settled yet`);
  }
  throw new RangeError(`Leg ${index + 1} has an unknown result: ${String(leg.result)}`);
}

/**
 * Gross return of a settled series: every bet pays unit x the product of its
 * legs' factors (won d, lost 0, void/push 1, half win (d + 1)/2, half loss 1/2).
 * The total is rounded once, half up to 2 decimals, so per-bet rounding cannot
 * add up; with exact factors the Trixie example comes to exactly 130.09.
 */
export function seriesReturn(legs: readonly SettledLeg[], kind: SeriesKind, unitStake: Decimal.Value): SeriesReturn {
  if (!Array.isArray(legs)) throw new RangeError('Legs must be a list');
  assertLegCount(legs.length);
  const unit = toExact(unitStake, 'Unit stake');
  if (unit.isNeg() && !unit.isZero()) throw new RangeError(`Unit stake must not be negative, got ${unit.toString()}`);
  const n = legs.length;
  const sizes = sizesOf(n, kind);
  const betCount = betCountOf(n, sizes);
  const e = symmetricSums(legs.map(legFactor));
  return {
    betCount,
    totalStake: roundMoney(unit.times(betCount)),
    grossReturn: roundMoney(unit.times(sumOver(e, sizes))),
  };
}
