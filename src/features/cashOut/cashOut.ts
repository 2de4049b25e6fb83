// The cash-out store (CashOutStore), the last link of its chain: offers (cashOutOffers.ts), polling
// (cashOutPolling.ts), and here the member's own calls (cash out in full or in part, set or cancel an auto rule), the
// wiring, and cashOutOf, which makes the store on demand. The one module the screens make the store from.
import Decimal from 'decimal.js';
import { addDisposer, flow, type Instance } from 'mobx-state-tree';
import type { BetRecord, ReserveCashOutEntry } from '../../../domain/betRecord';
import type { AutoCashOutCancelRequest, AutoCashOutRequest, CashOutExecuteRequest } from '../../../contract/betting';
import { AutoCashOutStatus, OrderStatus } from '../../../contract/enums';
import { CashOutStatus, checkCashOutStake, isFullCashOut, partPayout } from './domain/cashOut';
import { CASH_OUT_QUOTE_LOOP, type CashOutRoot } from './cashOutOffers';
import { CASH_OUT_POLL_LOOP, CashOutPolling, figuresOf } from './cashOutPolling';
import { amountText, isObject, refusal, text, type AutoRuleResult, type CashOutResult, type ExecuteAnswer } from './cashOutWire';
import { envOf } from '../../core/store/env';
import { onDemand } from '../../core/store/onDemand';
import { CASH_OUT_PATHS } from '../../../contract/paths';

/**
 * Early settlement (cash out): offers, cashing out in full or in part, auto rules, and the spec's early-settlement
 * polling (cashOutPolling.ts). Lists that show orders hear of each change through onOrderChanged.
 */
