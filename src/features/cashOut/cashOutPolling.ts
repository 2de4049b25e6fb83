// The cash-out store's second link: the spec's early-settlement polling. It owns the orders whose cash out is being
// confirmed (kept in storage under cashOutPolling, so a reload continues) and how each such cash out ended, polls
// their cash-out records every 5 s while a member is signed in, and tells the lists and the member what happened.
// Kept apart from the offers (cashOutOffers.ts) and the cash-out calls (cashOut.ts), which only start a follow.
import { reaction } from 'mobx';
import { addDisposer, flow, types, type Instance } from 'mobx-state-tree';
import type { BET_RECORD_KEYS, BetRecord } from '../../../domain/betRecord';
import type { BetListRequest, CashOutsByIdsRequest } from '../../../contract/betting';
import { OrderStatus } from '../../../contract/enums';
import { afterPartialCashOut, canSettleEarly, CashOutStatus, isFullCashOut, sameOrderId, type CashOutFailureReason, type CashOutFigures } from './domain/cashOut';
import { LOOP_INTERVALS } from '../../services/scheduler';
import type { PollingCashOut } from '../../services/storage';
import { CASH_OUT_NS, CashOutOffers } from './cashOutOffers';
import { readEntry, type CashOutOutcome, type PolledEntry } from './cashOutWire';
import { envOf } from '../../core/store/env';
import { BETTING_PATHS, CASH_OUT_PATHS } from '../../../contract/paths';

/** A bet record's id under its short key; the key table itself stays out of the initial bundle. */
const RECORD_ID_KEY: (typeof BET_RECORD_KEYS)['id'] = 'id';

/** The early-settlement poll; it runs at the in-play interval (5 s). */
export const CASH_OUT_POLL_LOOP = 'cashOutPolling';
/** Spec section 9: the check on the settled list reads its first 20 orders. */
export const SETTLED_CHECK_SIZE = 20;

/** The cash-out figures of a record, as the poll keeps them to recalculate after a partial cash out. */
export function figuresOf(record: BetRecord): Omit<PollingCashOut, 'orderId' | 'cashOutId'> {
  return {
    remainingPrincipal: record.remainingPrincipal,
    cashOutPayoutStake: record.cashOutPayoutStake,
    cashOutTotalAmount: record.cashOutTotalAmount,
    lastWinAmount: record.lastWinAmount,
    rate: record.rate,
    cashOutCount: record.cashOutCount,
  };
}

const PollingOrder = types.model('PollingCashOut', {
  orderId: types.string,
  cashOutId: types.maybe(types.string),
  remainingPrincipal: types.string,
  cashOutPayoutStake: '0',
  cashOutTotalAmount: '0',
  lastWinAmount: '0',
  rate: '0',
  cashOutCount: 0,
});
type PollingOrderInstance = Instance<typeof PollingOrder>;

const snapshotOf = (p: PollingOrderInstance): PollingCashOut => ({
  orderId: p.orderId,
  ...(p.cashOutId !== undefined ? { cashOutId: p.cashOutId } : {}),
  remainingPrincipal: p.remainingPrincipal,
  cashOutPayoutStake: p.cashOutPayoutStake,
  cashOutTotalAmount: p.cashOutTotalAmount,
  lastWinAmount: p.lastWinAmount,
  rate: p.rate,
  cashOutCount: p.cashOutCount,
});

/**
 * The early-settlement polling (spec section 4). Orders whose cash out is being confirmed (in play) are followed;
 * every 5 s, only for a member, their cash-out records are fetched by id and matched to the orders on the first 15
 * characters of the order id:
 * - settled, the whole remaining principal: "settled successfully", the order leaves the unsettled list;
 * - settled, less than that: if the settled list (first 20) holds the order it leaves the unsettled list, otherwise it
 *   was partly settled: its cash-out fields are recalculated, "partly settled successfully";
 * - rejected: "settlement failed"; cancelled: "settlement cancelled"; the polling flag is cleared.
 * Lists that show orders hear of each change through onOrderChanged.
 */
