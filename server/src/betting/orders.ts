/**
 * What an order is to the platform's betting: the order service's interface and the shapes its steps share (the
 * service's dependencies, the id source, a placing request's context and inputs, a drafted order, the answers, what a
 * leg was placed on). The steps live in modules of their own, each readable alone: validating and pricing a request
 * into drafts (orderDrafts.ts, builderBets.ts for a bet builder), writing them through the group commit
 * (groupCommit.ts, orderWrites.ts), the acceptance delay of in-play bets (acceptanceDelay.ts) and the pre-bet info
 * (betInfo.ts); orderService.ts puts them together. This file imports none of them, so every step can import it.
 */
import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { BetInfoEntry as WireBetInfoEntry, BuilderQuoteAnswer, SeriesInfoEntry } from '../../../contract';
import type { Clock } from '../clock';
import type { PlatformConfig } from '../config/platformConfig';
import type { Database, LegSnapshotsTable, OrderLegsTable, OrdersTable } from '../db/schema';
import type { Feed, Fixture, Market, Text } from '../feed';
import type { Currency, MoneyValue } from '../money';
import type { OddsChange } from './codes';
import type { LegRequest, PricedLeg } from './rules';
import type { WalletService } from './wallet';

export interface BettingDeps {
  db: Kysely<Database>;
  clock: Clock;
  feed: Feed;
  wallet: WalletService;
  config: PlatformConfig;
}

/** The acceptance delay of in-play bets and cash outs, in ms (0: none). */
export const inPlayDelayMs = (config: PlatformConfig): number => Math.round(config.betting.inPlayDelaySeconds * 1000);

/**
 * Ids of orders, cash outs and pre-bets: the creation time in ms (13 digits) and a 6-digit sequence that starts at a
 * random point, so ids sort by time, never repeat within a process and do not collide across restarts in practice.
 * The app matches order ids on their first 15 characters (spec section 4), which this keeps meaningful.
 */
export function createIdSource(clock: Clock): () => string {
  let seq = randomInt(1_000_000);
  return () => {
    seq = (seq + 1) % 1_000_000;
    return `${clock.now()}${String(seq).padStart(6, '0')}`;
  };
}

/** What settlement needs of a market; kept for each leg (in leg_snapshots) because market ids are not promised across restarts. */
export interface MarketSnapshot {
  key: Market['key'];
  kind: Market['kind'];
  marketType: number;
  period: string;
  line?: string;
  unit: Market['unit'];
  optionTypes: string[];
  allowParley: boolean;
}

/** Names of a leg in every language, for the history. */
export interface LegSnapshot {
  league: { id: number; name: Text };
  home: { id: number; name: Text; icon: string };
  away: { id: number; name: Text; icon: string } | null;
  market: Text;
  option: Text;
  isOutright: boolean;
}

export function marketSnapshot(market: Market): MarketSnapshot {
  const snap: MarketSnapshot = {
    key: market.key,
    kind: market.kind,
    marketType: market.marketType,
    period: market.period,
    unit: market.unit,
    optionTypes: market.options.map((o) => o.type),
    allowParley: market.allowParley,
  };
  if (market.line !== undefined) snap.line = market.line;
  return snap;
}

export function legSnapshot(leg: { market: Market; option: PricedLeg['option']; fixture: Fixture }): LegSnapshot {
  return {
    league: leg.fixture.league,
    home: leg.fixture.home,
    away: leg.fixture.away,
    market: leg.market.name,
    option: leg.option.name,
    isOutright: leg.fixture.isOutright,
  };
}

/** A single bet as the app sends it (spec: singleBetList entries). */
export interface SingleBetInput {
  unitStake: string;
  oddsChange: OddsChange;
  leg: LegRequest;
}

/** One series of a multiple bet: which series (seriesValue = series number), its unit stake and acceptance. */
export interface SeriesInput {
  seriesNumber: number;
  itemCount: number;
  unitStake: string;
  oddsChange: OddsChange;
}

