import type { CashOutEntry } from '../../../contract/betting';
import type { Kysely, Transaction } from 'kysely';
import { BetResult } from '../../../domain/series';
import { lockOrders } from '../db/locks';
import type { AutoCashOutRow, CashOutRow, Database, OrderLegRow, OrderRow } from '../db/schema';
import type { Market } from '../feed';
import { fromMinor, toMinor, type Currency } from '../money';
import { AutoCashOutStatus, BetError, BetType, CashOutFailure, CashOutStatus, OrderStatus, ReservationStatus } from './codes';
import { cashOutPayout, offerOf, quoteCashOut, type CashOutQuote } from './cashOutPricing';
import { cashOutEntryOf, remainingReturn } from './history';
import type { BettingDeps, OrderService } from './orders';
import { BetRefused, inCurrency, refuse } from './rules';

/** The spec's wording of each cash-out failure reason (section 4, "Settlement failure reasons"). */
export const CASH_OUT_FAILURE_TEXT: Record<CashOutFailure, string> = {
  [CashOutFailure.SystemError]: 'system error',
  [CashOutFailure.ParamError]: 'param error',
  [CashOutFailure.PositionLimit]: 'position limit',
  [CashOutFailure.MarketSuspend]: 'market suspend',
  [CashOutFailure.TraderReject]: 'trader reject',
  [CashOutFailure.FailPaid]: 'fail paid',
  [CashOutFailure.SettleRefused]: 'settle refused',
};

/** A cash out refused for a state of the order or market: 409 CashOutUnavailable naming the spec's reason. */
export class CashOutRefused extends BetRefused {
  constructor(
    readonly reason: CashOutFailure,
    detail: string,
  ) {
    super(BetError.CashOutUnavailable, `Cash out unavailable: ${CASH_OUT_FAILURE_TEXT[reason]} (reason ${reason}): ${detail}`);
    this.name = 'CashOutRefused';
  }
}

/** One order's entry of the spec's cashOut/price answer (`pr`). */
export interface CashOutPriceEntry {
  oid: string;
  /** Cash-out price of the whole remaining stake, 2 decimals ("0.00" when unavailable). */
  amt: string;
  /** 1 available, 0 not. */
  st: 0 | 1;
  /** Minimum cash-out stake of a single / a parlay in the order's currency. */
  smis: string;
  pmis: string;
  /** Quote rate (payout per unit of stake), floored to 6 decimals so floor(rate x stake) never exceeds the offer. */
  rate: string;
  /** Why not (CashOutFailure) when st is 0. */
  reason?: CashOutFailure;
}

export interface CashOutPrices {
  pr: CashOutPriceEntry[];
  /** Maximum cash outs per order. */
  mxc: number;
}

export interface CashOutRequest {
  orderId: string;
  /** Part of the remaining stake to cash out (all of it for a full cash out), a decimal string. */
  cashOutStake: string;
  /** The payout the member was shown for that stake; a lower offer now is refused (trader reject). */
  expectedAmount: string;
}

export interface CashOutResult {
  cashOutId: string;
  /** CashOutStatus: 5 Settled (paid), 1 Confirming (in-play delay). */
  status: number;
  /** Paid, or (Confirming) the offer recorded, which is the least that will be paid. */
  payout: string;
  /** Stake of the order still running: after the cash out when Settled, unchanged while Confirming. */
  remainingStake: string;
  /** The order's status now: 4 Confirmed (partial), 102 CashOut (full), 101 ReserveCashOut (pending). */
  orderStatus: number;
}

export interface AutoCashOutRequest {
  orderId: string;
  cashOutStake: string;
  threshold: string;
}

export interface AutoCashOutRule {
  id: number;
  orderId: string;
  stake: string;
  threshold: string;
  /** AutoCashOutStatus: 0 active, 1 fired, 2 cancelled, 3 failed. */
  status: number;
  cashOutId: string | null;
  createdTime: number;
}

export type { CashOutEntry };

