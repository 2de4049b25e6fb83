/**
 * Bet builder placement: selections of one match priced together (builder.ts prices the combination) and judged under
 * the member's acceptance on the combined odds, the quote the slip shows before placing, and the builder's draft.
 * Separate from singles and multiples (orderDrafts.ts) because a builder is one bet priced as a whole, not a parlay of
 * its legs; the acceptance delay (acceptanceDelay.ts) re-prices a builder here too.
 */
import Decimal from 'decimal.js';
import { BuilderReason } from '../../../domain/builder';
import type { PlatformConfig } from '../config/platformConfig';
import type { Feed } from '../feed';
import type { Currency } from '../money';
import { builderMessage, priceBuilder, selectionReason, type BuilderSelection } from './builder';
import { BetError, BetType, OddsChange } from './codes';
import { builderRange, legRow, orderRow, parseStake, type DraftContext } from './orderDrafts';
import type { BetInfoRequest, BuilderInput, BuilderQuote, Draft, PlaceContext } from './orders';
import { checkStake, priceLeg, refuse, type LegRequest, type PricedLeg } from './rules';

/**
 * Prices a builder's legs under the member's acceptance (DOMAIN.md section 5) judged on the combined odds, as a
 * parlay's better-only is judged on its total: each leg must be on sale (priceLeg at any price), the combination
 * must be one a builder takes, and the builder odds now are compared with the odds the member accepted.
 */
export function priceBuilderBet(
  feed: Feed,
  config: PlatformConfig,
  requests: readonly LegRequest[],
  requested: Decimal,
  oddsChange: OddsChange,
  where: (index: number) => string,
): { legs: PricedLeg[]; odds: Decimal } {
  const legs = requests.map((request, i) => priceLeg(feed, request, OddsChange.Any, where(i)));
  const priced = priceBuilder(feed, config, legs.map((l) => ({ market: l.market, optionType: l.option.type })));
  if (!priced.ok) throw refuse(BetError.BuilderRefused, priced.leg === undefined ? priced.message : `${where(priced.leg)}: ${builderMessage(priced.reason)}`);
  const same = priced.odds.equals(requested);
  const accepted = same || oddsChange === OddsChange.Any || (oddsChange === OddsChange.Better && priced.odds.greaterThan(requested));
  if (!accepted) throw refuse(BetError.OddsChanged, `the builder's odds are ${priced.odds.toFixed(2)} now, asked ${requested.toString()}`);
  return { legs, odds: priced.odds };
}

/** One bet builder order on the selections, at the builder odds now if the member's acceptance takes them. */
export function draftBuilder(dc: DraftContext, ctx: PlaceContext, requests: readonly LegRequest[], bet: BuilderInput): Draft {
  const { legs, odds } = priceBuilderBet(dc.feed, dc.config, requests, new Decimal(bet.odds), bet.oddsChange, (i) => `betOptionList[${i}]`);
  const unitStake = parseStake(bet.unitStake, 'unitStake');
  checkStake(unitStake, builderRange(dc.config, ctx.currency, odds), 'unitStake');
  const id = dc.nextId();
  const snapshots = legs.map((leg) => dc.snapshots.of(leg));
  const order = orderRow(dc, ctx, id, { betType: BetType.Builder, seriesNumber: 0, legs, betCount: 1, unitStake, odds, oddsChange: bet.oddsChange });
  return { order, legs: legs.map((leg, n) => legRow(id, n + 1, leg, snapshots[n]!)), snapshots };
}

/** The combined price of selections of one match, each selection marked with why it cannot join, if it cannot. */
export function builderQuote(feed: Feed, config: PlatformConfig, requests: readonly BetInfoRequest[], currency: Currency): BuilderQuote {
  const matchId = requests[0]?.matchId ?? 0;
  const selections: BuilderSelection[] = [];
  const legs = requests.map((r) => {
    const market = feed.market(r.marketId);
    const option = market?.options.find((o) => o.type === r.type);
    if (!market || !option || market.replacedBy !== undefined || market.status !== 1 || option.isLock) {
      return { marketId: r.marketId, type: r.type, reason: BuilderReason.Unavailable as BuilderReason | null };
    }
    const selection = { market, optionType: r.type };
    const reason = selectionReason(selection, matchId) ?? (feed.scoreModel(matchId) ? null : BuilderReason.NoModel);
    if (!reason) selections.push(selection);
    return { marketId: r.marketId, type: r.type, reason };
  });
  const base = { matchId, legs, maxLegs: config.betting.builder.maxLegs, minBet: '0.00', maxBet: '0.00' };
  const refused = legs.findIndex((l) => l.reason !== null);
  if (refused >= 0) return { ...base, odds: null, reason: legs[refused]!.reason, message: builderMessage(legs[refused]!.reason!, refused) };
  if (requests.length < 2) return { ...base, odds: null, reason: null, message: 'a builder takes at least 2 selections' };
  const priced = priceBuilder(feed, config, selections);
  if (!priced.ok) {
    if (priced.leg !== undefined) legs[priced.leg]!.reason = priced.reason;
    return { ...base, odds: null, reason: priced.reason, message: priced.message };
  }
  const range = builderRange(config, currency, priced.odds);
  return { ...base, odds: priced.odds.toFixed(2), reason: null, message: '', minBet: range.min.toFixed(2), maxBet: range.max.toFixed(2) };
}
