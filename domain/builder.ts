/**
 * Bet builder (same-game parlay) rules both halves share: which markets may join a builder and why others may not.
 * The platform prices a builder as an exact sum over the match's joint score distribution (server/src/feed/pricing/
 * builder.ts), so only a market whose result is a function of the final full-time score can join; the app marks the
 * others in builder mode with the same reason the platform would answer (docs/api.md "Bet builder").
 */

/** Market kinds settled on the full-time score alone (server/src/feed/engine/settle.ts). */
export const BUILDER_KINDS: ReadonlySet<string> = new Set(['win1x2', 'moneyLine', 'handicap', 'spread', 'overUnder', 'total', 'oddEven', 'correctScore', 'totalGoals']);

/** Selections a builder takes at least (fewer is a single) and, by default, at most (config betting.builder.maxLegs). */
export const BUILDER_MIN_LEGS = 2;

/** Why a selection cannot join a builder, or the builder cannot be priced (the quote's `reason`; locales builder.reason.*). */
export const BuilderReason = {
  /** The market is not settled on the final score (corners, first goal, half-time/full-time). */
  NotFinalScore: 'notFinalScore',
  /** A period market (first half, a quarter): builders take full-time markets only. */
  PeriodMarket: 'periodMarket',
  /** A selection of another match. */
  OtherMatch: 'otherMatch',
  /** The sport has no joint score model. */
  NoModel: 'noModel',
  /** The same selection twice. */
  Duplicate: 'duplicate',
  /** The selections cannot all win together (probability 0). */
  Contradictory: 'contradictory',
  /** The combination is priced outside the odds the book offers (all but certain, or too long). */
  NoPrice: 'noPrice',
  /** A selection's market is closed, suspended or locked. */
  Unavailable: 'unavailable',
  /** More selections than a builder takes. */
  TooMany: 'tooMany',
} as const;
export type BuilderReason = (typeof BuilderReason)[keyof typeof BuilderReason];

export const BUILDER_REASONS: readonly BuilderReason[] = Object.values(BuilderReason);

/** What the rule reads of a market (the feed's Market, the app's market view). */
export interface BuilderMarketTerms {
  kind: string;
  period: string;
  /** The score unit the market settles on; builders read goals (points). */
  unit?: string;
}

/** Why this market cannot join a builder, or null when it can (its sport still needs a joint model: NoModel). */
export function builderMarketReason(market: BuilderMarketTerms): BuilderReason | null {
  if (market.period !== 'ft') return BUILDER_KINDS.has(market.kind) ? BuilderReason.PeriodMarket : BuilderReason.NotFinalScore;
  if (!BUILDER_KINDS.has(market.kind) || (market.unit !== undefined && market.unit !== 'goals')) return BuilderReason.NotFinalScore;
  return null;
}
