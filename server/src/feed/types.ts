import type { ScoreModel } from './pricing/builder';
import type { MarketKey, MarketKind, BetResult } from './codes';
import type { Lang, Text } from './i18n';
import type { MatchClock, ScoreRow } from '../../../contract/shapes';
import type { MediaLine, WireBetGroup, WireLeague, WireMarket, WireMatch, WireOption } from '../../../contract/match';
import type { MatchEvent as WireMatchEvent } from '../../../contract/push';
import type {
  BasketballTextEntry,
  FootballTextEntry,
  FutureRow as WireFutureRow,
  Injury as WireInjury,
  LineupPlayer as WireLineupPlayer,
  RankingRow as WireRankingRow,
  ScheduleRow as WireScheduleRow,
  History,
  LineupData,
  StatRow,
  WeatherData,
} from '../../../contract/matchData';

/*
 * What the feed holds of a wire shape is that shape: the contract writes its fields once (DESIGN.md, "the contract
 * once"). Where the feed keeps a name or a text in every language (Text) for the routes to answer in the one asked
 * for, or a richer part (its own markets), the type here is the contract's with those fields replaced.
 */

export type Side = 'home' | 'away';
export type ListType = 'inplay' | 'today' | 'early' | 'outright';

/** 1 on sale, 0 suspended (odds shown, no bets), -1 off (hidden). */
export type MarketStatus = 1 | 0 | -1;

/**
 * An option as the feed prices it: the wire's without `showOdd` (the routes format it), named in every language.
 * `odd` is decimal odds with 2 decimals (the precision shown and paid), >= 1.01; `type` is 'home' | 'draw' | 'away' |
 * 'over' | 'under' | 'odd' | 'even' | '1:0' | 'other' | 'home/draw' | 'noGoal' | 't<teamId>' ...
 */
export interface Option extends Omit<WireOption, 'name' | 'showOdd'> {
  name: Text;
}

/** What a market settles on: the sport's scoring unit, corners, tennis games, rally points, sets or a fight's length. */
export type ScoreUnit = 'goals' | 'corners' | 'games' | 'points' | 'sets' | 'length';

/** A market as the feed holds it: the wire's, with the feed's own codes, its name in every language and its own options. */
export interface Market extends Omit<WireMarket, 'key' | 'kind' | 'status' | 'unit' | 'name' | 'options'> {
  /** Set on a replaced market: the id that took its place. */
  replacedBy?: number;
  key: MarketKey;
  kind: MarketKind;
  status: MarketStatus;
  unit: ScoreUnit;
  name: Text;
  options: Option[];
}

export interface BetGroup extends Omit<WireBetGroup, 'name' | 'groupType' | 'moneyHandicap'> {
  name: Text;
  /** The market kind (staticList name key) shared by the group. */
  groupType: MarketKind;
  moneyHandicap: Market[];
}

export interface MediaSource {
  pc: string;
  h5: string;
}

export interface MatchMedia {
  /** Up to 5 video lines. */
  videos: MediaLine[];
  /** 1-2 animation sources. */
  animations: MediaSource[];
}

/** A list view of a match in one language: the wire's match with the feed's own markets in its bet groups. */
export interface MatchView extends Omit<WireMatch, 'betGroup'> {
  betGroup: BetGroup[];
}

export interface PlayerRef {
  id: number;
  name: Text;
  number: number;
}

/** A match event as the score push carries it, with the player's name and the text in every language. */
export interface MatchEvent extends Omit<WireMatchEvent, 'player' | 'text'> {
  player?: PlayerRef;
  text: Text;
}

export interface GenericTextLive {
  type: number;
  period: number;
  second: number;
  team: Side | null;
  homeScore: number;
  awayScore: number;
  text: string;
}

export type TextLiveEntry = FootballTextEntry | BasketballTextEntry | GenericTextLive;

export interface StatItem extends Omit<StatRow, 'name'> {
  name: Text;
}

export interface LineupPlayer extends Omit<WireLineupPlayer, 'name'> {
  name: Text;
}

/** A published line-up (the route answers `published` and empty lists before it is); its incidentArr the cards and substitutions so far. */
export interface Lineup extends Omit<LineupData, 'published' | 'homeLine' | 'homeBackup' | 'awayLine' | 'awayBackup'> {
  homeLine: LineupPlayer[];
  homeBackup: LineupPlayer[];
  awayLine: LineupPlayer[];
  awayBackup: LineupPlayer[];
}

