import { reaction } from 'mobx';
import { addDisposer, flow, types, type Instance } from 'mobx-state-tree';
import { formatLine } from '../match/domain/lines';
import { formatOdds, OddsFormat } from '../../../domain/odds';
import { reasonOfCode, SlipReason } from './domain/slipReasons';
import { OrderStatus, isWaitingStatus } from '../../../contract/enums';
import { BETTING_PATHS } from '../../../contract/paths';
import type { BetOptionRequest, MultipleBetRequest, OddsChange, OrderStatusRow, PlaceAnswer, SingleBetRequest } from '../../../contract';
import { isApiError } from '../../services/http';
import { LOOP_INTERVALS } from '../../services/scheduler';
import { marketLabel, seriesNameKey, seriesShapeKey } from './domain/slipLabels';
import type { BetSlipStoreInstance } from './betSlip';
import type { SlipEntryInstance } from './slipEntry';
import type { SlipSeries } from './slipSeries';
import { SLIP_NS } from './slipState';
import { envOf } from '../../core/store/env';
import { onDemand, type OnDemandRoot } from '../../core/store/onDemand';
import type { SessionStoreInstance } from '../../core/store/session';
import type { SettingsStoreInstance } from '../../core/store/settings';
import type { StaticListStoreInstance } from '../lists/staticList';

export const ORDER_STATUS_LOOP = 'orderStatus';
export const WAITING_ORDERS_LOOP = 'waitingOrders';

/** Final statuses that mean the bet stands. */
const SUCCESS_STATUSES: ReadonlySet<number> = new Set([OrderStatus.Confirmed, OrderStatus.Settled, OrderStatus.ReserveCashOut, OrderStatus.CashOut]);

/** Refusals after which the slip's prices and states are fetched again (the re-offer). */
const REFRESH_AFTER: ReadonlySet<SlipReason> = new Set([
  SlipReason.OddsChanged,
  SlipReason.MarketLineChanged,
  SlipReason.HandicapChanged,
  SlipReason.MarketSuspended,
  SlipReason.HandicapClosed,
  SlipReason.BelowRange,
  SlipReason.ExceedRange,
  SlipReason.ParlayNotAllowed,
  SlipReason.SeriesNotOffered,
  SlipReason.MatchStarted,
  SlipReason.ScoreChanged,
]);

interface OrdersRoot extends OnDemandRoot {
  session: SessionStoreInstance;
  settings: SettingsStoreInstance;
  staticList: StaticListStoreInstance;
  betSlip: BetSlipStoreInstance;
}

/** The app root the store was made for (ordersOf attaches it before anything runs). */
const rootOf = (node: { root: OrdersRoot | undefined }): OrdersRoot => {
  if (!node.root) throw new Error('the orders store is used before ordersOf attached it to the app root');
  return node.root;
};

