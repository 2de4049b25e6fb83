import Decimal from 'decimal.js';
import type * as z from 'zod/mini';
import type { betOptionRequestSchema } from '../../../contract/betting';
import { fromFormat, OddsFormat, toFormat } from '../../../domain/odds';
import type { PlatformConfig } from '../config/platformConfig';
import type { FeedPrices, FeedViews, Fixture, Market, Option } from '../feed';
import { ApiError } from '../http/envelope';
import { Money, type Currency, type MoneyValue } from '../money';
import { BetError, OddsChange } from './codes';

/** A rule of the book said no: the betting family's `{ code, errcode, msg }` with the status the code implies. */
export class BetRefused extends ApiError {
  constructor(code: BetError, message: string) {
    super(statusOf(code), code, message);
    this.name = 'BetRefused';
  }
}

function statusOf(code: BetError): number {
  if (code === BetError.OrderNotFound || code === BetError.ReservationNotFound) return 404;
  if (code === BetError.SportNotOffered) return 403;
  if (code >= 15001 && code <= 15005) return 409;
  if (code === BetError.MatchStarted || code === BetError.ScoreChanged || code === BetError.CashOutUnavailable || code === BetError.ReservationClosed || code === BetError.EditUnavailable) return 409;
  return 422;
}

/** The spec's wording of each refusal (section 8), so an order's rejectReason reads like the app's notice. */
export const REFUSAL_TEXT: Record<BetError, string> = {
  [BetError.MarketSuspended]: 'Market suspended',
  [BetError.HandicapClosed]: 'Handicap closed',
  [BetError.MarketLineChanged]: 'Market line changed',
  [BetError.HandicapChanged]: 'Handicap changed',
  [BetError.OddsChanged]: 'Odds changed',
  [BetError.BelowRange]: 'Below the range',
  [BetError.ExceedRange]: 'Exceed the range',
  [BetError.InsufficientBalance]: 'Insufficient balance',
  [BetError.ParlayNotAllowed]: 'Parlay not allowed',
  [BetError.TooManyMatches]: 'Too many matches',
  [BetError.SameMatchTwice]: 'One selection per match',
  [BetError.SeriesNotOffered]: 'Series not offered',
  [BetError.MatchStarted]: 'Match started',
  [BetError.ScoreChanged]: 'Score changed',
  [BetError.SportNotOffered]: 'Sport not offered',
  [BetError.BuilderRefused]: 'Bet builder refused',
  [BetError.OrderNotFound]: 'Order not found',
  [BetError.CashOutUnavailable]: 'Cash out unavailable',
  [BetError.ReservationNotFound]: 'Pre-bet not found',
  [BetError.ReservationClosed]: 'Pre-bet can no longer change',
  [BetError.ReservationOddsTooLow]: 'Pre-bet odds must be above the current odds',
  [BetError.TooManyReservations]: 'Too many pre-bets',
  [BetError.EditUnavailable]: 'Bet cannot be edited',
};

export function refuse(code: BetError, detail?: string): BetRefused {
  return new BetRefused(code, detail ? `${REFUSAL_TEXT[code]}: ${detail}` : REFUSAL_TEXT[code]);
}

/** CNY amounts of the config in a member's currency: minimums round up, maximums down, to the cent. */
export function inCurrency(config: PlatformConfig, cny: string, currency: Currency, direction: 'up' | 'down'): MoneyValue {
  const value = new Money(cny).dividedBy(config.exchangeRates[currency]);
  return value.toDecimalPlaces(2, direction === 'up' ? Decimal.ROUND_UP : Decimal.ROUND_DOWN);
}

export interface StakeRange {
  min: MoneyValue;
  max: MoneyValue;
}

/**
 * The stake range for a bet paying `odds` per unit: the configured range in the member's currency, with the maximum
 * lowered so that the return stays within maxPayout. A range whose maximum falls below its minimum cannot be bet.
 */
/**
 * Ranges computed so far, per config and range object, by currency and odds: every bet asks for one and the decimal
 * arithmetic showed in profiles. The config is read once at start and never edited, and Decimal values are immutable,
 * so a cached range is the same answer. Bounded: odds take a few thousand distinct values.
 */
const rangeCache = new WeakMap<PlatformConfig, WeakMap<object, Map<string, StakeRange>>>();
const RANGES_PER_CACHE = 10_000;

export function stakeRange(config: PlatformConfig, range: { min: string; max: string }, currency: Currency, odds: Decimal.Value): StakeRange {
  let byRange = rangeCache.get(config);
  if (!byRange) rangeCache.set(config, (byRange = new WeakMap()));
  let cache = byRange.get(range);
  if (!cache) byRange.set(range, (cache = new Map()));
  const key = `${currency}|${odds.toString()}`;
  let found = cache.get(key);
  if (!found) {
    if (cache.size >= RANGES_PER_CACHE) cache.clear();
    found = computeStakeRange(config, range, currency, odds);
    cache.set(key, found);
  }
  return found;
}

function computeStakeRange(config: PlatformConfig, range: { min: string; max: string }, currency: Currency, odds: Decimal.Value): StakeRange {
  const min = inCurrency(config, range.min, currency, 'up');
  const byPayout = inCurrency(config, config.betting.maxPayout, currency, 'down').dividedBy(odds).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  const max = Money.min(inCurrency(config, range.max, currency, 'down'), byPayout);
  return { min, max };
}

