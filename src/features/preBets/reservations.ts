import Decimal from 'decimal.js';
import { reaction } from 'mobx';
import { addDisposer, flow, types, type Instance } from 'mobx-state-tree';
import { formatLine } from '../match/domain/lines';
import { parseStake } from '../../../domain/money';
import { OddsFormat, potentialReturn } from '../../../domain/odds';
import { isApiError } from '../../services/http';
import { marketLabel } from '../slip/domain/slipLabels';
import type { BetSlipStoreInstance } from '../slip/betSlip';
import type { SlipEntryInstance } from '../slip/slipEntry';
import { SLIP_NS } from '../slip/slipState';
import type { ReservationOption, ReservationParameter, ReservationParameterRequest, ReserveBetRequest } from '../../../contract/betting';
import { envOf } from '../../core/store/env';
import { request } from '../../sdk/request';
import { onDemand, type OnDemandRoot } from '../../core/store/onDemand';
import { existingMyBets, type Reservation } from '../myBets/myBets';
import { newRequestId } from '../slip/orders';
import type { SessionStoreInstance } from '../../core/store/session';
import type { SettingsStoreInstance } from '../../core/store/settings';
import type { StaticListStoreInstance } from '../lists/staticList';
import { BETTING_PATHS } from '../../../contract/paths';

/** The pre-bet dialog's own i18n namespace (locales/<lng>/reservations.json). */
export const RESERVATIONS_NS = 'reservations';

/** The +/- stepper moves the requested odds by this much (the platform's bounds are on this grid). */
export const ODDS_STEP = '0.01';

/**
 * Why a pre-bet cannot be booked: what the app sees before sending, then what the platform answered. The value is the
 * message's key in the reservations namespace (`reason.<value>`), in all five languages.
 */
export type PreBetReason =
  | 'notLoggedIn'
  | 'loading'
  | 'unavailable'
  | 'marketSuspended'
  | 'enterOdds'
  | 'invalidOdds'
  | 'oddsBelowMin'
  | 'oddsAboveMax'
  | 'enterStake'
  | 'invalidStake'
  | 'belowRange'
  | 'exceedRange'
  | 'insufficientBalance'
  | 'handicapClosed'
  | 'marketLineChanged'
  | 'handicapChanged'
  | 'oddsTooLow'
  | 'matchStarted'
  | 'tooMany'
  | 'invalidInput'
  | 'noAnswer'
  | 'failed';

/** A refusal or failed load: the reason, and the platform's own message when it answered one. */
export interface PreBetFailure {
  reason: PreBetReason;
  message?: string;
}

const REFUSALS: Readonly<Record<number, PreBetReason>> = {
  4001: 'invalidInput',
  14010: 'notLoggedIn',
  15001: 'marketSuspended',
  15002: 'handicapClosed',
  15003: 'marketLineChanged',
  15004: 'handicapChanged',
  15006: 'belowRange',
  15007: 'exceedRange',
  15008: 'insufficientBalance',
  15013: 'matchStarted',
  15032: 'oddsTooLow',
  15033: 'tooMany',
};

/** Refusals that mean the market moved since the limits were read: read them again. */
const RELOAD_AFTER: ReadonlySet<PreBetReason> = new Set<PreBetReason>(['marketSuspended', 'handicapClosed', 'marketLineChanged', 'handicapChanged', 'oddsTooLow', 'matchStarted', 'belowRange', 'exceedRange']);

/**
 * Pre-bet odds as the platform takes them: decimal, at most 2 decimals, the precision every price is quoted and shown
 * at (above 1 is checked against the bounds).
 */
const ODDS_TEXT = /^\d{1,6}(\.\d{1,2})?$/;

/** Typed decimal odds, or null when they are not a price the platform takes. */
export function parsePreBetOdds(input: string): Decimal | null {
  const text = input.trim();
  if (!ODDS_TEXT.test(text)) return null;
  const odds = new Decimal(text);
  return odds.gt(1) ? odds : null;
}

/** Odds as sent and shown: at least 2 decimals ("2.10"), up to the 3 typed. */
export const oddsString = (odds: Decimal): string => odds.toFixed(Math.max(2, odds.decimalPlaces()));

export interface PreBetLimits {
  minOdds: string | null;
  maxOdds: string | null;
  minBet: string;
  maxBet: string;
}

