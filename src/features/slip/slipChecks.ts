// The bet slip's checks, all views over its state (slipState.ts): what the stakes add up to and return, the limits
// the quick stakes and Max fill in, and every reason the slip cannot be placed now. They own no state; kept apart
// from the state and the edits because they are the slip's rules (spec section 5, DOMAIN.md section 5), read on
// every change and tested as such.
import Decimal from 'decimal.js';
import { floorMoney, roundMoney } from '../../../domain/money';
import { toFormat } from '../../../domain/odds';
import { maxStake, quickStakes } from './domain/quickStakes';
import { SlipReason } from './domain/slipReasons';
import { OddsChange } from '../../../contract/enums';
import type { SlipSeries } from './slipSeries';
import { isValidOdd, type SlipEntryInstance } from './slipEntry';
import { SlipState } from './slipState';

export const SlipChecks = SlipState
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
       * known (src/features/slip/domain/quickStakes.ts).
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
  }));
