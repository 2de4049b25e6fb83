/**
 * Cash-out execution: a cash out started at an offer (paid at once pre-match, or recorded Confirming with the order in
 * ReserveCashOut through the in-play delay), paid (the order's remaining stake and totals, the wallet's credit under
 * the cash-out id, a full cash out closing the order with its early-settlement result), and a delayed one concluded
 * at the offer of the moment its delay ends. Separate from the offer's pricing (cashOutPricing.ts) and the auto rules
 * (autoCashOut.ts), which start a cash out through here: this is the only part that moves money. Every function runs
 * inside a transaction that locked the order first, and every transition is guarded by the status it leaves.
 */
import { BetResult } from '../../../domain/series';
import type { CashOutResult } from '../../../contract/betting';
import type { Kysely } from 'kysely';
import { lockOrders } from '../db/locks';
import type { CashOutRow, Database, OrderLegRow, OrderRow } from '../db/schema';
import { fromMinor, toMinor, type Currency } from '../money';
import { AutoCashOutStatus, CashOutFailure, CashOutStatus, OrderStatus, ReservationStatus } from './codes';
import { checkCashOutStake, CashOutRefused, legsOf, ownOrder, unavailable, type Executor } from './cashOutChecks';
import { cashOutPayout, quoteCashOut } from './cashOutPricing';
import { remainingReturn } from './history';
import { inPlayDelayMs, type BettingDeps } from './orders';

/** What a cash out runs on: the betting dependencies and the id source shared with orders and pre-bets. */
export interface CashOutContext extends BettingDeps {
  nextId: () => string;
}

export interface CashOutRequest {
  orderId: string;
  /** Part of the remaining stake to cash out (all of it for a full cash out), a decimal string. */
  cashOutStake: string;
  /** The payout the member was shown for that stake; a lower offer now is refused (trader reject). */
  expectedAmount: string;
}

/** An order's whole remaining stake priced for a cash out now. */
export interface FullOffer {
  order: OrderRow;
  legs: OrderLegRow[];
  payoutMinor: number;
  /** Whether a cash out of it would wait the in-play delay. */
  delayed: boolean;
}

/** A cash out runs through the delay when the order was placed in play or one of its open legs is in play now. */
function delayed(cx: CashOutContext, order: OrderRow, legs: readonly OrderLegRow[]): boolean {
  if (inPlayDelayMs(cx.config) <= 0) return false;
  if (order.is_in_play === 1) return true;
  return legs.some((l) => l.result === BetResult.NoResulted && cx.feed.fixture(Number(l.match_id))?.inPlay === true);
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
async function pay(cx: CashOutContext, trx: Executor, order: OrderRow, from: number, cashOutId: string, stakeMinor: number, payoutMinor: number): Promise<{ ok: boolean; remaining: number; status: number }> {
  const now = cx.clock.now();
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
    await cx.wallet.credit(trx, { memberId: Number(order.member_id), asset: order.currency as Currency, amountMinor: payoutMinor, kind: 'cash_out', refType: 'cash_out', refId: cashOutId });
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
export async function start(cx: CashOutContext, trx: Executor, order: OrderRow, legs: readonly OrderLegRow[], stakeMinor: number, payoutMinor: number, auto: boolean): Promise<CashOutResult> {
  const now = cx.clock.now();
  const id = cx.nextId();
  const wait = delayed(cx, order, legs);
  const row = {
    id,
    order_id: order.id,
    member_id: Number(order.member_id),
    stake_minor: stakeMinor,
    payout_minor: payoutMinor,
    status: wait ? CashOutStatus.Confirming : CashOutStatus.Settled,
    auto: auto ? 1 : 0,
    cancel_reason: null,
    accept_at: wait ? now + inPlayDelayMs(cx.config) : null,
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
  const paid = await pay(cx, trx, order, OrderStatus.Confirmed, id, stakeMinor, payoutMinor);
  if (!paid.ok) throw moved();
  return { cashOutId: id, status: row.status, payout: fromMinor(payoutMinor), remainingStake: fromMinor(paid.remaining), orderStatus: paid.status };
}

/** Cashes out all or part of an order's remaining stake at the offer now, refused below the payout the member expected. */
export async function executeCashOut(cx: CashOutContext, memberId: number, request: CashOutRequest): Promise<CashOutResult> {
  const { db, feed, config } = cx;
  const stakeMinor = toMinor(request.cashOutStake);
  const expectedMinor = toMinor(request.expectedAmount);
  return db.transaction().execute(async (trx) => {
    await lockOrders(trx, [request.orderId]);
    const order = await ownOrder(trx, memberId, request.orderId);
    const legs = await legsOf(trx, order.id);
    const quote = quoteCashOut(feed, config, order, legs);
    if (!quote.available) throw unavailable(config, quote, order);
    checkCashOutStake(config, order, stakeMinor, 'cashOutStake');
    const payoutMinor = toMinor(cashOutPayout(quote.rate, request.cashOutStake).toFixed(2));
    if (payoutMinor <= 0) throw new CashOutRefused(CashOutFailure.SettleRefused, `the offer for ${fromMinor(stakeMinor)} is 0.00`);
    if (payoutMinor < expectedMinor) {
      throw new CashOutRefused(
        CashOutFailure.TraderReject,
        `the offer for ${fromMinor(stakeMinor)} is ${fromMinor(payoutMinor)} now, below the ${fromMinor(expectedMinor)} expected; send expectedAmount ${fromMinor(payoutMinor)} to accept it`,
      );
    }
    return start(cx, trx, order, legs, stakeMinor, payoutMinor, false);
  });
}

/**
 * The offer for an order's whole remaining stake, read through `executor` (edit bet: the preview on the database, the
 * confirm inside its transaction after lockOrders). Throws CashOutRefused when none is offered, as executeCashOut does.
 */
export async function fullOffer(cx: CashOutContext, executor: Executor | Kysely<Database>, memberId: number, orderId: string): Promise<FullOffer> {
  const order = await ownOrder(executor, memberId, orderId);
  const legs = await legsOf(executor, order.id);
  const quote = quoteCashOut(cx.feed, cx.config, order, legs);
  if (!quote.available) throw unavailable(cx.config, quote, order);
  const payoutMinor = toMinor(quote.price.toFixed(2));
  if (payoutMinor <= 0) throw new CashOutRefused(CashOutFailure.SettleRefused, `the offer for order ${order.id} is 0.00`);
  return { order, legs, payoutMinor, delayed: delayed(cx, order, legs) };
}

/**
 * Ends the delay of one cash out: paid at the offer of this moment if it did not fall, else rejected. Answers whether
 * an auto rule that made it went back to Active (the auto rules' market index then needs reloading).
 */
export async function conclude(cx: CashOutContext, pending: CashOutRow): Promise<boolean> {
  const { db, clock, feed, config } = cx;
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
    const paid = await pay(cx, trx, order, OrderStatus.ReserveCashOut, pending.id, stakeMinor, payoutMinor);
    // The order moved under the pending cash out (it cannot: nothing else changes a ReserveCashOut order's stake):
    // throwing rolls the Settled mark back, and the next tick tries again.
    if (!paid.ok) throw new Error(`cash out ${pending.id}: order ${order.id} changed under it`);
  });
  return reactivated;
}
