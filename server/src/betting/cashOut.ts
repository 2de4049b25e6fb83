/**
 * The cash-out service as the routes, the engine and edit bet see it, put together from its parts, and the members'
 * reads of it (the offers with their minimums, the cash-out records). Each part is a module of its own because each
 * has its own reasons to change: the checks (cashOutChecks.ts), the offer's pricing (cashOutPricing.ts), the cash out
 * and its in-play delay (cashOutExecution.ts), the auto rules (autoCashOut.ts). The answers are the contract's shapes.
 */
import type { CashOutEntry, CashOutPriceAnswer, CashOutResult } from '../../../contract/betting';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { fromMinor, type Currency } from '../money';
import { createAutoCashOutRules, type AutoCashOutRules } from './autoCashOut';
import { cashOutMinimums, type Executor } from './cashOutChecks';
import { conclude, executeCashOut, fullOffer, start, type CashOutContext, type CashOutRequest, type FullOffer } from './cashOutExecution';
import { offerOf } from './cashOutPricing';
import { CashOutStatus } from './codes';
import { cashOutEntryOf } from './history';
import type { BettingDeps, OrderService } from './orders';

/** With the auto rules' setAuto, cancelAuto and onOdds (autoCashOut.ts). */
export interface CashOutService extends Omit<AutoCashOutRules, 'forgetIndex'> {
  /** Offers for the whole remaining stake of the member's own orders (others' ids are left out). */
  prices(memberId: number, orderIds: readonly string[]): Promise<CashOutPriceAnswer>;
  /** Cashes out all or part of an order's remaining stake: paid at once pre-match, after the delay in play. */
  execute(memberId: number, request: CashOutRequest): Promise<CashOutResult>;
  /** The member's cash outs by cash-out id or order id (every cash out of that order). */
  entries(memberId: number, ids: readonly string[]): Promise<CashOutEntry[]>;
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

/** Cash outs whose delay ended, handled per processDue call. */
const DUE_BATCH = 500;

/**
 * Cash out (early settlement, DOMAIN.md section 4): offers, full and partial cash outs, the in-play delay and auto
 * rules. Every money movement is one transaction (cash-out row, ledger credit, order update), and every transition is
 * guarded by the status it leaves, so a repeated call, a tick racing a settlement or a rule firing twice does nothing
 * the second time; the unique ledger index (kind, ref_type, ref_id) backs it up with one credit per cash-out id. On
 * PostgreSQL each transaction first locks the order's row (lockOrders), as settlement does, so what it read of the
 * order stays true until it commits.
 */
export function createCashOutService(deps: BettingDeps, orders: OrderService): CashOutService {
  const { db, clock, feed, config } = deps;
  const cx: CashOutContext = { ...deps, nextId: orders.nextId };
  const auto = createAutoCashOutRules(cx);

  return {
    async prices(memberId, orderIds) {
      const ids = [...new Set(orderIds)];
      const rows = ids.length === 0 ? [] : await db.selectFrom('orders').selectAll().where('member_id', '=', memberId).where('id', 'in', ids).execute();
      const legs = rows.length === 0 ? [] : await db.selectFrom('order_legs').selectAll().where('order_id', 'in', rows.map((r) => r.id)).orderBy('leg_no').execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      const pr: CashOutPriceAnswer['pr'] = [];
      for (const id of ids) {
        const order = byId.get(id);
        if (!order) continue;
        const m = cashOutMinimums(config, order.currency as Currency);
        pr.push({ ...offerOf(feed, config, order, legs.filter((l) => l.order_id === id)), smis: fromMinor(m.single), pmis: fromMinor(m.parlay) });
      }
      return { pr, mxc: config.betting.cashOut.maxCount };
    },

    execute: (memberId, request) => executeCashOut(cx, memberId, request),
    setAuto: (memberId, request) => auto.setAuto(memberId, request),
    cancelAuto: (memberId, orderId) => auto.cancelAuto(memberId, orderId),

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

    onOdds: (markets) => auto.onOdds(markets),
    fullOffer: (executor, memberId, orderId) => fullOffer(cx, executor, memberId, orderId),

    async payFull(trx, offer) {
      return start(cx, trx, offer.order, offer.legs, Number(offer.order.remaining_stake_minor), offer.payoutMinor, false);
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
          if (await conclude(cx, pending)) auto.forgetIndex();
        } catch (error) {
          failure ??= error;
        }
      }
      if (failure !== undefined) throw failure;
      return due.length;
    },
  };
}