export interface Weather extends Omit<WeatherData, 'weather'> {
  weather: Text;
}

export interface ScheduleRow extends Omit<WireScheduleRow, 'homeName' | 'awayName' | 'league'> {
  homeName: Text;
  awayName: Text;
  league: Text;
}

export interface FutureRow extends Omit<WireFutureRow, 'homeName' | 'awayName' | 'league'> {
  homeName: Text;
  awayName: Text;
  league: Text;
}

export interface RankingRow extends Omit<WireRankingRow, 'teamName'> {
  teamName: Text;
}

export interface Injury extends Omit<WireInjury, 'player' | 'reason' | 'expectedReturn'> {
  player: PlayerRef;
  reason: Text;
  expectedReturn: Text;
}

/** A match's history as the history route answers it (the route adds the match id), its names in every language. */
export interface HistoryData extends Omit<History, 'matchId' | 'historyMatch' | 'homeLastMatch' | 'awayLastMatch' | 'leagueRanking' | 'homeFutureMatch' | 'awayFutureMatch' | 'injury'> {
  historyMatch: ScheduleRow[];
  homeLastMatch: ScheduleRow[];
  awayLastMatch: ScheduleRow[];
  leagueRanking: RankingRow[];
  homeFutureMatch: FutureRow[];
  awayFutureMatch: FutureRow[];
  injury: Injury[];
}

export interface Pair {
  home: number;
  away: number;
}

/** Final score of one market period, per score unit. */
export interface PeriodTotals extends Partial<Record<Exclude<ScoreUnit, 'length'>, Pair>> {
  /** Fight length in rounds (2.5 = half-way through round 3). */
  length?: number;
  /** Side that scored first / last in the period; 'none' when nobody scored. */
  first?: Side | 'none';
  last?: Side | 'none';
}

export interface FinalScores {
  /** 'ft' is what full-time markets settle on (football: 90 minutes; basketball: with overtime); 'match' adds extra time, overtime and shootouts. */
  periods: Record<string, PeriodTotals>;
  /** Periods that finished (for an abandoned match only these settle). */
  completed: string[];
  winner: Side | 'draw' | null;
}

export interface TeamRef {
  id: number;
  name: Text;
  icon: string;
}

export interface SettledMarket {
  marketId: number;
  key: MarketKey;
  kind: MarketKind;
  marketType: number;
  period: string;
  line?: string;
  outcomes: Record<string, BetResult>;
}

export interface MatchResult {
  matchId: number;
  sportId: number;
  leagueId: number;
  league: { id: number; name: Text; icon: string };
  beginTime: number;
  endTime: number;
  matchStatus: number;
  /** e.g. "bo3", "bo5", "12 rounds", "" when the sport has no format. */
  matchFormat: string;
  bo: number;
  isNeutral: boolean;
  home: TeamRef;
  away: TeamRef | null;
  scores: ScoreRow[];
  totalScore: Pair;
  final: FinalScores;
  /** Outright results: the champion. */
  winnerTeamId?: number;
  /** Every market the feed opened for the match (current and replaced lines), dropped after the settled-market retention. */
  settledMarkets: SettledMarket[];
}

export interface League {
  id: number;
  sportId: number;
  name: Text;
  /** Icon key; the platform serves it at /api/league/icon/<id>. */
  icon: string;
  order: number;
  hot: boolean;
  teamIds: number[];
}

export interface TeamInfo {
  id: number;
  sportId: number;
  leagueId: number;
  name: Text;
  /** Served at /api/team/icon/<id>; drawn from the seed and the two colours. */
  icon: string;
  logo: { seed: number; colors: [string, string] };
}

export interface FeedStatistics {
  hotCount: number;
  hotList: Array<{ id: number; logoUrl: string; count: number; name: string; sportId: number }>;
  totalCount: number;
  playTypeMap: Record<ListType, { count: number; name: string; sports: Record<number, number> }>;
}

export type FeedChange =
  // serveIn: who serves the next point (as MatchView's), so the serve markers follow each point, not a reload.
  | { kind: 'score'; matchId: number; homeScore: number; awayScore: number; score: ScoreRow[]; period: number; serveIn: 0 | 1 | 2 }
  | { kind: 'clock'; matchId: number; clock: MatchClock; matchTime: number }
  | { kind: 'event'; matchId: number; event: MatchEvent }
  | { kind: 'odds'; matchId: number; markets: Market[] }
  | { kind: 'status'; matchId: number; matchStatus: number; period: number }
  | { kind: 'lineup'; matchId: number }
  | { kind: 'ended'; matchId: number; result: MatchResult }
  | { kind: 'scheduled'; matchIds: number[] };

