import Decimal from 'decimal.js';
import { Exact, toExact, toPublic } from './decimal';
import { roundMoney } from './money';
import { textCache } from './textCache';

/** Spec ids: decimal (Europe) 1, Hong Kong 2, Malaysia 3, Indonesia 4. */
export enum OddsFormat {
  Europe = 1,
  HongKong = 2,
  Malay = 3,
  Indonesian = 4,
}

export interface OddsFormatInfo {
  readonly id: OddsFormat;
  readonly i18nKey: string;
}

export const ODDS_FORMATS: readonly OddsFormatInfo[] = [
  { id: OddsFormat.Europe, i18nKey: 'odds.format.europe' },
  { id: OddsFormat.HongKong, i18nKey: 'odds.format.hongKong' },
  { id: OddsFormat.Malay, i18nKey: 'odds.format.malay' },
  { id: OddsFormat.Indonesian, i18nKey: 'odds.format.indonesian' },
];

/** Spec: default in the bet store. It equals the default handicap, which the app applies to every price. */
export const DEFAULT_BET_ODDS_FORMAT = OddsFormat.Europe;
/**
 * Spec: default in the list filter. Not applied: one member format drives the list and the slip, so a price never
 * reads two ways (docs/architecture.md "Odds formats").
 */
export const DEFAULT_LIST_ODDS_FORMAT = OddsFormat.HongKong;
/** Spec: default handicap (user setting). */
export const DEFAULT_HANDICAP_FORMAT = OddsFormat.Europe;

/**
 * Decimal places shown for every format, and the precision the platform quotes decimal odds at (docs/api.md, "Odds
 * precision"): a price in a list, the slip and My bets is the price that is paid, with no hidden third decimal.
 */
export const ODDS_DISPLAY_DECIMALS = 2;

/**
 * Decimal odds recovered by `fromFormat` are rounded to this many places.
 * Malay and Indonesian negatives are reciprocals with endless expansions; ten
 * places is far past the 3 a book stores and makes every round trip exact.
 */
export const DECIMAL_ODDS_PLACES = 10;

// Reciprocals are kept to 20 significant digits: enough that the way back lands
// within 1e-18 of the original, short enough to read in a debugger.
const RECIPROCAL_DIGITS = 20;

export function isOddsFormat(value: unknown): value is OddsFormat {
  return ODDS_FORMATS.some((f) => f.id === value);
}

function assertFormat(format: OddsFormat): void {
  if (!isOddsFormat(format)) throw new RangeError(`Unknown odds format: ${String(format)}`);
}

function exactDecimalOdds(value: Decimal.Value): Decimal {
  const d = toExact(value, 'Decimal odds');
  if (d.lte(1)) throw new RangeError(`Decimal odds must be greater than 1, got ${d.toString()}`);
  return d;
}

function negativeReciprocal(value: Decimal): Decimal {
  return new Exact(-1).div(value).toSignificantDigits(RECIPROCAL_DIGITS, Decimal.ROUND_HALF_UP);
}

function exactToFormat(d: Decimal, format: OddsFormat): Decimal {
  const profit = d.minus(1);
  switch (format) {
    case OddsFormat.Europe:
      return d;
    case OddsFormat.HongKong:
      return profit;
    case OddsFormat.Malay:
      return d.lte(2) ? profit : negativeReciprocal(profit);
    case OddsFormat.Indonesian:
      return d.gte(2) ? profit : negativeReciprocal(profit);
  }
  throw new RangeError(`Unknown odds format: ${String(format)}`);
}

/** Validates decimal odds (> 1, numeric) and returns them as a Decimal. */
export function parseDecimalOdds(value: Decimal.Value): Decimal {
  return toPublic(exactDecimalOdds(value));
}

/** Decimal odds in the given format, unrounded (see DOMAIN.md section 1). */
export function toFormat(decimalOdds: Decimal.Value, format: OddsFormat): Decimal {
  assertFormat(format);
  return toPublic(exactToFormat(exactDecimalOdds(decimalOdds), format));
}

/** A price quoted in `format` back to decimal odds, rounded to DECIMAL_ODDS_PLACES. */
export function fromFormat(value: Decimal.Value, format: OddsFormat): Decimal {
  assertFormat(format);
  const v = toExact(value, 'Odds');
  const invalid = (range: string) => new RangeError(`${OddsFormat[format]} odds must be ${range}, got ${v.toString()}`);
  let d: Decimal;
  switch (format) {
    case OddsFormat.Europe:
      if (v.lte(1)) throw invalid('greater than 1');
      d = v;
      break;
    case OddsFormat.HongKong:
      if (v.lte(0)) throw invalid('greater than 0');
      d = v.plus(1);
      break;
    case OddsFormat.Malay:
      if (v.isZero() || v.abs().gt(1)) throw invalid('between -1 and 1, not 0');
      d = v.isPos() ? v.plus(1) : new Exact(1).minus(new Exact(1).div(v));
      break;
    case OddsFormat.Indonesian:
      if (v.abs().lt(1)) throw invalid('at least 1 or at most -1');
      d = v.isPos() ? v.plus(1) : new Exact(1).minus(new Exact(1).div(v));
      break;
  }
  return toPublic(d.toDecimalPlaces(DECIMAL_ODDS_PLACES, Decimal.ROUND_HALF_UP));
}

