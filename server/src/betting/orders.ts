import { randomInt } from 'node:crypto';
import Decimal from 'decimal.js';
import { sql, type Kysely, type Transaction } from 'kysely';
import { OddsFormat, potentialReturn } from '../../../domain/odds';
import { betOdds, MAX_SERIES_LEGS, seriesOptions, type SeriesOption } from '../../../domain/series';
import type { BetInfoEntry as WireBetInfoEntry, BuilderQuoteAnswer, SeriesInfoEntry } from '../../../contract';
import { BuilderReason } from '../../../domain/builder';
import { builderMessage, priceBuilder, selectionReason, type BuilderSelection } from './builder';
import type { Clock } from '../clock';
import type { PlatformConfig } from '../config/platformConfig';
import { executeBulkSets, isPostgres, VALUES, type BulkColumnType } from '../db/bulk';
import { nativeOf, type NativeStatement } from '../db/database';
import type { Database, LegSnapshotsTable, OrderLegsTable, OrderRow, OrdersTable } from '../db/schema';
import type { Feed, Fixture, Market, Text } from '../feed';
import { ApiError } from '../http/envelope';
import { fromMinor, Money, toMinor, type Currency, type MoneyValue } from '../money';
import { BetError, BetType, OddsChange, OrderStatus } from './codes';
import { checkStake, priceLeg, priceParlay, refuse, stakeRange, type LegRequest, type PricedLeg, type StakeRange } from './rules';
import { snapshotRow, storeSnapshots } from './snapshots';
import { InsufficientFunds, type WalletService } from './wallet';

export interface BettingDeps {
  db: Kysely<Database>;
  clock: Clock;
  feed: Feed;
  wallet: WalletService;
  config: PlatformConfig;
}

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

/** Every column of orders and order_legs, in the order the prepared INSERTs bind them. */
const ORDER_COLUMNS = Object.keys({
  id: 0, member_id: 0, request_id: 0, bet_type: 0, series_number: 0, item_count: 0, bet_count: 0, currency: 0, exchange_rate: 0,
  unit_stake_minor: 0, stake_minor: 0, remaining_stake_minor: 0, odds: 0, max_win_minor: 0, odds_change: 0, status: 0, result: 0,
  payout_minor: 0, cash_out_count: 0, cash_out_stake_minor: 0, cash_out_payout_minor: 0, reject_type: 0, reject_reason: 0, is_in_play: 0,
  accept_at: 0, reserve_id: 0, created_at: 0, confirmed_at: 0, settled_at: 0, cancelled_at: 0, modified_at: 0,
} satisfies Record<keyof OrdersTable, 0>) as Array<keyof OrdersTable>;
const LEG_COLUMNS = Object.keys({
  order_id: 0, leg_no: 0, match_id: 0, sport_id: 0, market_id: 0, market_type: 0, option_type: 0, line: 0, odds: 0, odds_format: 0,
  is_in_play: 0, begin_time: 0, snapshot_hash: 0, result: 0, result_score: 0, settled_at: 0,
} satisfies Record<keyof OrderLegsTable, 0>) as Array<keyof OrderLegsTable>;

/** PostgreSQL's types of the bulk columns (executeBulk): integers as bigint, the rest text. */
const bulkTypes = <T>(columns: ReadonlyArray<keyof T>, text: ReadonlyArray<keyof T>): BulkColumnType[] => columns.map((c) => (text.includes(c) ? 'text' : 'bigint'));
const ORDER_TYPES = bulkTypes<OrdersTable>(ORDER_COLUMNS, ['id', 'request_id', 'currency', 'exchange_rate', 'odds', 'reject_reason', 'reserve_id']);
const LEG_TYPES = bulkTypes<OrderLegsTable>(LEG_COLUMNS, ['order_id', 'option_type', 'line', 'odds', 'snapshot_hash', 'result_score']);
/** The group statement's rows of requests: index in the group, member, request id, the record's order ids, currency, total stake. */
const GROUP_JOB_TYPES: BulkColumnType[] = ['bigint', 'bigint', 'text', 'text', 'text', 'bigint'];
/** Orders: their columns, then the request's index in the group and the order's place in it. */
const GROUP_ORDER_TYPES: BulkColumnType[] = [...ORDER_TYPES, 'bigint', 'bigint'];
/** Legs: their columns, then the request's index in the group. */
const GROUP_LEG_TYPES: BulkColumnType[] = [...LEG_TYPES, 'bigint'];
const columnsOf = (count: number, alias: string) => Array.from({ length: count }, (_, c) => `${alias}.column${c + 1}`).join(', ');
const orderColumn = (name: keyof OrdersTable) => `o.column${ORDER_COLUMNS.indexOf(name) + 1}`;
/**
 * A group of placing requests on PostgreSQL in one statement (writeBatch says what each part does). Its rows: jobs
 * (GROUP_JOB_TYPES), orders (GROUP_ORDER_TYPES), legs (GROUP_LEG_TYPES); parameters: the time, three times. Answers
 * each request's outcome: placed, repeat (its id was recorded before) or short (its member's balance did not cover the
 * group's total: nothing of it written but its record). The parts run on one snapshot, each reading what the one
 * before returned, and the foreign keys are checked at the statement's end, when the orders are there for their legs.
 */
