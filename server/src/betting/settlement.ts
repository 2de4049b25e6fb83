import Decimal from 'decimal.js';
import { sql, type Transaction } from 'kysely';
import { BetResult, MAX_SERIES_LEGS, seriesOptions, seriesReturn, type SeriesOption, type SettledLeg } from '../../../domain/series';
import { settleOption, type MatchResult } from '../feed';
import { executeBulk, isPostgres, VALUES } from '../db/bulk';
import { lockOrders } from '../db/locks';
import type { Database } from '../db/schema';
import { Money, toMinor, type Currency } from '../money';
import { AutoCashOutStatus, BetType, CashOutFailure, CashOutStatus, OrderStatus, ReservationStatus } from './codes';
import { builderReturn } from './builder';
import type { BettingDeps, MarketSnapshot } from './orders';
import { loadSnapshots } from './snapshots';

/**
 * Orders settled per transaction: big enough to amortise the commit (on SQLite most of a batch's cost is the index
 * pages it dirties, a member's ledger and order-index pages shared by all of that member's orders in the batch), small
 * enough to keep other writers moving (a batch holds the writer for about a tenth of a second).
 */
export const ORDERS_PER_TRANSACTION = 2000;
/**
 * Batches in flight at once on PostgreSQL: while one waits on a round trip or its commit, the next one's statements are
 * built and run, so the platform and PostgreSQL work side by side instead of in turn. Their orders are disjoint and
 * each locks its wallets in member order, so the only wait between two is a member whose orders straddle them (the later
 * batch waits for the earlier's commit at that wallet). SQLite has one writer: one batch at a time there.
 */
export const BATCHES_IN_FLIGHT = 2;

/**
 * `result = 0` for a leg still waiting, written as a literal: SQLite uses the partial index of open legs by match
 * (order_legs_match_id_idx, migration 0016) only when a query states its condition as written there.
 */
export const LEG_OPEN = sql.lit(BetResult.NoResulted);

/** Legs per UPDATE: 4 bound values each on SQLite, well under its limit of 32,766. */
const LEGS_PER_UPDATE = 2000;

/** What one unit of stake on a settled single returns (DOMAIN.md section 2). */
export function singleReturn(stake: Decimal.Value, odds: Decimal.Value, result: BetResult): Decimal {
  const s = new Money(stake);
  switch (result) {
    case BetResult.Won:
      return s.times(odds);
    case BetResult.Lost:
      return new Money(0);
    case BetResult.Return:
    case BetResult.Cancel:
      return s;
    case BetResult.WinReturn:
      return s.times(new Money(odds).plus(1)).dividedBy(2);
    case BetResult.LoseReturn:
      return s.dividedBy(2);
    default:
      throw new RangeError(`a leg with result ${result} is not settled`);
  }
}

/** An order's result from its legs: a single takes its leg's; a multiple compares what it returns with its stake. */
export function orderResult(betType: number, legResults: readonly BetResult[], payout: Decimal, stake: Decimal): BetResult {
  if (betType === BetType.Single) return legResults[0] ?? BetResult.Cancel;
  if (legResults.every((r) => r === BetResult.Cancel)) return BetResult.Cancel;
  if (payout.isZero()) return BetResult.Lost;
  if (payout.greaterThan(stake)) return BetResult.Won;
  if (payout.equals(stake)) return BetResult.Return;
  return BetResult.LoseReturn;
}

/** seriesKindOf's answers, by legs and series number (a few hundred pairs at most; unknown pairs are cached too). */
const seriesKinds = new Map<number, SeriesOption['kind'] | undefined>();
/** The kind of a multiple's series (a fold size or a named full cover) by its series number and legs. */
function seriesKindOf(seriesNumber: number, legs: number): SeriesOption['kind'] | undefined {
  if (legs < 2 || legs > MAX_SERIES_LEGS) return undefined;
  const key = legs * 100_000 + seriesNumber;
  // Settlement asks once per multiple (tens of thousands when a big match ends); the answer depends on these two only.
  if (!seriesKinds.has(key)) {
    const offered = seriesOptions(Array.from({ length: legs }, () => '2'));
    seriesKinds.set(key, offered.find((s) => s.seriesNumber === seriesNumber)?.kind);
  }
  return seriesKinds.get(key);
}