/** A bet builder as the app sends it: the combined odds it was shown, its stake and acceptance. */
export interface BuilderInput {
  odds: string;
  unitStake: string;
  oddsChange: OddsChange;
}

export type BuilderQuote = Omit<BuilderQuoteAnswer, never>;

export interface PlaceContext {
  memberId: number;
  currency: Currency;
  /** The client's request id; a repeat answers the first request's orders. */
  requestId?: string;
}

export interface PlacedOrder {
  orderId: string;
  status: number;
  betAmount: string;
  odds: string;
  seriesNumber: number;
}

export interface PlaceResult {
  orders: PlacedOrder[];
  /** True when the request id had been seen and these are the orders it made then. */
  repeated: boolean;
}

/** An order about to be written, with its legs and the snapshots they reference. */
export interface Draft {
  order: OrdersTable;
  legs: OrderLegsTable[];
  snapshots: LegSnapshotsTable[];
}

export interface BetInfoRequest {
  marketId: number;
  matchId: number;
  type: string;
}

/** The wire shapes are the contract's (contract/betting.ts); the route adds optionOdd and optionBetName. */
export type BetInfoEntry = Omit<WireBetInfoEntry, 'optionOdd' | 'optionBetName'>;
export type SeriesInfo = SeriesInfoEntry;

export type Lang = keyof Text;

export interface OrderService {
  /** The spec's pre-bet info: current state of the selected markets and, for several, the series they allow. */
  betInfo(requests: readonly BetInfoRequest[], options: { isSelectSeries: boolean; currency: Currency; lang: Lang }): {
    betInfo: BetInfoEntry[];
    seriesInfo: SeriesInfo[];
  };
  placeSingles(ctx: PlaceContext, bets: readonly SingleBetInput[]): Promise<PlaceResult>;
  placeMultiple(ctx: PlaceContext, legs: readonly LegRequest[], series: readonly SeriesInput[]): Promise<PlaceResult>;
  /** The combined price of selections of one match, each selection marked with why it cannot join, if it cannot. */
  builderQuote(requests: readonly BetInfoRequest[], currency: Currency): BuilderQuote;
  /** One bet builder order on the selections, at the builder odds under the member's acceptance. */
  placeBuilder(ctx: PlaceContext, legs: readonly LegRequest[], bet: BuilderInput): Promise<PlaceResult>;
  /** Places one priced single without a request id (a triggered pre-bet), inside the caller's transaction. */
  writeSingle(trx: Transaction<Database>, ctx: PlaceContext, leg: PricedLeg, unitStake: MoneyValue, oddsChange: OddsChange, reserveId: string): Promise<PlacedOrder>;
  /**
   * Drafts one bet at today's prices without writing it: a single for one selection, an accumulator (series N*1000+1)
   * for several, with the same checks as placing (acceptance, parlay rules, stake range). Edit bet previews it, then
   * writes it with writeDraft inside its own transaction. `stakeName` is what a range refusal calls the stake.
   */
  draftBet(ctx: PlaceContext, legs: readonly LegRequest[], stake: MoneyValue, oddsChange: OddsChange, stakeName: string): Draft;
  /** Debits a drafted bet's stake and writes it, inside the caller's transaction. */
  writeDraft(trx: Transaction<Database>, ctx: PlaceContext, draft: Draft): Promise<PlacedOrder>;
  /** Ends the in-play delay of due orders: each is confirmed at the price of that moment or rejected and refunded. */
  processDue(): Promise<number>;
  /** Notes a dangerous event (goal, red card, penalty): pending in-play bets on the match placed before it are rejected. */
  noteDanger(matchId: number): void;
  statuses(memberId: number, orderIds: readonly string[]): Promise<Array<{ oid: string; st: number; rt?: number }>>;
  nextId(): string;
}
