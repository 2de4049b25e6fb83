/**
 * Placing, step one: a request validated against the betting rules and priced under the member's acceptance into
 * drafts, the order rows (with their legs and snapshots) to be written, nothing written yet. Separate from the writing
 * (groupCommit.ts) because drafting is synchronous and pure of the database: a refused request never reaches a
 * transaction, and edit bet drafts here then writes inside its own transaction. A bet builder's drafting is in
 * builderBets.ts; this holds singles and multiples and what every draft is made of.
 */
import Decimal from 'decimal.js';
import { potentialReturn } from '../../../domain/odds';
import { seriesOptions } from '../../../domain/series';
import type { Clock } from '../clock';
import type { PlatformConfig } from '../config/platformConfig';
import type { LegSnapshotsTable, OrderLegsTable, OrdersTable } from '../db/schema';
import type { Feed } from '../feed';
import { ApiError } from '../http/envelope';
import { Money, toMinor, type Currency, type MoneyValue } from '../money';
import { BetError, BetType, OddsChange, OrderStatus } from './codes';
import { inPlayDelayMs, type Draft, type PlaceContext, type SeriesInput } from './orders';
import { checkStake, priceParlay, refuse, stakeRange, type LegRequest, type PricedLeg, type StakeRange } from './rules';
import type { SnapshotCache } from './snapshots';

/** What drafting reads: the clock and configuration for the rows, the feed for prices, the ids and snapshot rows. */
export interface DraftContext {
  clock: Clock;
  feed: Feed;
  config: PlatformConfig;
  nextId: () => string;
  snapshots: SnapshotCache;
}

export const singleRange = (config: PlatformConfig, currency: Currency, odds: Decimal.Value): StakeRange => stakeRange(config, config.betting.single, currency, odds);
export const parlayRange = (config: PlatformConfig, currency: Currency, odds: Decimal.Value): StakeRange => stakeRange(config, config.betting.parlay, currency, odds);
export const builderRange = (config: PlatformConfig, currency: Currency, odds: Decimal.Value): StakeRange =>
  stakeRange(config, config.betting.builder.stake, currency, odds);

export function parseStake(value: string, where: string): MoneyValue {
  const stake = new Money(value);
  if (stake.decimalPlaces() > 2) throw new ApiError(400, 4001, `${where}: expected an amount with at most 2 decimals, got "${value}"`);
  return stake;
}

export function legRow(orderId: string, legNo: number, leg: PricedLeg, snapshot: LegSnapshotsTable): OrderLegsTable {
  return {
    order_id: orderId,
    leg_no: legNo,
    match_id: leg.market.matchId,
    sport_id: leg.market.sportId,
    market_id: leg.market.marketId,
    market_type: leg.market.marketType,
    option_type: leg.option.type,
    line: leg.option.line ?? leg.market.line ?? null,
    odds: leg.odds.toString(),
    odds_format: leg.format,
    is_in_play: leg.fixture.inPlay ? 1 : 0,
    begin_time: leg.fixture.beginTime,
    snapshot_hash: snapshot.hash,
    result: 0,
    result_score: null,
    settled_at: null,
  };
}

/** An order row's outcome as a new order has it: no result, payout, cash out or refusal yet. */
export const NEW_ORDER_OUTCOME = {
  result: 0,
  payout_minor: 0,
  cash_out_count: 0,
  cash_out_stake_minor: 0,
  cash_out_payout_minor: 0,
  reject_type: null,
  reject_reason: null,
} as const satisfies Partial<OrdersTable>;

/** The order row of a draft: Confirming with its accept time when in play and a delay is set, else Confirmed. */
export function orderRow(dc: DraftContext, ctx: PlaceContext, id: string, fields: {
  betType: number;
  seriesNumber: number;
  legs: readonly PricedLeg[];
  betCount: number;
  unitStake: MoneyValue;
  odds: Decimal;
  oddsChange: OddsChange;
  reserveId?: string;
}): OrdersTable {
  const now = dc.clock.now();
  const delayMs = inPlayDelayMs(dc.config);
  const inPlay = fields.legs.some((l) => l.fixture.inPlay);
  const delayed = inPlay && delayMs > 0;
  const stake = fields.unitStake.times(fields.betCount);
  return {
    id,
    member_id: ctx.memberId,
    request_id: ctx.requestId ?? id,
    bet_type: fields.betType,
    series_number: fields.seriesNumber,
    item_count: fields.legs.length,
    bet_count: fields.betCount,
    currency: ctx.currency,
    exchange_rate: dc.config.exchangeRates[ctx.currency],
    unit_stake_minor: toMinor(fields.unitStake),
    stake_minor: toMinor(stake),
    remaining_stake_minor: toMinor(stake),
    odds: fields.odds.toString(),
    max_win_minor: toMinor(potentialReturn(fields.unitStake, fields.odds)),
    odds_change: fields.oddsChange,
    status: delayed ? OrderStatus.Confirming : OrderStatus.Confirmed,
    ...NEW_ORDER_OUTCOME,
    is_in_play: inPlay ? 1 : 0,
    accept_at: delayed ? now + delayMs : null,
    reserve_id: fields.reserveId ?? null,
    created_at: now,
    confirmed_at: delayed ? null : now,
    settled_at: null,
    cancelled_at: null,
    modified_at: now,
  };
}

