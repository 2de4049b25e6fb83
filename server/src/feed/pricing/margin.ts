import { ODDS_DISPLAY_DECIMALS } from '../../../../domain/odds';
import type { MarketKey } from '../codes';

// Module-scope copies: under jest's vm context each global (Math) lookup is slower than the arithmetic.
const { floor } = Math;


/**
 * Bookmaker margin (overround = sum of 1/odds - 1) per market shape. Prices are proportional:
 * d = 1 / (p (1 + m)), so every market's implied probabilities add up to exactly 1 + m before the
 * odds are cut to ODDS_DISPLAY_DECIMALS (2) decimals.
 */
export interface Margins {
  /** Two outcomes: handicaps, totals, odd/even, money lines. */
  twoWay: number;
  /** Three outcomes: 1X2, first/last goal. */
  threeWay: number;
  /** More outcomes: correct score, total-goal bands, half-time/full-time. */
  multiWay: number;
  outright: number;
}

export const DEFAULT_MARGINS: Margins = { twoWay: 0.05, threeWay: 0.065, multiWay: 0.15, outright: 0.2 };

export const MIN_ODD = 1.01;
/** Longer prices are not offered: an option that unlikely leaves its market (or the correct-score list). */
export const MAX_ODD = 501;

export function marginFor(key: MarketKey, optionCount: number, margins: Margins): number {
  if (key === 'outright') return margins.outright;
  if (optionCount <= 2) return margins.twoWay;
  if (optionCount === 3) return margins.threeWay;
  return margins.multiWay;
}

/**
 * Cuts (never rounds up: the book does not give away the rounding) to the 2 decimals the app shows, so the price a
 * member sees is the price the bet is placed, recorded and settled at (docs/api.md, "Odds precision").
 */
export function formatOdd(decimal: number): string {
  return (floor(decimal * 100 + 1e-7) / 100).toFixed(ODDS_DISPLAY_DECIMALS);
}

/** Decimal odds for probabilities that add up to 1, or null when one of them would fall outside [MIN_ODD, MAX_ODD]. */
export function priceOptions(probabilities: readonly number[], margin: number): string[] | null {
  const out: string[] = [];
  for (const p of probabilities) {
    if (!(p > 0)) return null;
    const d = 1 / (p * (1 + margin));
    if (d < MIN_ODD || d > MAX_ODD) return null;
    out.push(formatOdd(d));
  }
  return out;
}
