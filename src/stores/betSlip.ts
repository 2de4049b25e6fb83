import Decimal from 'decimal.js';
import { reaction, when } from 'mobx';
import { addDisposer, applySnapshot, getRoot, isAlive, onSnapshot, types, type Instance, type SnapshotIn } from 'mobx-state-tree';
import { floorMoney, formatMoney, isCurrency, parseStake, roundMoney, type CurrencyCode, type MoneyLocale } from '../../domain/money';
import { displayOddsFormat, formatOdds, OddsFormat, priceKindOf, riskAndWin, toFormat, type RiskAndWin } from '../../domain/odds';
import { maxStake, quickStakes } from '../domain/quickStakes';
import { reasonKey, SlipReason } from '../domain/slipReasons';
import type { SelectionEvent } from '../kernel/events';
import { BETTING_PATHS } from '../../contract/paths';
import { MarketStatus, OddsChange } from '../../contract/enums';
import type { BetInfoAnswer, BetInfoEntry, BetInfoRequest, OddsPush, SeriesInfoEntry } from '../../contract';
import type { SlipSeries } from './slipSeries';
import { request } from './request';
import { envOf } from './env';
import type { SessionStoreInstance } from './session';
import type { SettingsStoreInstance } from './settings';

/** Spec sections 5 and 9: the bet slip and a parlay hold at most 10 matches; further adds are ignored. */
export const SLIP_MAX_MATCHES = 10;
/** Odds pushes on the slip's markets refresh its bet info at most this often (trailing). */
export const BET_INFO_REFRESH_MS = 1000;
/** The scheduler's name for that refresh. */
const INFO_REFRESH = 'betSlip.info';
/** The slip's own i18n namespace (locales/<lng>/betSlip.json). */
export const SLIP_NS = 'betSlip';
/** What every reason text (betSlip namespace, `reason.*`) may interpolate: the toast and the panel pass the same. */
export const REASON_VALUES = { max: SLIP_MAX_MATCHES } as const;

export type SlipMode = 'single' | 'parlay';

/** What the book says about a selection now: from the bet info call and odds pushes. */
export interface EntryLive {
  odd: string;
  line: string | undefined;
  status: number;
  isLock: boolean;
  minBet?: string;
  maxBet?: string;
}

export type { SlipSeries };

/** What the slip needs of its siblings in the root store. */
interface SlipRoot {
  session: SessionStoreInstance;
  settings: SettingsStoreInstance;
}

const rootOf = (node: object): Partial<SlipRoot> => getRoot<SlipRoot>(node) as Partial<SlipRoot>;
const isValidOdd = (odd: string | undefined): odd is string => {
  if (odd === undefined) return false;
  try {
    return new Decimal(odd).gt(1);
  } catch {
    return false;
  }
};
const MONEY_LOCALES: Readonly<Record<string, MoneyLocale>> = { CMN: 'CMN', 'zh-TW': 'CMN', ENG: 'ENG', VIE: 'VIE', THA: 'THA' };
const TOTAL_OPTIONS: ReadonlySet<string> = new Set(['over', 'under']);

/** The slip's series maths (slipSeries.ts), loaded once the slip holds two selections: singles never need them. */
type SeriesMaths = typeof import('./slipSeries');

/**
 * One selection in the slip (spec: bet slip entry). `odd` and `line` are what the member accepted, sent when the bet
 * is placed; `live` is what the book says now. Names come from the bet info call and are kept so a reload shows
 * them at once.
 */