export function checkStake(stake: MoneyValue, range: StakeRange, what: string): void {
  if (stake.lessThan(range.min)) throw refuse(BetError.BelowRange, `${what} ${stake.toFixed(2)} is below ${range.min.toFixed(2)}`);
  if (stake.greaterThan(range.max)) throw refuse(BetError.ExceedRange, `${what} ${stake.toFixed(2)} is above ${range.max.toFixed(2)}`);
}

const HANDICAP_KINDS: ReadonlySet<string> = new Set(['handicap', 'spread', 'cornersHandicap']);

/** A selection as a member asked for it: the placing calls' selection as the contract reads it (`odds` in `oddsFormat`). */
export type LegRequest = z.output<typeof betOptionRequestSchema>;

/** A selection checked against the feed: the market, option and match it is on and the decimal odds to accept. */
export interface PricedLeg {
  market: Market;
  option: Option;
  fixture: Fixture;
  odds: Decimal;
  format: OddsFormat;
  /** The decimal odds the member asked for; the current odds when their quote shows them (a truncated quote). */
  quoted: Decimal;
}

/** The market a selection is on now; a replaced market (its line moved) is a different selection. */
export function openMarket(feed: FeedPrices, marketId: number, where: string): Market {
  const market = feed.market(marketId);
  if (!market) throw refuse(BetError.HandicapClosed, `${where}: market ${marketId} is closed`);
  if (market.replacedBy !== undefined) {
    throw refuse(HANDICAP_KINDS.has(market.kind) ? BetError.HandicapChanged : BetError.MarketLineChanged, `${where}: market ${marketId} moved to a new line`);
  }
  if (market.status === -1) throw refuse(BetError.HandicapClosed, `${where}: market ${marketId} is closed`);
  if (market.status === 0) throw refuse(BetError.MarketSuspended, `${where}: market ${marketId} is suspended`);
  return market;
}

/**
 * Whether a quote in `format` is the current price: the current decimal odds shown in that format to the quote's
 * own precision (at least 2 places, as the app truncates them) equal the quote.
 */
function sameQuote(current: Decimal, requested: string, format: OddsFormat): boolean {
  const places = Math.max(2, new Decimal(requested).decimalPlaces());
  const shown = toFormat(current, format).toDecimalPlaces(places, Decimal.ROUND_DOWN);
  return shown.equals(new Decimal(requested));
}

/**
 * Checks a selection against the current market and the member's odds-change acceptance (DOMAIN.md section 5) and
 * answers the odds it is accepted at: none takes only the quoted price, better takes the current price when it is
 * the same or higher, any takes the current price.
 */
export function priceLeg(feed: FeedPrices & FeedViews, request: LegRequest, oddsChange: OddsChange, where: string): PricedLeg {
  const market = openMarket(feed, request.marketId, where);
  const option = market.options.find((o) => o.type === request.optionType);
  if (!option) {
    throw new ApiError(400, 4001, `${where}.optionType: market ${market.marketId} has no option ${JSON.stringify(request.optionType)} (options: ${market.options.map((o) => o.type).join(', ')})`);
  }
  if (option.isLock) throw refuse(BetError.MarketSuspended, `${where}: option ${option.type} is locked`);
  const fixture = feed.fixture(market.matchId);
  if (!fixture) throw refuse(BetError.HandicapClosed, `${where}: match ${market.matchId} is no longer offered`);
  const current = new Decimal(option.odd);
  let requested: Decimal;
  try {
    requested = fromFormat(request.odds, request.oddsFormat);
  } catch (error) {
    throw new ApiError(400, 4001, `${where}.odds: ${(error as Error).message}`);
  }
  const same = sameQuote(current, request.odds, request.oddsFormat);
  const accepted =
    same || oddsChange === OddsChange.Any || (oddsChange === OddsChange.Better && current.greaterThan(requested));
  if (!accepted) throw refuse(BetError.OddsChanged, `${where}: odds are ${option.odd} now, asked ${requested.toString()}`);
  return { market, option, fixture, odds: current, format: request.oddsFormat, quoted: same ? current : requested };
}

/**
 * Prices a parlay's legs under the member's odds-change acceptance (DOMAIN.md section 5). None takes each leg only at
 * its quoted price and any at the current prices, as for singles. Better only is judged on the parlay's total odds
 * (the product of its legs, what the accumulator pays): the current prices are taken while that total is not below
 * the total quoted, so a leg may drift when another rises more. The app's slip applies the same rule
 * (src/features/slip/betSlip.ts parlayOddsReason).
 */
export function priceParlay(feed: FeedPrices & FeedViews, requests: readonly LegRequest[], oddsChange: OddsChange, where: (index: number) => string): PricedLeg[] {
  const perLeg = oddsChange === OddsChange.Better ? OddsChange.Any : oddsChange;
  const legs = requests.map((request, i) => priceLeg(feed, request, perLeg, where(i)));
  if (oddsChange !== OddsChange.Better) return legs;
  const current = legs.reduce((total, leg) => total.times(leg.odds), new Decimal(1));
  const quoted = legs.reduce((total, leg) => total.times(leg.quoted), new Decimal(1));
  if (current.lessThan(quoted)) {
    const shown = (total: Decimal) => total.toDecimalPlaces(4, Decimal.ROUND_DOWN).toString();
    throw refuse(BetError.OddsChanged, `the parlay's total odds are ${shown(current)} now, asked ${shown(quoted)}`);
  }
  return legs;
}
