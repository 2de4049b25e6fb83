/**
 * Auto cash-out rules: a member's standing order to cash out (part of) a bet once its offer reaches a threshold. Set,
 * cancelled, and fired on odds moves of the markets the bet's open legs are on, found through an in-memory index
 * (market id -> orders with an active rule) reloaded from the database now and then. Separate from the cash out itself
 * (cashOutExecution.ts), which a rule starts like the member would, because a rule has its own lifecycle (Active,
 * Fired, Cancelled, Failed) and the index is state of its own.
 */
import type { AutoCashOutRule } from '../../../contract/betting';
import { BetResult } from '../../../domain/series';
import { lockOrders } from '../db/locks';
import type { AutoCashOutRow } from '../db/schema';
import type { Market } from '../feed';
import { fromMinor, toMinor } from '../money';
import { AutoCashOutStatus, BetError, CashOutFailure, OrderStatus } from './codes';
import { checkCashOutStake, CashOutRefused, isAccumulator, legsOf, ownOrder, settleRefusedDetail, stakeProblem } from './cashOutChecks';
import { start, type CashOutContext } from './cashOutExecution';
import { cashOutPayout, quoteCashOut } from './cashOutPricing';
import { refuse } from './rules';

/** What the route takes to set a rule: the order, the stake to cash out and the payout that fires it. */
export interface AutoCashOutRequest {
  orderId: string;
  cashOutStake: string;
  threshold: string;
}

/** The in-memory market index of auto rules is rebuilt from the database this often (drops rules closed elsewhere). */
const INDEX_TTL_MS = 5 * 60_000;

export interface AutoCashOutRules {
  /** Sets the order's auto cash-out rule, replacing an active one. */
  setAuto(memberId: number, request: AutoCashOutRequest): Promise<AutoCashOutRule>;
  /** Cancels the order's active auto cash-out rule; answers how many were cancelled (0 or 1). */
  cancelAuto(memberId: number, orderId: string): Promise<number>;
  /** Auto cash-out rules on these markets whose offer reached the threshold fire. */
  onOdds(markets: readonly Market[]): Promise<void>;
  /** Drops the market index (a rule went back to Active elsewhere): the next odds move reloads it. */
  forgetIndex(): void;
}

export function createAutoCashOutRules(cx: CashOutContext): AutoCashOutRules {
  const { db, clock, feed, config } = cx;
  const cashOutConfig = config.betting.cashOut;

  /** The in-memory index market id -> orders with an active rule, rebuilt lazily. */
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
      if (stakeProblem(config, order, stakeMinor) !== undefined) {
        await fail();
        return;
      }
      const payoutMinor = toMinor(cashOutPayout(quote.rate, fromMinor(stakeMinor)).toFixed(2));
      if (payoutMinor <= 0 || payoutMinor < Number(rule.threshold_minor)) return;
      const result = await start(cx, trx, order, legs, stakeMinor, payoutMinor, true);
      // No status guard: this transaction read the rule Active, and a full cash out has just cancelled the order's
      // active rules, this one included.
      await trx.updateTable('auto_cash_outs').set({ status: AutoCashOutStatus.Fired, cash_out_id: result.cashOutId, modified_at: now }).where('id', '=', rule.id).execute();
    });
  }

  return {
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
        checkCashOutStake(config, order, stakeMinor, 'cashOutStake');
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

    forgetIndex() {
      index = null;
    },
  };
}
