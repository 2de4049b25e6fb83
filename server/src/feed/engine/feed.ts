import type { ScoreModel } from '../pricing/builder';
import type { BetResult } from '../codes';
import type { Lang } from '../i18n';
import type { WireLeague } from '../../../../contract/match';
import type {
  BetGroup,
  Feed,
  FeedChange,
  FeedScenario,
  FeedStatistics,
  Fixture,
  HistoryData,
  League,
  Lineup,
  ListType,
  Market,
  MarketsReplica,
  MatchEvent,
  MatchFilter,
  MatchMedia,
  MatchResult,
  MatchView,
  OpeningBook,
  Option,
  ResultRange,
  StatItem,
  TeamInfo,
  TextLiveEntry,
  Weather,
} from '../types';
import { SimClock, Ticker } from './clock';
import { LiveMatches } from './live';
import { MarketBook } from './marketBook';
import { MatchData } from './matchData';
import { resolveOptions, type FeedOptions } from './options';
import { Pricing } from './pricing';
import { ReadViews } from './reads';
import { settleMarket } from './settle';
import { Replication } from './replication';
import { createScenario } from './scenario';
import { FeedState } from './state';
import { Timeline } from './timeline';

/**
 * The feed engine: the parts of the feed put together. Simulated time runs on the clock (clock.ts); `tick()` brings
 * the world to now(): the timeline runs what fell due (timeline.ts), every live match steps its sport's simulation
 * (live.ts, sports/), pricing reprices what changed (pricing.ts). Reads go to the read views (reads.ts), the match
 * data (matchData.ts) and the prices; a follower takes the leader's in-play prices (replication.ts); test controls
 * move it through a scenario (scenario.ts). Each Feed part (types.ts) is one of these; this class only delegates.
 */
export class FeedEngine implements Feed {
  private readonly s: FeedState;
  private readonly clock: SimClock;
  private readonly ticker: Ticker;
  private readonly timeline: Timeline;
  private readonly live: LiveMatches;
  private readonly pricing: Pricing;
  private readonly views: ReadViews;
  private readonly matchData: MatchData;
  private readonly replication: Replication;

  constructor(options: FeedOptions) {
    const o = resolveOptions(options);
    const real = o.now();
    this.clock = new SimClock(o.now, o.speed, o.origin, real);
    const builtAt = this.clock.at(real);
    this.s = new FeedState(o, builtAt, options.following === true);
    this.pricing = new Pricing(this.s);
    this.live = new LiveMatches(this.s, this.pricing);
    this.timeline = new Timeline(this.s, this.live, builtAt);
    this.views = new ReadViews(this.s, this.pricing);
    this.matchData = new MatchData(this.s, this.live);
    this.replication = new Replication(this.s);
    this.ticker = new Ticker(() => this.tick(), o.onError);
    this.build(builtAt);
  }

  /** The world at the start: past slots are played out quietly, then live matches are priced. */
  private build(builtAt: number): void {
    const s = this.s;
    this.timeline.runTo(builtAt);
    for (const m of [...s.live.values()]) this.live.advance(m, builtAt);
    s.quiet = false;
    for (const m of s.live.values()) {
      this.live.flushEvents(m);
      this.pricing.reprice(m, s.elapsedOf(m, builtAt));
    }
    s.resultStore.prune(builtAt);
    this.timeline.takePublished();
  }

  get seed(): number {
    return this.s.o.seed;
  }

  now(): number {
    return this.clock.now();
  }

  tick(): void {
    const s = this.s;
    const real = this.clock.real();
    const t = this.clock.at(real);
    // Nothing to do until simulated time moves (a frozen feed, FEED_SPEED 0, moves only by shiftClock).
    if (t <= s.simNow) return;
    s.simNow = t;
    this.timeline.runTo(t);
    for (const m of [...s.live.values()]) this.live.advance(m, t);
    this.live.emitClocks(real);
    const matchIds = this.timeline.takePublished();
    if (matchIds.length > 0) s.emit({ kind: 'scheduled', matchIds });
    s.resultStore.prune(t);
  }

  start(intervalMs = 1000): void {
    this.ticker.start(intervalMs);
  }

  stop(): void {
    this.ticker.stop();
  }