const GROUP_STATEMENT = `with jobs as (${VALUES}),
recorded as (
  insert into bet_requests (member_id, request_id, order_ids, created_at)
  select jobs.column2, jobs.column3, jobs.column4, ? from jobs where jobs.column3 is not null
  on conflict (member_id, request_id) do nothing
  returning member_id, request_id),
fresh as (
  select jobs.column1 as job, jobs.column2 as member_id, jobs.column5 as asset, jobs.column6 as total from jobs
  where jobs.column3 is null or exists (select 1 from recorded r where r.member_id = jobs.column2 and r.request_id = jobs.column3)),
totals as (select member_id, asset, sum(total)::bigint as total from fresh group by member_id, asset),
locked as materialized (
  select w.member_id, w.asset from wallets w join totals t on w.member_id = t.member_id and w.asset = t.asset
  order by w.member_id, w.asset for update of w),
debited as (
  update wallets set balance_minor = wallets.balance_minor - totals.total, updated_at = ?
  from totals, locked
  where wallets.member_id = totals.member_id and wallets.asset = totals.asset
    and locked.member_id = wallets.member_id and locked.asset = wallets.asset
    and wallets.balance_minor >= totals.total
  returning wallets.member_id, wallets.asset, wallets.balance_minor + totals.total as before),
placed as (select fresh.job from fresh join debited d on d.member_id = fresh.member_id and d.asset = fresh.asset),
placed_orders as (select ${columnsOf(GROUP_ORDER_TYPES.length, 'o')} from (${VALUES}) as o where o.column${ORDER_COLUMNS.length + 1} in (select job from placed)),
inserted_orders as (insert into orders (${ORDER_COLUMNS.join(', ')}) select ${columnsOf(ORDER_COLUMNS.length, 'o')} from placed_orders o),
inserted_ledger as (
  insert into ledger (member_id, asset, amount_minor, balance_after_minor, kind, ref_type, ref_id, created_at)
  select ${orderColumn('member_id')}, ${orderColumn('currency')}, -${orderColumn('stake_minor')},
    d.before - sum(${orderColumn('stake_minor')}) over (partition by ${orderColumn('member_id')}, ${orderColumn('currency')} order by o.column${ORDER_COLUMNS.length + 2}),
    'bet_stake', 'order', ${orderColumn('id')}, ?
  from placed_orders o join debited d on d.member_id = ${orderColumn('member_id')} and d.asset = ${orderColumn('currency')}
  order by o.column${ORDER_COLUMNS.length + 2}),
inserted_legs as (
  insert into order_legs (${LEG_COLUMNS.join(', ')})
  select ${columnsOf(LEG_COLUMNS.length, 'g')} from (${VALUES}) as g where g.column${LEG_COLUMNS.length + 1} in (select job from placed))
select jobs.column1 as job,
  case when jobs.column1 in (select job from placed) then 'placed' when jobs.column1 in (select job from fresh) then 'short' else 'repeat' end as outcome
from jobs`;

/** What one request of a group came to: its result, or why it was refused (its writes were rolled back). */
type Outcome = { ok: true; result: PlaceResult } | { ok: false; error: unknown };

/** Placing requests written in one transaction at most (each in its own savepoint). */
const MAX_GROUP = 200;
/** Snapshot hashes remembered as stored; past this the memory starts over (a miss only costs an INSERT OR IGNORE). */
const KNOWN_SNAPSHOTS = 20_000;

export interface BetInfoRequest {
  marketId: number;
  matchId: number;
  type: string;
}

/** The wire shapes are the contract's (contract/betting.ts); the route adds optionOdd and optionBetName. */
export type BetInfoEntry = Omit<WireBetInfoEntry, 'optionOdd' | 'optionBetName'>;
export type SeriesInfo = SeriesInfoEntry;

type Lang = keyof Text;

/** Follows replaced markets to the one on sale now (a line move replaces a market; the app remaps its id). */
function currentMarket(feed: Feed, marketId: number): { market: Market | undefined; oldMarketId: number | null } {
  let market = feed.market(marketId);
  for (let hops = 0; market?.replacedBy !== undefined && hops < 20; hops++) market = feed.market(market.replacedBy);
  return { market, oldMarketId: market && market.marketId !== marketId ? marketId : null };
}

export function seriesKindOf(seriesNumber: number, legs: number): SeriesOption['kind'] | undefined {
  if (legs < 2 || legs > MAX_SERIES_LEGS) return undefined;
  const key = legs * 100_000 + seriesNumber;
  // Settlement asks once per multiple (tens of thousands when a big match ends); the answer depends on these two only.
  if (!seriesKinds.has(key)) {
    const offered = seriesOptions(Array.from({ length: legs }, () => '2'));
    seriesKinds.set(key, offered.find((s) => s.seriesNumber === seriesNumber)?.kind);
  }
  return seriesKinds.get(key);
}
/** seriesKindOf's answers, by legs and series number (a few hundred pairs at most; unknown pairs are cached too). */
const seriesKinds = new Map<number, SeriesOption['kind'] | undefined>();

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
   * writes it with writeDraft inside its own transaction.
   */
  draftBet(ctx: PlaceContext, legs: readonly LegRequest[], stake: MoneyValue, oddsChange: OddsChange): Draft;
  /** Debits a drafted bet's stake and writes it, inside the caller's transaction. */
  writeDraft(trx: Transaction<Database>, ctx: PlaceContext, draft: Draft): Promise<PlacedOrder>;
  /** Ends the in-play delay of due orders: each is confirmed at the price of that moment or rejected and refunded. */
  processDue(): Promise<number>;
  /** Notes a dangerous event (goal, red card, penalty): pending in-play bets on the match placed before it are rejected. */
  noteDanger(matchId: number): void;
  statuses(memberId: number, orderIds: readonly string[]): Promise<Array<{ oid: string; st: number; rt?: number }>>;
  nextId(): string;
}

