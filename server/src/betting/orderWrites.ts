/**
 * Placing, step two, one order at a time: a draft written inside the caller's transaction (its stake's debit with the
 * ledger entry, the order, its legs, the snapshots not yet stored), the answer for a written draft, a repeated request
 * id looked up, and the wallet's shortfall told as the spec's refusal. The group commit (groupCommit.ts) writes most
 * requests in bulk and falls back on these; a triggered pre-bet and edit bet write through them in their own
 * transactions. Also the column lists the bulk writers bind.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database, OrderLegsTable, OrdersTable } from '../db/schema';
import { fromMinor } from '../money';
import { BetError } from './codes';
import type { Draft, PlaceContext, PlacedOrder, PlaceResult } from './orders';
import { refuse } from './rules';
import { storeSnapshots } from './snapshots';
import { InsufficientFunds, type WalletService } from './wallet';

/** Every column of orders and order_legs, in the order the prepared INSERTs bind them. */
export const ORDER_COLUMNS = Object.keys({
  id: 0, member_id: 0, request_id: 0, bet_type: 0, series_number: 0, item_count: 0, bet_count: 0, currency: 0, exchange_rate: 0,
  unit_stake_minor: 0, stake_minor: 0, remaining_stake_minor: 0, odds: 0, max_win_minor: 0, odds_change: 0, status: 0, result: 0,
  payout_minor: 0, cash_out_count: 0, cash_out_stake_minor: 0, cash_out_payout_minor: 0, reject_type: 0, reject_reason: 0, is_in_play: 0,
  accept_at: 0, reserve_id: 0, created_at: 0, confirmed_at: 0, settled_at: 0, cancelled_at: 0, modified_at: 0,
} satisfies Record<keyof OrdersTable, 0>) as Array<keyof OrdersTable>;
export const LEG_COLUMNS = Object.keys({
  order_id: 0, leg_no: 0, match_id: 0, sport_id: 0, market_id: 0, market_type: 0, option_type: 0, line: 0, odds: 0, odds_format: 0,
  is_in_play: 0, begin_time: 0, snapshot_hash: 0, result: 0, result_score: 0, settled_at: 0,
} satisfies Record<keyof OrderLegsTable, 0>) as Array<keyof OrderLegsTable>;

/** The answer for a written draft. */
export function placedOf(d: Draft): PlacedOrder {
  return {
    orderId: d.order.id,
    status: d.order.status,
    betAmount: fromMinor(d.order.stake_minor),
    odds: d.order.odds,
    seriesNumber: d.order.series_number,
  };
}

/** The wallet's shortfall as the spec's refusal (insufficient balance); any other error as it is. */
export function refusalOf(ctx: PlaceContext, error: unknown): unknown {
  if (error instanceof InsufficientFunds) {
    return refuse(BetError.InsufficientBalance, `${ctx.currency} balance ${fromMinor(error.balanceMinor)} is below the stake ${fromMinor(error.requestedMinor)}`);
  }
  return error;
}

/** One order with its stake's debit; `stored` says which of its snapshots need no write (by default none). */
export async function writeDraft(wallet: WalletService, trx: Transaction<Database>, ctx: PlaceContext, d: Draft, stored: (hash: string) => boolean = () => false): Promise<void> {
  const missing = d.snapshots.filter((snap) => !stored(snap.hash));
  if (missing.length > 0) await storeSnapshots(trx, missing);
  await wallet.debit(trx, { memberId: ctx.memberId, asset: ctx.currency, amountMinor: d.order.stake_minor, kind: 'bet_stake', refType: 'order', refId: d.order.id });
  await trx.insertInto('orders').values(d.order).execute();
  await trx.insertInto('order_legs').values(d.legs).execute();
}

/** The orders a repeated request id made the first time, or undefined when the id is new. */
export async function repeatOf(executor: Kysely<Database> | Transaction<Database>, ctx: PlaceContext): Promise<PlaceResult | undefined> {
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
