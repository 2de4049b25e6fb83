import { compareStructural, reaction } from 'mobx';
import { addDisposer, flow, types, type Instance } from 'mobx-state-tree';
import { dayIn } from '../../core/domain/calendar';
import { mapBetRecord, mapStatisticsRow, type BetRecord, type BetStatisticsRow } from '../../../domain/betRecord';
// Types only: the range arithmetic itself (moment-timezone) loads with the first settled query, not at start-up.
import type { DateRange, DateRangeErrorCode, DateRangeType } from '../../../domain/dates';
import { CURRENCY_CODES } from '../../../domain/money';
import type { BetListRequest, Language, ReservationListRequest, ReservationSummary } from '../../../contract';
import { isApiError } from '../../services/http';
import { request } from '../../sdk/request';
import { envOf } from '../../core/store/env';
import { onDemand, type OnDemandRoot } from '../../core/store/onDemand';
import { cashOutOf } from '../cashOut/cashOut';
import { BETTING_PATHS } from '../../../contract/paths';

export type SettlementType = 'unsettled' | 'settled' | 'reserved';
export const SETTLEMENT_TYPES: readonly SettlementType[] = ['unsettled', 'settled', 'reserved'];
/** Spec section 4: the order view's settlement types are unsettled 0, settled 1, reserved 2. */
export const SETTLEMENT_TYPE_CODE: Readonly<Record<SettlementType, number>> = { unsettled: 0, settled: 1, reserved: 2 };

/** Spec section 9: bet history pages hold 200 unsettled or 50 settled orders. */
export const PAGE_SIZE = { unsettled: 200, settled: 50 } as const;
/** Spec sections 5 and 9: bet history reaches back 45 days. */
export const HISTORY_DAYS = 45;

const DATE_RANGE_TYPES: readonly DateRangeType[] = ['today', 'yesterday', 'thisWeek', 'custom'];

/** Pre-bet states (spec: booked, in progress, settled, cancelled, no longer valid). */
export const ReservationStatus = { Booked: 0, InProgress: 1, Settled: 2, Cancelled: 3, Invalid: 4 } as const;

/** The spec's reservation summary plus the platform's state fields (docs/api.md, "Pre-bets"). */
export type Reservation = ReservationSummary;

interface BetListAnswer {
  records?: unknown[];
  total?: number;
  tamt?: string;
  tsamt?: string;
  sts?: unknown[];
}

interface ReserveListAnswer {
  ods?: Reservation[];
  sts?: unknown[];
}

/** What the root store tells My bets about the rest of the app. */
export interface MyBetsContext {
  isLogin: boolean;
  /** The platform's time zone: days (today, this week, ...) begin and end there. */
  timeZone: string;
  /** The spec's language code sent with the calls, so names come back in it. */
  language: Language;
  /** The member's currency code: statistics totals (tamt, tsamt) are in it. */
  currency?: string | undefined;
}

/** Why a pre-bet change was refused, as a key of the myBets namespace. */
export type ReservationChangeError = 'belowRange' | 'exceedRange' | 'insufficientBalance' | 'noLongerChangeable' | 'oddsTooLow' | 'failed';

const RESERVATION_REFUSALS: Readonly<Record<number, ReservationChangeError>> = {
  15006: 'belowRange',
  15007: 'exceedRange',
  15008: 'insufficientBalance',
  15030: 'noLongerChangeable',
  15031: 'noLongerChangeable',
  15032: 'oddsTooLow',
};

const DAY_MS = 86_400_000;
const DAY_TEXT = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day moved by whole days ("2026-03-01" - 1 = "2026-02-28"); no time zone is involved. */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

const isDay = (value: string) => DAY_TEXT.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && shiftDay(value, 0) === value;

/**
 * Checks a custom range of calendar days against the 45-day history window ending `today` (both in the platform's
 * zone). The same codes as the range arithmetic in domain/dates, so one message table serves both.
 */