  on(listener: (change: FeedChange) => void): () => void {
    return this.s.on(listener);
  }

  /** Test controls (TEST_CONTROLS): a scenario moves one match, one market or the whole clock on demand. */
  scenario(): FeedScenario {
    return createScenario({ s: this.s, clock: this.clock, tick: () => this.tick(), live: this.live, pricing: this.pricing });
  }

  // ---- read views and results ----

  matches(filter?: MatchFilter, lang?: Lang): MatchView[] {
    return this.views.matches(filter, lang);
  }

  match(matchId: number, lang?: Lang): MatchView | undefined {
    return this.views.match(matchId, lang);
  }

  fixture(matchId: number): Fixture | undefined {
    return this.views.fixture(matchId);
  }

  fixtures(type: 'inplay' | 'today'): Fixture[] {
    return this.views.fixtures(type);
  }

  leagues(filter?: number | { sportId?: number; type?: ListType }, lang?: Lang): WireLeague[] {
    return this.views.leagues(filter, lang);
  }

  league(leagueId: number): League | undefined {
    return this.views.league(leagueId);
  }

  team(teamId: number): TeamInfo | undefined {
    return this.views.team(teamId);
  }

  statistics(lang?: Lang): FeedStatistics {
    return this.views.statistics(lang);
  }

  results(range: ResultRange): MatchResult[] {
    return this.views.results(range);
  }

  resultOf(matchId: number): MatchResult | undefined {
    return this.views.resultOf(matchId);
  }

  outcomeOf(marketId: number, optionType: string): BetResult | undefined {
    return this.views.outcomeOf(marketId, optionType);
  }

  openingBook(matchId: number): OpeningBook | undefined {
    const m = this.timeline.scheduledRecord(matchId);
    if (!m) return undefined;
    const book = new MarketBook(m.id, m.sportId, this.s.o.margins);
    book.apply(this.s.newSim(m).quotes(0, { home: m.home.name, away: m.away.name, prevLine: (slot) => book.lineOf(slot) }), false, false);
    const markets = book.current();
    const result = this.views.resultOf(matchId);
    return { markets, settled: result ? markets.map((market) => settleMarket(market, result.final, result.matchStatus)) : null };
  }

  // ---- prices ----

  markets(matchId: number): Market[] {
    return this.pricing.markets(matchId);
  }

  betGroups(matchId: number): BetGroup[] {
    return this.pricing.betGroups(matchId);
  }

  market(marketId: number): Market | undefined {
    return this.pricing.market(marketId);
  }

  option(marketId: number, type: string): { market: Market; option: Option } | undefined {
    return this.pricing.option(marketId, type);
  }

  scoreModel(matchId: number): ScoreModel | undefined {
    return this.pricing.scoreModel(matchId);
  }

  // ---- match data ----

  lineup(matchId: number): Lineup | undefined {
    return this.matchData.lineup(matchId);
  }

  textLive(matchId: number, lang?: Lang): TextLiveEntry[] {
    return this.matchData.textLive(matchId, lang);
  }

  events(matchId: number): MatchEvent[] {
    return this.matchData.events(matchId);
  }

  stats(matchId: number): StatItem[] {
    return this.matchData.stats(matchId);
  }

  history(matchId: number): HistoryData | undefined {
    return this.matchData.history(matchId);
  }

  weather(matchId: number): Weather | undefined {
    return this.matchData.weather(matchId);
  }

  analysis(matchId: number, lang?: Lang): string[] {
    return this.matchData.analysis(matchId, lang);
  }

  intelligence(matchId: number, lang?: Lang): string[] {
    return this.matchData.intelligence(matchId, lang);
  }

  media(matchId: number): MatchMedia | undefined {
    return this.matchData.media(matchId);
  }

  // ---- several instances ----

  get following(): boolean {
    return this.replication.following;
  }

  follow(following: boolean): void {
    this.replication.follow(following);
  }

  replicaOf(matchId: number, changed: readonly Market[]): MarketsReplica | undefined {
    return this.replication.replicaOf(matchId, changed);
  }

  replicate(replica: MarketsReplica): void {
    this.replication.replicate(replica);
  }
}

export function createFeed(options: FeedOptions): FeedEngine {
  return new FeedEngine(options);
}