export interface Fixture {
  matchId: number;
  sportId: number;
  league: { id: number; name: Text };
  /** An outright's home is its title (the competition), with no away side. */
  home: { id: number; name: Text; icon: string };
  away: { id: number; name: Text; icon: string } | null;
  beginTime: number;
  matchStatus: number;
  /** The sport's period id now (its period table, server/src/feed/texts/periods.ts); 0 before the start. */
  period: number;
  inPlay: boolean;
  isOutright: boolean;
}

export interface MatchFilter {
  type?: ListType;
  sportId?: number;
  leagueIds?: readonly number[];
  matchIds?: readonly number[];
}

export interface ResultRange {
  from: number;
  to: number;
  sportId?: number;
  leagueId?: number;
}

/** Where a match stands, as the test controls read it between steps. */
export interface ScenarioState {
  status: number;
  inPlay: boolean;
  finished: boolean;
  /** The sport's period id (0 not started) and its key in the sport's period table ("firstHalf", "halfTime", "set2"...). */
  period: number;
  periodKey: string;
  score: Pair;
  /** 0 nobody (or not a serving sport), 1 home, 2 away. */
  serve: 0 | 1 | 2;
  /** Its markets are suspended now (a dangerous event, an interruption, lost coverage). */
  suspended: boolean;
  /** How many events the match has had. */
  events: number;
  /** Video lines the match has once in play. */
  videoLines: number;
}

/** An event still to come in a match (FeedScenario.ahead), with the score once it has happened. */
export interface AheadEvent {
  code: string;
  team: Side | null;
  score: Pair;
}

/**
 * What the test controls (TEST_CONTROLS) do to the feed, beside the Feed every part reads: move one match to its next
 * transition while the rest of the world stands still, kick one off now, change one market, or move the whole clock.
 * Everything goes out through the feed's listeners, as the feed's own changes do.
 */
export interface FeedScenario {
  /** Moves simulated time forward for everything (matches, schedules, economy, experts), then ticks. */
  shiftClock(ms: number): void;
  /** Whether the match is played as scheduled: not called off, delayed, interrupted, nor losing coverage. */
  plain(matchId: number): boolean;
  state(matchId: number): ScenarioState | undefined;
  /** The events the match has still to come, in order (a match played as scheduled: plain). */
  ahead(matchId: number): AheadEvent[];
  /** Kicks an upcoming match off now; false when it is not upcoming. */
  kickOff(matchId: number): boolean;
  /** Plays a live match to its next transition (an event, a period, a reopening); false once it is over. */
  stepMatch(matchId: number): boolean;
  /** Sets a market's odds (by option type) or status (1 open, 0 suspended); undefined when there is no such market on sale. */
  overrideMarket(marketId: number, change: { odds?: Readonly<Record<string, string>>; status?: 0 | 1 }): Market | undefined;
}

/**
 * The feed's interface, in the parts its users need: a user takes the narrow part it reads (betting the prices and
 * fixtures, the match-data routes the match data), the platform's wiring the whole Feed. Times are simulated epoch ms
 * (equal to the real clock at speed 1); text comes in the five languages, or in the `lang` asked for (default CMN).
 */

/** The simulated clock and what moves the world along it. */
export interface FeedClock {
  /** Simulated epoch ms now (equals the real clock at speed 1). */
  now(): number;
  /** Advances the world to now(); a second call at the same real time does nothing. */
  tick(): void;
  /** Ticks on a real timer (unref'd, so it never keeps the process alive). */
  start(intervalMs?: number): void;
  stop(): void;
}

