import Decimal from 'decimal.js';
import { reaction } from 'mobx';
import { addDisposer, flow, getEnv, types, type Instance } from 'mobx-state-tree';
import type { BET_RECORD_KEYS, BetRecord, ReserveCashOutEntry } from '../../domain/betRecord';
import type { AutoCashOutCancelRequest, AutoCashOutRequest, BetListRequest, CashOutEntry, CashOutExecuteRequest, CashOutPriceRequest, CashOutResult as CashOutWireResult, CashOutsByIdsRequest } from '../../contract/betting';
import { PushChannel } from '../../contract/channels';
import { AutoCashOutStatus, OrderStatus } from '../../contract/enums';
import type { CashOutOffer, MemberCashOutPush } from '../../contract/push';
import {
  afterPartialCashOut,
  canSettleEarly,
  CashOutStatus,
  checkCashOutStake,
  failureReasonOf,
  isFullCashOut,
  minimumFor,
  partPayout,
  sameOrderId,
  type CashOutFailureReason,
  type CashOutFigures,
  type StakeProblem,
} from '../domain/cashOut';
import { isApiError } from '../services/http';
import { LOOP_INTERVALS } from '../services/scheduler';
import type { PollingCashOut } from '../services/storage';
import { envOf } from './env';
import { onDemand, type OnDemandRoot } from './onDemand';

/** A bet record's id under its short key; the key table itself stays out of the initial bundle. */
const RECORD_ID_KEY: (typeof BET_RECORD_KEYS)['id'] = 'id';

export const CASH_OUT_NS = 'cashOut';

export const CASH_OUT_PATHS = {
  price: '/v1/order/cashOut/price',
  execute: '/v1/order/cashOut/execute',
  auto: '/v1/order/cashOut/auto',
  autoCancel: '/v1/order/cashOut/auto/cancel',
  byIds: '/v1/order/getCashOutsByIds',
  betList: '/v1/order/new/bet/list',
} as const;

/** The early-settlement poll and the dialog's quote refresh; both run at the in-play interval (5 s). */
export const CASH_OUT_POLL_LOOP = 'cashOutPolling';
export const CASH_OUT_QUOTE_LOOP = 'cashOutQuote';
/** Orders per cash-out price call (the route's limit, contract/betting.ts cashOutPriceRequestSchema). */
const MAX_PRICE_IDS = 200;
/** Spec section 9: the check on the settled list reads its first 20 orders. */
export const SETTLED_CHECK_SIZE = 20;

/** The platform's refusal codes of the cash-out routes (docs/api.md "Cash out"). */
const CODES = { belowRange: 15006, exceedRange: 15007, orderNotFound: 15020, unavailable: 15021 } as const;

/** An offer from `cashOut/price` for one order. Money and rates are decimal text. */
export interface CashOutQuote {
  orderId: string;
  /** The offer for the whole remaining stake. */
  amount: string;
  available: boolean;
  /** Payout per unit of stake (floored to 6 decimals by the platform). */
  rate: string;
  /**
   * Minimum cash-out stake of a single (smis) and of a parlay (pmis), in the order's currency. A pushed offer does not
   * carry them (they do not move with prices): until a price answer brings them, the bet record's serve.
   */
  minSingle?: string;
  minParlay?: string;
  reason?: CashOutFailureReason;
}

/** A record change for the lists that show the order: recalculated fields, or the order left the unsettled list. */
export type OrderChange = Partial<BetRecord> | 'removed';
export type OrderChangeListener = (orderId: string, change: OrderChange) => void;

/** Why a cash out (or an auto rule) was not taken. `message` is the platform's own text when it gave one. */
export type CashOutError = 'notLoggedIn' | 'inProgress' | 'failed' | 'unavailable' | 'orderNotFound' | StakeProblem | 'thresholdTooLow';

export type CashOutResult =
  | { ok: true; status: 'settled' | 'partlySettled' | 'confirming'; payout: string }
  | { ok: false; error: CashOutError; reason?: CashOutFailureReason; message?: string };