/**
 * What a refusal of the stake's range calls the stake: the request's field by default (`stake.unitStake`,
 * `betMultipleData[0].unitStake`); a caller whose stake is no field of its request names it (edit bet's new stake).
 */
export type StakeName = string | undefined;

export function draftSingle(dc: DraftContext, ctx: PlaceContext, leg: PricedLeg, unitStake: MoneyValue, oddsChange: OddsChange, where: string, reserveId?: string, stakeName?: StakeName): Draft {
  checkStake(unitStake, singleRange(dc.config, ctx.currency, leg.odds), stakeName ?? `${where}.unitStake`);
  const id = dc.nextId();
  const order = orderRow(dc, ctx, id, { betType: BetType.Single, seriesNumber: 0, legs: [leg], betCount: 1, unitStake, odds: leg.odds, oddsChange, ...(reserveId ? { reserveId } : {}) });
  const snapshot = dc.snapshots.of(leg);
  return { order, legs: [legRow(id, 1, leg, snapshot)], snapshots: [snapshot] };
}

export function draftMultiple(dc: DraftContext, ctx: PlaceContext, requests: readonly LegRequest[], series: readonly SeriesInput[], stakeName?: StakeName): Draft[] {
  const maxLegs = dc.config.betting.maxParlayLegs;
  if (requests.length > maxLegs) throw refuse(BetError.TooManyMatches, `betOptionList: at most ${maxLegs} matches, got ${requests.length}`);
  // Every series of the request uses the strictest acceptance any of them asked for: the legs are priced once.
  const oddsChange = Math.min(...series.map((s) => s.oddsChange)) as OddsChange;
  const legs = priceParlay(dc.feed, requests, oddsChange, (i) => `betOptionList[${i}]`);
  const seen = new Set<number>();
  legs.forEach((leg, i) => {
    if (!leg.market.allowParley) throw refuse(BetError.ParlayNotAllowed, `betOptionList[${i}]: market ${leg.market.marketId} cannot join a parlay`);
    if (seen.has(leg.market.matchId)) throw refuse(BetError.SameMatchTwice, `betOptionList[${i}]: match ${leg.market.matchId} is already in the parlay`);
    seen.add(leg.market.matchId);
  });
  const offered = seriesOptions(legs.map((l) => l.odds));
  const snapshots = legs.map((leg) => dc.snapshots.of(leg));
  const drafts = series.map((s, i) => {
    const where = `betMultipleData[${i}]`;
    if (s.itemCount !== legs.length) throw new ApiError(400, 4001, `${where}.itemCount: expected ${legs.length} (the selections sent), got ${s.itemCount}`);
    const option = offered.find((o) => o.seriesNumber === s.seriesNumber);
    if (!option) {
      throw refuse(BetError.SeriesNotOffered, `${where}.seriesValue ${s.seriesNumber} (offered for ${legs.length} selections: ${offered.map((o) => o.seriesNumber).join(', ')})`);
    }
    const unitStake = parseStake(s.unitStake, `${where}.unitStake`);
    checkStake(unitStake, parlayRange(dc.config, ctx.currency, option.seriesOdd), stakeName ?? `${where}.unitStake`);
    const id = dc.nextId();
    const order = orderRow(dc, ctx, id, { betType: BetType.Multiple, seriesNumber: option.seriesNumber, legs, betCount: option.betCount, unitStake, odds: option.seriesOdd, oddsChange });
    return { order, legs: legs.map((leg, n) => legRow(id, n + 1, leg, snapshots[n]!)), snapshots };
  });
  const numbers = new Set<number>();
  for (const d of drafts) {
    if (numbers.has(d.order.series_number)) throw new ApiError(400, 4001, `betMultipleData: series ${d.order.series_number} sent twice`);
    numbers.add(d.order.series_number);
  }
  return drafts;
}
