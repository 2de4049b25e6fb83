/**
 * The simulated sports feed: a deterministic, in-memory world of fixtures, live matches, prices
 * and results for every scheme-A sport. No HTTP or database here: routes, the push hub and
 * settlement wire themselves to this interface.
 */
export { createFeed, FeedEngine } from './engine/feed';
export type { FeedOptions, FeedOrigin } from './engine/options';
export { MARKET_ID_SPAN, matchIdOfMarket } from './engine/marketBook';
export { FIXTURES_PER_SLOT, isOutrightId, SLOT_MS, slotOfMatch } from './engine/ids';
export { handicapResult, halfResults, settleOption, totalResult } from './engine/settle';
export { FootballEvent, IN_PLAY_STATUSES, MatchStatus, PE_TOTAL, BetResult, SportEvent, Tyg, marketTypeOf, type MarketKey, type MarketKind } from './codes';
export { DEFAULT_MARGINS, marginFor, type Margins } from './pricing/margin';
export { LANGS, type Lang, type Text } from './i18n';
export { periodTable, type PeriodDef, type PeriodTable } from './texts/periods';
export { PROFILES, SPORT_ORDER } from './fixtures/profiles';
export type * from './types';