export interface CashOutService {
  /** Offers for the whole remaining stake of the member's own orders (others' ids are left out). */
  prices(memberId: number, orderIds: readonly string[]): Promise<CashOutPrices>;
  /** Cashes out all or part of an order's remaining stake: paid at once pre-match, after the delay in play. */
  execute(memberId: number, request: CashOutRequest): Promise<CashOutResult>;
  /** Sets the order's auto cash-out rule, replacing an active one. */
  setAuto(memberId: number, request: AutoCashOutRequest): Promise<AutoCashOutRule>;
  /** Cancels the order's active auto cash-out rule; answers how many were cancelled (0 or 1). */
  cancelAuto(memberId: number, orderId: string): Promise<number>;
  /** The member's cash outs by cash-out id or order id (every cash out of that order). */
  entries(memberId: number, ids: readonly string[]): Promise<CashOutEntry[]>;
  /** Auto cash-out rules on these markets whose offer reached the threshold fire. */
  onOdds(markets: readonly Market[]): Promise<void>;
  /** Ends the in-play delay of due cash outs. */
  processDue(): Promise<number>;
  /**
   * The offer for an order's whole remaining stake, read through `executor` (edit bet: the preview on the database,
   * the confirm inside its transaction after lockOrders). Throws CashOutRefused when none is offered, as execute does.
   */
  fullOffer(executor: Executor | Kysely<Database>, memberId: number, orderId: string): Promise<FullOffer>;
  /** Pays a full offer at once inside the caller's transaction (edit bet); throws CashOutRefused if the order moved. */
  payFull(trx: Executor, offer: FullOffer): Promise<CashOutResult>;
}

/** An order's whole remaining stake priced for a cash out now. */
export interface FullOffer {
  order: OrderRow;
  legs: OrderLegRow[];
  payoutMinor: number;
  /** Whether a cash out of it would wait the in-play delay. */
  delayed: boolean;
}

/** Cash outs whose delay ended, handled per processDue call. */
const DUE_BATCH = 500;
/** The in-memory market index of auto rules is rebuilt from the database this often (drops rules closed elsewhere). */
const INDEX_TTL_MS = 5 * 60_000;

type Executor = Transaction<Database>;

/** Orders offered a cash out: singles, accumulators and builders (one bet); not series. */
const isAccumulator = (order: Pick<OrderRow, 'bet_type' | 'series_number' | 'item_count'>) =>
  order.bet_type === BetType.Single || order.bet_type === BetType.Builder || order.series_number === order.item_count * 1000 + 1;

/**
 * Cash out (early settlement, DOMAIN.md section 4): offers, full and partial cash outs, the in-play delay and auto
 * rules. Every money movement is one transaction (cash-out row, ledger credit, order update), and every transition is
 * guarded by the status it leaves, so a repeated call, a tick racing a settlement or a rule firing twice does nothing
 * the second time; the unique ledger index (kind, ref_type, ref_id) backs it up with one credit per cash-out id. On
 * PostgreSQL each transaction first locks the order's row (lockOrders), as settlement does, so what it read of the
 * order stays true until it commits.
 */
