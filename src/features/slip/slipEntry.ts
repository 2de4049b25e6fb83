// One selection of the bet slip (SlipEntry): what the member accepted, what the book says now (the live book's cell,
// the one the price buttons read), and every check of that one selection. The slip's store (betSlip.ts) holds these
// in its entries; kept apart so the slip's store files hold only what concerns the slip as a whole.
import Decimal from 'decimal.js';
import { types, type Instance } from 'mobx-state-tree';
import { parseStake } from '../../../domain/money';
import { formatOdds, OddsFormat, riskAndWin, type RiskAndWin } from '../../../domain/odds';
import { SlipReason } from './domain/slipReasons';
import { MarketStatus, OddsChange } from '../../../contract/enums';
import type { BetInfoEntry } from '../../../contract';
import { envOf } from '../../core/store/env';
import type { LiveMarket } from '../../core/store/liveBook';

/** What the book says about a selection now: its price, line and status from the live book, its range from bet info. */
export interface EntryLive {
  odd: string;
  line: string | undefined;
  status: number;
  isLock: boolean;
  minBet?: string;
  maxBet?: string;
}

/** A price that can be bet at: decimal odds above 1 (a locked or closed option comes with 0, or none). */
export const isValidOdd = (odd: string | undefined): odd is string => {
  if (odd === undefined) return false;
  try {
    return new Decimal(odd).gt(1);
  } catch {
    return false;
  }
};
const TOTAL_OPTIONS: ReadonlySet<string> = new Set(['over', 'under']);

/** The stake range of a selection, from the bet info call (it is asked again on add, accept, placement and refusal). */
export type EntryLimits = Pick<EntryLive, 'minBet' | 'maxBet'>;

/**
 * One selection in the slip (spec: bet slip entry). `odd` and `line` are what the member accepted, sent when the bet
 * is placed; `current` is what the book says now: the live book's cell for the market (seeded by the rows' answers and
 * by the bet info call, kept current by the odds pushes of the channel the slip holds). Names come from the bet info
 * call and are kept so a reload shows them at once.
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
  .volatile(() => ({ limits: {} as EntryLimits }))
  .views((self) => ({
    get key() {
      return `${self.matchId}:${self.marketId}:${self.optionType}`;
    },
    /** The live book's market of this selection (a moved line's old id finds the slot on sale), once the book has it. */
    get bookMarket(): LiveMarket | undefined {
      const book = envOf(self).liveBook;
      // The book's maps are not observable: its market count says when a market arrives.
      void book.marketCount;
      return book.market(self.marketId);
    },
  }))
  .views((self) => ({
    /** Until the book holds the market (the bet info call answers it), the accepted price stands for the current one. */
    get current(): EntryLive {
      const market = self.bookMarket;
      if (!market) return { odd: self.odd, line: self.line, status: MarketStatus.On, isLock: false, ...self.limits };
      const option = market.options.get(self.optionType);
      // A market on sale without this option no longer offers it.
      if (!option) return { odd: '0', line: market.line ?? self.line, status: MarketStatus.Off, isLock: true, ...self.limits };
      return { odd: option.odd, line: option.line ?? market.line ?? self.line, status: market.status, isLock: option.isLock, ...self.limits };
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
    /** The bet info call's word on this selection (its price went into the live book before). */
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
      self.limits = { minBet: info.minBet, maxBet: info.maxBet };
      if (self.line === undefined && info.line !== null) self.line = info.line;
    },
    /** A moved line gave the book's slot a new id: the selection follows it to the market on sale. */
    followMarket(marketId: number) {
      self.marketId = marketId;
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