export function checkCustomRange(start: string, end: string, today: string): DateRangeErrorCode | undefined {
  if (!start || !end) return 'missingCustomRange';
  if (!isDay(start) || !isDay(end)) return 'invalidDate';
  if (end < start) return 'endBeforeStart';
  if (start < shiftDay(today, -HISTORY_DAYS)) return 'outsideHistoryWindow';
  return undefined;
}

const currencyIdOf = (code: string | undefined): number | undefined => {
  const index = code ? (CURRENCY_CODES as readonly string[]).indexOf(code) : -1;
  return index >= 0 ? index + 1 : undefined;
};

/**
 * "My bets", the spec's bet history view: unsettled, settled and reserved orders with paging, a date filter and
 * statistics per currency. Calls go out only for a member; a failure sets the API-error flag, which the next load
 * clears.
 */
export const MyBetsStore = types
  .model('MyBetsStore', {
    settlementType: types.optional(types.enumeration<SettlementType>('SettlementType', [...SETTLEMENT_TYPES]), 'unsettled'),
    /** The isSettled flag of the bet list call: follows the settlement type, except that reserved leaves it as it was. */
    isSettled: false,
    dateRangeType: types.optional(types.enumeration<DateRangeType>('DateRangeType', [...DATE_RANGE_TYPES]), 'today'),
    /** Custom range, calendar days "YYYY-MM-DD" in the platform's zone. */
    customStart: types.maybe(types.string),
    customEnd: types.maybe(types.string),
    /** Page number (1-based), the spec's `current`. */
    current: 1,
    total: 0,
    /** Total stake and total returned of the whole selection, in the member's currency. */
    tamt: '0',
    tsamt: '0',
    /** Reserved view: show the failed pre-bets (cancelled or no longer valid) of the last 7 days instead. */
    showFailed: false,
    request: request(),
    /** Why the custom range asked for was refused (a DateRangeErrorCode); nothing was loaded for it. */
    rangeError: types.maybe(types.string),
    /** The pre-bet whose modify or cancel call is running. */
    changingReserveId: types.maybe(types.string),
  })
  .volatile(() => ({
    records: [] as BetRecord[],
    statistics: [] as BetStatisticsRow[],
    reservations: [] as Reservation[],
    context: { isLogin: false, timeZone: 'Asia/Shanghai', language: 'CMN' } as MyBetsContext,
    /** True while the view shows: context changes reload only then. */
    active: false,
  }))
  .views((self) => ({
    /** A failed load is `ready` with apiError: the view shows its error line where the rows go. */
    get status(): 'idle' | 'loading' | 'ready' {
      const { status } = self.request;
      return status === 'failed' ? 'ready' : status;
    },
    /** Spec section 8: set when the history fails to load (a quiet reload too); cleared when loading starts again. */
    get apiError(): boolean {
      return self.request.error !== undefined;
    },
    get pageSize(): number {
      return self.settlementType === 'settled' ? PAGE_SIZE.settled : PAGE_SIZE.unsettled;
    },
    get pageCount(): number {
      return self.settlementType === 'reserved' ? 1 : Math.max(1, Math.ceil(self.total / this.pageSize));
    },
    get isLogin() {
      return self.context.isLogin;
    },
    get currency() {
      return self.context.currency;
    },
    get isEmpty(): boolean {
      return self.settlementType === 'reserved' ? self.reservations.length === 0 : self.records.length === 0;
    },
    /** Today and the first day history reaches, as calendar days in the platform's zone (for the date inputs). */
    historyDays(): { today: string; earliest: string } {
      const today = dayIn(envOf(self).clock.now(), self.context.timeZone);
      return { today, earliest: shiftDay(today, -HISTORY_DAYS) };
    },
    /** The tab and dates as the page's address carries them (ui.screenParams, src/features/home/screenUrl.ts); defaults left out. */
    get address(): Record<string, string> {
      const address: Record<string, string> = {};
      if (self.settlementType !== 'unsettled') address.tab = self.settlementType;
      if (self.dateRangeType !== 'today') address.range = self.dateRangeType;
      if (self.dateRangeType === 'custom' && self.customStart && self.customEnd) Object.assign(address, { from: self.customStart, to: self.customEnd });
      return address;
    },
  }))
  .actions((self) => ({
    /** Forgets what was shown (another tab, or the member left). */
    resetResults() {
      self.current = 1;
      self.total = 0;
      self.tamt = '0';
      self.tsamt = '0';
      self.statistics = [];
      self.records = [];
      self.reservations = [];
    },
    setBetList(answer: BetListAnswer) {
      self.records = (answer.records ?? []).map(mapBetRecord);
      self.total = Number(answer.total ?? self.records.length) || 0;
      self.tamt = answer.tamt ?? '0';
      self.tsamt = answer.tsamt ?? '0';
      self.statistics = (answer.sts ?? []).map(mapStatisticsRow);
    },
    setReserveList(answer: ReserveListAnswer) {
      self.reservations = answer.ods ?? [];
      self.total = self.reservations.length;
      self.statistics = (answer.sts ?? []).map(mapStatisticsRow);
    },
    refuseRange(code: string) {
      self.rangeError = code;
    },
    setChanging(reserveId: string | undefined) {
      self.changingReserveId = reserveId;
    },
    replaceReservation(reservation: Reservation) {
      const index = self.reservations.findIndex((r) => r.reserveId === reservation.reserveId);
      if (index < 0) return;
      const next = self.reservations.slice();
      next[index] = reservation;
      self.reservations = next;
    },
  }))
  .actions((self) => ({
    /**
     * Loads the current view. Skipped when nobody is logged in. `quiet` keeps what shows until the answer comes
     * (a refresh after a change) instead of the loading state.
     */
    load(options: { quiet?: boolean } = {}) {
      if (!self.context.isLogin) return Promise.resolve('superseded' as const);
      const { http, clock, logger } = envOf(self);
      const { language, timeZone } = self.context;
      const currencyId = currencyIdOf(self.context.currency);
      const common = { language, ...(currencyId !== undefined ? { currencyId } : {}) };
      const { settlementType, showFailed, current, dateRangeType, customStart, customEnd } = self;
      const settled = self.isSettled;
      type Answer = { reserved: ReserveListAnswer } | { bets: BetListAnswer } | { refused: string };
      const fetch = async (): Promise<Answer> => {
        if (settlementType === 'reserved') {
          let window: DateRange | undefined;
          if (showFailed) {
            const dates = await import(/* webpackChunkName: "dates" */ '../../../domain/dates');
            window = dates.reservedFailedRange(clock.now(), timeZone);
          }
          const answer = (await http.betting.post(BETTING_PATHS.reserveList, { isFailed: showFailed, ...window, ...common } satisfies ReservationListRequest)) as ReserveListAnswer;
          return { reserved: answer ?? {} };
        }
        let window: DateRange | undefined;
        if (settled) {
          const dates = await import(/* webpackChunkName: "dates" */ '../../../domain/dates');
          try {
            window = dates.dateRange(dateRangeType, clock.now(), timeZone, dateRangeType === 'custom' && customStart && customEnd ? { start: customStart, end: customEnd } : undefined);
          } catch (error) {
            // A custom range that went stale (a day passed since it was chosen): refuse it rather than ask for it.
            if (error instanceof dates.DateRangeError) return { refused: error.code };
            throw error;
          }
        }
        const body = { isSettled: settled, current, size: settled ? PAGE_SIZE.settled : PAGE_SIZE.unsettled, ...window, ...common } satisfies BetListRequest;
        return { bets: ((await http.betting.post(BETTING_PATHS.betList, body)) as BetListAnswer) ?? {} };
      };
      return self.request.run(
        fetch,
        (answer) => {
          if ('reserved' in answer) self.setReserveList(answer.reserved);
          else if ('bets' in answer) self.setBetList(answer.bets);
          else self.refuseRange(answer.refused);
        },
        { quiet: options.quiet, failed: (error) => logger.warn('[myBets] bet history failed to load', error) },
      );
    },
  }))
  .actions((self) => ({
    /** The view shows: load it. */
    open() {
      self.active = true;
      void self.load();
    },
    /** The view left: answers still on the way are dropped. */
    close() {
      self.active = false;
      self.request.cancel();
    },
    /**
     * Login state, time zone, language and currency from the rest of the app. A member leaving clears the history;
     * signing in, or a new language or currency while the view shows, loads it again.
     */
    setContext(next: MyBetsContext) {
      const before = self.context;
      self.context = { ...next };
      if (!next.isLogin) {
        self.request.reset();
        self.resetResults();
        return;
      }
      const changed = !before.isLogin || before.language !== next.language || before.currency !== next.currency || before.timeZone !== next.timeZone;
      if (changed && self.active) void self.load({ quiet: before.isLogin });
    },
    /** Spec: selecting a settlement type resets the page to 1, the total and the statistics; isSettled follows it unless reserved. */
    setSettlementType(type: SettlementType) {
      self.settlementType = type;
      if (type !== 'reserved') self.isSettled = type === 'settled';
      self.resetResults();
      self.rangeError = undefined;
      return self.load();
    },
    /** Today, yesterday or this week (the last 6 days through today), in the platform's zone. */
    setDateRangeType(type: Exclude<DateRangeType, 'custom'>) {
      self.dateRangeType = type;
      self.rangeError = undefined;
      self.current = 1;
      return self.load();
    },
    /**
     * A custom range of calendar days; refused (nothing loads, `rangeError` says why) when it ends before it starts
     * or starts more than 45 days back. True when it was taken.
     */
    setCustomRange(start: string, end: string): boolean {
      const error = checkCustomRange(start, end, self.historyDays().today);
      self.rangeError = error;
      if (error) return false;
      self.customStart = start;
      self.customEnd = end;
      self.dateRangeType = 'custom';
      self.current = 1;
      void self.load();
      return true;
    },
    /**
     * The tab and dates an address asks for (a reload, Back, a shared link). A value that is not one of them, or a custom
     * range outside the history window, falls back to the default; nothing changes (and nothing loads) when the view
     * already shows what is asked.
     */
    applyAddress(params: Readonly<Record<string, string>>) {
      const tab = SETTLEMENT_TYPES.find((type) => type === params.tab) ?? 'unsettled';
      let range = DATE_RANGE_TYPES.find((type) => type === params.range) ?? 'today';
      const custom = range === 'custom' && params.from && params.to && !checkCustomRange(params.from, params.to, self.historyDays().today) ? { start: params.from, end: params.to } : undefined;
      if (range === 'custom' && !custom) range = 'today';
      const same = tab === self.settlementType && range === self.dateRangeType && (!custom || (custom.start === self.customStart && custom.end === self.customEnd));
      if (same) return;
      self.settlementType = tab;
      if (tab !== 'reserved') self.isSettled = tab === 'settled';
      self.dateRangeType = range;
      if (custom) {
        self.customStart = custom.start;
        self.customEnd = custom.end;
      }
      self.rangeError = undefined;
      self.resetResults();
      if (self.active) void self.load();
    },
    setPage(page: number) {
      const next = Math.min(Math.max(1, Math.trunc(page)), self.pageCount);
      if (next === self.current) return undefined;
      self.current = next;
      return self.load();
    },
    /** Reserved view: the failed pre-bets of the last 7 days, or the booked and running ones. */
    setShowFailed(value: boolean) {
      if (value === self.showFailed) return undefined;
      self.showFailed = value;
      return self.load();
    },
    /** Hook for early settlement: an order that left the unsettled list (fully cashed out). */
    removeRecord(orderId: string) {
      const next = self.records.filter((r) => r.id !== orderId);
      if (next.length === self.records.length) return;
      self.records = next;
      self.total = Math.max(0, self.total - 1);
    },
    /** Hook for early settlement: recalculated fields of an order (a partial cash out). */
    updateRecord(orderId: string, changes: Partial<BetRecord>) {
      const index = self.records.findIndex((r) => r.id === orderId);
      if (index < 0) return;
      const next = self.records.slice();
      next[index] = { ...next[index]!, ...changes, id: orderId };
      self.records = next;
    },
  }))
  .actions((self) => ({
    /**
     * Early settlement changed an order of the list, shown at once: fully cashed out, it leaves the list, and the page
     * is asked for again quietly, since the summary (bets and stake per currency, counted by the platform) no longer
     * counts it. A partial cash out changes only the order's own figures (the summary counts the stake placed).
     */
    cashOutChanged(orderId: string, change: 'removed' | Partial<BetRecord>) {
      if (change !== 'removed') {
        self.updateRecord(orderId, change);
        return;
      }
      self.removeRecord(orderId);
      void self.load({ quiet: true });
    },
  }))
  .actions((self) => {
    /** One pre-bet call; answers the updated pre-bet or why it was refused (the dialog says so). */
    const change = flow(function* change(path: string, body: Record<string, unknown>) {
      const { http, logger, toast, i18n } = envOf(self);
      const reserveId = String(body.reserveId);
      self.setChanging(reserveId);
      try {
        const updated: Reservation = yield http.betting.post(path, { ...body, language: self.context.language });
        self.setChanging(undefined);
        if (updated) self.replaceReservation(updated);
        toast.success(i18n.t(path === BETTING_PATHS.reserveCancel ? 'reservation.cancelled' : 'reservation.saved', { ns: 'myBets' }));
        void self.load({ quiet: true });
        return { ok: true as const, reservation: updated };
      } catch (error) {
        self.setChanging(undefined);
        logger.warn(`[myBets] ${path} failed`, error);
        const reason: ReservationChangeError = (isApiError(error) && RESERVATION_REFUSALS[error.code]) || 'failed';
        return { ok: false as const, reason };
      }
    });
    return {
      /** POST /v1/order/reserve/modify: new asked odds and/or unit stake of a booked pre-bet. */
      modifyReservation(reserveId: string, changes: { odds?: string; unitStake?: string }) {
        return change(BETTING_PATHS.reserveModify, {
          reserveId,
          ...(changes.odds !== undefined ? { odds: changes.odds } : {}),
          ...(changes.unitStake !== undefined ? { unitStake: changes.unitStake } : {}),
        });
      },
      /** POST /v1/order/reserve/cancel. */
      cancelReservation(reserveId: string) {
        return change(BETTING_PATHS.reserveCancel, { reserveId });
      },
    };
  });