export const CashOutPolling = CashOutOffers
  .props({
    polling: types.array(PollingOrder),
  })
  .volatile(() => ({
    /** How the last cash out of each order the poll followed ended; replaced as a whole so observers see each one. */
    outcomes: {} as Readonly<Record<string, CashOutOutcome>>,
  }))
  .views((self) => ({
    /** True while the order's cash out is being confirmed and followed by the poll. */
    isPolling(orderId: string): boolean {
      return self.polling.some((p) => sameOrderId(p.orderId, orderId));
    },
    outcomeOf(orderId: string): CashOutOutcome | undefined {
      return self.outcomes[orderId];
    },
  }))
  .views((self) => ({
    /**
     * Spec section 5, on the record as it stands (price from the newest quote when there is one): price above 0,
     * remaining principal above 0, not already polling.
     */
    canCashOut(record: BetRecord): boolean {
      const quote = self.quoteOf(record.id);
      const price = quote ? (quote.available ? quote.amount : '0') : record.cashOutPrice;
      return canSettleEarly({ cashOutPrice: price, remainingPrincipal: record.remainingPrincipal, inPolling: record.inPolling || self.isPolling(record.id) });
    },
  }))
  .actions((self) => ({
    persist() {
      envOf(self).storage.set('cashOutPolling', self.polling.map(snapshotOf));
    },
    setOutcome(orderId: string, outcome: CashOutOutcome | undefined) {
      const next: Record<string, CashOutOutcome> = { ...self.outcomes };
      if (outcome) next[orderId] = outcome;
      else delete next[orderId];
      self.outcomes = next;
    },
  }))
  .actions((self) => ({
    /** Follows an order whose cash out is being confirmed (once per order). */
    follow(entry: PollingCashOut) {
      const existing = self.polling.find((p) => sameOrderId(p.orderId, entry.orderId));
      if (existing) {
        if (entry.cashOutId !== undefined) existing.cashOutId = entry.cashOutId;
      } else {
        self.polling.push(entry);
      }
      self.persist();
    },
    unfollow(orderId: string) {
      const entry = self.polling.find((p) => sameOrderId(p.orderId, orderId));
      if (entry) self.polling.remove(entry);
      self.persist();
    },
    rememberCashOutId(orderId: string, cashOutId: string) {
      const entry = self.polling.find((p) => sameOrderId(p.orderId, orderId));
      if (entry && cashOutId && entry.cashOutId !== cashOutId) {
        entry.cashOutId = cashOutId;
        self.persist();
      }
    },
    /** Orders stored by an earlier page (a reload) join the ones followed now. */
    mergeStored() {
      for (const stored of envOf(self).storage.get('cashOutPolling')) {
        if (self.polling.some((p) => sameOrderId(p.orderId, stored.orderId))) continue;
        self.polling.push(stored);
      }
    },
    /**
     * Orders a list shows as being cashed out (the polling flag set, e.g. by an auto rule that fired in play) are
     * followed too, with the figures the list holds.
     */
    followRecords(records: readonly BetRecord[]) {
      let added = false;
      for (const record of records) {
        if (!record.inPolling || self.polling.some((p) => sameOrderId(p.orderId, record.id))) continue;
        self.polling.push({ orderId: record.id, ...figuresOf(record) });
        added = true;
      }
      if (added) self.persist();
    },
  }))
  .actions((self) => ({
    /** The whole remaining principal was cashed out for `payout`: the order leaves the unsettled list. */
    settledFully(orderId: string, payout: string, notify: boolean) {
      self.unfollow(orderId);
      self.clearQuotes([orderId]);
      self.setOutcome(orderId, { status: 'settled', payout });
      self.emit(orderId, 'removed');
      void self.root?.session.refreshBalance();
      if (notify) envOf(self).toast.success(self.tr('notice.settled'));
    },
    /** Part of the principal was cashed out: the cash-out fields are recalculated; the rest keeps running. */
    settledPartly(orderId: string, figures: CashOutFigures & { cashOutCount: number }, entry: { amount: string; payout: string }) {
      self.unfollow(orderId);
      self.clearQuotes([orderId]);
      self.setOutcome(orderId, { status: 'partlySettled', payout: entry.payout });
      self.emit(orderId, {
        ...afterPartialCashOut(figures, entry),
        cashOutCount: figures.cashOutCount + 1,
        inPolling: false,
        orderStatus: OrderStatus.Confirmed,
      });
      void self.root?.session.refreshBalance();
      envOf(self).toast.success(self.tr('notice.partlySettled'));
    },
    /** Rejected or cancelled: the polling flag is cleared and the order leaves polling. */
    settlementEnded(orderId: string, status: number, reason: CashOutFailureReason | undefined) {
      const { toast } = envOf(self);
      self.unfollow(orderId);
      self.setOutcome(orderId, { status: status === CashOutStatus.Rejected ? 'failed' : 'cancelled', ...(reason ? { reason } : {}) });
      const detail = reason ? { detail: self.tr(`reason.${reason}`) } : {};
      if (status === CashOutStatus.Rejected) {
        // A rejected cash out leaves the order running, as it was before the request.
        self.emit(orderId, { inPolling: false, orderStatus: OrderStatus.Confirmed });
        toast.error(self.tr('notice.failed'), detail);
      } else {
        // Cancelled: the order settled meanwhile; its status comes with the next load of the list.
        self.emit(orderId, { inPolling: false });
        toast.warn(self.tr('notice.cancelled'), detail);
      }
    },
  }))
  .actions((self) => ({
    /**
     * One early-settlement poll (spec section 4). Skipped without a member or with nothing followed. A failed call
     * leaves everything as it was for the next poll; so does a failed check on the settled list.
     */
    poll: flow(function* poll() {
      if (!self.isLogin || self.polling.length === 0) return;
      const { http, logger } = envOf(self);
      const followed = self.polling.map(snapshotOf);
      const ids = [...new Set(followed.map((p) => p.cashOutId ?? p.orderId))];
      const answer: unknown = yield Promise.resolve(http.betting.post(CASH_OUT_PATHS.byIds, { ids } satisfies CashOutsByIdsRequest));
      const entries = (Array.isArray(answer) ? answer : []).map(readEntry).filter((e): e is PolledEntry => e !== undefined);

      const partial: Array<{ order: PollingCashOut; entry: PolledEntry }> = [];
      for (const order of followed) {
        const candidates = entries.filter((e) => sameOrderId(e.orderId, order.orderId));
        const entry =
          (order.cashOutId !== undefined ? candidates.find((e) => e.id === order.cashOutId) : undefined) ??
          candidates.find((e) => e.orderStatus === CashOutStatus.Confirming) ??
          [...candidates].sort((a, b) => a.createdTime - b.createdTime).at(-1);
        if (!entry) {
          // The platform leaves out ids that are not this member's: they will never be answered.
          logger.warn(`[cashOut] no cash-out record for order ${order.orderId}; no longer followed`);
          self.unfollow(order.orderId);
          self.emit(order.orderId, { inPolling: false });
          continue;
        }
        if (entry.id) self.rememberCashOutId(order.orderId, entry.id);
        switch (entry.orderStatus) {
          case CashOutStatus.Settled:
            if (isFullCashOut(order.remainingPrincipal, entry.amount)) self.settledFully(order.orderId, entry.payout, true);
            else partial.push({ order, entry });
            break;
          case CashOutStatus.Rejected:
          case CashOutStatus.Canceled:
            self.settlementEnded(order.orderId, entry.orderStatus, entry.cancelReason);
            break;
          default:
            break;
        }
      }
      if (partial.length === 0) return;

      let settledIds: string[];
      try {
        const list: { records?: unknown[] } | undefined = yield Promise.resolve(
          http.betting.post(BETTING_PATHS.betList, { isSettled: true, current: 1, size: SETTLED_CHECK_SIZE } satisfies BetListRequest),
        );
        settledIds = (Array.isArray(list?.records) ? list.records : []).map((r) => String((r as Record<string, unknown>)[RECORD_ID_KEY] ?? ''));
      } catch (error) {
        logger.warn('[cashOut] the settled list could not be checked; trying again on the next poll', error);
        return;
      }
      for (const { order, entry } of partial) {
        // The order closed altogether (its last stake cashed out or the order settled): it leaves the unsettled list.
        if (settledIds.some((id) => sameOrderId(id, order.orderId))) self.settledFully(order.orderId, entry.payout, true);
        else self.settledPartly(order.orderId, order, entry);
      }
    }),
  }))
  .actions((self) => ({
    afterCreate() {
      self.mergeStored();
    },
    /**
     * The poll runs every 5 s while a member is logged in and an order is followed; signing out stops it (the orders
     * stay stored and are followed again after the next sign-in).
     */
    followPolling() {
      addDisposer(
        self,
        reaction(
          () => self.isLogin && self.polling.length > 0,
          (active) => {
            const { scheduler, i18n } = envOf(self);
            if (active) {
              // The notices may come before any screen of this namespace showed.
              if (typeof i18n.loadNamespaces === 'function') void i18n.loadNamespaces(CASH_OUT_NS);
              if (!scheduler.isRunning(CASH_OUT_POLL_LOOP)) scheduler.every(CASH_OUT_POLL_LOOP, LOOP_INTERVALS.inPlay, () => self.poll());
            } else {
              scheduler.stop(CASH_OUT_POLL_LOOP);
            }
          },
          { fireImmediately: true },
        ),
      );
    },
  }));
