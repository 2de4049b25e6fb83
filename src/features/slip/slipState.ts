// The bet slip's state (BetSlipStore's properties and volatile fields, their one owner, all but the odds
// subscriptions slipBetInfo.ts holds) and what is read straight from it: counts, the member's format, currency and
// balance from the sibling stores, the selections each placement uses, the parlay's series. The slip's checks
// (slipChecks.ts), its storage (slipStorage.ts), its bet info and pushes (slipBetInfo.ts) and the member's edits
// (betSlip.ts) build on it in that order, each in its own module so none of them grows into the whole slip.
import type Decimal from 'decimal.js';
import { getRoot, types } from 'mobx-state-tree';
import { formatMoney, isCurrency, type CurrencyCode, type MoneyLocale } from '../../../domain/money';
import { displayOddsFormat, OddsFormat, priceKindOf } from '../../../domain/odds';
import type { SlipReason } from './domain/slipReasons';
import type { SelectionEvent } from '../../kernel/events';
import type { SeriesInfoEntry } from '../../../contract';
import type { SlipSeries } from './slipSeries';
import { SlipEntry, type SlipEntryInstance } from './slipEntry';
import { request } from '../../sdk/request';
import type { SessionStoreInstance } from '../../core/store/session';
import type { SettingsStoreInstance } from '../../core/store/settings';

/** Spec sections 5 and 9: the bet slip and a parlay hold at most 10 matches; further adds are ignored. */
export const SLIP_MAX_MATCHES = 10;
/** The slip's own i18n namespace (locales/<lng>/betSlip.json). */
export const SLIP_NS = 'betSlip';
/** What every reason text (betSlip namespace, `reason.*`) may interpolate: the toast and the panel pass the same. */
export const REASON_VALUES = { max: SLIP_MAX_MATCHES } as const;

export type SlipMode = 'single' | 'parlay';

/** What the slip needs of its siblings in the root store. */
interface SlipRoot {
  session: SessionStoreInstance;
  settings: SettingsStoreInstance;
}

/** The slip's siblings, where it is in a root store (a slip made alone in a test has none). */
export const rootOf = (node: object): Partial<SlipRoot> => getRoot<SlipRoot>(node) as Partial<SlipRoot>;
const MONEY_LOCALES: Readonly<Record<string, MoneyLocale>> = { CMN: 'CMN', 'zh-TW': 'CMN', ENG: 'ENG', VIE: 'VIE', THA: 'THA' };

/** The slip's series maths (slipSeries.ts), loaded once the slip holds two selections: singles never need them. */
export type SeriesMaths = typeof import('./slipSeries');

/** What a successful or failed placement left to show in the slip (the spec's temporary order status). */
export type PlacementStatus = 'confirming' | 'confirmed' | 'rejected';

/**
 * The bet slip's state: its snapshot (what slipStorage.ts keeps) and the volatile fields the slip shows or follows,
 * declared together so every link of the chain reads the same fields (slipBetInfo.ts adds only the odds
 * subscriptions it holds).
 */
export const SlipState = types
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
  }));