/**
 * How a cash out the poll followed ended: paid in full or in part (with the payout), or refused or cancelled (with the
 * reason). Kept per order until the member sends another, so the dialog that sent it can say what happened.
 */
export type CashOutOutcome =
  | { status: 'settled' | 'partlySettled'; payout: string }
  | { status: 'failed' | 'cancelled'; reason?: CashOutFailureReason };

export type AutoRuleResult = { ok: true; rule?: ReserveCashOutEntry } | { ok: false; error: CashOutError; message?: string };

/** What the poll reads of the contract's CashOutEntry (getCashOutsByIds), its cancel reason by name. */
type PolledEntry = Pick<CashOutEntry, 'id' | 'orderId' | 'amount' | 'payout' | 'orderStatus' | 'refundAmount' | 'createdTime'> & {
  cancelReason: CashOutFailureReason | undefined;
};

/** The contract's execute answer, each field read with care (a proxy's answer may lack one). */
type ExecuteAnswer = Partial<Record<keyof CashOutWireResult, unknown>>;

/** What the store needs of the app root it serves. */
export interface CashOutRoot extends OnDemandRoot {
  session: { isLogin: boolean; userData?: { uid?: string } | null | undefined; refreshBalance(): unknown };
}

const text = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? String(v) : fallback);
const amountText = (v: unknown): string => {
  const t = text(v).trim();
  return /^\d+(\.\d+)?$/.test(t) ? t : '0';
};
/** An amount above 0 (decimal text; anything else is not an amount). */
const positive = (v: string): boolean => /^\d+(\.\d+)?$/.test(v) && new Decimal(v).gt(0);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readEntry(raw: unknown): PolledEntry | undefined {
  if (!isObject(raw)) return undefined;
  const id = text(raw.id);
  const orderId = text(raw.orderId);
  if (!orderId) return undefined;
  return {
    id,
    orderId,
    amount: amountText(raw.amount),
    payout: amountText(raw.payout),
    orderStatus: Number(raw.orderStatus),
    refundAmount: amountText(raw.refundAmount),
    cancelReason: failureReasonOf(raw.cancelReason),
    createdTime: Number(raw.createdTime) || 0,
  };
}

function readQuote(raw: unknown): CashOutQuote | undefined {
  if (!isObject(raw)) return undefined;
  const orderId = text(raw.oid);
  if (!orderId) return undefined;
  const reason = failureReasonOf(raw.reason);
  return {
    orderId,
    amount: amountText(raw.amt),
    available: Number(raw.st) === 1,
    rate: amountText(raw.rate),
    minSingle: amountText(raw.smis),
    minParlay: amountText(raw.pmis),
    ...(reason ? { reason } : {}),
  };
}

/** A pushed offer (member:<uid>:cashOut, checked against the contract's schema by the push client) as a quote. */
function quoteOfOffer(offer: CashOutOffer): CashOutQuote {
  const reason = failureReasonOf(offer.reason);
  return { orderId: offer.oid, amount: offer.amt, available: offer.st === 1, rate: offer.rate, ...(reason ? { reason } : {}) };
}

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
 * Early settlement (cash out): offers, cashing out in full or in part, auto rules, and the spec's early-settlement
 * polling. Orders whose cash out is being confirmed (in play) are followed (and kept in storage, so a reload
 * continues); every 5 s, only for a member, their cash-out records are fetched by id and matched to the orders on the
 * first 15 characters of the order id:
 * - settled, the whole remaining principal: "settled successfully", the order leaves the unsettled list;
 * - settled, less than that: if the settled list (first 20) holds the order it leaves the unsettled list, otherwise it
 *   was partly settled: its cash-out fields are recalculated, "partly settled successfully";
 * - rejected: "settlement failed"; cancelled: "settlement cancelled"; the polling flag is cleared.
 * Lists that show orders hear of each change through onOrderChanged.
 */