function scoreOf(result: MatchResult, snapshot: MarketSnapshot): string | null {
  const totals = result.final.periods[snapshot.period];
  const pair = snapshot.unit === 'length' ? undefined : totals?.[snapshot.unit];
  return pair ? `${pair.home}:${pair.away}` : null;
}

/** An order as settlement just closed it, for what else settles with it (settlement hooks). */
export interface SettledOrder {
  orderId: string;
  memberId: number;
  betType: number;
  currency: Currency;
  stakeMinor: number;
  /** What settlement paid (cash-out payouts are not in it). */
  payoutMinor: number;
  result: BetResult;
  /** Cash outs paid on the order before it settled. */
  cashOutCount: number;
  /** The matches of its legs, in leg order (a hook need not read the legs again). */
  matchIds: readonly number[];
}

/**
 * Runs inside the settlement transaction, after the payouts: whatever it writes commits or rolls back with the
 * settlement, and it sees each order once (only the orders this settlement moved).
 */
export type SettlementHook = (trx: Transaction<Database>, orders: readonly SettledOrder[], now: number) => Promise<void>;

export interface SettlementService {
  /** Adds a hook that settles something with the orders (the live room's first-bet coverage). */
  onSettled(hook: SettlementHook): void;
  /** Settles every leg on the match and every order whose legs are then all settled. Safe to repeat. */
  settleMatch(result: MatchResult): Promise<number>;
  /** Settles legs of matches whose results are stored but were not applied (a restart, a missed event). */
  settleStored(): Promise<number>;
}

export interface SettlementOptions {
  /** Orders per transaction (ORDERS_PER_TRANSACTION); the tests make it small to cut a match into several batches. */
  ordersPerTransaction?: number;
  /** Batches in flight at once; by default BATCHES_IN_FLIGHT on PostgreSQL, 1 on SQLite (one writer). */
  batchesInFlight?: number;
}