/** The lists and the fixtures in them. */
export interface FeedViews {
  /** List views: in-play, today (starting within 24 h), early (later) or outright; all but outright by default. */
  matches(filter?: MatchFilter, lang?: Lang): MatchView[];
  /** One match (finished ones stay reachable for a while) or outright. */
  match(matchId: number, lang?: Lang): MatchView | undefined;
  /** What a bet needs to know about its match, cheaply (no view is built): names in every language, start, state. */
  fixture(matchId: number): Fixture | undefined;
  /** The fixtures of the in-play or today list, as cheaply (no views, no markets), in no particular order. */
  fixtures(type: 'inplay' | 'today'): Fixture[];
  /** Leagues of a sport (a number is the sport id), with the match count of a list. */
  leagues(filter?: number | { sportId?: number; type?: ListType }, lang?: Lang): WireLeague[];
  league(leagueId: number): League | undefined;
  team(teamId: number): TeamInfo | undefined;
  statistics(lang?: Lang): FeedStatistics;
}

/** Prices: the markets of a match and any market by id. */
export interface FeedPrices {
  /** Markets on sale or suspended. */
  markets(matchId: number): Market[];
  betGroups(matchId: number): BetGroup[];
  /** Any market the feed opened that is still held: current, suspended, off or replaced (with `replacedBy`). */
  market(marketId: number): Market | undefined;
  option(marketId: number, type: string): { market: Market; option: Option } | undefined;
  /**
   * The joint distribution of the match's final full-time score its current full-time prices are sums over (bet
   * builders, pricing/builder.ts); undefined for a sport without one or once full time is decided.
   */
  scoreModel(matchId: number): ScoreModel | undefined;
}

/** What settled. */
export interface FeedResults {
  /** Finished, called-off and abandoned matches and settled outrights, newest start first. */
  results(range: ResultRange): MatchResult[];
  resultOf(matchId: number): MatchResult | undefined;
  /** The spec's result code of one option of a settled market (undefined while unsettled or forgotten). */
  outcomeOf(marketId: number, optionType: string): BetResult | undefined;
}

/** A match's pre-match book as it opened and, once the match is over, how each of its markets settled. */
export interface OpeningBook {
  markets: Market[];
  /** Null until the feed holds the match's result. */
  settled: SettledMarket[] | null;
}

/** What the feed can tell of matches it played out before it started pricing (the history built at start). */
export interface FeedHistory {
  /**
   * A match's pre-match markets as they opened (its book priced from the match alone, before any play, as every
   * instance prices it) and their outcomes once the match has a result. The history a feed plays out at start is never
   * priced (results without settled markets), so this is what a pre-match tip on such a match stood on. The markets
   * are a fresh book's: their ids are not the ones a book the feed priced later gave. Undefined for an id the schedule
   * never made (outrights included).
   */
  openingBook(matchId: number): OpeningBook | undefined;
}

/** A match's data beside its prices: events, line-ups, statistics, history, analysis, weather, media. */
export interface FeedMatchData {
  lineup(matchId: number): Lineup | undefined;
  textLive(matchId: number, lang?: Lang): TextLiveEntry[];
  events(matchId: number): MatchEvent[];
  stats(matchId: number): StatItem[];
  history(matchId: number): HistoryData | undefined;
  /** Outdoor sports only. */
  weather(matchId: number): Weather | undefined;
  analysis(matchId: number, lang?: Lang): string[];
  intelligence(matchId: number, lang?: Lang): string[];
  media(matchId: number): MatchMedia | undefined;
}

/** Changes as they happen. */
export interface FeedChanges {
  /** Changes in order; returns the unsubscribe function. */
  on(listener: (change: FeedChange) => void): () => void;
}

/** Several instances (issue 19): a follower plays the same world but takes in-play prices from the leader. */
export interface FeedReplication {
  /** True while in-play markets come from replicate() instead of this feed's own pricing. */
  readonly following: boolean;
  /** Follows (stops pricing in-play markets; its own in-play books are dropped) or starts pricing again (a promotion). */
  follow(following: boolean): void;
  /** What a follower needs after an odds change of a match: the changed markets and the match's current ones. */
  replicaOf(matchId: number, changed: readonly Market[]): MarketsReplica | undefined;
  /** Applies the leader's markets of a match (ignored while leading, and for matches over or unknown here). */
  replicate(replica: MarketsReplica): void;
}

export interface Feed extends FeedClock, FeedViews, FeedPrices, FeedResults, FeedHistory, FeedMatchData, FeedChanges, FeedReplication {
  /** FEED_SEED: what else the platform derives from the world (the experts' roster) draws from it too. */
  readonly seed: number;
}

/** One match's markets as the leader holds them, for followers (cluster/priceReplication.ts carries them). */
export interface MarketsReplica {
  matchId: number;
  markets: Array<{ market: Market; slot: string; line?: number }>;
}