/** 8-64 of A-Za-z0-9_- (docs/api.md): time and randomness, so two placements never share one. */
export function newRequestId(now: number): string {
  const bytes = new Uint8Array(9);
  if (typeof globalThis.crypto?.getRandomValues === 'function') globalThis.crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return `${now.toString(36)}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The price sent: as the member saw it, in the format it showed in (betSlip.priceFormat), which the platform reads.
 * Edit bet sends the slip's selections it adds the same way.
 */
export function priceOption(entry: SlipEntryInstance, format: OddsFormat): BetOptionRequest {
  return { marketId: entry.marketId, optionType: entry.optionType, odds: formatOdds(entry.odd, format), oddsFormat: format };
}

const WaitingOrder = types.model('WaitingOrder', {
  orderId: types.string,
  status: types.number,
  description: '',
  /** The series an order of a multiple bet is on (0 for singles), to clear its stake once it stands. */
  seriesNumber: 0,
});

/**
 * Placing the slip and following the orders (spec: placing a bet). A single bet in single mode or with one
 * selection, otherwise a multiple bet with only the series that have a stake; a request id per placement makes a
 * retry after a lost answer safe. Orders the book has not decided yet are stored locally as waiting, polled every
 * second until none is created or confirming, and re-checked every 3 s (also from storage, after a reload); then a
 * success or failure toast with the bet's description.
 */
export const OrdersStore = types
  .model('OrdersStore', {
    waiting: types.array(WaitingOrder),
  })
  .volatile(() => ({
    root: undefined as OrdersRoot | undefined,
    placing: false,
    /** The request id of a placement whose answer was lost, reused while the slip sends the same bets. */
    retry: undefined as { signature: string; requestId: string } | undefined,
  }))
  .views((self) => ({
    get hasWaiting() {
      return self.waiting.some((w) => isWaitingStatus(w.status));
    },
  }))
  .actions((self) => {
    const tr = (key: string, options: Record<string, unknown> = {}) => envOf(self).i18n.t(key, { ns: SLIP_NS, ...options });
    return {
      tr,
      /** "A – B · Handicap Home -0.5 @ 1.95, stake ¥100.00", in the member's language at the time of placing. */
      describeSingle(entry: SlipEntryInstance, stake: string) {
        const { staticList, betSlip } = rootOf(self);
        const match = entry.awayName ? `${entry.homeName} – ${entry.awayName}` : entry.homeName;
        const market = marketLabel(staticList.name('marketType', entry.marketType), entry.period, tr) ?? '';
        const line = entry.line !== undefined ? ` ${formatLine(entry.line)}` : '';
        const selection = `${market ? `${market} ` : ''}${entry.optionName || entry.optionType}${line}`;
        return tr('description.single', {
          match,
          selection,
          odds: formatOdds(entry.currentOdd, betSlip.priceFormat(entry)),
          stake: betSlip.formatAmount(stake),
        });
      },
      /** "Trixie, 3 selections, stake ¥40.00"; "Doubles (2-fold), ..."; "二串一 (2串1)，3 场，..." in Chinese. */
      describeSeries(series: SlipSeries, legs: number) {
        const { betSlip } = rootOf(self);
        const [key, options] = seriesNameKey(series);
        const shapeKey = seriesShapeKey(series.seriesNumber);
        const name = shapeKey ? `${tr(key, options)} (${tr(...shapeKey)})` : tr(key, options);
        return tr('description.multiple', { series: name, legs, stake: betSlip.formatAmount(series.totalStake ?? 0) });
      },
      persist() {
        envOf(self).storage.set(
          'waitingOrders',
          self.waiting.map((w) => ({ orderId: w.orderId, status: w.status, description: w.description })),
        );
      },
      setPlacing(value: boolean) {
        self.placing = value;
      },
      setRetry(value: { signature: string; requestId: string } | undefined) {
        self.retry = value;
      },
    };
  })
  .actions((self) => ({
    /** Groups what finished together into one toast per outcome. */
    announce(succeeded: readonly string[], failed: readonly string[]) {
      const { toast } = envOf(self);
      if (succeeded.length > 0) toast.success(self.tr('toast.betSucceeded'), { detail: succeeded.join('; ') });
      if (failed.length > 0) toast.error(self.tr('toast.betFailed'), { detail: failed.join('; ') });
    },
  }))
  .actions((self) => ({
    stopPolling() {
      envOf(self).scheduler.stop(ORDER_STATUS_LOOP);
    },
  }))
  .actions((self) => ({
    applyStatuses(asked: readonly string[], rows: readonly OrderStatusRow[]) {
      const { logger } = envOf(self);
      const { betSlip } = rootOf(self);
      const byId = new Map(rows.map((row) => [row.oid, row]));
      const succeeded: string[] = [];
      const failed: string[] = [];
      for (const orderId of asked) {
        const order = self.waiting.find((w) => w.orderId === orderId);
        if (!order) continue;
        const row = byId.get(orderId);
        const { seriesNumber, description } = order;
        if (row === undefined) {
          // The platform leaves out ids that are not this member's or do not exist: they will never be decided.
          logger.warn(`order ${orderId} is unknown to the platform; no longer followed`);
          self.waiting.remove(order);
          betSlip.orderFinished(orderId, false, seriesNumber);
          continue;
        }
        if (isWaitingStatus(row.st)) {
          order.status = row.st;
          continue;
        }
        const ok = SUCCESS_STATUSES.has(row.st);
        // A rejection after the in-play delay says why (odds or score changed), in the toast and in the slip.
        const reason = !ok && row.rt !== undefined ? reasonOfCode(row.rt) : undefined;
        if (ok) succeeded.push(description);
        else failed.push(reason ? `${description} (${betSlip.reasonText(reason)})` : description);
        self.waiting.remove(order);
        betSlip.orderFinished(orderId, ok, seriesNumber, reason);
      }
      self.persist();
      self.announce(succeeded, failed);
      // A rejected order's stake went back to the wallet.
      if (failed.length > 0) void rootOf(self).session.refreshBalance();
      if (!self.hasWaiting) self.stopPolling();
    },
    /** Orders stored by an earlier page (a reload, another tab) join the ones this page follows. */
    mergeStored() {
      const known = new Set(self.waiting.map((w) => w.orderId));
      for (const stored of envOf(self).storage.get('waitingOrders')) {
        if (known.has(stored.orderId) || !isWaitingStatus(stored.status)) continue;
        self.waiting.push({ orderId: stored.orderId, status: stored.status, description: stored.description ?? '' });
        known.add(stored.orderId);
      }
    },
  }))
  .actions((self) => ({
    /** One status poll (spec: every second while any order is created or confirming). */
    pollStatus: flow(function* pollStatus() {
      const ids = self.waiting.filter((w) => isWaitingStatus(w.status)).map((w) => w.orderId);
      if (ids.length === 0) {
        self.stopPolling();
        return;
      }
      const rows: OrderStatusRow[] = yield Promise.resolve(envOf(self).http.betting.post(BETTING_PATHS.orderStatus, { orderIds: ids }));
      self.applyStatuses(ids, Array.isArray(rows) ? rows : []);
    }),
  }))
  .actions((self) => ({
    startPolling() {
      const { scheduler } = envOf(self);
      if (!scheduler.isRunning(ORDER_STATUS_LOOP)) scheduler.every(ORDER_STATUS_LOOP, LOOP_INTERVALS.orderStatus, () => self.pollStatus());
    },
  }))
  .actions((self) => ({
    /** Spec: waiting orders are re-checked every 3 s; any left waiting restart the 1 s status poll. */
    recheckWaiting() {
      self.mergeStored();
      if (self.hasWaiting) self.startPolling();
    },
    /** The placement was answered: orders already decided are announced, the others wait. */
    placed(answer: PlaceAnswer, entries: readonly SlipEntryInstance[], descriptions: ReadonlyMap<number, string> | readonly string[], single: boolean) {
      const { betSlip } = rootOf(self);
      const succeeded: string[] = [];
      const failed: string[] = [];
      const waitingIds: string[] = [];
      answer.orders.forEach((order, i) => {
        const description = (Array.isArray(descriptions) ? descriptions[i] : (descriptions as ReadonlyMap<number, string>).get(order.seriesNumber)) ?? '';
        if (isWaitingStatus(order.status)) {
          if (!self.waiting.some((w) => w.orderId === order.orderId)) {
            self.waiting.push({ orderId: order.orderId, status: order.status, description, seriesNumber: single ? 0 : order.seriesNumber });
          }
          waitingIds.push(order.orderId);
        } else {
          (SUCCESS_STATUSES.has(order.status) ? succeeded : failed).push(description);
        }
      });
      const waitingByEntry = single
        ? entries.map((_, i) => {
            const order = answer.orders[i];
            return order && isWaitingStatus(order.status) ? [order.orderId] : [];
          })
        : entries.map(() => waitingIds);
      const seriesDone = single ? [] : answer.orders.filter((o) => SUCCESS_STATUSES.has(o.status)).map((o) => o.seriesNumber);
      betSlip.placed(entries, waitingByEntry, seriesDone);
      self.persist();
      self.announce(succeeded, failed);
      // Every order the platform took has its stake debited, confirming or not.
      if (answer.orders.length > 0) void rootOf(self).session.refreshBalance();
      if (waitingIds.length > 0) self.startPolling();
    },
    refused(error: unknown) {
      const { toast, logger } = envOf(self);
      const { betSlip } = rootOf(self);
      const answered = isApiError(error) && !error.network && !error.cancelled;
      if (!answered) {
        // No answer (network, timeout): the http client has said so; the same request id is reused on a retry.
        logger.warn('placing got no answer', error);
        betSlip.setRefusal(SlipReason.BetFailed);
        return;
      }
      const reason = reasonOfCode(error.code);
      betSlip.setRefusal(reason);
      toast.error(self.tr('toast.betFailed'), { detail: betSlip.reasonText(reason) });
      if (REFRESH_AFTER.has(reason)) void betSlip.refreshBetInfo({ markRejected: reason === SlipReason.OddsChanged });
    },
  }))
  .actions((self) => ({
    /**
     * Places the slip as it stands. Resolves true when the platform took the bets (some may still be confirming),
     * false when it refused them or the slip cannot be placed.
     */
    place: flow(function* place() {
      const { betSlip } = rootOf(self);
      if (self.placing || !betSlip.canPlace) return false;
      // A selection picked a moment ago still waits for its bet info: placing waits for it too, so the slip checks
      // the stake against the limits it names and the confirmation names the match, as once it has answered.
      const info = betSlip.loadingInfo ? betSlip.infoRequest.inFlight : undefined;
      if (info) {
        self.setPlacing(true);
        try {
          yield info;
        } finally {
          self.setPlacing(false);
        }
        if (!betSlip.canPlace) return false;
      }
      const { http, clock } = envOf(self);
      // The slip keeps the member's choice as a plain number; it only ever holds OddsChange's codes.
      const oddsChange = betSlip.oddsChange as OddsChange;
      const single = betSlip.isSingle;
      const entries = [...(single ? betSlip.singleEntries : betSlip.openEntries)];
      let path: string;
      let body: Omit<SingleBetRequest, 'requestId'> | Omit<MultipleBetRequest, 'requestId'>;
      let descriptions: string[] | Map<number, string>;
      if (single) {
        const stakes = entries.map((e) => e.riskAndWin(betSlip.priceFormat(e))!.risk.toFixed(2));
        path = BETTING_PATHS.singlePass;
        body = {
          singleBetList: entries.map((e, i) => ({ unitStake: stakes[i]!, oddsChange, betOptionList: [priceOption(e, betSlip.priceFormat(e))] as [BetOptionRequest] })),
        };
        descriptions = entries.map((e, i) => self.describeSingle(e, stakes[i]!));
      } else {
        const staked = betSlip.stakedSeries;
        path = BETTING_PATHS.betMultiple;
        body = {
          betMultipleData: staked.map((s) => ({ itemCount: entries.length, seriesValue: s.seriesNumber, unitStake: s.unitStake!.toFixed(2), oddsChange })),
          betOptionList: entries.map((e) => priceOption(e, betSlip.priceFormat(e))),
        };
        descriptions = new Map(staked.map((s) => [s.seriesNumber, self.describeSeries(s, entries.length)]));
      }
      const signature = `${path}:${JSON.stringify(body)}`;
      const requestId = self.retry?.signature === signature ? self.retry.requestId : newRequestId(clock.now());
      self.setPlacing(true);
      self.setRetry({ signature, requestId });
      try {
        const answer: PlaceAnswer = yield Promise.resolve(http.betting.post(path, { ...body, requestId }));
        self.setRetry(undefined);
        self.placed(answer, entries, descriptions, single);
        return true;
      } catch (error) {
        // Only a lost answer may be retried under the same id; a refusal is final for that request.
        if (isApiError(error) && !error.network && !error.cancelled) self.setRetry(undefined);
        self.refused(error);
        return false;
      } finally {
        self.setPlacing(false);
      }
    }),
    /** Unmount: no loop keeps running. */
    stop() {
      const { scheduler } = envOf(self);
      scheduler.stop(ORDER_STATUS_LOOP);
      scheduler.stop(WAITING_ORDERS_LOOP);
    },
  }))
  .actions((self) => ({
    afterCreate() {
      self.mergeStored();
    },
    attach(root: OrdersRoot) {
      self.root = root;
    },
    /** The loops run only for a member: logging in starts the 3 s re-check (at once), logging out stops both. */
    connect() {
      rootOf(self).betSlip.releaseUnfollowed(new Set(self.waiting.map((w) => w.orderId)));
      addDisposer(
        self,
        reaction(
          () => rootOf(self).session.isLogin,
          (isLogin) => {
            const { scheduler } = envOf(self);
            if (isLogin) scheduler.every(WAITING_ORDERS_LOOP, LOOP_INTERVALS.waitingOrders, () => self.recheckWaiting(), { immediate: true });
            else self.stop();
          },
          { fireImmediately: true },
        ),
      );
      addDisposer(self, () => self.stop());
    },
  }));

export type OrdersStoreInstance = Instance<typeof OrdersStore>;

/**
 * The orders store of an app root, made the first time the bet slip (or a waiting order left by an earlier page)
 * needs it, so its code loads with the slip rather than in the initial bundle.
 */
export const { of: ordersOf, existing: existingOrders } = onDemand('orders', OrdersStore, (store, root: OrdersRoot) => {
  store.attach(root);
  store.connect();
  addDisposer(store, () => store.stop());
});