export const CashOutStore = types
  .model('CashOutStore', {
    polling: types.array(PollingOrder),
  })
  .volatile(() => ({
    /** Latest offer per order id; replaced as a whole so observers see each refresh. */
    quotes: {} as Readonly<Record<string, CashOutQuote>>,
    /** Cash outs allowed per order (the quote's mxc). */
    maxCount: undefined as number | undefined,
    /** The order whose cash out (or rule change) is being sent. */
    busyOrderId: undefined as string | undefined,
    /** How the last cash out of each order the poll followed ended; replaced as a whole so observers see each one. */
    outcomes: {} as Readonly<Record<string, CashOutOutcome>>,
    listeners: new Set<OrderChangeListener>(),
    /** The app root whose member it serves (cashOutOf sets it before connecting). */
    root: undefined as CashOutRoot | undefined,
    /** Screens showing offers now (My bets, the cash-out dialog): while any does, the member's offer channel is held. */
    offerViewers: 0,
    /** Orders the dialog watches: asked for once, then every 5 s only while pushed offers cannot arrive. */
    watched: [] as readonly string[],
    /** Whether pushed offers arrive now: the push socket is open (kept by its status listener while viewed). */
    pushOpen: false,
  }))
  .views((self) => ({
    get isLogin(): boolean {
      return self.root?.session.isLogin ?? false;
    },
    /** True while the order's cash out is being confirmed and followed by the poll. */
    isPolling(orderId: string): boolean {
      return self.polling.some((p) => sameOrderId(p.orderId, orderId));
    },
    quoteOf(orderId: string): CashOutQuote | undefined {
      return self.quotes[orderId];
    },
    outcomeOf(orderId: string): CashOutOutcome | undefined {
      return self.outcomes[orderId];
    },
    /** The member's offer channel, while a member is signed in. */
    get offerChannel(): string | undefined {
      const uid = self.root?.session.isLogin ? self.root.session.userData?.uid : undefined;
      return uid === undefined || !/^\d+$/.test(uid) ? undefined : PushChannel.memberCashOut(Number(uid));
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
    /**
     * The offer My bets shows for the record: the newest quote (pushed as prices move) when there is one, else the
     * list's; undefined when no cash out is offered now.
     */
    offerOf(record: BetRecord): string | undefined {
      const quote = self.quoteOf(record.id);
      if (quote) return quote.available && positive(quote.amount) ? quote.amount : undefined;
      return record.allowSettleInAdvance && positive(record.cashOutPrice) ? record.cashOutPrice : undefined;
    },
    /** The minimum cash-out stake of the record's kind (single or parlay), from the quote or the record. */
    minimumOf(record: BetRecord): Decimal {
      const quote = self.quoteOf(record.id);
      return minimumFor(record.betType, { single: quote?.minSingle ?? record.minSingleAmount, parlay: quote?.minParlay ?? record.minParlayAmount });
    },
  }))
  .actions((self) => {
    const tr = (key: string, options: Record<string, unknown> = {}) => envOf(self).i18n.t(key, { ns: CASH_OUT_NS, ...options });
    return {
      tr,
      /** Lists that show orders (My bets) hear of every change; answers the unsubscribe. */
      onOrderChanged(listener: OrderChangeListener): () => void {
        self.listeners.add(listener);
        return () => {
          self.listeners.delete(listener);
        };
      },
      emit(orderId: string, change: OrderChange) {
        for (const listener of [...self.listeners]) {
          try {
            listener(orderId, change);
          } catch (error) {
            envOf(self).logger.warn('[cashOut] an order-change listener failed', error);
          }
        }
      },
      persist() {
        envOf(self).storage.set('cashOutPolling', self.polling.map(snapshotOf));
      },
      setBusy(orderId: string | undefined) {
        self.busyOrderId = orderId;
      },
      setQuotes(asked: readonly string[], quotes: readonly CashOutQuote[], maxCount: number | undefined) {
        const next: Record<string, CashOutQuote> = { ...self.quotes };
        for (const id of asked) {
          const quote = quotes.find((q) => sameOrderId(q.orderId, id));
          if (quote) next[id] = { ...quote, orderId: id };
          else delete next[id];
        }
        self.quotes = next;
        if (maxCount !== undefined) self.maxCount = maxCount;
      },
      setOutcome(orderId: string, outcome: CashOutOutcome | undefined) {
        const next: Record<string, CashOutOutcome> = { ...self.outcomes };
        if (outcome) next[orderId] = outcome;
        else delete next[orderId];
        self.outcomes = next;
      },
      /**
       * Pushed offers replace the quotes of their orders (a quote kept under a 15-character id match keeps its key),
       * keeping the minimums a price answer brought.
       */
      applyOffers(push: MemberCashOutPush) {
        const next: Record<string, CashOutQuote> = { ...self.quotes };
        const keys = Object.keys(next);
        for (const offer of push.offers) {
          const key = keys.find((k) => sameOrderId(k, offer.oid)) ?? offer.oid;
          const before = next[key];
          next[key] = { ...quoteOfOffer(offer), orderId: key, ...(before?.minSingle !== undefined ? { minSingle: before.minSingle } : {}), ...(before?.minParlay !== undefined ? { minParlay: before.minParlay } : {}) };
        }
        self.quotes = next;
      },
      setPushOpen(open: boolean) {
        self.pushOpen = open;
      },
      setWatched(ids: readonly string[]) {
        self.watched = ids;
      },
      addOfferViewer(delta: 1 | -1) {
        self.offerViewers = Math.max(0, self.offerViewers + delta);
      },
      /** Spec section 8: a failed refresh clears the amount data. */
      clearQuotes(ids: readonly string[]) {
        const next: Record<string, CashOutQuote> = { ...self.quotes };
        for (const id of ids) delete next[id];
        self.quotes = next;
      },
    };
  })
  .actions((self) => ({
    /**
     * Holds the member's offer channel while a screen shows offers (My bets, the dialog): the platform pushes each open
     * bet's offer as prices move. Answers the release.
     */
    viewOffers(): () => void {
      self.addOfferViewer(1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        self.addOfferViewer(-1);
      };
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
          http.betting.post(CASH_OUT_PATHS.betList, { isSettled: true, current: 1, size: SETTLED_CHECK_SIZE } satisfies BetListRequest),
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

    /** Spec section 8: a failed quote is logged and ignored, and clears the amount data; success needs code 0. */
    refreshQuotes: flow(function* refreshQuotes(orderIds: readonly string[]) {
      if (!self.isLogin || orderIds.length === 0) return;
      const { http, logger } = envOf(self);
      try {
        const answer: unknown = yield Promise.resolve(http.betting.post(CASH_OUT_PATHS.price, { orderIds: [...orderIds] } satisfies CashOutPriceRequest));
        if (!isObject(answer) || !Array.isArray(answer.pr)) throw new Error('cash-out quote without a price list');
        const quotes = answer.pr.map(readQuote).filter((q): q is CashOutQuote => q !== undefined);
        const maxCount = typeof answer.mxc === 'number' ? answer.mxc : undefined;
        self.setQuotes(orderIds, quotes, maxCount);
      } catch (error) {
        if (isApiError(error) && error.cancelled) return;
        logger.warn('[cashOut] cash-out quote failed', error);
        self.clearQuotes(orderIds);
      }
    }),
  }))
  .actions((self) => {
    /** The dialog's hold on the offer channel (watchQuotes). */
    let releaseDialog: (() => void) | undefined;
    /** A refused call in the words the dialog shows: the platform's message when it gave one. */
    const refusal = (error: unknown): { ok: false; error: CashOutError; reason?: CashOutFailureReason; message?: string } => {
      if (!isApiError(error) || error.network || error.cancelled) return { ok: false, error: 'failed' };
      const message = error.message;
      switch (error.code) {
        case CODES.unavailable: {
          const reason = failureReasonOf(/\(reason (\d+)\)/.exec(message)?.[1]);
          // A cash out of the order is already being confirmed: the spec's "settlement in progress".
          if (reason === 'settleRefused' && /being confirmed/i.test(message)) return { ok: false, error: 'inProgress', reason, message };
          return { ok: false, error: 'unavailable', ...(reason ? { reason } : {}), message };
        }
        case CODES.belowRange:
          return { ok: false, error: 'belowMinimum', message };
        case CODES.exceedRange:
          return { ok: false, error: 'aboveRemaining', message };
        case CODES.orderNotFound:
          return { ok: false, error: 'orderNotFound', message };
        default:
          return { ok: false, error: 'failed', message };
      }
    };

    return {
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

      /**
       * The dialog's live price: the offers of these orders now, then pushed as prices move; the spec's 5 s refresh
       * runs only while pushed offers cannot arrive (the socket down, or the channel not held), until unwatchQuotes.
       */
      watchQuotes(orderIds: readonly string[]) {
        const ids = [...orderIds];
        const { scheduler, push } = envOf(self);
        self.setWatched(ids);
        releaseDialog?.();
        releaseDialog = self.viewOffers();
        void self.refreshQuotes(ids);
        scheduler.every(
          CASH_OUT_QUOTE_LOOP,
          LOOP_INTERVALS.inPlay,
          () => {
            const channel = self.offerChannel;
            if (channel !== undefined && push.state() === 'open' && push.isSubscribed(channel)) return undefined;
            return self.refreshQuotes(ids);
          },
          { pauseWhenHidden: true },
        );
      },
      unwatchQuotes() {
        envOf(self).scheduler.stop(CASH_OUT_QUOTE_LOOP);
        self.setWatched([]);
        releaseDialog?.();
        releaseDialog = undefined;
      },
    };
  })
  .actions((self) => ({
    stop() {
      const { scheduler } = envOf(self);
      scheduler.stop(CASH_OUT_POLL_LOOP);
      scheduler.stop(CASH_OUT_QUOTE_LOOP);
    },
  }))
  .actions((self) => ({
    afterCreate() {
      self.mergeStored();
    },
    attach(root: CashOutRoot) {
      self.root = root;
    },
    /**
     * The poll runs every 5 s while a member is logged in and an order is followed; signing out stops it (the orders
     * stay stored and are followed again after the next sign-in).
     */
    connect() {
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
      // The member's offer channel is held while a member is signed in and a screen shows offers; missed messages
      // (a gap, a platform restart, a reconnect) are made up by asking for the offers shown once.
      let held: { channel: string; release(): void } | undefined;
      const hold = (channel: string | undefined) => {
        if (held?.channel === channel) return;
        held?.release();
        held = undefined;
        if (channel === undefined) return;
        const { push } = envOf(self);
        const unsubscribe = push.subscribe(
          channel,
          (data) => self.applyOffers(data as MemberCashOutPush),
          // The dialog's orders and every order whose offer is shown from a quote (the price route takes 200 at most).
          () => void self.refreshQuotes([...new Set([...self.watched, ...Object.keys(self.quotes)])].slice(0, MAX_PRICE_IDS)),
        );
        const stopStatus = push.onStatus((status) => self.setPushOpen(status.state === 'open'));
        self.setPushOpen(push.state() === 'open');
        held = {
          channel,
          release: () => {
            unsubscribe();
            stopStatus();
          },
        };
      };
      addDisposer(self, reaction(() => (self.offerViewers > 0 ? self.offerChannel : undefined), hold, { fireImmediately: true }));
      addDisposer(self, () => hold(undefined));
      addDisposer(self, () => self.stop());
    },
  }));

export type CashOutStoreInstance = Instance<typeof CashOutStore>;

/**
 * The early-settlement store of an app root, made the first time My bets, the cash-out dialog or a cash out left
 * pending by an earlier page needs it, so its code loads with those rather than in the initial bundle.
 */
export const { of: cashOutOf } = onDemand((root: CashOutRoot) => {
  const store = CashOutStore.create({}, getEnv(root));
  store.attach(root);
  store.connect();
  return { store, close: () => store.stop() };
});
