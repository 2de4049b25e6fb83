import Decimal from 'decimal.js';
import { floorAmount } from '../../../domain/money';
import { BetResult } from '../../../domain/series';
import type { CashOutOffer } from '../../../contract/push';
import type { PlatformConfig } from '../config/platformConfig';
import type { FeedPrices } from '../feed';
import { Money } from '../money';
import { BetType, CashOutFailure, OrderStatus } from './codes';
import { priceBuilder } from './builder';
import { singleReturn } from './settlement';

export interface PricingOrder {
  bet_type: number;
  series_number: number;
  item_count: number;
  status: number;
  /** The order's odds: a builder's combined odds (the others' odds come from their legs). */
  odds: string;
  remaining_stake_minor: number;
  cash_out_count: number;
}

export interface PricingLeg {
  market_id: number;
  option_type: string;
  line: string | null;
  odds: string;
  result: number;
}

/** A cash-out offer for the whole remaining stake, or why there is none. */
export type CashOutQuote =
  | { available: true; rate: Decimal; price: Decimal }
  | { available: false; reason: CashOutFailure; rate: Decimal; price: Decimal };

const none = (reason: CashOutFailure): CashOutQuote => ({ available: false, reason, rate: new Decimal(0), price: new Decimal(0) });

/**
 * Prices a cash out from the book's current odds (DOMAIN.md section 4): the fair value of the remaining stake R is
 * R x D_placed / D_current, where D_placed multiplies the legs' placed odds (a settled leg counts its own factor:
 * won d, void 1, half win (d + 1)/2, half loss 1/2) and D_current the current odds of the legs still open. The quote
 * rate is fair value per unit of R less the margin; the price is rate x R with the spec's rounding (3 decimals, then
 * floored to 2). Series (system) bets are not offered a cash out; neither is a leg that lost, a closed or suspended
 * market, or an order already at its cash-out count.
 */
export function quoteCashOut(feed: FeedPrices, config: PlatformConfig, order: PricingOrder, legs: readonly PricingLeg[]): CashOutQuote {
  if (order.status !== OrderStatus.Confirmed) return none(CashOutFailure.SettleRefused);
  const accumulator = order.bet_type === BetType.Single || order.bet_type === BetType.Builder || order.series_number === order.item_count * 1000 + 1;
  if (!accumulator) return none(CashOutFailure.SettleRefused);
  if (order.remaining_stake_minor <= 0) return none(CashOutFailure.SettleRefused);
  if (order.cash_out_count >= config.betting.cashOut.maxCount) return none(CashOutFailure.PositionLimit);
  if (order.bet_type === BetType.Builder) return quoteBuilder(feed, config, order, legs);
  let placed = new Decimal(1);
  let current = new Decimal(1);
  let open = 0;
  for (const leg of legs) {
    if (leg.result !== BetResult.NoResulted) {
      if (leg.result === BetResult.Lost) return none(CashOutFailure.SettleRefused);
      placed = placed.times(singleReturn(1, leg.odds, leg.result as BetResult));
      continue;
    }
    const market = feed.market(leg.market_id);
    const option = market?.options.find((o) => o.type === leg.option_type);
    if (!market || !option || market.replacedBy !== undefined || (option.line ?? market.line ?? null) !== leg.line) return none(CashOutFailure.MarketSuspend);
    if (market.status !== 1 || option.isLock) return none(CashOutFailure.MarketSuspend);
    placed = placed.times(leg.odds);
    current = current.times(option.odd);
    open++;
  }
  if (open === 0) return none(CashOutFailure.SettleRefused);
  return offer(config, order, placed, current);
}

function offer(config: PlatformConfig, order: PricingOrder, placed: Decimal, current: Decimal): CashOutQuote {
  const rate = placed.dividedBy(current).times(new Money(1).minus(config.betting.cashOut.margin));
  const remaining = new Money(order.remaining_stake_minor).dividedBy(100);
  return { available: true, rate, price: floorAmount(rate.times(remaining)) };
}

/**
 * A builder's offer from the same model that priced it: D_current is the builder odds of its legs now (betting/
 * builder.ts priceBuilder), so the fair value is R x D_placed / D_current as for a single. Its legs settle together at
 * the end of the match; until then each must still be on sale on the line it was taken at.
 */
function quoteBuilder(feed: FeedPrices, config: PlatformConfig, order: PricingOrder, legs: readonly PricingLeg[]): CashOutQuote {
  const selections = [];
  for (const leg of legs) {
    if (leg.result !== BetResult.NoResulted) return none(CashOutFailure.SettleRefused);
    const market = feed.market(leg.market_id);
    const option = market?.options.find((o) => o.type === leg.option_type);
    if (!market || !option || market.replacedBy !== undefined || (option.line ?? market.line ?? null) !== leg.line) return none(CashOutFailure.MarketSuspend);
    if (market.status !== 1 || option.isLock) return none(CashOutFailure.MarketSuspend);
    selections.push({ market, optionType: leg.option_type });
  }
  const now = priceBuilder(feed, config, selections);
  // No price now: the combination has (all but) won or lost in play; either way the book does not quote it.
  if (!now.ok) return none(CashOutFailure.MarketSuspend);
  return offer(config, order, new Decimal(order.odds), now.odds);
}

/** What cashing out `stake` of the remaining stake pays at this rate: the spec's rounding, per cashed-out stake. */
export function cashOutPayout(rate: Decimal.Value, stake: Decimal.Value): Decimal {
  return floorAmount(new Decimal(rate).times(stake));
}

/** The wire's offer (contract/push.ts) with its reason typed. */
export type Offer = Omit<CashOutOffer, 'reason'> & { reason?: CashOutFailure };

/**
 * An order's offer as the wire carries it (the cash-out price answer's entry, the member's offer push): the quote with
 * the spec's rule that early settlement needs a price above 0, the rate floored to 6 decimals so that
 * floor(rate x stake) never exceeds the offer.
 */
export function offerOf(feed: FeedPrices, config: PlatformConfig, order: PricingOrder & { id: string }, legs: readonly PricingLeg[]): Offer {
  let quote = quoteCashOut(feed, config, order, legs);
  if (quote.available && quote.price.lte(0)) quote = { ...quote, available: false, reason: CashOutFailure.SettleRefused };
  return {
    oid: order.id,
    amt: quote.price.toFixed(2),
    st: quote.available ? 1 : 0,
    rate: quote.rate.toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed(6),
    ...(quote.available ? {} : { reason: quote.reason }),
  };
}
