import Decimal from 'decimal.js';
import { builderMarketReason, BuilderReason } from '../../../domain/builder';
import type { BetResult } from '../../../domain/series';
import type { PlatformConfig } from '../config/platformConfig';
import type { FeedPrices, Market } from '../feed';
import { builderShares, priceCombination } from '../feed/pricing/builder';
import { Money } from '../money';

/** A selection as the builder sees it: its market now and the option taken. */
export interface BuilderSelection {
  market: Market;
  optionType: string;
}

export type BuilderPricing =
  | { ok: true; odds: Decimal; matchId: number }
  | { ok: false; reason: BuilderReason; message: string; leg?: number };

/** Why one selection cannot join the builder of `matchId`, or null (the market's own state is the caller's). */
export function selectionReason(selection: BuilderSelection, matchId: number): BuilderReason | null {
  if (selection.market.matchId !== matchId) return BuilderReason.OtherMatch;
  return builderMarketReason(selection.market);
}

const MESSAGES: Record<BuilderReason, string> = {
  notFinalScore: 'the market is not settled on the final score',
  periodMarket: 'builders take full-time markets only',
  otherMatch: 'every selection must be of the same match',
  noModel: 'this match has no bet builder',
  duplicate: 'the same selection twice',
  contradictory: 'the selections cannot all win together',
  noPrice: 'the combination is outside the odds the book offers',
  unavailable: 'the market is closed or suspended',
  tooMany: 'too many selections',
};

export function builderMessage(reason: BuilderReason, leg?: number): string {
  return leg === undefined ? MESSAGES[reason] : `selection ${leg + 1}: ${MESSAGES[reason]}`;
}

/**
 * The builder odds of these selections now: every selection of the first one's match, on a market a builder takes,
 * none twice, then the exact price from the match's score model (feed/pricing/builder.ts) with the builder margin.
 * The markets' state (closed, suspended) is checked by the caller, as for any bet (rules.ts priceLeg).
 */
export function priceBuilder(feed: FeedPrices, config: PlatformConfig, selections: readonly BuilderSelection[]): BuilderPricing {
  const first = selections[0];
  if (!first) return { ok: false, reason: BuilderReason.TooMany, message: 'no selection' };
  if (selections.length > config.betting.builder.maxLegs) {
    return { ok: false, reason: BuilderReason.TooMany, message: `at most ${config.betting.builder.maxLegs} selections, got ${selections.length}` };
  }
  const matchId = first.market.matchId;
  const seen = new Set<string>();
  for (let i = 0; i < selections.length; i++) {
    const s = selections[i]!;
    const reason = selectionReason(s, matchId);
    if (reason) return { ok: false, reason, message: builderMessage(reason, i), leg: i };
    const key = `${s.market.marketId}|${s.optionType}`;
    if (seen.has(key)) return { ok: false, reason: BuilderReason.Duplicate, message: builderMessage(BuilderReason.Duplicate, i), leg: i };
    seen.add(key);
  }
  const model = feed.scoreModel(matchId);
  if (!model) return { ok: false, reason: BuilderReason.NoModel, message: builderMessage(BuilderReason.NoModel) };
  const priced = priceCombination(
    model,
    selections.map((s) => ({ terms: s.market, optionType: s.optionType })),
    Number(config.betting.builder.margin),
  );
  if (!priced.ok) return { ok: false, reason: priced.reason, message: builderMessage(priced.reason) };
  return { ok: true, odds: new Decimal(priced.odds), matchId };
}

/**
 * What a settled builder returns on the remaining stake (feed/pricing/builder.ts): stake x (D W + N - W), W the share
 * of its sub-bets whose legs all won, N the share with no leg lost (the rest push and return their stake).
 */
export function builderReturn(stake: Decimal.Value, odds: Decimal.Value, results: readonly BetResult[]): Decimal {
  const { W, N } = builderShares(results);
  // W and N are products of 1, 1/2 and 0: exact in binary, exact as decimals.
  const w = new Money(W);
  return new Money(stake).times(w.times(odds).plus(new Money(N).minus(w)));
}