export function createSettlementService(
  deps: BettingDeps,
  loadResult: (matchId: number) => Promise<MatchResult | undefined>,
  { ordersPerTransaction = ORDERS_PER_TRANSACTION, batchesInFlight = isPostgres(deps.db) ? BATCHES_IN_FLIGHT : 1 }: SettlementOptions = {},
): SettlementService {
  const { db, clock, wallet } = deps;
  const OPEN = [OrderStatus.Confirmed, OrderStatus.ReserveCashOut];
  const hooks: SettlementHook[] = [];

  interface LegOutcome {
    orderId: string;
    memberId: number;
    legNo: number;
    /** The leg's odds (fixed when the bet was taken). */
    odds: string;
    result: BetResult;
    score: string | null;
  }

  /** The open legs on the match with their outcomes; legs on the same market, option and line share one computation. */
  async function outcomesOf(result: MatchResult): Promise<LegOutcome[]> {
    const legs = await db
      .selectFrom('order_legs')
      .innerJoin('orders', 'orders.id', 'order_legs.order_id')
      .select(['order_legs.order_id', 'orders.member_id', 'order_legs.leg_no', 'order_legs.odds', 'order_legs.option_type', 'order_legs.snapshot_hash'])
      .where('order_legs.match_id', '=', result.matchId)
      .where('order_legs.result', '=', LEG_OPEN)
      .where('orders.status', 'in', OPEN)
      .execute();
    const snapshots = await loadSnapshots(db, legs.map((l) => l.snapshot_hash));
    const outcomes = new Map<string, { result: BetResult; score: string | null }>();
    return legs.map((leg) => {
      const key = `${leg.snapshot_hash}|${leg.option_type}`;
      let outcome = outcomes.get(key);
      if (!outcome) {
        const stored = snapshots.get(leg.snapshot_hash);
        if (!stored) throw new Error(`order ${leg.order_id} leg ${leg.leg_no}: snapshot ${leg.snapshot_hash} is missing`);
        const snapshot = JSON.parse(stored.market_json) as MarketSnapshot;
        const code = settleOption({ ...snapshot, options: snapshot.optionTypes.map((type) => ({ type })) }, leg.option_type, result.final, result.matchStatus, result.winnerTeamId) as BetResult;
        outcome = { result: code, score: scoreOf(result, snapshot) };
        outcomes.set(key, outcome);
      }
      return { orderId: leg.order_id, memberId: Number(leg.member_id), legNo: leg.leg_no, odds: leg.odds, ...outcome };
    });
  }

  /**
   * Writes the legs' results: one UPDATE ... FROM (rows) per LEGS_PER_UPDATE legs (executeBulk), each leg addressed by
   * its key (order id and leg number) and written only while it has no result.
   */
  async function writeLegs(trx: Transaction<Database>, legs: readonly LegOutcome[], now: number): Promise<void> {
    for (let start = 0; start < legs.length; start += LEGS_PER_UPDATE) {
      await executeBulk(
        trx,
        `update order_legs set result = cast(v.column3 as integer), result_score = v.column4, settled_at = ?
         from (${VALUES}) as v
         where order_legs.order_id = v.column1 and order_legs.leg_no = cast(v.column2 as integer) and order_legs.result = ?`,
        [now, BetResult.NoResulted],
        ['text', 'integer', 'integer', 'text'],
        legs.slice(start, start + LEGS_PER_UPDATE).map((l) => [l.orderId, l.legNo, l.result, l.score]),
      );
    }
  }

  /**
   * Settles the orders among these whose legs all have results: status, payout, ledger and the cash-out and pre-bet
   * rows they close, inside the caller's transaction. The order update is guarded by the open statuses; only the orders
   * it actually moved are paid, one ledger row each.
   */
  async function settleOrders(trx: Transaction<Database>, ids: readonly string[], matchId: number, outcomesOfOrder: (orderId: string) => readonly LegOutcome[], now: number): Promise<number> {
    // The orders, only the columns settlement uses. By id only: with a status condition SQLite picks the status index
    // and walks every open order for each batch.
    const orderRows = await trx
      .selectFrom('orders')
      .select([
        'id',
        'member_id',
        'status',
        'bet_type',
        'series_number',
        'item_count',
        'bet_count',
        'odds',
        'currency',
        'stake_minor',
        'remaining_stake_minor',
        'cash_out_count',
        'reserve_id',
      ])
      .where('id', 'in', ids)
      .execute();
    type Row = (typeof orderRows)[number];
    interface Leg {
      leg_no: number;
      odds: string;
      leg_result: number;
      match_id: number;
    }
    const orders = new Map<string, { order: Row; legs: Leg[] }>();
    for (const order of orderRows) if (OPEN.includes(order.status as (typeof OPEN)[number])) orders.set(order.id, { order, legs: [] });
    // A single's one leg is on this match, and its outcome was just written: only multiples read their legs again
    // (those on other matches may have been settled meanwhile).
    const multiples = [...orders.values()].filter((o) => o.order.bet_type !== BetType.Single).map((o) => o.order.id);
    const legRows =
      multiples.length === 0
        ? []
        : await trx.selectFrom('order_legs').select(['order_id', 'leg_no', 'odds', 'result as leg_result', 'match_id']).where('order_id', 'in', multiples).execute();
    for (const leg of legRows) orders.get(leg.order_id)?.legs.push({ leg_no: leg.leg_no, odds: leg.odds, leg_result: leg.leg_result, match_id: Number(leg.match_id) });
    for (const entry of orders.values()) {
      if (entry.order.bet_type !== BetType.Single) continue;
      for (const leg of outcomesOfOrder(entry.order.id)) entry.legs.push({ leg_no: leg.legNo, odds: leg.odds, leg_result: leg.result, match_id: matchId });
    }
    const due: Array<{ order: Row; result: BetResult; payoutMinor: number; matchIds: number[] }> = [];
    for (const { order, legs } of orders.values()) {
      if (legs.some((l) => l.leg_result === BetResult.NoResulted)) continue;
      legs.sort((a, b) => a.leg_no - b.leg_no);
      const orderLegs: SettledLeg[] = legs.map((l) => ({ odds: l.odds, result: l.leg_result as BetResult }));
      const remaining = new Money(Number(order.remaining_stake_minor)).dividedBy(100);
      let payout: Decimal;
      if (order.bet_type === BetType.Single) {
        payout = singleReturn(remaining, orderLegs[0]!.odds, orderLegs[0]!.result);
      } else if (order.bet_type === BetType.Builder) {
        // One bet on the match's result at its combined odds (betting/builder.ts), not a product of its legs' odds.
        payout = builderReturn(remaining, order.odds, orderLegs.map((l) => l.result));
      } else {
        const kind = seriesKindOf(order.series_number, order.item_count);
        if (!kind) throw new Error(`order ${order.id}: unknown series ${order.series_number} for ${order.item_count} legs`);
        payout = seriesReturn(orderLegs, kind, remaining.dividedBy(order.bet_count)).grossReturn;
      }
      const payoutMinor = toMinor(payout.toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
      due.push({ order, result: orderResult(order.bet_type, orderLegs.map((l) => l.result), payout, remaining), payoutMinor, matchIds: legs.map((l) => Number(l.match_id)) });
    }
    if (due.length === 0) return 0;

    // One guarded UPDATE for the whole batch (UPDATE ... FROM (rows), executeBulk); RETURNING names the orders it moved.
    const moved = await executeBulk<{ id: string }>(
      trx,
      `update orders
       set status = ?, result = cast(v.column2 as integer), payout_minor = cast(v.column3 as bigint), settled_at = ?, accept_at = null, modified_at = ?
       from (${VALUES}) as v
       where orders.id = v.column1 and orders.status in (?, ?)
       returning orders.id`,
      [OrderStatus.Settled, now, now, OrderStatus.Confirmed, OrderStatus.ReserveCashOut],
      ['text', 'integer', 'bigint'],
      due.map((d) => [d.order.id, d.result, d.payoutMinor]),
    );
    const settled = new Set(moved.rows.map((r) => r.id));
    const done = due.filter((d) => settled.has(d.order.id));
    if (done.length === 0) return 0;

    await wallet.creditMany(
      trx,
      done.flatMap((d) =>
        d.payoutMinor > 0 ? [{ memberId: Number(d.order.member_id), asset: d.order.currency as Currency, amountMinor: d.payoutMinor, kind: 'bet_payout' as const, refType: 'order', refId: d.order.id }] : [],
      ),
    );
    // The match ended before a pending cash out's delay did: the settlement stands, the cash out is refused.
    const reserved = done.filter((d) => d.order.status === OrderStatus.ReserveCashOut).map((d) => d.order.id);
    if (reserved.length > 0) {
      await trx
        .updateTable('cash_outs')
        .set({ status: CashOutStatus.Canceled, cancel_reason: CashOutFailure.SettleRefused, accept_at: null, modified_at: now })
        .where('order_id', 'in', reserved)
        .where('status', '=', CashOutStatus.Confirming)
        .execute();
    }
    await trx
      .updateTable('auto_cash_outs')
      .set({ status: AutoCashOutStatus.Cancelled, modified_at: now })
      .where('order_id', 'in', done.map((d) => d.order.id))
      .where('status', '=', AutoCashOutStatus.Active)
      .execute();
    const reservations = done.flatMap((d) => (d.order.reserve_id ? [d.order.reserve_id] : []));
    if (reservations.length > 0) {
      await trx.updateTable('reservations').set({ status: ReservationStatus.Settled, modified_at: now }).where('id', 'in', reservations).execute();
    }
    const settledOrders: SettledOrder[] = done.map((d) => ({
      orderId: d.order.id,
      memberId: Number(d.order.member_id),
      betType: d.order.bet_type,
      currency: d.order.currency as Currency,
      stakeMinor: Number(d.order.stake_minor),
      payoutMinor: d.payoutMinor,
      result: d.result,
      cashOutCount: d.order.cash_out_count,
      matchIds: d.matchIds,
    }));
    for (const hook of hooks) await hook(trx, settledOrders, now);
    return done.length;
  }

  return {
    onSettled(hook) {
      hooks.push(hook);
    },
    async settleMatch(result) {
      const legs = await outcomesOf(result);
      if (legs.length === 0) return 0;
      // Batches of whole orders: each batch writes its legs' results and settles its orders in one transaction, so a
      // crash never leaves legs with results under orders that are still open.
      const byOrder = new Map<string, LegOutcome[]>();
      for (const leg of legs) {
        const list = byOrder.get(leg.orderId);
        if (list) list.push(leg);
        else byOrder.set(leg.orderId, [leg]);
      }
      // Batches by member: a batch then dirties the pages of its own members' wallets, ledger and order-index entries
      // only, rather than a page of nearly every member's, so each commit writes a fraction of those indexes.
      const orderIds = [...byOrder.values()]
        .map((legsOfOrder) => legsOfOrder[0]!)
        .sort((a, b) => a.memberId - b.memberId || (a.orderId < b.orderId ? -1 : a.orderId > b.orderId ? 1 : 0))
        .map((leg) => leg.orderId);
      const batches: string[][] = [];
      for (let start = 0; start < orderIds.length; start += ordersPerTransaction) batches.push(orderIds.slice(start, start + ordersPerTransaction));
      const settleBatch = (ids: readonly string[]) =>
        db.transaction().execute(async (trx) => {
          // PostgreSQL's planner joins a batch's few thousand rows to the whole of order_legs and orders by hashing (or
          // merging) a scan of each table (60-80 ms a statement with 120,000 legs, growing with the tables) where a
          // lookup by key per row takes a few: for this transaction only, it is told to look rows up by their keys.
          if (isPostgres(trx)) {
            await sql`select set_config('enable_seqscan', 'off', true), set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true)`.execute(trx);
          }
          // The batch's orders, locked in id order before anything is read or written: a cash out or another settlement
          // of one of them (another instance, the other match of a parlay) waits for this commit and then finds the order
          // settled; what the batch reads (status, remaining stake, the parlay's other legs) stays true until it commits.
          await lockOrders(trx, ids);
          const now = clock.now();
          await writeLegs(trx, ids.flatMap((id) => byOrder.get(id)!), now);
          return settleOrders(trx, ids, result.matchId, (id) => byOrder.get(id)!, now);
        });
      // Each worker takes the next batch when its last one committed; after a failure none starts another, and the
      // failure is thrown once those running have ended (the batches committed stay settled; the rest wait for the
      // next settleMatch or settleStored).
      let next = 0;
      let failed = false;
      const worker = async (): Promise<number> => {
        let count = 0;
        while (!failed && next < batches.length) {
          const ids = batches[next++]!;
          try {
            count += await settleBatch(ids);
          } catch (error) {
            failed = true;
            throw error;
          }
        }
        return count;
      };
      const inFlight = Math.max(1, Math.min(batchesInFlight, batches.length));
      const ended = await Promise.allSettled(Array.from({ length: inFlight }, worker));
      let settled = 0;
      for (const end of ended) {
        if (end.status === 'rejected') throw end.reason;
        settled += end.value;
      }
      return settled;
    },
    async settleStored() {
      const matches = await db
        .selectFrom('order_legs')
        .innerJoin('orders', 'orders.id', 'order_legs.order_id')
        .innerJoin('match_results', 'match_results.match_id', 'order_legs.match_id')
        .select('order_legs.match_id')
        .distinct()
        .where('order_legs.result', '=', LEG_OPEN)
        .where('orders.status', 'in', [OrderStatus.Confirmed, OrderStatus.ReserveCashOut])
        .execute();
      let settled = 0;
      for (const { match_id } of matches) {
        const result = await loadResult(Number(match_id));
        if (result) settled += await this.settleMatch(result);
      }
      return settled;
    },
  };
}