export const SlipEntry = types
  .model('SlipEntry', {
    matchId: types.number,
    sportId: types.number,
    marketId: types.number,
    marketType: types.number,
    /**
     * Outcomes of the market (2 = two-way), which decide the format the price shows in (domain/odds priceKindOf).
     * 0 until known (an entry stored before the field existed): shown in decimal until the bet info call names it.
     */
    outcomeCount: 0,
    period: types.string,
    optionType: types.string,
    line: types.maybe(types.string),
    odd: types.string,
    allowParley: true,
    isInPlay: false,
    homeName: '',
    awayName: '',
    leagueName: '',
    optionName: '',
    /** The stake typed for this option (single bets). */
    stake: '',
    /** Orders of this selection still waiting for the book (the spec's temporary order status): the entry is locked. */
    waitingOrderIds: types.array(types.string),
    /** One of those orders was refused: the entry comes back for another try when none is left waiting. */
    placementFailed: false,
    /** The book refused the accepted price: the member must accept the current one, whatever the odds setting. */
    priceRejected: false,
    /**
     * Spec: in single mode only the entries marked showInSingle are used. A selection picked in single mode is; one
     * picked for the parlay is not, until the member types a stake for it as a single, so switching modes never turns
     * parlay legs into single bets nobody asked for (nor blocks the singles with their empty stakes).
     */
    showInSingle: true,
    /** Spec: in parlay mode a new entry is marked as parlay. */
    inParlay: false,
  })
  .volatile(() => ({ live: undefined as EntryLive | undefined }))
  .views((self) => ({
    get key() {
      return `${self.matchId}:${self.marketId}:${self.optionType}`;
    },
    get current(): EntryLive {
      return self.live ?? { odd: self.odd, line: self.line, status: MarketStatus.On, isLock: false };
    },
    get locked() {
      return self.waitingOrderIds.length > 0;
    },
  }))
  .views((self) => ({
    /** The price now when there is one, else the accepted one (a locked option shows the lock, not this). */
    get currentOdd(): string {
      return isValidOdd(self.current.odd) ? self.current.odd : self.odd;
    },
    get closed() {
      return self.current.status === MarketStatus.Off;
    },
    get suspended() {
      return self.current.status === MarketStatus.Suspended || self.current.isLock || !isValidOdd(self.current.odd);
    },
    get lineChanged() {
      return self.line !== undefined && self.current.line !== undefined && self.current.line !== self.line;
    },
    /** Up (1) or down (-1) from the accepted price to the current one, 0 when unchanged. */
    get oddsDirection(): -1 | 0 | 1 {
      if (!isValidOdd(self.current.odd)) return 0;
      const cmp = new Decimal(self.current.odd).cmp(self.odd);
      return cmp > 0 ? 1 : cmp < 0 ? -1 : 0;
    },
  }))
  .views((self) => ({
    /** The price shown now differs from the one accepted (a move the member's format does not show is no move). */
    oddsMoved(format: OddsFormat): boolean {
      return isValidOdd(self.current.odd) && formatOdds(self.current.odd, format) !== formatOdds(self.odd, format);
    },
  }))
  .views((self) => ({
    /**
     * The change of price must be accepted in the slip under this odds-change setting (DOMAIN.md section 5): none
     * takes no move, better only takes a rise, any takes every move. A price the book refused must be accepted
     * whatever the setting.
     */
    oddsChangeNeedsAcceptance(format: OddsFormat, oddsChange: number): boolean {
      if (self.priceRejected) return true;
      if (!self.oddsMoved(format) || oddsChange === OddsChange.Any) return false;
      if (oddsChange === OddsChange.Better) return self.oddsDirection < 0;
      return true;
    },
    /** The stake as sent and what it wins: a negative Malay/Indonesian price takes the amount typed as the win. */
    riskAndWin(format: OddsFormat): RiskAndWin | null {
      const amount = parseStake(self.stake);
      if (!amount || amount.isZero()) return null;
      return riskAndWin(amount, self.currentOdd, format);
    },
  }))
  .views((self) => ({
    /** Why this selection cannot be bet now, before stakes: closed, suspended, moved line, moved price. */
    stateReason(format: OddsFormat, oddsChange: number): SlipReason | undefined {
      if (self.closed) return SlipReason.HandicapClosed;
      if (self.suspended) return SlipReason.MarketSuspended;
      if (self.lineChanged) return TOTAL_OPTIONS.has(self.optionType) ? SlipReason.MarketLineChanged : SlipReason.HandicapChanged;
      if (self.oddsChangeNeedsAcceptance(format, oddsChange)) return SlipReason.OddsChanged;
      return undefined;
    },
    stakeReason(format: OddsFormat): SlipReason | undefined {
      const amounts = self.riskAndWin(format);
      if (!amounts) return SlipReason.EnterStake;
      const { minBet, maxBet } = self.current;
      if (minBet !== undefined && amounts.risk.lt(minBet)) return SlipReason.BelowRange;
      if (maxBet !== undefined && new Decimal(maxBet).gt(0) && amounts.risk.gt(maxBet)) return SlipReason.ExceedRange;
      return undefined;
    },
  }))
  .actions((self) => ({
    /** Typing a stake for a selection makes it one of the single bets. */
    setStake(value: string) {
      self.stake = value;
      self.showInSingle = true;
    },
    setLive(live: EntryLive) {
      self.live = live;
    },
    applyInfo(info: BetInfoEntry) {
      if (info.oldMarketId !== null && info.oldMarketId !== undefined && info.marketId !== self.marketId) self.marketId = info.marketId;
      self.allowParley = info.allowParley;
      self.isInPlay = info.isInPlay;
      self.marketType = info.marketType || self.marketType;
      if (info.outcomeCount > 0) self.outcomeCount = info.outcomeCount;
      self.period = info.period || self.period;
      if (info.homeName) self.homeName = info.homeName;
      self.awayName = info.awayName;
      if (info.leagueName) self.leagueName = info.leagueName;
      if (info.option.name) self.optionName = info.option.name;
      self.live = {
        odd: info.option.odd,
        line: info.line ?? undefined,
        status: info.status,
        isLock: info.option.isLock,
        minBet: info.minBet,
        maxBet: info.maxBet,
      };
      if (self.line === undefined && info.line !== null) self.line = info.line;
    },
    /** A pushed market: a moved line arrives as a new market naming this one as its old id. */
    applyPush(market: OddsPush['markets'][number]) {
      if (market.marketId !== self.marketId) self.marketId = market.marketId;
      const option = market.options.find((o) => o.type === self.optionType);
      self.allowParley = market.allowParley;
      // A closed market may come without its options; it still had the outcomes it had.
      if (market.options.length > 0) self.outcomeCount = market.options.length;
      self.live = {
        ...self.current,
        odd: option?.odd ?? '0',
        line: option?.line ?? market.line ?? self.current.line,
        status: option ? market.status : -1,
        isLock: option?.isLock ?? true,
      };
    },
    /** Takes the current price and line as the ones to bet at (one click in the slip). */
    acceptChanges() {
      if (isValidOdd(self.current.odd)) self.odd = self.current.odd;
      if (self.current.line !== undefined) self.line = self.current.line;
      self.priceRejected = false;
    },
    markPriceRejected() {
      if (isValidOdd(self.current.odd) && self.current.odd !== self.odd) self.priceRejected = true;
    },
    lock(orderIds: readonly string[]) {
      self.waitingOrderIds.replace([...orderIds]);
      self.placementFailed = false;
    },
    /** An order of this entry reached a final status; true when the entry has nothing left waiting. */
    orderDone(orderId: string, ok: boolean): boolean {
      const index = self.waitingOrderIds.indexOf(orderId);
      if (index >= 0) self.waitingOrderIds.splice(index, 1);
      if (!ok) self.placementFailed = true;
      return self.waitingOrderIds.length === 0;
    },
    unlockAfterFailure() {
      self.placementFailed = false;
    },
  }));