export function createCashOutService(deps: BettingDeps, orders: OrderService): CashOutService {
  const { db, clock, feed, config, wallet } = deps;
  const cashOutConfig = config.betting.cashOut;
  const delayMs = () => Math.round(config.betting.inPlayDelaySeconds * 1000);

  const minimums = (currency: Currency) => ({
    single: toMinor(inCurrency(config, cashOutConfig.minSingle, currency, 'up')),
    parlay: toMinor(inCurrency(config, cashOutConfig.minParlay, currency, 'up')),
  });
  const minimumOf = (order: OrderRow) => {
    const m = minimums(order.currency as Currency);
    return order.bet_type === BetType.Single ? m.single : m.parlay;
  };

  async function legsOf(executor: Executor | typeof db, orderId: string): Promise<OrderLegRow[]> {
    return executor.selectFrom('order_legs').selectAll().where('order_id', '=', orderId).orderBy('leg_no').execute();
  }

  async function ownOrder(executor: Executor | typeof db, memberId: number, orderId: string): Promise<OrderRow> {
    const order = await executor.selectFrom('orders').selectAll().where('id', '=', orderId).where('member_id', '=', memberId).executeTakeFirst();
    if (!order) throw refuse(BetError.OrderNotFound, `orderId: no order ${orderId} of yours`);
    return order;
  }

  function unavailable(quote: Extract<CashOutQuote, { available: false }>, order: OrderRow): CashOutRefused {
    const why: Record<CashOutFailure, string> = {
      [CashOutFailure.SystemError]: 'try again',
      [CashOutFailure.ParamError]: 'bad request',
      [CashOutFailure.PositionLimit]: `order ${order.id} has been cashed out ${order.cash_out_count} times, the most allowed is ${cashOutConfig.maxCount}`,
      [CashOutFailure.MarketSuspend]: `a market of order ${order.id} is suspended, closed or moved to a new line`,
      [CashOutFailure.TraderReject]: 'the offer moved',
      [CashOutFailure.FailPaid]: 'payment failed',
      [CashOutFailure.SettleRefused]: settleRefusedDetail(order),
    };
    return new CashOutRefused(quote.reason, why[quote.reason]);
  }

  function settleRefusedDetail(order: OrderRow): string {
    if (order.status === OrderStatus.ReserveCashOut) return `a cash out of order ${order.id} is being confirmed`;
    if (order.status === OrderStatus.Created || order.status === OrderStatus.Confirming) return `order ${order.id} is not confirmed yet`;
    if (order.status !== OrderStatus.Confirmed) return `order ${order.id} is closed (status ${order.status})`;
    if (!isAccumulator(order)) return `system bets (series ${order.series_number}) are not offered a cash out`;
    if (Number(order.remaining_stake_minor) <= 0) return `nothing of order ${order.id} is still running`;
    return `order ${order.id} has a lost leg or nothing left to price`;
  }

  /**
   * Checks a cash-out stake against the order: at most the remaining stake; a partial one at least the minimum and
   * leaving at least the minimum running. A full cash out of the whole remaining stake is always allowed.
   */
  function checkStake(order: OrderRow, stakeMinor: number, field: string): void {
    const remaining = Number(order.remaining_stake_minor);
    const min = minimumOf(order);
    if (stakeMinor > remaining) throw refuse(BetError.ExceedRange, `${field} ${fromMinor(stakeMinor)} is above the remaining stake ${fromMinor(remaining)}`);
    if (stakeMinor === remaining) return;
    if (stakeMinor < min) throw refuse(BetError.BelowRange, `${field} ${fromMinor(stakeMinor)} is below the minimum cash out ${fromMinor(min)}`);
    if (remaining - stakeMinor < min) {
      throw refuse(
        BetError.BelowRange,
        `${field} ${fromMinor(stakeMinor)} would leave ${fromMinor(remaining - stakeMinor)} running, below the minimum ${fromMinor(min)}: cash out all ${fromMinor(remaining)} or at most ${fromMinor(remaining - min)}`,
      );
    }
  }

  function stakeProblem(order: OrderRow, stakeMinor: number): string | undefined {
    try {
      checkStake(order, stakeMinor, 'stake');
      return undefined;
    } catch (error) {
      if (error instanceof BetRefused) return error.message;
      throw error;
    }
  }

  /** A cash out runs through the delay when the order was placed in play or one of its open legs is in play now. */
  function delayed(order: OrderRow, legs: readonly OrderLegRow[]): boolean {
    if (delayMs() <= 0) return false;
    if (order.is_in_play === 1) return true;
    return legs.some((l) => l.result === BetResult.NoResulted && feed.fixture(Number(l.match_id))?.inPlay === true);
  }

  /** Spec: "Early settlement result: lose if the payout is below the stake, win if above, otherwise draw." */
  function earlyResult(returnedMinor: number, stakeMinor: number): BetResult {
    if (returnedMinor < stakeMinor) return BetResult.Lost;
    if (returnedMinor > stakeMinor) return BetResult.Won;
    return BetResult.Return;
  }

  /**
   * Pays a cash out inside the caller's transaction: the order's remaining stake, count and totals move (a full cash
   * out closes it as CashOut with its early-settlement result), the wallet is credited under the cash-out id.
   * Answers false, writing nothing, when the order is no longer in `from` with the remaining stake read.
   */
  async function pay(trx: Executor, order: OrderRow, from: number, cashOutId: string, stakeMinor: number, payoutMinor: number): Promise<{ ok: boolean; remaining: number; status: number }> {
    const now = clock.now();
    const remainingBefore = Number(order.remaining_stake_minor);
    const remaining = remainingBefore - stakeMinor;
    const full = remaining === 0;
    const returned = Number(order.cash_out_payout_minor) + payoutMinor;
    const status = full ? OrderStatus.CashOut : OrderStatus.Confirmed;
    const done = await trx
      .updateTable('orders')
      .set({
        status,
        remaining_stake_minor: remaining,
        cash_out_count: Number(order.cash_out_count) + 1,
        cash_out_stake_minor: Number(order.cash_out_stake_minor) + stakeMinor,
        cash_out_payout_minor: returned,
        max_win_minor: toMinor(remainingReturn({ remaining_stake_minor: remaining, bet_count: order.bet_count, odds: order.odds }).toFixed(2)),
        accept_at: null,
        modified_at: now,
        ...(full ? { result: earlyResult(returned, Number(order.stake_minor)), settled_at: now } : {}),
      })
      .where('id', '=', order.id)
      .where('status', '=', from)
      .where('remaining_stake_minor', '=', remainingBefore)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) return { ok: false, remaining: remainingBefore, status: order.status };
    if (payoutMinor > 0) {
      await wallet.credit(trx, { memberId: Number(order.member_id), asset: order.currency as Currency, amountMinor: payoutMinor, kind: 'cash_out', refType: 'cash_out', refId: cashOutId });
    }
    if (full) {
      await trx
        .updateTable('auto_cash_outs')
        .set({ status: AutoCashOutStatus.Cancelled, modified_at: now })
        .where('order_id', '=', order.id)
        .where('status', '=', AutoCashOutStatus.Active)
        .execute();
      if (order.reserve_id) {
        await trx.updateTable('reservations').set({ status: ReservationStatus.Settled, modified_at: now }).where('id', '=', order.reserve_id).execute();
      }
    }
    return { ok: true, remaining, status };
  }

  /**
   * Starts a cash out of a Confirmed order at `payoutMinor` inside the caller's transaction: paid at once, or recorded
   * Confirming with the order in ReserveCashOut until the delay ends. Throws CashOutRefused if the order moved on.
   */
  async function start(trx: Executor, order: OrderRow, legs: readonly OrderLegRow[], stakeMinor: number, payoutMinor: number, auto: boolean): Promise<CashOutResult> {
    const now = clock.now();
    const id = orders.nextId();
    const wait = delayed(order, legs);
    const row = {
      id,
      order_id: order.id,
      member_id: Number(order.member_id),
      stake_minor: stakeMinor,
      payout_minor: payoutMinor,
      status: wait ? CashOutStatus.Confirming : CashOutStatus.Settled,
      auto: auto ? 1 : 0,
      cancel_reason: null,
      accept_at: wait ? now + delayMs() : null,
      created_at: now,
      modified_at: now,
    };
    const moved = () => new CashOutRefused(CashOutFailure.SettleRefused, `order ${order.id} changed meanwhile, ask for a new price`);
    if (wait) {
      const done = await trx
        .updateTable('orders')
        .set({ status: OrderStatus.ReserveCashOut, modified_at: now })
        .where('id', '=', order.id)
        .where('status', '=', OrderStatus.Confirmed)
        .where('remaining_stake_minor', '=', Number(order.remaining_stake_minor))
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) throw moved();
      await trx.insertInto('cash_outs').values(row).execute();
      return { cashOutId: id, status: row.status, payout: fromMinor(payoutMinor), remainingStake: fromMinor(Number(order.remaining_stake_minor)), orderStatus: OrderStatus.ReserveCashOut };
    }
    await trx.insertInto('cash_outs').values(row).execute();
    const paid = await pay(trx, order, OrderStatus.Confirmed, id, stakeMinor, payoutMinor);
    if (!paid.ok) throw moved();
    return { cashOutId: id, status: row.status, payout: fromMinor(payoutMinor), remainingStake: fromMinor(paid.remaining), orderStatus: paid.status };
  }

  // ---- auto rules: an in-memory index market id -> orders with an active rule, rebuilt lazily ----

  let index: { byMarket: Map<number, Set<string>>; loadedAt: number } | null = null;

  function indexAdd(byMarket: Map<number, Set<string>>, marketId: number, orderId: string): void {
    let set = byMarket.get(marketId);
    if (!set) byMarket.set(marketId, (set = new Set()));
    set.add(orderId);
  }

  async function ruleIndex(): Promise<Map<number, Set<string>>> {
    if (index && clock.now() - index.loadedAt < INDEX_TTL_MS) return index.byMarket;
    const rows = await db
      .selectFrom('auto_cash_outs')
      .innerJoin('order_legs', 'order_legs.order_id', 'auto_cash_outs.order_id')
      .select(['auto_cash_outs.order_id', 'order_legs.market_id'])
      .where('auto_cash_outs.status', '=', AutoCashOutStatus.Active)
      .where('order_legs.result', '=', BetResult.NoResulted)
      .execute();
    const byMarket = new Map<number, Set<string>>();
    for (const r of rows) indexAdd(byMarket, Number(r.market_id), r.order_id);
    index = { byMarket, loadedAt: clock.now() };
    return byMarket;
  }

  function indexDrop(orderId: string): void {
    if (!index) return;
    for (const [marketId, set] of index.byMarket) {
      if (set.delete(orderId) && set.size === 0) index.byMarket.delete(marketId);
    }
  }

  function ruleView(r: AutoCashOutRow): AutoCashOutRule {
    return {
      id: Number(r.id),
      orderId: r.order_id,
      stake: fromMinor(Number(r.stake_minor)),
      threshold: fromMinor(Number(r.threshold_minor)),
      status: r.status,
      cashOutId: r.cash_out_id,
      createdTime: Number(r.created_at),
    };
  }

  /** Fires one rule if its offer reached the threshold; a rule that can never fire any more is marked Failed. */
  async function fire(ruleId: number): Promise<void> {
    const target = await db.selectFrom('auto_cash_outs').select('order_id').where('id', '=', ruleId).executeTakeFirst();
    if (!target) return;
    await db.transaction().execute(async (trx) => {
      // The order first (what every transaction on an order locks first), then the rule as it is now.
      await lockOrders(trx, [target.order_id]);
      const rule = await trx.selectFrom('auto_cash_outs').selectAll().where('id', '=', ruleId).where('status', '=', AutoCashOutStatus.Active).executeTakeFirst();
      if (!rule) return;
      const order = await trx.selectFrom('orders').selectAll().where('id', '=', rule.order_id).executeTakeFirst();
      // A pending cash out (ReserveCashOut) blocks the rule until it ends; settlement cancels rules of settled orders.
      if (!order || order.status !== OrderStatus.Confirmed) return;
      const now = clock.now();
      const fail = async () => {
        await trx.updateTable('auto_cash_outs').set({ status: AutoCashOutStatus.Failed, modified_at: now }).where('id', '=', rule.id).where('status', '=', AutoCashOutStatus.Active).execute();
      };
      const legs = await legsOf(trx, order.id);
      const quote = quoteCashOut(feed, config, order, legs);
      if (!quote.available) {
        if (quote.reason === CashOutFailure.PositionLimit) await fail();
        return; // suspended, closed or a lost leg: never fire now
      }
      const stakeMinor = Math.min(Number(rule.stake_minor), Number(order.remaining_stake_minor));
      if (stakeProblem(order, stakeMinor) !== undefined) {
        await fail();
        return;
      }
      const payoutMinor = toMinor(cashOutPayout(quote.rate, fromMinor(stakeMinor)).toFixed(2));
      if (payoutMinor <= 0 || payoutMinor < Number(rule.threshold_minor)) return;
      const result = await start(trx, order, legs, stakeMinor, payoutMinor, true);
      // No status guard: this transaction read the rule Active, and a full cash out has just cancelled the order's
      // active rules, this one included.
      await trx.updateTable('auto_cash_outs').set({ status: AutoCashOutStatus.Fired, cash_out_id: result.cashOutId, modified_at: now }).where('id', '=', rule.id).execute();
    });
  }

  /** Ends the delay of one cash out: paid at the offer of this moment if it did not fall, else rejected. */
  async function conclude(pending: CashOutRow): Promise<void> {
    let reactivated = false;
    await db.transaction().execute(async (trx) => {
      await lockOrders(trx, [pending.order_id]);
      const now = clock.now();
      const order = await trx.selectFrom('orders').selectAll().where('id', '=', pending.order_id).executeTakeFirst();
      const end = async (status: number, reason: CashOutFailure) => {
        const done = await trx
          .updateTable('cash_outs')
          .set({ status, cancel_reason: reason, accept_at: null, modified_at: now })
          .where('id', '=', pending.id)
          .where('status', '=', CashOutStatus.Confirming)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) === 0) return;
        await trx.updateTable('orders').set({ status: OrderStatus.Confirmed, modified_at: now }).where('id', '=', pending.order_id).where('status', '=', OrderStatus.ReserveCashOut).execute();
        if (pending.auto === 1) {
          // The rule that made it tries again on the next odds change.
          const back = await trx
            .updateTable('auto_cash_outs')
            .set({ status: AutoCashOutStatus.Active, cash_out_id: null, modified_at: now })
            .where('cash_out_id', '=', pending.id)
            .where('status', '=', AutoCashOutStatus.Fired)
            .executeTakeFirst();
          reactivated = Number(back.numUpdatedRows) > 0;
        }
      };
      if (!order || order.status !== OrderStatus.ReserveCashOut) {
        await end(CashOutStatus.Canceled, CashOutFailure.SettleRefused);
        return;
      }
      const legs = await legsOf(trx, order.id);
      const quote = quoteCashOut(feed, config, { ...order, status: OrderStatus.Confirmed }, legs);
      if (!quote.available) {
        await end(CashOutStatus.Rejected, quote.reason);
        return;
      }
      const stakeMinor = Number(pending.stake_minor);
      const payoutMinor = toMinor(cashOutPayout(quote.rate, fromMinor(stakeMinor)).toFixed(2));
      if (payoutMinor <= 0 || payoutMinor < Number(pending.payout_minor)) {
        await end(CashOutStatus.Rejected, CashOutFailure.TraderReject);
        return;
      }
      const done = await trx
        .updateTable('cash_outs')
        .set({ status: CashOutStatus.Settled, payout_minor: payoutMinor, accept_at: null, modified_at: now })
        .where('id', '=', pending.id)
        .where('status', '=', CashOutStatus.Confirming)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) return;
      const paid = await pay(trx, order, OrderStatus.ReserveCashOut, pending.id, stakeMinor, payoutMinor);
      // The order moved under the pending cash out (it cannot: nothing else changes a ReserveCashOut order's stake):
      // throwing rolls the Settled mark back, and the next tick tries again.
      if (!paid.ok) throw new Error(`cash out ${pending.id}: order ${order.id} changed under it`);
    });
    if (reactivated) index = null;
  }

  return {
    async prices(memberId, orderIds) {
      const ids = [...new Set(orderIds)];
      const rows = ids.length === 0 ? [] : await db.selectFrom('orders').selectAll().where('member_id', '=', memberId).where('id', 'in', ids).execute();
      const legs = rows.length === 0 ? [] : await db.selectFrom('order_legs').selectAll().where('order_id', 'in', rows.map((r) => r.id)).orderBy('leg_no').execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      const pr: CashOutPriceEntry[] = [];
      for (const id of ids) {
        const order = byId.get(id);
        if (!order) continue;
        const m = minimums(order.currency as Currency);
        pr.push({ ...offerOf(feed, config, order, legs.filter((l) => l.order_id === id)), smis: fromMinor(m.single), pmis: fromMinor(m.parlay) });
      }
      return { pr, mxc: cashOutConfig.maxCount };
    },

    async execute(memberId, request) {
      const stakeMinor = toMinor(request.cashOutStake);
      const expectedMinor = toMinor(request.expectedAmount);
      return db.transaction().execute(async (trx) => {
        await lockOrders(trx, [request.orderId]);
        const order = await ownOrder(trx, memberId, request.orderId);
        const legs = await legsOf(trx, order.id);
        const quote = quoteCashOut(feed, config, order, legs);
        if (!quote.available) throw unavailable(quote, order);
        checkStake(order, stakeMinor, 'cashOutStake');
        const payoutMinor = toMinor(cashOutPayout(quote.rate, request.cashOutStake).toFixed(2));
        if (payoutMinor <= 0) throw new CashOutRefused(CashOutFailure.SettleRefused, `the offer for ${fromMinor(stakeMinor)} is 0.00`);
        if (payoutMinor < expectedMinor) {
          throw new CashOutRefused(
            CashOutFailure.TraderReject,
            `the offer for ${fromMinor(stakeMinor)} is ${fromMinor(payoutMinor)} now, below the ${fromMinor(expectedMinor)} expected; send expectedAmount ${fromMinor(payoutMinor)} to accept it`,
          );
        }
        return start(trx, order, legs, stakeMinor, payoutMinor, false);
      });
    },

    async setAuto(memberId, request) {
      const stakeMinor = toMinor(request.cashOutStake);
      const thresholdMinor = toMinor(request.threshold);
      const rule = await db.transaction().execute(async (trx) => {
        // Held until commit: two rules set at once on one order would otherwise both find none active and both insert.
        await lockOrders(trx, [request.orderId]);
        const order = await ownOrder(trx, memberId, request.orderId);
        if (order.status !== OrderStatus.Confirmed && order.status !== OrderStatus.ReserveCashOut) {
          throw new CashOutRefused(CashOutFailure.SettleRefused, settleRefusedDetail(order));
        }
        if (!isAccumulator(order)) throw new CashOutRefused(CashOutFailure.SettleRefused, settleRefusedDetail(order));
        if (Number(order.cash_out_count) >= cashOutConfig.maxCount) {
          throw new CashOutRefused(CashOutFailure.PositionLimit, `order ${order.id} has been cashed out ${order.cash_out_count} times, the most allowed is ${cashOutConfig.maxCount}`);
        }
        checkStake(order, stakeMinor, 'cashOutStake');
        const legs = await legsOf(trx, order.id);
        const quote = quoteCashOut(feed, config, order, legs);
        if (quote.available) {
          const offerMinor = toMinor(cashOutPayout(quote.rate, request.cashOutStake).toFixed(2));
          if (thresholdMinor <= offerMinor) {
            throw refuse(
              BetError.BelowRange,
              `threshold ${fromMinor(thresholdMinor)} is not above the current offer ${fromMinor(offerMinor)} for ${fromMinor(stakeMinor)}: cash out now instead`,
            );
          }
        }
        const now = clock.now();
        await trx.updateTable('auto_cash_outs').set({ status: AutoCashOutStatus.Cancelled, modified_at: now }).where('order_id', '=', order.id).where('status', '=', AutoCashOutStatus.Active).execute();
        const row = await trx
          .insertInto('auto_cash_outs')
          .values({ order_id: order.id, member_id: memberId, stake_minor: stakeMinor, threshold_minor: thresholdMinor, status: AutoCashOutStatus.Active, cash_out_id: null, created_at: now, modified_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
        return { row, markets: legs.filter((l) => l.result === BetResult.NoResulted).map((l) => Number(l.market_id)) };
      });
      if (index) for (const marketId of rule.markets) indexAdd(index.byMarket, marketId, rule.row.order_id);
      return ruleView(rule.row);
    },

    async cancelAuto(memberId, orderId) {
      return db.transaction().execute(async (trx) => {
        await lockOrders(trx, [orderId]);
        const order = await ownOrder(trx, memberId, orderId);
        const done = await trx
          .updateTable('auto_cash_outs')
          .set({ status: AutoCashOutStatus.Cancelled, modified_at: clock.now() })
          .where('order_id', '=', order.id)
          .where('status', '=', AutoCashOutStatus.Active)
          .executeTakeFirst();
        return Number(done.numUpdatedRows);
      });
    },

    async entries(memberId, ids) {
      const wanted = [...new Set(ids)];
      if (wanted.length === 0) return [];
      const rows = await db
        .selectFrom('cash_outs')
        .innerJoin('orders', 'orders.id', 'cash_outs.order_id')
        .selectAll('cash_outs')
        .select('orders.remaining_stake_minor')
        .where('cash_outs.member_id', '=', memberId)
        .where((eb) => eb.or([eb('cash_outs.id', 'in', wanted), eb('cash_outs.order_id', 'in', wanted)]))
        .orderBy('cash_outs.created_at')
        .orderBy('cash_outs.id')
        .execute();
      return rows.map((c) => cashOutEntryOf(c, Number(c.remaining_stake_minor)));
    },

    async onOdds(markets) {
      if (markets.length === 0) return;
      const byMarket = await ruleIndex();
      if (byMarket.size === 0) return;
      const orderIds = new Set<string>();
      for (const m of markets) for (const id of byMarket.get(m.marketId) ?? []) orderIds.add(id);
      if (orderIds.size === 0) return;
      const rules = await db
        .selectFrom('auto_cash_outs')
        .select(['id', 'order_id'])
        .where('order_id', 'in', [...orderIds])
        .where('status', '=', AutoCashOutStatus.Active)
        .orderBy('id')
        .execute();
      const live = new Set(rules.map((r) => r.order_id));
      for (const id of orderIds) if (!live.has(id)) indexDrop(id);
      // One rule that fails (logged by the engine) does not keep the others on these markets from firing.
      let failure: unknown;
      for (const rule of rules) {
        try {
          await fire(Number(rule.id));
        } catch (error) {
          failure ??= error;
        }
      }
      if (failure !== undefined) throw failure;
    },

    async fullOffer(executor, memberId, orderId) {
      const order = await ownOrder(executor, memberId, orderId);
      const legs = await legsOf(executor, order.id);
      const quote = quoteCashOut(feed, config, order, legs);
      if (!quote.available) throw unavailable(quote, order);
      const payoutMinor = toMinor(quote.price.toFixed(2));
      if (payoutMinor <= 0) throw new CashOutRefused(CashOutFailure.SettleRefused, `the offer for order ${order.id} is 0.00`);
      return { order, legs, payoutMinor, delayed: delayed(order, legs) };
    },

    async payFull(trx, offer) {
      return start(trx, offer.order, offer.legs, Number(offer.order.remaining_stake_minor), offer.payoutMinor, false);
    },

    async processDue() {
      const due = await db
        .selectFrom('cash_outs')
        .selectAll()
        .where('status', '=', CashOutStatus.Confirming)
        .where('accept_at', '<=', clock.now())
        .orderBy('accept_at')
        .limit(DUE_BATCH)
        .execute();
      let failure: unknown;
      for (const pending of due) {
        try {
          await conclude(pending);
        } catch (error) {
          failure ??= error;
        }
      }
      if (failure !== undefined) throw failure;
      return due.length;
    },
  };
}