export const CashOutStore = CashOutPolling
  .volatile(() => ({
    /** The order whose cash out (or rule change) is being sent. */
    busyOrderId: undefined as string | undefined,
  }))
  .actions((self) => ({
    setBusy(orderId: string | undefined) {
      self.busyOrderId = orderId;
    },
  }))
  .actions((self) => ({
    /**
     * Cashes out `stake` of the order's remaining stake, asking at least `expectedAmount` (the payout shown). Paid
     * at once (pre-match): the list hears the new figures and the notice shows. Confirming (in play): the order is
     * followed by the poll.
     */
    execute: flow(function* execute(record: BetRecord, stake: string, expectedAmount: string) {
      if (!self.isLogin) return { ok: false, error: 'notLoggedIn' } as CashOutResult;
      if (record.inPolling || self.isPolling(record.id) || self.busyOrderId === record.id) return { ok: false, error: 'inProgress' } as CashOutResult;
      const problem = checkCashOutStake(stake, record.remainingPrincipal, self.minimumOf(record));
      if (problem) return { ok: false, error: problem } as CashOutResult;
      const { http, logger } = envOf(self);
      const cashOutStake = new Decimal(stake).toFixed(2);
      const expected = new Decimal(expectedAmount).toFixed(2);
      self.setBusy(record.id);
      // What an earlier cash out of the order came to is no longer news.
      self.setOutcome(record.id, undefined);
      let answer: ExecuteAnswer;
      try {
        answer = yield Promise.resolve(http.betting.post(CASH_OUT_PATHS.execute, { orderId: record.id, cashOutStake, expectedAmount: expected } satisfies CashOutExecuteRequest));
      } catch (error) {
        self.setBusy(undefined);
        logger.warn('[cashOut] cash out refused', error);
        return refusal(error) as CashOutResult;
      }
      self.setBusy(undefined);
      const status = Number(answer?.status);
      const payout = amountText(answer?.payout);
      const cashOutId = text(answer?.cashOutId);
      if (status === CashOutStatus.Confirming) {
        self.follow({ orderId: record.id, ...(cashOutId ? { cashOutId } : {}), ...figuresOf(record) });
        self.emit(record.id, { inPolling: true, orderStatus: OrderStatus.ReserveCashOut });
        return { ok: true, status: 'confirming', payout } as CashOutResult;
      }
      if (status === CashOutStatus.Settled) {
        const full = Number(answer.orderStatus) === OrderStatus.CashOut || isFullCashOut(record.remainingPrincipal, cashOutStake);
        if (full) self.settledFully(record.id, payout, true);
        else self.settledPartly(record.id, figuresOf(record), { amount: cashOutStake, payout });
        return { ok: true, status: full ? 'settled' : 'partlySettled', payout } as CashOutResult;
      }
      logger.warn(`[cashOut] unexpected cash-out status ${String(answer?.status)}`);
      return { ok: false, error: 'failed' } as CashOutResult;
    }),

    /**
     * Sets the order's auto cash-out rule: `stake` is cashed out once its offer reaches `threshold` (which must be
     * above the offer now). Replaces an active rule.
     */
    setAutoRule: flow(function* setAutoRule(record: BetRecord, stake: string, threshold: string) {
      if (!self.isLogin) return { ok: false, error: 'notLoggedIn' } as AutoRuleResult;
      const problem = checkCashOutStake(stake, record.remainingPrincipal, self.minimumOf(record));
      if (problem) return { ok: false, error: problem } as AutoRuleResult;
      let limit: Decimal;
      try {
        limit = new Decimal(threshold);
      } catch {
        return { ok: false, error: 'invalid' } as AutoRuleResult;
      }
      if (!limit.isFinite() || limit.lte(0) || limit.decimalPlaces() > 2) return { ok: false, error: 'invalid' } as AutoRuleResult;
      const quote = self.quoteOf(record.id);
      if (quote?.available && limit.lte(partPayout(quote.rate, stake))) return { ok: false, error: 'thresholdTooLow' } as AutoRuleResult;
      const { http, logger } = envOf(self);
      self.setBusy(record.id);
      try {
        const rule: Record<string, unknown> | undefined = yield Promise.resolve(
          http.betting.post(CASH_OUT_PATHS.auto, { orderId: record.id, cashOutStake: new Decimal(stake).toFixed(2), threshold: limit.toFixed(2) } satisfies AutoCashOutRequest),
        );
        self.setBusy(undefined);
        const entry: ReserveCashOutEntry | undefined = isObject(rule)
          ? { id: typeof rule.id === 'number' ? rule.id : text(rule.id), stake: amountText(rule.stake), threshold: amountText(rule.threshold), status: Number(rule.status) || 0, createdTime: Number(rule.createdTime) || 0 }
          : undefined;
        const others = record.reserveCashOutList.map((r) => (r.status === AutoCashOutStatus.Active ? { ...r, status: AutoCashOutStatus.Cancelled } : r));
        self.emit(record.id, { reserveCashOutList: entry ? [...others, entry] : others });
        return (entry ? { ok: true, rule: entry } : { ok: true }) as AutoRuleResult;
      } catch (error) {
        self.setBusy(undefined);
        logger.warn('[cashOut] auto rule refused', error);
        const refused = refusal(error);
        // The one refusal of a valid stake: the threshold is not above the offer now.
        const tooLow = refused.error === 'belowMinimum' && /threshold/i.test(refused.message ?? '');
        return { ok: false, error: tooLow ? 'thresholdTooLow' : refused.error, ...(refused.message ? { message: refused.message } : {}) } as AutoRuleResult;
      }
    }),

    /** Cancels the order's active auto rule (safe to repeat). */
    cancelAutoRule: flow(function* cancelAutoRule(record: BetRecord) {
      if (!self.isLogin) return { ok: false, error: 'notLoggedIn' } as AutoRuleResult;
      const { http, logger } = envOf(self);
      self.setBusy(record.id);
      try {
        yield Promise.resolve(http.betting.post(CASH_OUT_PATHS.autoCancel, { orderId: record.id } satisfies AutoCashOutCancelRequest));
        self.setBusy(undefined);
        self.emit(record.id, { reserveCashOutList: record.reserveCashOutList.map((r) => (r.status === AutoCashOutStatus.Active ? { ...r, status: AutoCashOutStatus.Cancelled } : r)) });
        return { ok: true } as AutoRuleResult;
      } catch (error) {
        self.setBusy(undefined);
        logger.warn('[cashOut] auto rule cancel refused', error);
        const refused = refusal(error);
        return { ok: false, error: refused.error, ...(refused.message ? { message: refused.message } : {}) } as AutoRuleResult;
      }
    }),
  }))
  .actions((self) => ({
    stop() {
      const { scheduler } = envOf(self);
      scheduler.stop(CASH_OUT_POLL_LOOP);
      scheduler.stop(CASH_OUT_QUOTE_LOOP);
    },
  }))
  .actions((self) => ({
    /** Follows the member: the poll while an order is followed, the offer channel while a screen shows offers. */
    connect() {
      self.followPolling();
      self.holdOfferChannel();
      addDisposer(self, () => self.stop());
    },
  }));

export type CashOutStoreInstance = Instance<typeof CashOutStore>;

/**
 * The early-settlement store of an app root, made the first time My bets, the cash-out dialog or a cash out left
 * pending by an earlier page needs it, so its code loads with those rather than in the initial bundle.
 */
export const { of: cashOutOf } = onDemand('cashOut', CashOutStore, (store, root: CashOutRoot) => {
  store.attach(root);
  store.connect();
  addDisposer(store, () => store.stop());
});