/**
 * What a price is on, which decides the format it is shown in (docs/architecture.md "Odds formats"):
 * - `twoWay`: a market of exactly two outcomes (handicap, over/under, odd/even, money line, ...);
 * - `multiWay`: a market of three or more (1X2, correct score, double chance, first goal scorer, outrights, ...);
 * - `parlay`: a parlay or series, its combined odds and its legs, which multiply as decimal odds.
 */
export type PriceKind = 'twoWay' | 'multiWay' | 'parlay';

/**
 * The kind of a price on a market with `outcomeCount` outcomes (the options of the market on the wire). A count
 * the app does not know (0) reads as multi-way, so an unknown market shows decimal odds, which are never wrong.
 */
export function priceKindOf(outcomeCount: number): PriceKind {
  return outcomeCount === 2 ? 'twoWay' : 'multiWay';
}

/**
 * The format a price is shown in: the Asian-book convention (SBOBET, Maxbet). Hong Kong, Malay and Indonesian odds
 * express one side of an even contest (negative Malay / Indonesian only make sense against a single opponent), so
 * only two-way markets take the member's format; multi-way markets and parlays show decimal whatever they chose.
 * Every price on screen, the slip's stake maths and the price sent with a bet go through this one function.
 */
export function displayOddsFormat(chosen: OddsFormat, kind: PriceKind): OddsFormat {
  return kind === 'twoWay' ? chosen : OddsFormat.Europe;
}

/**
 * Display text with 2 decimals, truncated towards zero: "0.95", "-0.71".
 *
 * Asian books truncate rather than round. Europe is truncated too so that the
 * formats shown for one price agree with each other (Europe always reads as
 * Hong Kong + 1) and the screen never shows a price above the one that is paid.
 * Truncating never carries a price across +-1, so Malay stays within -1..1 and
 * Indonesian outside it. A price that would truncate to zero (Malay beyond decimal
 * odds 101, where -1/(d - 1) is above -0.01) keeps the decimals up to its first
 * significant digit instead ("-0.002"): "-0.00" would say the bet risks nothing.
 */
export function formatOdds(decimalOdds: Decimal.Value, format: OddsFormat): string {
  const value = toFormat(decimalOdds, format);
  // `e` is the exponent of the first significant digit: -3 for 0.002, so 3 decimals reach it.
  return value.toFixed(Math.max(ODDS_DISPLAY_DECIMALS, -value.e), Decimal.ROUND_DOWN);
}

/** A price as shown: decimal odds in the format the member's choice gives for what the price is on. */
export function formatPrice(decimalOdds: Decimal.Value, chosen: OddsFormat, kind: PriceKind): string {
  const format = displayOddsFormat(chosen, kind);
  // Prices come as wire strings; a Decimal passed in has no cheap key.
  if (typeof decimalOdds !== 'string') return formatOdds(decimalOdds, format);
  return priceTexts(`${format}|${decimalOdds}`, () => formatOdds(decimalOdds, format));
}

const priceTexts = textCache();

/**
 * What a bet returns if it wins, stake included: the stake running on it x its decimal odds per unit (a single's
 * price, a series' seriesOdd), spread over its `betCount` bets, rounded once, half up, to the cent. Settlement pays a
 * winning bet with the same single rounding (seriesReturn), and the slip, the order the platform records and My bets
 * all call this, so the return shown anywhere is the return paid.
 */
export function potentialReturn(stake: Decimal.Value, odds: Decimal.Value, betCount = 1): Decimal {
  const amount = toExact(stake, 'Stake');
  if (amount.isNeg() && !amount.isZero()) throw new RangeError(`Stake must not be negative, got ${amount.toString()}`);
  if (!Number.isSafeInteger(betCount) || betCount < 1) throw new RangeError(`Bet count must be a positive integer, got ${String(betCount)}`);
  return roundMoney(amount.times(exactDecimalOdds(odds)).div(betCount));
}

export interface RiskAndWin {
  /** What the bettor loses if the bet loses. */
  readonly risk: Decimal;
  /** Net profit if the bet wins (stake not included). */
  readonly win: Decimal;
}

/**
 * Risk and net win for an amount entered against a price shown in `format`.
 *
 * Positive prices: risk = amount, win = amount x price (Europe: amount x (d - 1)).
 * Negative Malay/Indonesian: the risk is amount x |price| (half up to the cent),
 * the win what that risk returns at the bet's decimal odds less the risk: the
 * amount typed, give or take the cent the risk was rounded by. Either way risk +
 * win is `potentialReturn(risk, d)`, the return the platform records and pays.
 */
export function riskAndWin(stake: Decimal.Value, decimalOdds: Decimal.Value, format: OddsFormat): RiskAndWin {
  assertFormat(format);
  const amount = toExact(stake, 'Stake');
  if (amount.isNeg() && !amount.isZero()) throw new RangeError(`Stake must not be negative, got ${amount.toString()}`);
  const d = exactDecimalOdds(decimalOdds);
  const price = format === OddsFormat.Europe ? d.minus(1) : exactToFormat(d, format);
  const risk = roundMoney(price.isNeg() ? amount.times(price.abs()) : amount);
  return { risk, win: toPublic(new Exact(potentialReturn(risk, d)).minus(risk)) };
}
