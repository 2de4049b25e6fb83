import { flow, types, type Instance } from 'mobx-state-tree';
import type { BuilderBetRequest, BuilderQuoteAnswer, BuilderQuoteRequest, PlaceAnswer } from '../../../contract';
import { OrderStatus } from '../../../contract/enums';
import { BETTING_PATHS } from '../../../contract/paths';
import { builderMarketReason, type BuilderMarketTerms, type BuilderReason } from '../../../domain/builder';
import { isApiError } from '../../services/http';
import { envOf } from '../../core/store/env';
import { request } from '../../sdk/request';

/** One selection of the builder: what the quote and the placement send, and what the panel names it by. */
const BuilderLeg = types.model('BuilderLeg', {
  marketId: types.number,
  type: types.string,
  /** The single's price when picked: the placement sends it (informative; the combined odds decide). */
  odd: types.string,
  /** "Market: option" as the match screen shows them, for the panel's list. */
  label: types.string,
});
export type BuilderLegInstance = Instance<typeof BuilderLeg>;

export type BuilderPlacement = 'idle' | 'placing' | 'confirmed' | 'confirming';

/**
 * The bet builder of one match (docs/api.md "Bet builder"): the selections picked on the match screen, the platform's
 * combined price for them (asked again whenever a selection's price moves), and the placement. Lives with the match
 * screen's builder mode, so leaving the match forgets it. A selection whose market cannot join a builder is refused
 * here with the reason the platform would give; the others are judged by the platform's quote.
 */
export const BetBuilderStore = types
  .model('BetBuilder', {
    matchId: types.number,
    legs: types.array(BuilderLeg),
    stake: '',
    quoteRequest: request(),
  })
  .volatile(() => ({
    quote: undefined as BuilderQuoteAnswer | undefined,
    placement: 'idle' as BuilderPlacement,
    /** Why the last placement was refused, in the platform's words. */
    refusal: undefined as string | undefined,
    placedOrderId: undefined as string | undefined,
  }))
  .views((self) => ({
    isPicked(marketId: number, type: string): boolean {
      return self.legs.some((l) => l.marketId === marketId && l.type === type);
    },
    /** The reason of one picked selection from the newest quote (null: it combines). */
    legReason(marketId: number, type: string): BuilderReason | null {
      return self.quote?.legs.find((l) => l.marketId === marketId && l.type === type)?.reason ?? null;
    },
    /** The combined decimal odds, while the quote is for exactly the selections shown. */
    get odds(): string | null {
      const q = self.quote;
      if (!q || q.legs.length !== self.legs.length) return null;
      return q.legs.every((l, i) => l.marketId === self.legs[i]?.marketId && l.type === self.legs[i]?.type) ? q.odds : null;
    },
    get stakeValid(): boolean {
      if (!/^\d{1,9}(\.\d{1,2})?$/.test(self.stake)) return false;
      const n = Number(self.stake);
      const q = self.quote;
      return n > 0 && (!q || (n >= Number(q.minBet) && n <= Number(q.maxBet)));
    },
  }))
  .views((self) => ({
    get canPlace(): boolean {
      return self.legs.length >= 2 && self.odds !== null && self.stakeValid && self.placement !== 'placing';
    },
    /** What the stake would return at the combined odds (2 decimals, down). */
    get potentialReturn(): string | null {
      if (self.odds === null || !self.stakeValid) return null;
      return (Math.floor(Number(self.stake) * Number(self.odds) * 100 + 1e-7) / 100).toFixed(2);
    },
  }))
  .actions((self) => ({
    applyQuote(answer: BuilderQuoteAnswer | undefined) {
      self.quote = answer;
    },
    setStake(value: string) {
      self.stake = value.trim();
      self.refusal = undefined;
    },
    setPlacement(placement: BuilderPlacement, refusal?: string, orderId?: string) {
      self.placement = placement;
      self.refusal = refusal;
      self.placedOrderId = orderId;
    },
  }))
  .actions((self) => ({
    /** Asks the platform for the combined price of the selections shown; the newest answer wins. */
    requote() {
      if (self.legs.length === 0) {
        self.quoteRequest.reset();
        self.applyQuote(undefined);
        return Promise.resolve('superseded' as const);
      }
      const body: BuilderQuoteRequest = { betMatchMarketList: self.legs.map((l) => ({ marketId: l.marketId, matchId: self.matchId, type: l.type })) };
      const { http } = envOf(self);
      return self.quoteRequest.run(
        () => http.betting.post(BETTING_PATHS.builderQuote, body) as Promise<BuilderQuoteAnswer | undefined>,
        (answer) => self.applyQuote(answer),
        { quiet: self.quote !== undefined },
      );
    },
  }))
  .actions((self) => ({
    /**
     * A click on a price in builder mode: takes the selection, or gives it back when already taken. A market that
     * cannot join a builder answers its reason and is not taken.
     */
    toggle(market: BuilderMarketTerms & { marketId: number }, type: string, odd: string, label: string): BuilderReason | null {
      const existing = self.legs.find((l) => l.marketId === market.marketId && l.type === type);
      self.setPlacement('idle');
      if (existing) {
        self.legs.remove(existing);
      } else {
        const reason = builderMarketReason(market);
        if (reason) return reason;
        self.legs.push({ marketId: market.marketId, type, odd, label });
      }
      void self.requote();
      return null;
    },
    remove(marketId: number, type: string) {
      const leg = self.legs.find((l) => l.marketId === marketId && l.type === type);
      if (!leg) return;
      self.legs.remove(leg);
      self.setPlacement('idle');
      void self.requote();
    },
    /** A price of a picked selection moved (its market pushed): keep the single's price and ask again. */
    pricesMoved(odds: ReadonlyMap<string, string>) {
      for (const leg of self.legs) {
        const odd = odds.get(`${leg.marketId}|${leg.type}`);
        if (odd !== undefined) leg.odd = odd;
      }
      void self.requote();
    },
    clear() {
      self.legs.clear();
      self.stake = '';
      self.quoteRequest.reset();
      self.applyQuote(undefined);
      self.setPlacement('idle');
    },
    /** Places the builder at the odds shown, under the member's odds-change setting (the slip's). */
    place: flow(function* place(oddsChange: number) {
      const odds = self.odds;
      if (!odds || !self.canPlace) return;
      const { http } = envOf(self);
      const body: BuilderBetRequest = {
        betOptionList: self.legs.map((l) => ({ marketId: l.marketId, optionType: l.type, odds: l.odd, oddsFormat: 1 })),
        odds,
        unitStake: self.stake,
        oddsChange: oddsChange as 0 | 1 | 2,
        requestId: `builder-${self.matchId}-${envOf(self).clock.now()}`,
      };
      self.setPlacement('placing');
      try {
        const answer = (yield http.betting.post(BETTING_PATHS.betBuilder, body)) as PlaceAnswer | undefined;
        const order = answer?.orders[0];
        self.legs.clear();
        self.stake = '';
        self.applyQuote(undefined);
        self.setPlacement(order?.status === OrderStatus.Confirming ? 'confirming' : 'confirmed', undefined, order?.orderId);
      } catch (error) {
        self.setPlacement('idle', isApiError(error) ? error.message : String(error));
        void self.requote();
      }
    }),
  }));

export type BetBuilderInstance = Instance<typeof BetBuilderStore>;