export function createOrderService(deps: BettingDeps): OrderService {
  const { db, clock, feed, wallet, config } = deps;
  const nextId = createIdSource(clock);
  /** Real time of the last dangerous event per match. In memory: after a restart only the price re-check applies. */
  const dangerAt = new Map<number, number>();

  const delayMs = () => Math.round(config.betting.inPlayDelaySeconds * 1000);
  const singleRange = (currency: Currency, odds: Decimal.Value): StakeRange => stakeRange(config, config.betting.single, currency, odds);
  const parlayRange = (currency: Currency, odds: Decimal.Value): StakeRange => stakeRange(config, config.betting.parlay, currency, odds);
  const builderRange = (currency: Currency, odds: Decimal.Value): StakeRange => stakeRange(config, config.betting.builder.stake, currency, odds);

  /** Snapshot rows by their content, so the same option is hashed once (bounded like knownSnapshots). */
  const snapshotByContent = new Map<string, LegSnapshotsTable>();
  /**
   * And by the feed's market object: the feed replaces a market object whenever anything of it changes, never edits
   * one, so the same object always makes the same market part. The fixture is a fresh object per look-up, but the names
   * in it are the feed's own (the same objects each time): compared by reference, a different one serialises anew.
   */
  const snapshotByMarket = new WeakMap<Market, { fixture: Fixture; byOption: Map<string, LegSnapshotsTable> }>();
  /** Hashes committed to leg_snapshots by this service: a leg on one of them needs no snapshot write. */
  const knownSnapshots = new Set<string>();
  const writeNow = createNativeWriter();

  /**
   * The group's writes on the embedded SQLite connection with prepared statements, synchronously: a whole group runs
   * without yielding, inside the transaction the group holds through Kysely (so no other transaction can be open on the
   * connection meanwhile). PostgreSQL writes a group in a few multi-row statements instead (writeBatch).
   */
  function createNativeWriter(): ((ctx: PlaceContext, drafts: readonly Draft[]) => Outcome) | undefined {
    const native = nativeOf(db);
    const debitNow = wallet.debitNow;
    if (!native || !debitNow) return undefined;
    let st: Record<'savepoint' | 'release' | 'rollbackTo' | 'request' | 'requestOrders' | 'snapshot' | 'order' | 'leg' | 'record', NativeStatement> | undefined;
    const prepare = () =>
      (st ??= {
        savepoint: native.prepare<unknown[]>('savepoint bet_request'),
        release: native.prepare<unknown[]>('release bet_request'),
        rollbackTo: native.prepare<unknown[]>('rollback to bet_request'),
        request: native.prepare<unknown[]>('select order_ids from bet_requests where member_id = ? and request_id = ?'),
        requestOrders: native.prepare<unknown[]>('select id, status, stake_minor, odds, series_number from orders where id in (select value from json_each(?))'),
        snapshot: native.prepare<unknown[]>('insert into leg_snapshots (hash, market_json, names_json) values (?, ?, ?) on conflict (hash) do nothing'),
        order: native.prepare<unknown[]>(`insert into orders (${ORDER_COLUMNS.join(', ')}) values (${ORDER_COLUMNS.map(() => '?').join(', ')})`),
        leg: native.prepare<unknown[]>(`insert into order_legs (${LEG_COLUMNS.join(', ')}) values (${LEG_COLUMNS.map(() => '?').join(', ')})`),
        record: native.prepare<unknown[]>('insert into bet_requests (member_id, request_id, order_ids, created_at) values (?, ?, ?, ?)'),
      });

    function repeatNow(s: NonNullable<typeof st>, ctx: PlaceContext): PlaceResult | undefined {
      const row = s.request.get(ctx.memberId, ctx.requestId) as { order_ids: string } | undefined;
      if (!row) return undefined;
      const ids = JSON.parse(row.order_ids) as string[];
      const rows = s.requestOrders.all(row.order_ids) as Array<{ id: string; status: number; stake_minor: number; odds: string; series_number: number }>;
      const byId = new Map(rows.map((o) => [o.id, o]));
      return {
        repeated: true,
        orders: ids.flatMap((id) => {
          const o = byId.get(id);
          return o ? [{ orderId: o.id, status: o.status, betAmount: fromMinor(Number(o.stake_minor)), odds: o.odds, seriesNumber: o.series_number }] : [];
        }),
      };
    }

    return (ctx, drafts) => {
      const s = prepare();
      s.savepoint.run();
      let result: PlaceResult | undefined;
      try {
        if (ctx.requestId !== undefined) result = repeatNow(s, ctx);
        if (!result) {
          for (const d of drafts) {
            for (const snap of d.snapshots) if (!knownSnapshots.has(snap.hash)) s.snapshot.run(snap.hash, snap.market_json, snap.names_json);
            debitNow({ memberId: ctx.memberId, asset: ctx.currency, amountMinor: d.order.stake_minor, kind: 'bet_stake', refType: 'order', refId: d.order.id });
            s.order.run(ORDER_COLUMNS.map((c) => d.order[c]));
            for (const leg of d.legs) s.leg.run(LEG_COLUMNS.map((c) => leg[c]));
          }
          if (ctx.requestId !== undefined) s.record.run(ctx.memberId, ctx.requestId, JSON.stringify(drafts.map((d) => d.order.id)), clock.now());
          result = { orders: drafts.map(placed), repeated: false };
        }
      } catch (error) {
        // Only this request's writes go; the group's transaction stays open for the others. Should the rollback itself
        // fail, that throws out of the group, whose whole transaction then rolls back.
        s.rollbackTo.run();
        s.release.run();
        return { ok: false, error };
      }
      s.release.run();
      return { ok: true, result };
    };
  }

  function snapshotOf(leg: PricedLeg): LegSnapshotsTable {
    let forMarket = snapshotByMarket.get(leg.market);
    if (!forMarket || !sameNames(forMarket.fixture, leg.fixture)) {
      forMarket = { fixture: leg.fixture, byOption: new Map() };
      snapshotByMarket.set(leg.market, forMarket);
    }
    const key = `${leg.option.type}|${leg.option.line ?? ''}`;
    let row = forMarket.byOption.get(key);
    if (!row) {
      row = serialisedSnapshot(leg);
      forMarket.byOption.set(key, row);
    }
    return row;
  }

  function sameNames(a: Fixture, b: Fixture): boolean {
    return (
      a.isOutright === b.isOutright &&
      a.league.id === b.league.id &&
      a.league.name === b.league.name &&
      a.home.id === b.home.id &&
      a.home.name === b.home.name &&
      a.home.icon === b.home.icon &&
      a.away?.id === b.away?.id &&
      a.away?.name === b.away?.name &&
      a.away?.icon === b.away?.icon
    );
  }

  function serialisedSnapshot(leg: PricedLeg): LegSnapshotsTable {
    const marketJson = JSON.stringify(marketSnapshot(leg.market));
    const namesJson = JSON.stringify(legSnapshot(leg));
    const content = `${marketJson}\n${namesJson}`;
    let row = snapshotByContent.get(content);
    if (!row) {
      if (snapshotByContent.size >= KNOWN_SNAPSHOTS) snapshotByContent.clear();
      row = snapshotRow(marketJson, namesJson);
      snapshotByContent.set(content, row);
    }
    return row;
  }

  function legRow(orderId: string, legNo: number, leg: PricedLeg, snapshot: LegSnapshotsTable): OrderLegsTable {
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

  function orderRow(ctx: PlaceContext, id: string, fields: {
    betType: number;
    seriesNumber: number;
    legs: readonly PricedLeg[];
    betCount: number;
    unitStake: MoneyValue;
    odds: Decimal;
    oddsChange: OddsChange;
    reserveId?: string;
  }): OrdersTable {
    const now = clock.now();
    const inPlay = fields.legs.some((l) => l.fixture.inPlay);
    const delayed = inPlay && delayMs() > 0;
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
      exchange_rate: config.exchangeRates[ctx.currency],
      unit_stake_minor: toMinor(fields.unitStake),
      stake_minor: toMinor(stake),
      remaining_stake_minor: toMinor(stake),
      odds: fields.odds.toString(),
      max_win_minor: toMinor(potentialReturn(fields.unitStake, fields.odds)),
      odds_change: fields.oddsChange,
      status: delayed ? OrderStatus.Confirming : OrderStatus.Confirmed,
      result: 0,
      payout_minor: 0,
      cash_out_count: 0,
      cash_out_stake_minor: 0,
      cash_out_payout_minor: 0,
      reject_type: null,
      reject_reason: null,
      is_in_play: inPlay ? 1 : 0,
      accept_at: delayed ? now + delayMs() : null,
      reserve_id: fields.reserveId ?? null,
      created_at: now,
      confirmed_at: delayed ? null : now,
      settled_at: null,
      cancelled_at: null,
      modified_at: now,
    };
  }

  function placed(d: Draft): PlacedOrder {
    return {
      orderId: d.order.id,
      status: d.order.status,
      betAmount: fromMinor(d.order.stake_minor),
      odds: d.order.odds,
      seriesNumber: d.order.series_number,
    };
  }

  /** A placing request waiting for the next group transaction. */
  interface Waiting {
    ctx: PlaceContext;
    drafts: readonly Draft[];
    resolve: (result: PlaceResult) => void;
    reject: (error: unknown) => void;
  }
  const waiting: Waiting[] = [];
  let writing = false;

  function refusalOf(ctx: PlaceContext, error: unknown): unknown {
    if (error instanceof InsufficientFunds) {
      return refuse(BetError.InsufficientBalance, `${ctx.currency} balance ${fromMinor(error.balanceMinor)} is below the stake ${fromMinor(error.requestedMinor)}`);
    }
    return error;
  }

  /**
   * Debits the stakes and writes the orders, their legs and the request record, all or nothing for this request.
   * Group commit: requests that arrive while a transaction runs wait and are written together in the next one, each
   * inside its own savepoint, so one request's refusal (or failure) rolls back only its own writes while the others
   * commit. One commit per group instead of one per bet: the commit was the largest single cost of placing a bet.
   * Answers only after the commit, so an accepted order is durable when the member hears of it.
   */
  function write(ctx: PlaceContext, drafts: readonly Draft[]): Promise<PlaceResult> {
    return new Promise((resolve, reject) => {
      waiting.push({ ctx, drafts, resolve, reject });
      if (!writing) {
        writing = true;
        // Requests parsed in the same turn of the event loop join the first group.
        setImmediate(() => void writeGroups());
      }
    });
  }

  async function writeGroups(): Promise<void> {
    try {
      while (waiting.length > 0) {
        const group = nextGroup();
        let outcomes: Outcome[] = [];
        try {
          await db.transaction().execute(async (trx) => {
            if (writeNow) outcomes = group.map((job) => writeNow(job.ctx, job.drafts));
            else if (batched) outcomes = await writeBatch(trx, group);
            else {
              for (const job of group) {
                await sql`savepoint bet_request`.execute(trx);
                try {
                  const result = await writeRequest(trx, job.ctx, job.drafts);
                  await sql`release bet_request`.execute(trx);
                  outcomes.push({ ok: true, result });
                } catch (error) {
                  await sql`rollback to bet_request`.execute(trx);
                  await sql`release bet_request`.execute(trx);
                  outcomes.push({ ok: false, error });
                }
              }
            }
          });
        } catch (error) {
          // The group's transaction did not commit: nothing of any of its requests was written.
          for (const job of group) job.reject(error);
          continue;
        }
        group.forEach((job, i) => {
          const outcome = outcomes[i]!;
          if (outcome.ok) {
            if (!outcome.result.repeated) {
              if (knownSnapshots.size >= KNOWN_SNAPSHOTS) knownSnapshots.clear();
              for (const d of job.drafts) for (const snap of d.snapshots) knownSnapshots.add(snap.hash);
            }
            job.resolve(outcome.result);
          } else job.reject(refusalOf(job.ctx, outcome.error));
        });
      }
    } finally {
      writing = false;
    }
  }

  /**
   * The next group, in member id order (a stable sort: one member's requests keep their order). Group transactions of
   * several instances then lock the members' wallets in the same order and never wait on each other in a cycle. A
   * request repeating the id of one already in the group waits for the next group, where it finds the first's orders.
   */
  function nextGroup(): Waiting[] {
    const group: Waiting[] = [];
    const later: Waiting[] = [];
    const ids = new Set<string>();
    for (const job of waiting.splice(0, MAX_GROUP)) {
      const key = job.ctx.requestId === undefined ? undefined : `${job.ctx.memberId} ${job.ctx.requestId}`;
      if (key !== undefined && ids.has(key)) later.push(job);
      else {
        if (key !== undefined) ids.add(key);
        group.push(job);
      }
    }
    waiting.unshift(...later);
    return group.sort((a, b) => a.ctx.memberId - b.ctx.memberId);
  }

  /** PostgreSQL: the group in a few multi-row statements (writeBatch) rather than several round trips per bet. */
  const batched = isPostgres(db);

  /**
   * A group on PostgreSQL in one statement whatever its size (GROUP_STATEMENT; a round trip each was the cost), plus the
   * legs' snapshots not known to be stored (one INSERT, rarely):
   * 1. the request records, INSERT ... ON CONFLICT DO NOTHING: a record already there (committed by an earlier request,
   *    on any instance; PostgreSQL waits for one in flight) makes that request a repeat, answered with the orders it made;
   * 2. every member's stakes of the other requests in one UPDATE: the wallets are locked in member id order (the
   *    materialised FOR UPDATE), then each debited by its total where the balance covers it (`balance_minor >= total`,
   *    the check and the debit together);
   * 3. the orders, their legs and a ledger row per order of the requests whose member was debited, the ledger's
   *    balance after each stake running down from the balance before the group, in request order.
   * A member whose balance does not cover all their requests of the group has them written one by one in savepoints
   * (writeDraft's conditional debit), so each is accepted or refused on its own, as on SQLite.
   */
  async function writeBatch(trx: Transaction<Database>, group: readonly Waiting[]): Promise<Outcome[]> {
    const outcomes: Array<Outcome | undefined> = group.map(() => undefined);
    const now = clock.now();
    const snapshots = group.flatMap((job) => job.drafts.flatMap((d) => d.snapshots)).filter((snap) => !knownSnapshots.has(snap.hash));
    if (snapshots.length > 0) await storeSnapshots(trx, snapshots);

    const jobRows: unknown[][] = [];
    const orderRows: unknown[][] = [];
    const legRows: unknown[][] = [];
    group.forEach((job, i) => {
      const stake = job.drafts.reduce((sum, d) => sum + d.order.stake_minor, 0);
      const record = job.ctx.requestId === undefined ? null : JSON.stringify(job.drafts.map((d) => d.order.id));
      jobRows.push([i, job.ctx.memberId, job.ctx.requestId ?? null, record, job.ctx.currency, stake]);
      for (const d of job.drafts) {
        orderRows.push([...ORDER_COLUMNS.map((c) => d.order[c]), i, orderRows.length]);
        for (const leg of d.legs) legRows.push([...LEG_COLUMNS.map((c) => leg[c]), i]);
      }
    });
    const written = await executeBulkSets<{ job: number; outcome: 'placed' | 'short' | 'repeat' }>(trx, GROUP_STATEMENT, [now, now, now], [
      { types: GROUP_JOB_TYPES, rows: jobRows },
      { types: GROUP_ORDER_TYPES, rows: orderRows },
      { types: GROUP_LEG_TYPES, rows: legRows },
    ]);
    const oneByOne: Waiting[] = [];
    const repeats: Waiting[] = [];
    for (const row of written.rows) {
      const i = Number(row.job);
      const job = group[i]!;
      if (row.outcome === 'placed') outcomes[i] = { ok: true, result: { orders: job.drafts.map(placed), repeated: false } };
      else if (row.outcome === 'short') oneByOne.push(job);
      else repeats.push(job);
    }
    const at = new Map(group.map((job, i) => [job, i]));

    for (const job of oneByOne) {
      await sql`savepoint bet_request`.execute(trx);
      try {
        for (const d of job.drafts) await writeDraft(trx, job.ctx, d, () => true);
        await sql`release bet_request`.execute(trx);
        outcomes[at.get(job)!] = { ok: true, result: { orders: job.drafts.map(placed), repeated: false } };
      } catch (error) {
        await sql`rollback to bet_request`.execute(trx);
        await sql`release bet_request`.execute(trx);
        // Refused: its request record goes too, so the member may send the same id again.
        if (job.ctx.requestId !== undefined) await trx.deleteFrom('bet_requests').where('member_id', '=', job.ctx.memberId).where('request_id', '=', job.ctx.requestId).execute();
        outcomes[at.get(job)!] = { ok: false, error };
      }
    }
    for (const job of repeats) {
      const seen = await repeatOf(trx, job.ctx);
      outcomes[at.get(job)!] = { ok: true, result: seen ?? { orders: [], repeated: true } };
    }
    return outcomes.map((o) => o!);
  }

  /** One request inside the group transaction (and its savepoint): the repeat check, the orders, the request record. */
  async function writeRequest(trx: Transaction<Database>, ctx: PlaceContext, drafts: readonly Draft[]): Promise<PlaceResult> {
    if (ctx.requestId !== undefined) {
      const seen = await repeatOf(trx, ctx);
      if (seen) return seen;
    }
    for (const d of drafts) await writeDraft(trx, ctx, d, (hash) => knownSnapshots.has(hash));
    if (ctx.requestId !== undefined) {
      await trx
        .insertInto('bet_requests')
        .values({ member_id: ctx.memberId, request_id: ctx.requestId, order_ids: JSON.stringify(drafts.map((d) => d.order.id)), created_at: clock.now() })
        .execute();
    }
    return { orders: drafts.map(placed), repeated: false };
  }

  /** One order with its stake's debit; `stored` says which of its snapshots need no write (by default none). */
  async function writeDraft(trx: Transaction<Database>, ctx: PlaceContext, d: Draft, stored: (hash: string) => boolean = () => false): Promise<void> {
    const missing = d.snapshots.filter((snap) => !stored(snap.hash));
    if (missing.length > 0) await storeSnapshots(trx, missing);
    await wallet.debit(trx, { memberId: ctx.memberId, asset: ctx.currency, amountMinor: d.order.stake_minor, kind: 'bet_stake', refType: 'order', refId: d.order.id });
    await trx.insertInto('orders').values(d.order).execute();
    await trx.insertInto('order_legs').values(d.legs).execute();
  }

  async function repeatOf(executor: Kysely<Database> | Transaction<Database>, ctx: PlaceContext): Promise<PlaceResult | undefined> {
    const row = await executor
      .selectFrom('bet_requests')
      .select('order_ids')
      .where('member_id', '=', ctx.memberId)
      .where('request_id', '=', ctx.requestId ?? '')
      .executeTakeFirst();
    if (!row) return undefined;
    const ids = JSON.parse(row.order_ids) as string[];
    const orders = await executor
      .selectFrom('orders')
      .select(['id', 'status', 'stake_minor', 'odds', 'series_number'])
      .where('id', 'in', ids)
      .execute();
    const byId = new Map(orders.map((o) => [o.id, o]));
    return {
      repeated: true,
      orders: ids.flatMap((id) => {
        const o = byId.get(id);
        return o ? [{ orderId: o.id, status: o.status, betAmount: fromMinor(Number(o.stake_minor)), odds: o.odds, seriesNumber: o.series_number }] : [];
      }),
    };
  }

  function parseStake(value: string, where: string): MoneyValue {
    const stake = new Money(value);
    if (stake.decimalPlaces() > 2) throw new ApiError(400, 4001, `${where}: expected an amount with at most 2 decimals, got "${value}"`);
    return stake;
  }

  function draftSingle(ctx: PlaceContext, leg: PricedLeg, unitStake: MoneyValue, oddsChange: OddsChange, where: string, reserveId?: string): Draft {
    checkStake(unitStake, singleRange(ctx.currency, leg.odds), `${where}.unitStake`);
    const id = nextId();
    const order = orderRow(ctx, id, { betType: BetType.Single, seriesNumber: 0, legs: [leg], betCount: 1, unitStake, odds: leg.odds, oddsChange, ...(reserveId ? { reserveId } : {}) });
    const snapshot = snapshotOf(leg);
    return { order, legs: [legRow(id, 1, leg, snapshot)], snapshots: [snapshot] };
  }

  /**
   * Drafts the orders of a request and writes them. A repeated request id answers the first request's orders even when
   * the request would be refused now (odds moved, market closed): the group writer looks the id up inside its
   * transaction, and a refusal before that looks it up too. The common case, a new request, costs no extra query.
   */
  async function place(ctx: PlaceContext, draft: () => Draft[]): Promise<PlaceResult> {
    let drafts: Draft[];
    try {
      drafts = draft();
    } catch (error) {
      const seen = ctx.requestId === undefined ? undefined : await repeatOf(db, ctx);
      if (seen) return seen;
      throw error;
    }
    return write(ctx, drafts);
  }

  function placeSingles(ctx: PlaceContext, bets: readonly SingleBetInput[]): Promise<PlaceResult> {
    return place(ctx, () =>
      bets.map((bet, i) => {
        const where = `singleBetList[${i}]`;
        const leg = priceLeg(feed, bet.leg, bet.oddsChange, `${where}.betOptionList[0]`);
        return draftSingle(ctx, leg, parseStake(bet.unitStake, `${where}.unitStake`), bet.oddsChange, where);
      }),
    );
  }

  function placeMultiple(ctx: PlaceContext, requests: readonly LegRequest[], series: readonly SeriesInput[]): Promise<PlaceResult> {
    return place(ctx, () => draftMultiple(ctx, requests, series));
  }

  /**
   * Prices a builder's legs under the member's acceptance (DOMAIN.md section 5) judged on the combined odds, as a
   * parlay's better-only is judged on its total: each leg must be on sale (priceLeg at any price), the combination
   * must be one a builder takes, and the builder odds now are compared with the odds the member accepted.
   */
  function priceBuilderBet(requests: readonly LegRequest[], requested: Decimal, oddsChange: OddsChange, where: (index: number) => string): { legs: PricedLeg[]; odds: Decimal } {
    const legs = requests.map((request, i) => priceLeg(feed, request, OddsChange.Any, where(i)));
    const priced = priceBuilder(feed, config, legs.map((l) => ({ market: l.market, optionType: l.option.type })));
    if (!priced.ok) throw refuse(BetError.BuilderRefused, priced.leg === undefined ? priced.message : `${where(priced.leg)}: ${builderMessage(priced.reason)}`);
    const same = priced.odds.equals(requested);
    const accepted = same || oddsChange === OddsChange.Any || (oddsChange === OddsChange.Better && priced.odds.greaterThan(requested));
    if (!accepted) throw refuse(BetError.OddsChanged, `the builder's odds are ${priced.odds.toFixed(2)} now, asked ${requested.toString()}`);
    return { legs, odds: priced.odds };
  }

  function draftBuilder(ctx: PlaceContext, requests: readonly LegRequest[], bet: BuilderInput): Draft {
    const { legs, odds } = priceBuilderBet(requests, new Decimal(bet.odds), bet.oddsChange, (i) => `betOptionList[${i}]`);
    const unitStake = parseStake(bet.unitStake, 'unitStake');
    checkStake(unitStake, builderRange(ctx.currency, odds), 'unitStake');
    const id = nextId();
    const snapshots = legs.map(snapshotOf);
    const order = orderRow(ctx, id, { betType: BetType.Builder, seriesNumber: 0, legs, betCount: 1, unitStake, odds, oddsChange: bet.oddsChange });
    return { order, legs: legs.map((leg, n) => legRow(id, n + 1, leg, snapshots[n]!)), snapshots };
  }

  function builderQuote(requests: readonly BetInfoRequest[], currency: Currency): BuilderQuote {
    const matchId = requests[0]?.matchId ?? 0;
    const selections: BuilderSelection[] = [];
    const legs = requests.map((r) => {
      const market = feed.market(r.marketId);
      const option = market?.options.find((o) => o.type === r.type);
      if (!market || !option || market.replacedBy !== undefined || market.status !== 1 || option.isLock) {
        return { marketId: r.marketId, type: r.type, reason: BuilderReason.Unavailable as BuilderReason | null };
      }
      const selection = { market, optionType: r.type };
      const reason = selectionReason(selection, matchId) ?? (feed.scoreModel(matchId) ? null : BuilderReason.NoModel);
      if (!reason) selections.push(selection);
      return { marketId: r.marketId, type: r.type, reason };
    });
    const base = { matchId, legs, maxLegs: config.betting.builder.maxLegs, minBet: '0.00', maxBet: '0.00' };
    const refused = legs.findIndex((l) => l.reason !== null);
    if (refused >= 0) return { ...base, odds: null, reason: legs[refused]!.reason, message: builderMessage(legs[refused]!.reason!, refused) };
    if (requests.length < 2) return { ...base, odds: null, reason: null, message: 'a builder takes at least 2 selections' };
    const priced = priceBuilder(feed, config, selections);
    if (!priced.ok) {
      if (priced.leg !== undefined) legs[priced.leg]!.reason = priced.reason;
      return { ...base, odds: null, reason: priced.reason, message: priced.message };
    }
    const range = builderRange(currency, priced.odds);
    return { ...base, odds: priced.odds.toFixed(2), reason: null, message: '', minBet: range.min.toFixed(2), maxBet: range.max.toFixed(2) };
  }

  function draftMultiple(ctx: PlaceContext, requests: readonly LegRequest[], series: readonly SeriesInput[]): Draft[] {
    const maxLegs = config.betting.maxParlayLegs;
    if (requests.length > maxLegs) throw refuse(BetError.TooManyMatches, `betOptionList: at most ${maxLegs} matches, got ${requests.length}`);
    // Every series of the request uses the strictest acceptance any of them asked for: the legs are priced once.
    const oddsChange = Math.min(...series.map((s) => s.oddsChange)) as OddsChange;
    const legs = priceParlay(feed, requests, oddsChange, (i) => `betOptionList[${i}]`);
    const seen = new Set<number>();
    legs.forEach((leg, i) => {
      if (!leg.market.allowParley) throw refuse(BetError.ParlayNotAllowed, `betOptionList[${i}]: market ${leg.market.marketId} cannot join a parlay`);
      if (seen.has(leg.market.matchId)) throw refuse(BetError.SameMatchTwice, `betOptionList[${i}]: match ${leg.market.matchId} is already in the parlay`);
      seen.add(leg.market.matchId);
    });
    const offered = seriesOptions(legs.map((l) => l.odds));
    const snapshots = legs.map(snapshotOf);
    const drafts = series.map((s, i) => {
      const where = `betMultipleData[${i}]`;
      if (s.itemCount !== legs.length) throw new ApiError(400, 4001, `${where}.itemCount: expected ${legs.length} (the selections sent), got ${s.itemCount}`);
      const option = offered.find((o) => o.seriesNumber === s.seriesNumber);
      if (!option) {
        throw refuse(BetError.SeriesNotOffered, `${where}.seriesValue ${s.seriesNumber} (offered for ${legs.length} selections: ${offered.map((o) => o.seriesNumber).join(', ')})`);
      }
      const unitStake = parseStake(s.unitStake, `${where}.unitStake`);
      checkStake(unitStake, parlayRange(ctx.currency, option.seriesOdd), `${where}.unitStake`);
      const id = nextId();
      const order = orderRow(ctx, id, { betType: BetType.Multiple, seriesNumber: option.seriesNumber, legs, betCount: option.betCount, unitStake, odds: option.seriesOdd, oddsChange });
      return { order, legs: legs.map((leg, n) => legRow(id, n + 1, leg, snapshots[n]!)), snapshots };
    });
    const numbers = new Set<number>();
    for (const d of drafts) {
      if (numbers.has(d.order.series_number)) throw new ApiError(400, 4001, `betMultipleData: series ${d.order.series_number} sent twice`);
      numbers.add(d.order.series_number);
    }
    return drafts;
  }

  function betInfo(requests: readonly BetInfoRequest[], options: { isSelectSeries: boolean; currency: Currency; lang: Lang }) {
    const entries = requests.map((r): BetInfoEntry => {
      const { market, oldMarketId } = currentMarket(feed, r.marketId);
      const option = market?.options.find((o) => o.type === r.type);
      const fixture = feed.fixture(market?.matchId ?? r.matchId);
      const status = !market || !option ? -1 : market.status;
      const odd = option && !option.isLock ? option.odd : '0';
      const range = option && !option.isLock ? singleRange(options.currency, option.odd) : undefined;
      return {
        marketId: market?.marketId ?? r.marketId,
        oldMarketId,
        matchId: fixture?.matchId ?? r.matchId,
        sportId: fixture?.sportId ?? market?.sportId ?? 0,
        allowParley: market?.allowParley ?? false,
        isInPlay: fixture?.inPlay ?? false,
        minBet: range ? range.min.toFixed(2) : '0.00',
        maxBet: range ? range.max.toFixed(2) : '0.00',
        status,
        marketType: market?.marketType ?? 0,
        outcomeCount: market?.options.length ?? 0,
        period: market?.period ?? '',
        line: option?.line ?? market?.line ?? null,
        option: { name: option?.name[options.lang] ?? '', odd, type: r.type, isLock: !option || option.isLock || status !== 1 },
        homeName: fixture?.home.name[options.lang] ?? '',
        awayName: fixture?.away?.name[options.lang] ?? '',
        leagueName: fixture?.league.name[options.lang] ?? '',
        beginTime: fixture?.beginTime ?? 0,
      };
    });
    const seriesInfo: SeriesInfo[] = [];
    const distinctMatches = new Set(entries.map((e) => e.matchId)).size === entries.length;
    const bettable = entries.every((e) => e.status === 1 && e.allowParley && !e.option.isLock);
    if (options.isSelectSeries && entries.length >= 2 && entries.length <= config.betting.maxParlayLegs && distinctMatches && bettable) {
      for (const s of seriesOptions(entries.map((e) => e.option.odd))) {
        const range = parlayRange(options.currency, s.seriesOdd);
        seriesInfo.push({
          seriesNumber: s.seriesNumber,
          name: s.asianName,
          combination: s.combination,
          seriesOdd: s.seriesOdd.toDecimalPlaces(4, Decimal.ROUND_DOWN).toString(),
          betCount: s.betCount,
          minBet: range.min.toFixed(2),
          maxBet: range.max.toFixed(2),
        });
      }
    }
    return { betInfo: entries, seriesInfo };
  }

  /** Re-prices the legs of a confirming order (a parlay on its total odds); answers the refusal, or the accepted legs' odds. */
  async function recheck(order: { id: string; bet_type: number; odds_change: number; created_at: number; odds: string }): Promise<{ ok: true; odds: Decimal[]; total?: Decimal } | { ok: false; code: BetError; reason: string }> {
    const legs = await db.selectFrom('order_legs').select(['leg_no', 'match_id', 'market_id', 'option_type', 'odds', 'is_in_play']).where('order_id', '=', order.id).orderBy('leg_no').execute();
    for (const leg of legs) {
      const danger = dangerAt.get(leg.match_id);
      if (leg.is_in_play && danger !== undefined && danger >= order.created_at) {
        return { ok: false, code: BetError.ScoreChanged, reason: `Score changed: a goal or card in match ${leg.match_id} during the acceptance delay` };
      }
    }
    const requests = legs.map((leg) => ({ marketId: leg.market_id, optionType: leg.option_type, odds: leg.odds, oddsFormat: OddsFormat.Europe }));
    const oddsChange = order.odds_change as OddsChange;
    try {
      if (order.bet_type === BetType.Builder) {
        // The legs keep the odds they were taken at; the combined odds are what the acceptance judges.
        const builder = priceBuilderBet(requests, new Decimal(order.odds), oddsChange, (i) => `leg ${legs[i]!.leg_no}`);
        return { ok: true, odds: legs.map((l) => new Decimal(l.odds)), total: builder.odds };
      }
      const priced =
        order.bet_type === BetType.Single
          ? requests.map((request, i) => priceLeg(feed, request, oddsChange, `leg ${legs[i]!.leg_no}`))
          : priceParlay(feed, requests, oddsChange, (i) => `leg ${legs[i]!.leg_no}`);
      return { ok: true, odds: priced.map((leg) => leg.odds) };
    } catch (error) {
      if (error instanceof ApiError) return { ok: false, code: error.code as BetError, reason: error.message };
      throw error;
    }
  }

  async function accept(order: OrderRow): Promise<void> {
    const check = await recheck(order);
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      if (check.ok) {
        const legs = check.odds;
        const total = check.total ?? betOdds(legs, order.bet_type === BetType.Single ? 0 : order.series_number);
        const unit = new Money(fromMinor(Number(order.unit_stake_minor)));
        const done = await trx
          .updateTable('orders')
          .set({
            status: OrderStatus.Confirmed,
            odds: total.toString(),
            max_win_minor: toMinor(potentialReturn(unit, total)),
            confirmed_at: now,
            accept_at: null,
            modified_at: now,
          })
          .where('id', '=', order.id)
          .where('status', '=', OrderStatus.Confirming)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) === 0) return;
        for (let i = 0; i < legs.length; i++) {
          await trx.updateTable('order_legs').set({ odds: legs[i]!.toString() }).where('order_id', '=', order.id).where('leg_no', '=', i + 1).execute();
        }
        return;
      }
      const done = await trx
        .updateTable('orders')
        .set({ status: OrderStatus.Rejected, reject_type: check.code, reject_reason: check.reason, accept_at: null, cancelled_at: now, modified_at: now })
        .where('id', '=', order.id)
        .where('status', '=', OrderStatus.Confirming)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) return;
      await wallet.credit(trx, { memberId: Number(order.member_id), asset: order.currency as Currency, amountMinor: Number(order.stake_minor), kind: 'bet_refund', refType: 'order', refId: order.id });
      if (order.reserve_id) {
        await trx.updateTable('reservations').set({ status: 4, fail_reason: check.reason, modified_at: now }).where('id', '=', order.reserve_id).execute();
      }
    });
  }

  async function dueOrders(): Promise<OrderRow[]> {
    return db
      .selectFrom('orders')
      .selectAll()
      // A literal, not a parameter: only then can SQLite use the partial index orders_due_idx (WHERE status = 1).
      .where('status', '=', sql.lit(OrderStatus.Confirming))
      .where('accept_at', '<=', clock.now())
      .orderBy('accept_at')
      .limit(500)
      .execute();
  }

  return {
    betInfo,
    placeSingles,
    placeMultiple,
    builderQuote,
    placeBuilder(ctx, requests, bet) {
      return place(ctx, () => [draftBuilder(ctx, requests, bet)]);
    },
    draftBet(ctx, legs, stake, oddsChange) {
      if (legs.length === 1) return draftSingle(ctx, priceLeg(feed, legs[0]!, oddsChange, 'betOptionList[0]'), stake, oddsChange, 'stake');
      return draftMultiple(ctx, legs, [{ seriesNumber: legs.length * 1000 + 1, itemCount: legs.length, unitStake: stake.toFixed(2), oddsChange }])[0]!;
    },
    async writeDraft(trx, ctx, draft) {
      try {
        await writeDraft(trx, ctx, draft);
      } catch (error) {
        throw refusalOf(ctx, error);
      }
      return placed(draft);
    },
    async writeSingle(trx, ctx, leg, unitStake, oddsChange, reserveId) {
      const draft = draftSingle(ctx, leg, unitStake, oddsChange, 'pre-bet', reserveId);
      await writeDraft(trx, ctx, draft);
      return placed(draft);
    },
    async processDue() {
      const due = await dueOrders();
      for (const order of due) await accept(order);
      return due.length;
    },
    noteDanger(matchId) {
      const now = clock.now();
      dangerAt.set(matchId, now);
      // Only events within the delay matter; drop older ones so the map stays the size of the live card.
      for (const [id, at] of dangerAt) if (at < now - delayMs() - 60_000) dangerAt.delete(id);
    },
    async statuses(memberId, orderIds) {
      if (orderIds.length === 0) return [];
      const rows = await db.selectFrom('orders').select(['id', 'status', 'reject_type']).where('member_id', '=', memberId).where('id', 'in', [...orderIds]).execute();
      return rows.map((r) => (r.reject_type === null ? { oid: r.id, st: r.status } : { oid: r.id, st: r.status, rt: r.reject_type }));
    },
    nextId,
  };
}