/**
 * What is wrong with the requested odds and stake against the platform's limits, most important first (odds before
 * stake). Bounds are inclusive: minOdds is already above the current odds. A maxBet of 0 means no upper limit.
 */
export function checkPreBet(odds: string, stake: string, limits: PreBetLimits, balance?: string): PreBetReason[] {
  const found: PreBetReason[] = [];
  if (limits.minOdds === null || limits.maxOdds === null) found.push('marketSuspended');
  else if (odds.trim() === '') found.push('enterOdds');
  else {
    const asked = parsePreBetOdds(odds);
    if (!asked) found.push('invalidOdds');
    else if (asked.lt(limits.minOdds)) found.push('oddsBelowMin');
    else if (asked.gt(limits.maxOdds)) found.push('oddsAboveMax');
  }
  if (stake.trim() === '') found.push('enterStake');
  else {
    const amount = parseStake(stake);
    if (!amount) found.push('invalidStake');
    else if (amount.isZero()) found.push('enterStake');
    else if (amount.lt(limits.minBet)) found.push('belowRange');
    else if (new Decimal(limits.maxBet).gt(0) && amount.gt(limits.maxBet)) found.push('exceedRange');
    else if (balance !== undefined && amount.gt(balance)) found.push('insufficientBalance');
  }
  return found;
}

/** The requested odds one step up or down from `value`, onto the 0.01 grid and within the bounds. */
export function stepOdds(value: string, direction: 1 | -1, minOdds: string, maxOdds: string): string {
  const current = parsePreBetOdds(value);
  let next: Decimal;
  if (!current) next = new Decimal(minOdds);
  else if (direction > 0) next = current.plus(ODDS_STEP).toDecimalPlaces(2, Decimal.ROUND_FLOOR);
  else next = current.minus(ODDS_STEP).toDecimalPlaces(2, Decimal.ROUND_CEIL);
  next = Decimal.max(minOdds, Decimal.min(maxOdds, next));
  return next.toFixed(2);
}

/** The selection a pre-bet is being booked on: what the slip entry said when the dialog opened. */
const PreBetTarget = types.model('PreBetTarget', {
  matchId: types.number,
  marketId: types.number,
  optionType: types.string,
  sportId: types.number,
  marketType: types.number,
  /** The slip entry's: decides the format the current price shows in (domain/odds priceKindOf). */
  outcomeCount: 0,
  period: types.string,
  line: types.maybe(types.string),
  homeName: '',
  awayName: '',
  leagueName: '',
  optionName: '',
  isInPlay: false,
});

/** What the store needs of its siblings in the root store. */
interface ReservationsRoot extends OnDemandRoot {
  session: SessionStoreInstance;
  settings: SettingsStoreInstance;
  staticList: StaticListStoreInstance;
  betSlip: BetSlipStoreInstance;
}

type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

/**
 * Booking pre-bets (spec: reservations) from the bet slip: the platform's pre-bet limits for one selection, the
 * requested decimal odds and the stake checked against them, and the booking with a request id that makes a retry
 * after a lost answer safe. Modify and cancel of booked pre-bets live with the reserved view (myBets).
 */
/** The scheduler's name for the once-a-second reload of the limits after a price move. */
const REFRESH_LOOP = 'reservations.refresh';
/** While the dialog is open, a move of the selection's price reloads the pre-bet limits at most this often (trailing). */
export const PRE_BET_REFRESH_MS = 1000;