export type SlipEntryInstance = Instance<typeof SlipEntry>;

/** What a successful or failed placement left to show in the slip (the spec's temporary order status). */
export type PlacementStatus = 'confirming' | 'confirmed' | 'rejected';

/**
 * The bet slip (spec: quick bet cart): single and parlay modes, one selection per match, at most 10 matches, stakes
 * per option and per series, live prices and states, and every reason it cannot be placed as views. Persisted per
 * merchant (storage key betSlip) so it survives a reload.
 */
export const BetSlipStore = types
  .model('BetSlipStore', {
    /** The bet info of the selections (getBetInfo); the newest request's answer wins. */
    infoRequest: request(),
    mode: types.optional(types.enumeration<SlipMode>('SlipMode', ['single', 'parlay']), 'single'),
    entries: types.array(SlipEntry),
    /** Unit stake per series number (parlay mode). */
    seriesStakes: types.map(types.string),
  })
  .volatile(() => ({
    /** The series the platform offers for the current legs (their ranges), with the legs they are for. */
    seriesInfo: [] as SeriesInfoEntry[],
    seriesInfoFor: '',
    seriesMaths: undefined as SeriesMaths | undefined,
    /** A visitor's click, added once they are logged in. */
    pending: undefined as SelectionEvent | undefined,
    /** Which stake field the quick-stake presets fill: `entry:<matchId>` or `series:<number>`. */
    stakeTarget: undefined as string | undefined,
    /**
     * The stake field that should take the focus once drawn (`entry:<matchId>`): a selection just added as a single,
     * so the member types the stake at once, by keyboard as by mouse. Taken (cleared) by the field that focuses.
     */
    focusRequest: undefined as string | undefined,
    placement: undefined as PlacementStatus | undefined,
    /**
     * The member typed a stake or left a stake field since the slip was last placed or cleared: only then is a missing
     * stake worth saying ("Please enter stake" before anything is typed reads as an error the member did not make).
     */
    stakeTouched: false,
    /** The platform's last refusal, shown by the place button until the slip changes. */
    refusal: undefined as SlipReason | undefined,
    subscriptions: new Map<number, () => void>(),
  }))
  .views((self) => ({
    /** Bet info is on its way. */
    get loadingInfo() {
      return self.infoRequest.busy;
    },
    get count() {
      return self.entries.length;
    },
    get isEmpty() {
      return self.entries.length === 0;
    },
    get isFull() {
      return self.entries.length >= SLIP_MAX_MATCHES;
    },
    /** Spec: single mode, or only one selection, places single bets; otherwise a multiple bet. */
    get isSingle() {
      return self.mode === 'single' || self.entries.length === 1;
    },
    /** The member's chosen format; a price shows in `priceFormat(entry)`, which this gives only on two-way markets. */
    get oddsFormat(): OddsFormat {
      return rootOf(self).settings?.oddsFormatId ?? OddsFormat.Europe;
    },
  }))
  .views((self) => ({
    /**
     * The format an entry's price shows, is staked and is sent in (domain/odds displayOddsFormat): the member's on a
     * two-way market in single bets; decimal on a multi-way market, and for every leg of a parlay, whose odds
     * multiply as decimal odds into the combined odds the slip shows (docs/architecture.md "Odds formats").
     */
    priceFormat(entry: SlipEntryInstance): OddsFormat {
      return displayOddsFormat(self.oddsFormat, self.isSingle ? priceKindOf(entry.outcomeCount) : 'parlay');
    },
    get oddsChange(): number {
      return rootOf(self).settings?.oddsChange ?? 1;
    },
    get isLogin() {
      return rootOf(self).session?.isLogin ?? false;
    },
    get currency(): CurrencyCode {
      const session = rootOf(self).session;
      const code = session?.userData?.currency ?? session?.defaultBalance?.coinCode;
      return isCurrency(code) ? code : 'CNY';
    },
    /** The member's balance in the bet currency, when the host or platform gave one. */
    get balance(): string | undefined {
      const session = rootOf(self).session;
      if (!session) return undefined;
      const line = session.balanceList.find((b) => b.coinCode === this.currency) ?? session.defaultBalance;
      return line?.balance ?? session.centerBalance;
    },
    get moneyLocale(): MoneyLocale {
      return MONEY_LOCALES[rootOf(self).settings?.apiLanguage ?? 'CMN'] ?? 'CMN';
    },
    /** An amount in the bet currency as the member's language writes it: "¥1,234.50". */
    formatAmount(value: Decimal.Value): string {
      return formatMoney(value, this.currency, this.moneyLocale);
    },
    /** Selections a new placement would use: the ones not waiting for the book. */
    get openEntries() {
      return self.entries.filter((e) => !e.locked);
    },
    /**
     * The selections single bets are placed on: in single mode the open entries marked showInSingle (spec); a parlay
     * of one selection, placed as a single, uses it whatever its mark.
     */
    get singleEntries() {
      return self.mode === 'single' ? this.openEntries.filter((e) => e.showInSingle) : this.openEntries;
    },
    get legsSignature() {
      return self.entries.map((e) => `${e.matchId}:${e.optionType}`).join('|');
    },
    entry(matchId: number) {
      return self.entries.find((e) => e.matchId === matchId);
    },
    /**
     * The slip's selections as `marketId:optionType`: every price button asks whether it is one, and a pick, removal,
     * clearing or placement changes this one set rather than each button watching the entries.
     */
    get pickedKeys(): ReadonlySet<string> {
      return new Set(self.entries.map((e) => `${e.marketId}:${e.optionType}`));
    },
  }))
  .views((self) => ({
    /** The option of the market on sale under this id is in the slip (its price is shown pressed). */
    isPicked(marketId: number, optionType: string): boolean {
      return self.pickedKeys.has(`${marketId}:${optionType}`);
    },
  }))
  .views((self) => ({
    /** The parlay's series: every k-fold and full cover of the legs' current odds, with the platform's ranges. */
    get series(): SlipSeries[] {
      const maths = self.seriesMaths;
      if (!maths || self.isSingle) return [];
      const info = self.seriesInfoFor === self.legsSignature ? self.seriesInfo : [];
      return maths.slipSeries(
        self.entries.map((e) => e.currentOdd),
        info,
        (seriesNumber) => self.seriesStakes.get(String(seriesNumber)) ?? '',
      );
    },
  }))
  .views((self) => ({
    get stakedSeries(): SlipSeries[] {
      return self.series.filter((s) => s.unitStake !== null);
    },
    /** Everything a placement would debit, to 2 decimals. */
    get totalStake(): Decimal {
      if (self.isSingle) {
        return roundMoney(self.singleEntries.reduce((sum, e) => sum.plus(e.riskAndWin(self.priceFormat(e))?.risk ?? 0), new Decimal(0)));
      }
      return roundMoney(self.series.reduce((sum, s) => sum.plus(s.totalStake ?? 0), new Decimal(0)));
    },
    /** What the bets return if every selection wins (stakes included): each bet's `potentialReturn`, added up. */
    get potentialReturn(): Decimal {
      if (self.isSingle) {
        return roundMoney(
          self.singleEntries.reduce((sum, e) => {
            const amounts = e.riskAndWin(self.priceFormat(e));
            return amounts ? sum.plus(amounts.risk).plus(amounts.win) : sum;
          }, new Decimal(0)),
        );
      }
      return roundMoney(self.series.reduce((sum, s) => sum.plus(s.potentialReturn ?? 0), new Decimal(0)));
    },
    /**
     * Why one selection cannot be placed now (state first, then its stake in single bets). A parlay leg's price move
     * is judged on the parlay's total odds (parlayOddsReason), not leg by leg, unless the setting takes no move at all.
     */
    entryReason(entry: SlipEntryInstance): SlipReason | undefined {
      const parlay = !self.isSingle;
      const state = entry.stateReason(self.priceFormat(entry), parlay && self.oddsChange !== OddsChange.None ? OddsChange.Any : self.oddsChange);
      if (state) return state;
      if (parlay && !entry.allowParley) return SlipReason.ParlayNotAllowed;
      return undefined;
    },
    /**
     * DOMAIN.md section 5 on a parlay: "better only" takes the new prices while the parlay's total odds (the product of
     * its legs, what the accumulator pays) are not below the total accepted, so one leg may drift when another rises
     * more; the platform checks the same total (server/src/betting/rules.ts priceParlay).
     */
    get parlayOddsReason(): SlipReason | undefined {
      if (self.isSingle || self.oddsChange !== OddsChange.Better) return undefined;
      const legs = self.openEntries;
      if (!legs.some((e) => e.oddsMoved(self.oddsFormat)) || legs.some((e) => !isValidOdd(e.current.odd))) return undefined;
      const accepted = legs.reduce((total, e) => total.times(e.odd), new Decimal(1));
      const current = legs.reduce((total, e) => total.times(e.currentOdd), new Decimal(1));
      return current.lt(accepted) ? SlipReason.OddsChanged : undefined;
    },
  }))
  .views((self) => ({
    /**
     * The stake field the quick stakes and Max fill: the one last focused, else the newest open single, or the
     * parlay's accumulator (`entry:<matchId>` or `series:<number>`).
     */
    get quickStakeTarget(): string | undefined {
      if (self.stakeTarget) return self.stakeTarget;
      if (!self.isSingle) return `series:${self.entries.length * 1000 + 1}`;
      const newest = self.openEntries.at(-1);
      return newest ? `entry:${newest.matchId}` : undefined;
    },
  }))
  .views((self) => {
    const known = (amount: string | undefined) => (amount !== undefined && new Decimal(amount).gt(0) ? amount : undefined);
    const targetOf = (target: string | undefined) => {
      const [kind, id] = (target ?? '').split(':');
      if (kind === 'entry') return { entry: self.entry(Number(id)) };
      if (kind === 'series') return { series: self.series.find((s) => s.seriesNumber === Number(id)) };
      return {};
    };
    return {
      /**
       * Quick stakes in the member's currency: round multiples of the minimum stake of the field they fill (the bet
       * info call answers it in the member's currency), else of the smallest minimum in the slip; none until one is
       * known (src/domain/quickStakes.ts).
       */
      get quickStakes(): string[] {
        const { entry, series } = targetOf(self.quickStakeTarget);
        const range = entry ? entry.current : series;
        const minimums = [...self.entries.map((e) => known(e.current.minBet)), ...self.series.map((s) => known(s.minBet))].filter((m): m is string => m !== undefined);
        const minimum = known(range?.minBet) ?? minimums.sort((a, b) => new Decimal(a).cmp(b))[0];
        return minimum === undefined ? [] : quickStakes(minimum, known(range?.maxBet));
      },
      /**
       * What Max types in the field it fills: the smaller of that bet's maximum and what the balance leaves after
       * the slip's other stakes (a series' unit stake times its bets; a negative Malay/Indonesian price takes the
       * amount typed as the win, so the risk is what is bounded). Undefined when it cannot be said or is nothing.
       */
      get maxStake(): Decimal | undefined {
        const { entry, series } = targetOf(self.quickStakeTarget);
        const balance = self.balance;
        if (entry) {
          const own = entry.riskAndWin(self.oddsFormat)?.risk ?? new Decimal(0);
          const risk = maxStake(known(entry.current.maxBet), balance === undefined ? undefined : new Decimal(balance).minus(self.totalStake.minus(own)));
          if (!risk) return undefined;
          const price = toFormat(entry.currentOdd, self.oddsFormat);
          return price.isNeg() ? floorMoney(risk.dividedBy(price.abs())) : risk;
        }
        if (series) {
          const available = balance === undefined ? undefined : new Decimal(balance).minus(self.totalStake.minus(series.totalStake ?? 0)).dividedBy(series.betCount);
          return maxStake(known(series.maxBet), available);
        }
        return undefined;
      },
    };
  })
  .views((self) => ({
    /** Every reason the slip cannot be placed now, most important first, each once. */
    get reasons(): SlipReason[] {
      const found: SlipReason[] = [];
      const add = (reason: SlipReason | undefined) => {
        if (reason && !found.includes(reason)) found.push(reason);
      };
      if (!self.isLogin) add(SlipReason.NotLoggedIn);
      if (self.isEmpty) {
        add(SlipReason.EmptySlip);
        return found;
      }
      const open = self.isSingle ? self.singleEntries : self.openEntries;
      if (this.awaitingConfirmation) add(SlipReason.Confirming);
      for (const entry of open) add(self.entryReason(entry));
      add(self.parlayOddsReason);
      if (self.isSingle) {
        if (open.length === 0 && self.openEntries.length > 0) add(SlipReason.EnterStake);
        for (const entry of open) add(entry.stakeReason(self.priceFormat(entry)));
      } else {
        const staked = self.stakedSeries;
        if (staked.length === 0) add(SlipReason.EnterStake);
        for (const series of self.series) add(series.reason);
      }
      const balance = self.balance;
      if (balance !== undefined && self.totalStake.gt(balance)) add(SlipReason.InsufficientBalance);
      return found;
    },
    /** Nothing can be staked now: every selection (or the parlay) waits for the book's decision. */
    get awaitingConfirmation() {
      const open = self.openEntries.length;
      return self.entries.length > 0 && (open === 0 || (!self.isSingle && open < self.entries.length));
    },
    /** A hint that does not block: a parlay of one is placed as a single. */
    get hint(): SlipReason | undefined {
      return self.mode === 'parlay' && self.entries.length === 1 ? SlipReason.NeedTwoSelections : undefined;
    },
  }))
  .views((self) => ({
    /** The reason shown on the place button; undefined when the slip can be placed. */
    get placeReason(): SlipReason | undefined {
      return self.reasons[0];
    },
    /** The reason to print beside the place button: a missing stake only once a stake field was touched. */
    get shownReason(): SlipReason | undefined {
      const reason = self.reasons[0];
      return reason === SlipReason.EnterStake && !self.stakeTouched ? undefined : reason;
    },
    get canPlace() {
      return self.reasons.length === 0;
    },
    /** Something moved since the member picked it (price or line): one click accepts it all. */
    get hasChangesToAccept() {
      return self.entries.some((e) => !e.locked && !e.closed && !e.suspended && (e.lineChanged || e.priceRejected || e.oddsDirection !== 0));
    },
  }))
  .actions((self) => {
    const tr = (key: string, options: Record<string, unknown> = {}) => envOf(self).i18n.t(key, { ns: SLIP_NS, ...options });
    return {
      reasonText(reason: SlipReason) {
        return tr(reasonKey(reason), REASON_VALUES);
      },
      notify(type: 'success' | 'warn' | 'info', key: string) {
        envOf(self).toast[type](tr(key));
      },
    };
  })
  .actions((self) => ({
    setMode(mode: SlipMode) {
      if (mode === self.mode) return;
      self.mode = mode;
      self.refusal = undefined;
      self.stakeTarget = undefined;
    },
    setStake(matchId: number, value: string) {
      const entry = self.entry(matchId);
      if (!entry || entry.locked) return;
      entry.setStake(value);
      self.stakeTouched = true;
      self.refusal = undefined;
    },
    setSeriesStake(seriesNumber: number, value: string) {
      if (value === '') self.seriesStakes.delete(String(seriesNumber));
      else self.seriesStakes.set(String(seriesNumber), value);
      self.stakeTouched = true;
      self.refusal = undefined;
    },
    /** A stake field lost the focus: from now on a missing stake is said. */
    touchStake() {
      self.stakeTouched = true;
    },
    setStakeTarget(target: string | undefined) {
      self.stakeTarget = target;
    },
    /** True once for the field `target` the focus was asked for (see focusRequest). */
    takeFocusRequest(target: string): boolean {
      if (self.focusRequest !== target) return false;
      self.focusRequest = undefined;
      return true;
    },
    setPlacement(status: PlacementStatus | undefined) {
      self.placement = status;
    },
    setRefusal(reason: SlipReason | undefined) {
      self.refusal = reason;
    },
    keepPending(selection: SelectionEvent | undefined) {
      self.pending = selection;
    },
    acceptChanges() {
      for (const entry of self.entries) entry.acceptChanges();
      self.refusal = undefined;
    },
    /** Drops stakes of series the current number of legs does not offer (once the maths are there to say which). */
    pruneSeriesStakes() {
      const maths = self.seriesMaths;
      if (!maths && self.entries.length >= 2) return;
      const offered = new Set(maths ? maths.offeredSeriesNumbers(self.entries.length).map(String) : []);
      for (const key of [...self.seriesStakes.keys()]) if (!offered.has(key)) self.seriesStakes.delete(key);
    },
    applyBetInfo(requested: ReadonlyArray<{ matchId: number; marketId: number }>, answer: BetInfoAnswer, signature: string, markRejected: boolean) {
      answer.betInfo.forEach((info, i) => {
        const asked = requested[i];
        if (!asked) return;
        const entry = self.entries.find((e) => e.matchId === asked.matchId && e.marketId === asked.marketId);
        if (!entry || (info.oldMarketId ?? info.marketId) !== asked.marketId) return;
        entry.applyInfo(info);
        if (markRejected) entry.markPriceRejected();
      });
      if (answer.seriesInfo.length > 0 || self.seriesInfoFor !== signature) {
        self.seriesInfo = answer.seriesInfo;
        self.seriesInfoFor = signature;
      }
    },
    cancelRefresh() {
      envOf(self).scheduler.stop(INFO_REFRESH);
    },
  }))
  .actions((self) => ({
    /** Current bet info of every selection (and the series, in a parlay); the newest request's answer wins. */
    refreshBetInfo(options: { markRejected?: boolean } = {}) {
      self.cancelRefresh();
      if (!self.isLogin || self.isEmpty) return Promise.resolve('superseded' as const);
      const { http, logger } = envOf(self);
      const requested = self.entries.map((e) => ({ marketId: e.marketId, matchId: e.matchId, type: e.optionType }));
      const signature = self.legsSignature;
      const body = {
        betMatchMarketList: requested,
        isSelectSeries: !self.isSingle && requested.length >= 2,
        language: rootOf(self).settings?.apiLanguage ?? 'CMN',
      } satisfies BetInfoRequest;
      return self.infoRequest.run(
        async () => {
          const answer = (await http.betting.post(BETTING_PATHS.betInfo, body)) as BetInfoAnswer | undefined;
          if (!answer || !Array.isArray(answer.betInfo)) throw new TypeError('getBetInfo: unexpected answer');
          return answer;
        },
        (answer) => self.applyBetInfo(requested, answer, signature, options.markRejected ?? false),
        { failed: (error) => logger.warn('bet info not loaded', error) },
      );
    },
  }))
  .actions((self) => ({
    /** Pushes on the slip's markets refresh its bet info, at most once a second. */
    scheduleRefresh() {
      const { scheduler } = envOf(self);
      if (scheduler.isRunning(INFO_REFRESH)) return;
      scheduler.once(INFO_REFRESH, BET_INFO_REFRESH_MS, () => self.refreshBetInfo());
    },
  }))
  .actions((self) => ({
    applyOddsPush(push: OddsPush) {
      let touched = false;
      for (const market of push.markets ?? []) {
        for (const entry of self.entries) {
          if (entry.marketId === market.marketId || (market.oldMarketId !== undefined && entry.marketId === market.oldMarketId)) {
            entry.applyPush(market);
            touched = true;
          }
        }
      }
      if (touched) self.scheduleRefresh();
    },
    /**
     * Adds a clicked selection (spec: bet slip rules). A visitor's click is kept and added after they log in. A match
     * already in the slip has its selection replaced (in a parlay with the spec's one-per-match notice); an 11th
     * match is ignored; in parlay mode a market that cannot join a parlay is refused with its reason, and so is a
     * selection of a sport the merchant switched off, in every mode.
     */
    add(selection: SelectionEvent): 'pending' | 'added' | 'replaced' | 'same' | 'full' | 'refused' {
      // A price of a sport the merchant switched off never gets in (the platform refuses it too: 15015).
      if (!envOf(self).sports.offers(selection.sportId, 'A')) {
        envOf(self).toast.warn(self.reasonText(SlipReason.SportNotOffered));
        return 'refused';
      }
      if (!self.isLogin) {
        self.keepPending(selection);
        return 'pending';
      }
      const parlay = self.mode === 'parlay';
      if (parlay && !selection.allowParley) {
        envOf(self).toast.warn(self.reasonText(SlipReason.ParlayNotAllowed));
        return 'refused';
      }
      const index = self.entries.findIndex((e) => e.matchId === selection.matchId);
      const existing = index >= 0 ? self.entries[index] : undefined;
      if (existing && existing.marketId === selection.marketId && existing.optionType === selection.optionType) return 'same';
      if (!existing && self.isFull) {
        envOf(self).toast.warn(self.reasonText(SlipReason.TooManyMatches));
        return 'full';
      }
      const snapshot: SnapshotIn<typeof SlipEntry> = {
        matchId: selection.matchId,
        sportId: selection.sportId,
        marketId: selection.marketId,
        marketType: selection.marketType,
        outcomeCount: selection.outcomeCount,
        period: selection.period,
        optionType: selection.optionType,
        line: selection.line,
        odd: selection.odd,
        allowParley: selection.allowParley,
        inParlay: parlay || (existing?.inParlay ?? false),
        showInSingle: !parlay || (existing?.showInSingle ?? false),
        // A replaced single keeps the stake typed for the match.
        stake: existing && !existing.locked ? existing.stake : '',
      };
      if (existing) self.entries.splice(index, 1, snapshot);
      else self.entries.push(snapshot);
      self.placement = undefined;
      self.refusal = undefined;
      self.stakeTarget = parlay ? self.stakeTarget : `entry:${selection.matchId}`;
      // A parlay is built from several prices in a row: the focus stays where the member is picking them.
      self.focusRequest = parlay ? undefined : `entry:${selection.matchId}`;
      self.pruneSeriesStakes();
      if (parlay) self.notify(existing ? 'warn' : 'success', existing ? 'notice.onePerMatch' : 'notice.addedToParlay');
      void self.refreshBetInfo();
      return existing ? 'replaced' : 'added';
    },
    /** Spec: deleting one entry clears the temporary order status and re-fetches the bet info. */
    remove(matchId: number) {
      const entry = self.entry(matchId);
      if (!entry) return;
      self.entries.remove(entry);
      self.placement = undefined;
      self.refusal = undefined;
      if (self.stakeTarget === `entry:${matchId}`) self.stakeTarget = undefined;
      self.pruneSeriesStakes();
      void self.refreshBetInfo();
    },
    /** Spec: deleting all clears the slip. */
    clear() {
      self.cancelRefresh();
      self.infoRequest.reset();
      self.entries.clear();
      self.seriesStakes.clear();
      self.seriesInfo = [];
      self.seriesInfoFor = '';
      self.placement = undefined;
      self.refusal = undefined;
      self.stakeTarget = undefined;
      self.stakeTouched = false;
    },
    /** A quick-stake preset fills the field last focused (the newest selection, or the parlay's accumulator). */
    applyQuickStake(amount: string) {
      const target = self.quickStakeTarget;
      if (!target) return;
      const [kind, id] = target.split(':');
      if (kind === 'entry') self.setStake(Number(id), amount);
      else if (kind === 'series') self.setSeriesStake(Number(id), amount);
    },
  }))
  .actions((self) => ({
    /** Max fills the quick stakes' field with the most it may take (maxStake). */
    applyMaxStake() {
      const most = self.maxStake;
      if (most) self.applyQuickStake(most.toFixed(2));
    },
    /** Placement answered: the entries wait for their orders (locked), or leave the slip when already confirmed. */
    placed(entries: readonly SlipEntryInstance[], waitingByEntry: ReadonlyArray<readonly string[]>, seriesDone: readonly number[]) {
      entries.forEach((entry, i) => {
        const waiting = waitingByEntry[i] ?? [];
        if (waiting.length > 0) entry.lock(waiting);
        else self.entries.remove(entry);
      });
      for (const n of seriesDone) self.seriesStakes.delete(String(n));
      if (self.isEmpty) self.seriesStakes.clear();
      self.placement = waitingByEntry.some((w) => w.length > 0) ? 'confirming' : 'confirmed';
      self.refusal = undefined;
      self.stakeTouched = false;
      self.pruneSeriesStakes();
    },
    /**
     * An order reached a final status: entries with nothing left waiting leave the slip on success, or come back for
     * another try after a refusal, re-offering the current price with the refusal's reason beside the place button.
     */
    orderFinished(orderId: string, ok: boolean, seriesNumber: number, reason?: SlipReason) {
      let retry = false;
      for (const entry of [...self.entries]) {
        if (!entry.waitingOrderIds.includes(orderId)) continue;
        if (!entry.orderDone(orderId, ok)) continue;
        if (entry.placementFailed) {
          entry.unlockAfterFailure();
          retry = true;
        } else {
          self.entries.remove(entry);
        }
      }
      if (ok && seriesNumber > 0) self.seriesStakes.delete(String(seriesNumber));
      if (self.isEmpty) self.seriesStakes.clear();
      self.placement = ok ? (self.entries.some((e) => e.locked) ? 'confirming' : 'confirmed') : 'rejected';
      if (!ok && reason) self.refusal = reason;
      self.pruneSeriesStakes();
      if (retry) void self.refreshBetInfo({ markRejected: true });
    },
    /** Entries locked for orders nobody follows any more (storage lost them) are released. */
    releaseUnfollowed(followed: ReadonlySet<string>) {
      for (const entry of self.entries) {
        const kept = entry.waitingOrderIds.filter((id) => followed.has(id));
        if (kept.length !== entry.waitingOrderIds.length) entry.waitingOrderIds.replace(kept);
      }
    },
    /**
     * Restores the slip of this merchant from storage; a stored slip of the wrong shape is forgotten, and selections of
     * a sport the merchant switched off since are dropped.
     */
    restore() {
      const { storage, logger, sports } = envOf(self);
      const stored = storage.get('betSlip');
      if (!stored || typeof stored !== 'object') return;
      try {
        const snapshot = stored as SnapshotIn<typeof BetSlipStore>;
        applySnapshot(self, { ...snapshot, entries: (snapshot.entries ?? []).filter((entry) => sports.offers(entry.sportId, 'A')) });
        if (self.entries.length > SLIP_MAX_MATCHES) self.entries.splice(SLIP_MAX_MATCHES);
      } catch (error) {
        logger.warn('stored bet slip ignored', error);
        storage.remove('betSlip');
      }
    },
    /** Follows the odds of the slip's matches while they are in it. */
    syncSubscriptions(matchIds: readonly number[]) {
      const { push } = envOf(self);
      const wanted = new Set(matchIds);
      for (const [matchId, off] of self.subscriptions) {
        if (!wanted.has(matchId)) {
          off();
          self.subscriptions.delete(matchId);
        }
      }
      for (const matchId of wanted) {
        if (self.subscriptions.has(matchId)) continue;
        self.subscriptions.set(
          matchId,
          push.subscribe(`match:${matchId}:odds`, (data) => {
            if (data && typeof data === 'object' && (data as OddsPush).kind === 'odds') self.applyOddsPush(data as OddsPush);
          }),
        );
      }
    },
    /** The series maths arrived: stakes kept for them meanwhile (a restored slip, a leg added) are checked now. */
    setSeriesMaths(maths: SeriesMaths) {
      self.seriesMaths = maths;
      self.pruneSeriesStakes();
    },
    /** Unmount: no pending refresh, no subscriptions. */
    close() {
      self.cancelRefresh();
      for (const off of self.subscriptions.values()) off();
      self.subscriptions.clear();
    },
  }))
  .actions((self) => ({
    afterCreate() {
      const { storage, i18n } = envOf(self);
      if (typeof i18n.loadNamespaces === 'function') void i18n.loadNamespaces(SLIP_NS);
      self.restore();
      addDisposer(self, onSnapshot(self, (snapshot) => storage.set('betSlip', snapshot)));
      addDisposer(
        self,
        reaction(
          () => self.entries.map((e) => e.matchId),
          (ids) => self.syncSubscriptions(ids),
          { fireImmediately: true, equals: (a, b) => a.join() === b.join() },
        ),
      );
      addDisposer(self, () => self.close());
      // The maths come with the slip's chunk the first time the slip holds two selections.
      addDisposer(
        self,
        when(
          () => self.entries.length >= 2,
          () =>
            void import(/* webpackChunkName: "bet-slip" */ './slipSeries').then((maths) => {
              if (isAlive(self)) self.setSeriesMaths(maths);
            }),
        ),
      );
    },
    /** Wires what the slip follows in its siblings: the login (pending click, fresh bet info) and the language. */
    connect() {
      addDisposer(
        self,
        reaction(
          () => self.isLogin,
          (isLogin) => {
            if (!isLogin) return;
            const pending = self.pending;
            self.keepPending(undefined);
            if (pending) self.add(pending);
            else void self.refreshBetInfo();
          },
          { fireImmediately: true },
        ),
      );
      addDisposer(
        self,
        reaction(
          () => [rootOf(self).settings?.apiLanguage, self.isSingle] as const,
          () => void self.refreshBetInfo(),
          { equals: (a, b) => a[0] === b[0] && a[1] === b[1] },
        ),
      );
    },
  }));

export type BetSlipStoreInstance = Instance<typeof BetSlipStore>;