export type MyBetsStoreInstance = Instance<typeof MyBetsStore>;

/** What My bets needs of the app's root store. */
export interface MyBetsRoot extends OnDemandRoot {
  session: { isLogin: boolean; userData?: { uid?: string; currency?: string } | null | undefined; defaultBalance?: { coinCode: string } | undefined; refreshBalance(): unknown };
  ui: { timezone: string };
  settings: { apiLanguage: Language };
}

/**
 * The My bets store of an app root, made the first time My bets (or the cash-out dialog) needs it, so that its
 * code loads with that screen rather than in the initial bundle. It follows the member, the platform's time zone,
 * the language and the currency; it shows what the early-settlement poll finds, and the poll follows what it shows.
 * `existingMyBets` answers it only if My bets was ever opened (nothing to refresh otherwise).
 */
export const { of: myBetsOf, existing: existingMyBets } = onDemand('myBets', MyBetsStore, (store, root: MyBetsRoot) => {
  const stops = [
    reaction(
      () => ({
        isLogin: root.session.isLogin,
        timeZone: root.ui.timezone,
        language: root.settings.apiLanguage,
        currency: root.session.userData?.currency ?? root.session.defaultBalance?.coinCode,
      }),
      (context) => store.setContext(context),
      { fireImmediately: true, equals: compareStructural },
    ),
    cashOutOf(root).onOrderChanged((orderId, change) => store.cashOutChanged(orderId, change)),
    reaction(() => store.records, (records) => cashOutOf(root).followRecords(records)),
  ];
  addDisposer(store, () => {
    for (const stop of stops) stop();
    store.close();
  });
});
