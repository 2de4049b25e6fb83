// The cash-out store's first link: the app root it serves, the lists that hear of order changes, and the member's
// offers (quotes): asked for by the price route, pushed on the member's offer channel while a screen shows them,
// refreshed every 5 s for the dialog only while pushes cannot arrive. Kept apart from the polling
// (cashOutPolling.ts) and the cash-out calls (cashOut.ts), which read the offers and report through the listeners
// declared here.
import type Decimal from 'decimal.js';
import { addDisposer, flow, types } from 'mobx-state-tree';
import { reaction } from 'mobx';
import type { BetRecord } from '../../../domain/betRecord';
import type { CashOutPriceRequest } from '../../../contract/betting';
import { PushChannel } from '../../../contract/channels';
import type { MemberCashOutPush } from '../../../contract/push';
import { minimumFor, sameOrderId } from './domain/cashOut';
import { isApiError } from '../../services/http';
import { LOOP_INTERVALS } from '../../services/scheduler';
import { isObject, positive, quoteOfOffer, readQuote, type CashOutQuote, type OrderChange, type OrderChangeListener } from './cashOutWire';
import { envOf } from '../../core/store/env';
import type { OnDemandRoot } from '../../core/store/onDemand';
import { CASH_OUT_PATHS } from '../../../contract/paths';

export const CASH_OUT_NS = 'cashOut';
/** The dialog's quote refresh; it runs at the in-play interval (5 s). */
export const CASH_OUT_QUOTE_LOOP = 'cashOutQuote';
/** Orders per cash-out price call (the route's limit, contract/betting.ts cashOutPriceRequestSchema). */
const MAX_PRICE_IDS = 200;

/** What the store needs of the app root it serves. */
export interface CashOutRoot extends OnDemandRoot {
  session: { isLogin: boolean; userData?: { uid?: string } | null | undefined; refreshBalance(): unknown };
}

/**
 * Early settlement (cash out), its offers: the newest quote per order, and who hears of order changes. The polling
 * and the cash-out calls build on it (cashOutPolling.ts, then cashOut.ts).
 */
export const CashOutOffers = types
  .model('CashOutStore', {})
  .volatile(() => ({
    /** Latest offer per order id; replaced as a whole so observers see each refresh. */
    quotes: {} as Readonly<Record<string, CashOutQuote>>,
    /** Cash outs allowed per order (the quote's mxc). */
    maxCount: undefined as number | undefined,
    /** Lists that show orders (My bets) and hear of every change (onOrderChanged). */
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
    quoteOf(orderId: string): CashOutQuote | undefined {
      return self.quotes[orderId];
    },
    /** The member's offer channel, while a member is signed in. */
    get offerChannel(): string | undefined {
      const uid = self.root?.session.isLogin ? self.root.session.userData?.uid : undefined;
      return uid === undefined || !/^\d+$/.test(uid) ? undefined : PushChannel.memberCashOut(Number(uid));
    },
  }))
  .views((self) => ({
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
      attach(root: CashOutRoot) {
        self.root = root;
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
    return {
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
    /**
     * The member's offer channel is held while a member is signed in and a screen shows offers; missed messages (a
     * gap, a platform restart, a reconnect) are made up by asking for the offers shown once.
     */
    holdOfferChannel() {
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
    },
  }));