export const ReservationsStore = types
  .model('ReservationsStore', {
    request: request(),
    /** The selection the pre-bet dialog is open for; undefined while it is closed. */
    target: types.maybe(PreBetTarget),
    /** The requested decimal odds as typed. */
    odds: '',
    /** The unit stake as typed. */
    stake: '',
  })
  .volatile(() => ({
    /** The app's root store, set by reservationsOf: this store lives outside its tree (see there). */
    root: undefined as unknown as ReservationsRoot,
    parameters: undefined as ReservationParameter | undefined,
    loadFailure: undefined as PreBetFailure | undefined,
    /** The member changed the requested odds: new limits no longer reset them to minOdds. */
    oddsTouched: false,
    booking: false,
    /** The platform's last refusal (or no answer), shown in the dialog until the member changes something. */
    refusal: undefined as PreBetFailure | undefined,
    /** The request id of a booking whose answer was lost, reused while the same pre-bet is sent again. */
    retry: undefined as { signature: string; requestId: string } | undefined,
    watchers: [] as Array<() => void>,
  }))
  .views((self) => ({
    /** The limits' load; a failed one (even a quiet reload) says why instead of keeping limits that may be stale. */
    get status(): LoadStatus {
      return self.loadFailure ? 'failed' : self.request.status;
    },
    get isOpen() {
      return self.target !== undefined;
    },
    get isLogin() {
      return self.root.session?.isLogin ?? false;
    },
    /** The slip's entry for the selection, for its live price (the slip follows the odds by push). */
    get entry(): SlipEntryInstance | undefined {
      const target = self.target;
      if (!target) return undefined;
      return self.root.betSlip?.entries.find((e) => e.matchId === target.matchId && e.optionType === target.optionType);
    },
    /** The selection's option in the pre-bet limits: its odds now and the bounds a pre-bet on it may ask. */
    get option(): ReservationOption | undefined {
      const target = self.target;
      return target ? self.parameters?.currentOdds.find((o) => o.type === target.optionType) : undefined;
    },
  }))
  .views((self) => ({
    /** The decimal odds now: the slip's live price when it has one, else what the limits said. */
    get currentOdd(): string | undefined {
      const entry = self.entry;
      if (entry && !entry.closed && !entry.suspended) return entry.currentOdd;
      return self.option?.odd;
    },
    get limits(): PreBetLimits | undefined {
      const parameters = self.parameters;
      if (!parameters) return undefined;
      const option = self.option;
      const suspended = parameters.status !== 1 || option?.isLock === true;
      return {
        minOdds: suspended ? null : (option?.minOdds ?? parameters.minOdds),
        maxOdds: suspended ? null : (option?.maxOdds ?? parameters.maxOdds),
        minBet: parameters.minBet,
        maxBet: parameters.maxBet,
      };
    },
    /** Kick-off for a pre-match pre-bet; null when it lasts as long as the market (in play). */
    get expiresAt(): number | null {
      return self.parameters ? self.parameters.expiresAt : null;
    },
    get isInPlay(): boolean {
      return self.parameters?.isInPlay ?? self.target?.isInPlay ?? false;
    },
  }))
  .views((self) => ({
    /** Every reason the pre-bet cannot be booked now, most important first. */
    get reasons(): PreBetReason[] {
      if (!self.isLogin) return ['notLoggedIn'];
      if (self.status === 'failed') return ['unavailable'];
      const limits = self.limits;
      if (!limits) return ['loading'];
      return checkPreBet(self.odds, self.stake, limits, self.root.betSlip?.balance);
    },
  }))
  .views((self) => ({
    /** The reason shown by the Book button; undefined when the pre-bet can be booked. */
    get reason(): PreBetReason | undefined {
      return self.reasons[0];
    },
    get canBook() {
      return self.reasons.length === 0 && !self.booking;
    },
    /** What the pre-bet returns if it is placed at the requested odds and wins (stake included). */
    get potentialReturn(): Decimal | null {
      const odds = parsePreBetOdds(self.odds);
      const stake = parseStake(self.stake);
      return odds && stake && !stake.isZero() ? potentialReturn(stake, odds) : null;
    },
  }))
  .actions((self) => ({
    setParameters(parameters: ReservationParameter) {
      self.parameters = parameters;
      const min = self.limits?.minOdds;
      // Until the member picks their own, the requested odds start at the lowest the platform takes.
      if (!self.oddsTouched && min) self.odds = min;
    },
    setLoadFailure(failure: PreBetFailure | undefined) {
      self.loadFailure = failure;
    },
    setBooking(value: boolean) {
      self.booking = value;
    },
    setRetry(value: { signature: string; requestId: string } | undefined) {
      self.retry = value;
    },
    setRefusal(value: PreBetFailure | undefined) {
      self.refusal = value;
    },
    cancelRefresh() {
      envOf(self).scheduler.stop(REFRESH_LOOP);
    },
    /** A line move gives the slip's selection a new market id; the pre-bet follows it. */
    followEntry() {
      const entry = self.entry;
      const target = self.target;
      if (!entry || !target) return;
      if (entry.marketId !== target.marketId) target.marketId = entry.marketId;
      const line = entry.current.line ?? entry.line;
      if (line !== target.line) target.line = line;
    },
  }))
  .actions((self) => ({
    /** POST getBetParameter for the selection; the newest request's answer wins. */
    loadParameters(options: { quiet?: boolean } = {}) {
      const target = self.target;
      if (!target || !self.isLogin) return Promise.resolve('superseded' as const);
      const { http, logger } = envOf(self);
      const body = {
        matchId: target.matchId,
        marketId: target.marketId,
        optionType: target.optionType,
        language: self.root.settings?.apiLanguage ?? 'CMN',
      } satisfies ReservationParameterRequest;
      self.setLoadFailure(undefined);
      return self.request.run(() => http.betting.post(BETTING_PATHS.reserveParameter, body) as Promise<ReservationParameter>, self.setParameters, {
        quiet: options.quiet,
        failed: (error) => {
          logger.warn('[reservations] pre-bet limits not loaded', error);
          const answered = isApiError(error) && !error.network;
          self.setLoadFailure(answered ? { reason: REFUSALS[error.code] ?? 'unavailable', message: error.message } : { reason: 'noAnswer' });
        },
      });
    },
  }))
  .actions((self) => ({
    /** The slip's price moved: read the limits again (they follow the current odds), at most once a second. */
    scheduleRefresh() {
      const { scheduler } = envOf(self);
      if (scheduler.isRunning(REFRESH_LOOP)) return;
      scheduler.once(REFRESH_LOOP, PRE_BET_REFRESH_MS, () => {
        self.followEntry();
        void self.loadParameters({ quiet: true });
      });
    },
    stopWatching() {
      for (const dispose of self.watchers.splice(0)) dispose();
      self.cancelRefresh();
    },
  }))
  .actions((self) => ({
    /** Closes the dialog; the request id of a booking without answer is kept for the same pre-bet. */
    close() {
      self.stopWatching();
      self.request.reset();
      self.target = undefined;
      self.parameters = undefined;
      self.loadFailure = undefined;
      self.refusal = undefined;
      self.odds = '';
      self.stake = '';
      self.oddsTouched = false;
    },
  }))
  .actions((self) => ({
    /**
     * Opens the pre-bet dialog for a slip entry: the limits are loaded and the stake starts at what the slip holds for
     * it. While open, it follows the login and the selection's price.
     */
    open(entry: SlipEntryInstance) {
      if (!self.isLogin) return false;
      self.close();
      const { i18n } = envOf(self);
      if (typeof i18n.loadNamespaces === 'function') void i18n.loadNamespaces(RESERVATIONS_NS);
      self.target = PreBetTarget.create({
        matchId: entry.matchId,
        marketId: entry.marketId,
        optionType: entry.optionType,
        sportId: entry.sportId,
        marketType: entry.marketType,
        outcomeCount: entry.outcomeCount,
        period: entry.period,
        line: entry.current.line ?? entry.line,
        homeName: entry.homeName,
        awayName: entry.awayName,
        leagueName: entry.leagueName,
        optionName: entry.optionName,
        isInPlay: entry.isInPlay,
      });
      const risk = entry.riskAndWin(self.root.betSlip?.priceFormat(entry) ?? OddsFormat.Europe)?.risk;
      self.stake = risk ? risk.toFixed(2) : '';
      self.watchers.push(
        reaction(
          () => self.isLogin,
          (isLogin) => !isLogin && self.close(),
        ),
        reaction(
          () => {
            const e = self.entry;
            return e ? `${e.marketId}|${e.current.odd}|${e.current.status}|${e.current.isLock}|${e.current.line ?? ''}` : '';
          },
          (key) => key !== '' && self.scheduleRefresh(),
        ),
      );
      void self.loadParameters();
      return true;
    },
    setOdds(value: string) {
      self.odds = value;
      self.oddsTouched = true;
      self.refusal = undefined;
    },
    setStake(value: string) {
      self.stake = value;
      self.refusal = undefined;
    },
    /** The +/- stepper: one 0.01 step, kept within the platform's bounds. */
    stepOdds(direction: 1 | -1) {
      const limits = self.limits;
      if (!limits?.minOdds || !limits.maxOdds) return;
      self.odds = stepOdds(self.odds, direction, limits.minOdds, limits.maxOdds);
      self.oddsTouched = true;
      self.refusal = undefined;
    },
  }))
  .actions((self) => {
    const tr = (key: string, options: Record<string, unknown> = {}) => envOf(self).i18n.t(key, { ns: RESERVATIONS_NS, ...options });
    return {
      /** "A – B · Handicap Home -0.5 @ 2.10, stake ¥100.00": the requested odds are decimal, as booked. */
      describe(odds: string, stake: string) {
        const target = self.target!;
        const { staticList, betSlip } = self.root;
        const slipT = (key: string, options: Record<string, unknown>) => envOf(self).i18n.t(key, { ns: SLIP_NS, ...options });
        const match = target.awayName ? `${target.homeName} – ${target.awayName}` : target.homeName;
        const market = marketLabel(staticList?.name('marketType', target.marketType), target.period, slipT) ?? '';
        const line = target.line !== undefined ? ` ${formatLine(target.line)}` : '';
        const selection = `${market ? `${market} ` : ''}${target.optionName || target.optionType}${line}`;
        return tr('description', { match, selection, odds, stake: betSlip ? betSlip.formatAmount(stake) : stake });
      },
      /** Booked: say so, take the selection out of the slip (as a placed bet leaves it) and refresh the reserved view. */
      booked(reservation: Reservation, description: string) {
        const { toast } = envOf(self);
        const { betSlip } = self.root;
        const myBets = existingMyBets(self.root);
        const target = self.target;
        self.retry = undefined;
        toast.success(tr('toast.booked'), { detail: description });
        const entry = self.entry;
        if (entry && target && entry.marketId === target.marketId && !entry.locked) betSlip.remove(entry.matchId);
        if (myBets && myBets.active && myBets.settlementType === 'reserved' && myBets.status !== 'idle') void myBets.load({ quiet: true });
        self.close();
        return reservation;
      },
    };
  })
  .actions((self) => ({
    refused(error: unknown) {
      const { logger } = envOf(self);
      if (isApiError(error) && error.cancelled) return;
      if (!isApiError(error) || error.network) {
        // No answer: the booking may have been made; the same request id goes with the next try.
        logger.warn('[reservations] booking got no answer', error);
        self.setRefusal({ reason: 'noAnswer' });
        return;
      }
      self.setRetry(undefined);
      const reason = REFUSALS[error.code] ?? 'failed';
      self.setRefusal({ reason, message: error.message });
      if (RELOAD_AFTER.has(reason)) void self.loadParameters({ quiet: true });
    },
  }))
  .actions((self) => ({
    /**
     * POST reserve/bet with the requested odds and stake. Resolves true when the platform booked it (or had booked it
     * under the same request id), false when it refused or did not answer.
     */
    book: flow(function* book() {
      const target = self.target;
      if (!target || !self.canBook) return false;
      const { http, clock } = envOf(self);
      const odds = oddsString(parsePreBetOdds(self.odds)!);
      const unitStake = parseStake(self.stake)!.toFixed(2);
      const body = {
        matchId: target.matchId,
        marketId: target.marketId,
        optionType: target.optionType,
        odds,
        unitStake,
        language: self.root.settings?.apiLanguage ?? 'CMN',
      } satisfies Omit<ReserveBetRequest, 'requestId'>;
      const signature = JSON.stringify(body);
      const requestId = self.retry?.signature === signature ? self.retry.requestId : newRequestId(clock.now());
      const description = self.describe(odds, unitStake);
      self.setRetry({ signature, requestId });
      self.setRefusal(undefined);
      self.setBooking(true);
      try {
        const answer: Reservation = yield Promise.resolve(http.betting.post(BETTING_PATHS.reserveBet, { ...body, requestId } satisfies ReserveBetRequest));
        self.setBooking(false);
        self.booked(answer, description);
        return true;
      } catch (error) {
        self.setBooking(false);
        self.refused(error);
        return false;
      }
    }),
  }))
  .actions((self) => ({
    attach(root: ReservationsRoot) {
      self.root = root;
    },
    beforeDestroy() {
      self.stopWatching();
    },
  }));

export type ReservationsStoreInstance = Instance<typeof ReservationsStore>;

/**
 * The pre-bet store of an app root, made on first use. It is not part of the root's tree so that its code loads
 * with the bet slip's chunk instead of the initial bundle; it is closed and destroyed with the root.
 */
export const { of: reservationsOf } = onDemand('reservations', ReservationsStore, (store, root: ReservationsRoot) => {
  store.attach(root);
  addDisposer(store, () => store.close());
});
