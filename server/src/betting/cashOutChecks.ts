/**
 * What a cash out is checked against before anything moves (DOMAIN.md section 4): the order is the member's own, it
 * is of a kind offered a cash out, the stake leaves at least the minimum running, and a refusal names the spec's
 * failure reason. Shared by the cash-out payment (cashOutExecution.ts) and the auto rules (autoCashOut.ts), which
 * check the same things at different moments; pure but for the two reads of the order.
 */
import type { Kysely, Transaction } from 'kysely';
import type { PlatformConfig } from '../config/platformConfig';
import type { Database, OrderLegRow, OrderRow } from '../db/schema';
import { fromMinor, toMinor, type Currency } from '../money';
import { BetError, BetType, CashOutFailure, OrderStatus } from './codes';
import type { CashOutQuote } from './cashOutPricing';
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

/** A transaction a cash out runs in (each locks its order first: lockOrders). */
export type Executor = Transaction<Database>;

/** Orders offered a cash out: singles, accumulators and builders (one bet); not series. */
export const isAccumulator = (order: Pick<OrderRow, 'bet_type' | 'series_number' | 'item_count'>) =>
  order.bet_type === BetType.Single || order.bet_type === BetType.Builder || order.series_number === order.item_count * 1000 + 1;

/** The minimum cash-out stakes of a single and of a parlay in the currency, in minor units. */
export function cashOutMinimums(config: PlatformConfig, currency: Currency): { single: number; parlay: number } {
  const cashOutConfig = config.betting.cashOut;
  return {
    single: toMinor(inCurrency(config, cashOutConfig.minSingle, currency, 'up')),
    parlay: toMinor(inCurrency(config, cashOutConfig.minParlay, currency, 'up')),
  };
}

function minimumOf(config: PlatformConfig, order: OrderRow): number {
  const m = cashOutMinimums(config, order.currency as Currency);
  return order.bet_type === BetType.Single ? m.single : m.parlay;
}

/** The order's legs, in leg order. */
export async function legsOf(executor: Executor | Kysely<Database>, orderId: string): Promise<OrderLegRow[]> {
  return executor.selectFrom('order_legs').selectAll().where('order_id', '=', orderId).orderBy('leg_no').execute();
}

/** The member's own order, or OrderNotFound (another member's order is not told apart from none). */
export async function ownOrder(executor: Executor | Kysely<Database>, memberId: number, orderId: string): Promise<OrderRow> {
  const order = await executor.selectFrom('orders').selectAll().where('id', '=', orderId).where('member_id', '=', memberId).executeTakeFirst();
  if (!order) throw refuse(BetError.OrderNotFound, `orderId: no order ${orderId} of yours`);
  return order;
}

/** The refusal of a cash out the quote does not offer, with the detail of why. */
export function unavailable(config: PlatformConfig, quote: Extract<CashOutQuote, { available: false }>, order: OrderRow): CashOutRefused {
  const why: Record<CashOutFailure, string> = {
    [CashOutFailure.SystemError]: 'try again',
    [CashOutFailure.ParamError]: 'bad request',
    [CashOutFailure.PositionLimit]: `order ${order.id} has been cashed out ${order.cash_out_count} times, the most allowed is ${config.betting.cashOut.maxCount}`,
    [CashOutFailure.MarketSuspend]: `a market of order ${order.id} is suspended, closed or moved to a new line`,
    [CashOutFailure.TraderReject]: 'the offer moved',
    [CashOutFailure.FailPaid]: 'payment failed',
    [CashOutFailure.SettleRefused]: settleRefusedDetail(order),
  };
  return new CashOutRefused(quote.reason, why[quote.reason]);
}

/** Why an order is not offered a cash out (SettleRefused) in the spec's words. */
export function settleRefusedDetail(order: OrderRow): string {
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
export function checkCashOutStake(config: PlatformConfig, order: OrderRow, stakeMinor: number, field: string): void {
  const remaining = Number(order.remaining_stake_minor);
  const min = minimumOf(config, order);
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

/** What is wrong with a cash-out stake, or undefined (checkCashOutStake without the throw). */
export function stakeProblem(config: PlatformConfig, order: OrderRow, stakeMinor: number): string | undefined {
  try {
    checkCashOutStake(config, order, stakeMinor, 'stake');
    return undefined;
  } catch (error) {
    if (error instanceof BetRefused) return error.message;
    throw error;
  }
}
