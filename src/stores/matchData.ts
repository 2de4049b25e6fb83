import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { getEnv } from 'mobx-state-tree';
import type { HttpClients } from '../services/http';
import { consoleLogger, type Logger } from '../services/logger';
import type { PushClient } from '../services/push';
import type { Env } from './env';
import { onDemand, type OnDemandRoot } from './onDemand';
import { FOOTBALL_EVENT_CHANNEL, FOOTBALL_TEC_CHANNEL, isRecord, lineFromEvent, LINEUP_STATUS_CHANNEL, pick, scoreChannel } from './footballEvents';

/*
 * The match-detail data panels (weather, statistics, history, line-ups, text live, analysis, intelligence). The
 * answers are the platform's score and match-data GETs (docs/api.md, "Match data"); they belong to one match on one
 * screen, so they live in this plain MobX store made on first use (matchDataOf) rather than in the root tree.
 */

// ---------------------------------------------------------------------------------------------------------------
// The wire shapes (server/src/routes/matchData/*.ts)

export type Side = 'home' | 'away';

export interface Pair {
  home: number;
  away: number;
}

export interface StatRow extends Pair {
  key: string;
  /** The label in the request language. */
  name: string;
}

export interface Weather {
  /** °C */
  temperature: number;
  /** m/s */
  wind: number;
  /** hPa */
  pressure: number;
  /** % */
  humidity: number;
  /** The conditions in the request language. */
  weather: string;
  /** An icon key (sunny, partly-cloudy, overcast, light-rain, rain, thunderstorm, fog, snow), or an image path. */
  weather_image: string;
  weather_id: number;
}

/** The football technical statistics the spec names, in the order they are shown. */
export const TECHNIC_KEYS = ['possession', 'attacks', 'dangerousAttacks', 'shotsOnTarget', 'shotsOffTarget', 'corners', 'yellowCards', 'redCards'] as const;
export type TechnicKey = (typeof TECHNIC_KEYS)[number];
export type Technic = Record<TechnicKey, Pair>;

/** GET /api/match/zq/matchInfo */
export interface FootballInfo {
  matchId: number;
  weather: Weather | null;
  /** Null before kick-off. */
  technic: Technic | null;
  stats: StatRow[];
}

/** GET /api/score/lq/teahnic */
export interface BasketballTechnic {
  matchId: number;
  matchStatus: number;
  period: number;
  homeScore: number;
  awayScore: number;
  sections: Array<{ period: number; name: string; home: number; away: number }>;
  stats: StatRow[];
}

export interface LineupPlayer {
  id: number;
  number: number;
  name: string;
  /** Football G/D/M/F, basketball PG/SG/SF/PF/C. */
  position: string;
}

export interface LineupIncident {
  /** Football event type (3 yellow, 4 red, 9 substitution, 15 two yellows to red, ...). */
  type: number;
  second: number;
  team: Side;
  /** The booked player, or the player coming on. */
  playerId: number;
  /** Substitution: the player going off. */
  relatedPlayerId?: number;
}

/** GET /api/score/zq/lineup and /api/score/lq/lineup */
export interface Lineup {
  matchId: number;
  published: boolean;
  homeLine: LineupPlayer[];
  homeBackup: LineupPlayer[];
  awayLine: LineupPlayer[];
  awayBackup: LineupPlayer[];
  homeFormation: number[];
  awayFormation: number[];
  incidentArr: LineupIncident[];
  logoArr: { home: string; away: string };
}

/** One line of GET /api/score/zq/TextLive (newest first). */
export interface FootballTextLine {
  type: number;
  /** "23'", "45+2'" */
  minute: string;
  second: number;
  team: Side | null;
  text: string;
}

/** One row of GET /api/score/lq/TextLive (newest first). */
export interface BasketballPlay {
  section: number;
  /** Game clock mm:ss. */
  time: string;
  sign: Side | null;
  homeScore: number;
  awayScore: number;
  event: string;
}

export interface ScheduleRow {
  homeName: string;
  awayName: string;
  /** Epoch ms. */
  matchTime: number;
  homeScore: number;
  awayScore: number;
  homeHalfScore: number;
  awayHalfScore: number;
  homeLogo: string;
  awayLogo: string;
  isHome: boolean;
  status: 'win' | 'draw' | 'lose';
  league: string;
}

export interface FutureRow {
  matchId: number;
  homeName: string;
  awayName: string;
  matchTime: number;
  homeLogo: string;
  awayLogo: string;
  isHome: boolean;
  league: string;
}

export interface RankingRow {
  rank: number;
  teamId: number;
  teamName: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
}

export interface GoalBands {
  /** Per 15-minute band: 0-15, 15-30, 30-45, 45-60, 60-75, 75-90. */
  scored: number[];
  conceded: number[];
}

export interface Injury {
  teamId: number;
  side: Side;
  player: { id: number; name: string; number: number };
  reason: string;
  expectedReturn: string;
}

/** GET /api/match/history */
export interface History {
  matchId: number;
  historyMatch: ScheduleRow[];
  homeLastMatch: ScheduleRow[];
  awayLastMatch: ScheduleRow[];
  leagueRanking: RankingRow[];
  homeFutureMatch: FutureRow[];
  awayFutureMatch: FutureRow[];
  goalDist: { home: GoalBands; away: GoalBands };
  injury: Injury[];
}

// ---------------------------------------------------------------------------------------------------------------
// Sports, sections and the push payloads

export type DataSport = 'football' | 'basketball' | 'other';

/** Scheme A ids: e-football and e-basketball use the football (zq) and basketball (lq) routes as well. */
export function dataSportOf(sportId: number): DataSport {
  if (sportId === 1 || sportId === 177) return 'football';
  if (sportId === 3 || sportId === 178) return 'basketball';
  return 'other';
}

/** The basketball text-live filter: staticList period ids, as the route's `section` takes them. */
export const BASKETBALL_SECTIONS = [
  { id: 1, key: 'full' },
  { id: 2, key: 'firstHalf' },
  { id: 3, key: 'secondHalf' },
  { id: 4, key: 'q1' },
  { id: 5, key: 'q2' },
  { id: 6, key: 'q3' },
  { id: 7, key: 'q4' },
  { id: 8, key: 'overtime' },
] as const;
export type BasketballSection = (typeof BASKETBALL_SECTIONS)[number]['id'];

/** A `football:tec` payload ({ matchId, stats: [{ key, name (five languages), home, away }] }) as football info fields. */
export function statsFromPush(data: unknown, language: string): { matchId: number; technic: Technic | null; stats: StatRow[] } | undefined {
  if (!isRecord(data) || !Array.isArray(data.stats)) return undefined;
  const matchId = Number(data.matchId);
  if (!Number.isInteger(matchId)) return undefined;
  const stats: StatRow[] = [];
  for (const item of data.stats) {
    if (!isRecord(item) || typeof item.key !== 'string' || typeof item.home !== 'number' || typeof item.away !== 'number') return undefined;
    stats.push({ key: item.key, name: pick(item.name, language) ?? item.key, home: item.home, away: item.away });
  }
  const byKey = new Map(stats.map((s) => [s.key, s]));
  // The route's rule: no statistics at all means "not started" (technic null).
  const technic = stats.length === 0 ? null : (Object.fromEntries(TECHNIC_KEYS.map((k) => [k, { home: byKey.get(k)?.home ?? 0, away: byKey.get(k)?.away ?? 0 }])) as Technic);
  return { matchId, technic, stats };
}

const lineKey = (line: FootballTextLine) => `${line.second}|${line.type}|${line.text}`;

// ---------------------------------------------------------------------------------------------------------------
// One answer

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

/**
 * One GET's answer with its loading state. The first load shows a skeleton; later refreshes keep what is shown
 * (a failed refresh too). A newer load always wins over an older slower one, and refreshes asked for while one
 * is in flight are served by a single follow-up.
 */
export class Remote<T> {
  status: LoadStatus = 'idle';
  data: T | undefined = undefined;
  error: unknown = undefined;
  /** A refresh of data already shown is in flight. */
  refreshing = false;
  private ticket = 0;
  /** The latest load, until it settles. */
  private inflight: Promise<void> | undefined;
  /** The follow-up load queued behind it. */
  private queued: Promise<void> | undefined;

  constructor(
    private readonly fetcher: () => Promise<T>,
    private readonly logger: Logger = consoleLogger,
  ) {
    makeObservable<Remote<T>, 'settle'>(this, { status: observable, data: observableRef, error: observableRef, refreshing: observable, update: action, settle: action });
  }

  /** Loads once: the first panel that shows this answer calls it; later ones reuse it. */
  ensure(): void {
    if (this.status === 'idle') void this.load();
  }

  /** Loads now (first load and Retry). */
  load(): Promise<void> {
    const ticket = ++this.ticket;
    runInAction(() => {
      if (this.data === undefined) this.status = 'loading';
      else this.refreshing = true;
    });
    let fetched: Promise<T>;
    try {
      fetched = this.fetcher();
    } catch (error) {
      fetched = Promise.reject(error);
    }
    const settled = fetched.then(
      (data) => this.settle(ticket, { data }),
      (error: unknown) => this.settle(ticket, { error }),
    );
    const tracked: Promise<void> = settled.then(() => {
      if (this.inflight === tracked) this.inflight = undefined;
    });
    this.inflight = tracked;
    return settled;
  }

  /**
   * Reloads because something changed. While a load runs, one follow-up after it serves every refresh asked for
   * meanwhile (the running answer may predate the change).
   */
  refresh(): Promise<void> {
    if (this.queued) return this.queued;
    if (!this.inflight) return this.load();
    const queued = this.inflight.then(() => {
      this.queued = undefined;
      return this.load();
    });
    this.queued = queued;
    return queued;
  }

  /** True while a load is in flight (a pushed change may then be overtaken by its answer: refresh instead). */
  get busy(): boolean {
    return this.status === 'loading' || this.refreshing;
  }

  /** Applies a pushed change to the answer shown. */
  update(change: (data: T) => T): void {
    if (this.data !== undefined) this.data = change(this.data);
  }

  private settle(ticket: number, outcome: { data: T } | { error: unknown }): void {
    if (ticket !== this.ticket) return;
    this.refreshing = false;
    if ('data' in outcome) {
      this.data = outcome.data;
      this.error = undefined;
      this.status = 'ready';
      return;
    }
    this.logger.warn('[matchData] load failed', outcome.error);
    if (this.data === undefined) {
      this.error = outcome.error;
      this.status = 'failed';
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The store

export interface MatchDataDeps {
  http: Pick<HttpClients, 'match'>;
  push: Pick<PushClient, 'subscribe'>;
  now(): number;
  logger?: Logger;
}

/** How many answers stay cached (a few matches' worth of tabs); the oldest unused go first. */
const CACHE_LIMIT = 48;

export class MatchDataStore {
  private readonly cache = new Map<string, Remote<unknown>>();
  private readonly logger: Logger;
  private closed = false;

  constructor(private readonly deps: MatchDataDeps) {
    this.logger = deps.logger ?? consoleLogger;
  }

  private remote<T>(key: string, path: string, params: Record<string, string | number>): Remote<T> {
    const existing = this.cache.get(key);
    if (existing) {
      // Most recently used goes last, so eviction drops the oldest.
      this.cache.delete(key);
      this.cache.set(key, existing);
      return existing as Remote<T>;
    }
    const remote = new Remote<T>(() => this.get<T>(path, params), this.logger);
    this.cache.set(key, remote as Remote<unknown>);
    if (!this.closed && this.cache.size > CACHE_LIMIT) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    return remote;
  }

  private async get<T>(path: string, params: Record<string, string | number>): Promise<T> {
    // Anonymous GETs on the match-data host with the spec's plat and cache-busting t.
    const answer: unknown = await this.deps.http.match.get(path, { params: { ...params, plat: 'pc', t: this.deps.now() }, noAuth: true });
    return answer as T;
  }

  footballInfo(matchId: number, language: string): Remote<FootballInfo> {
    return this.remote(`${language}|info|${matchId}`, '/api/match/zq/matchInfo', { id: matchId, language });
  }

  basketballTechnic(matchId: number, language: string): Remote<BasketballTechnic> {
    return this.remote(`${language}|teahnic|${matchId}`, '/api/score/lq/teahnic', { id: matchId, language });
  }

  history(matchId: number, language: string): Remote<History> {
    return this.remote(`${language}|history|${matchId}`, '/api/match/history', { id: matchId, language });
  }

  lineup(matchId: number, sport: 'football' | 'basketball', language: string): Remote<Lineup> {
    const path = sport === 'football' ? '/api/score/zq/lineup' : '/api/score/lq/lineup';
    return this.remote(`${language}|lineup|${matchId}`, path, { id: matchId, language });
  }

  footballText(matchId: number, language: string): Remote<FootballTextLine[]> {
    return this.remote(`${language}|zqText|${matchId}`, '/api/score/zq/TextLive', { id: matchId, language });
  }

  basketballText(matchId: number, section: BasketballSection, language: string): Remote<BasketballPlay[]> {
    return this.remote(`${language}|lqText|${matchId}|${section}`, '/api/score/lq/TextLive', { id: matchId, section, language });
  }

  analysis(matchId: number, language: string): Remote<string[]> {
    return this.remote(`${language}|analysis|${matchId}`, '/api/match/analysis', { id: matchId, language });
  }

  intelligence(matchId: number, sport: 'football' | 'basketball', language: string): Remote<string[]> {
    const path = sport === 'football' ? '/api/match/zq/intelligence' : '/api/match/lq/intelligence';
    return this.remote(`${language}|intelligence|${matchId}`, path, { id: matchId, language });
  }

  /** Applies `football:tec` pushes for this match to its football info while a panel shows it. */
  followFootballStats(matchId: number, language: string): () => void {
    return this.deps.push.subscribe(FOOTBALL_TEC_CHANNEL, (data) => {
      const pushed = statsFromPush(data, language);
      if (!pushed) {
        if (isRecord(data) && Number(data.matchId) === matchId) void this.footballInfo(matchId, language).refresh();
        return;
      }
      if (pushed.matchId !== matchId) return;
      const remote = this.footballInfo(matchId, language);
      if (remote.busy || remote.data === undefined) {
        void remote.refresh();
        return;
      }
      remote.update((info) => ({ ...info, technic: pushed.technic, stats: pushed.stats }));
    });
  }

  /** Adds `football:js1` events of this match to its text live (newest first) while a panel shows it. */
  followFootballText(matchId: number, language: string): () => void {
    return this.deps.push.subscribe(FOOTBALL_EVENT_CHANNEL, (data) => {
      if (!isRecord(data) || Number(data.matchId) !== matchId) return;
      const remote = this.footballText(matchId, language);
      const pushed = lineFromEvent(data, language);
      // A payload without what a line needs, or one racing a load: the answer is the truth.
      if (!pushed || remote.busy || remote.data === undefined) {
        void remote.refresh();
        return;
      }
      remote.update((lines) => {
        const key = lineKey(pushed.line);
        if (lines.some((line) => lineKey(line) === key)) return lines;
        return [pushed.line, ...lines];
      });
    });
  }

  /** Refetches the line-up when `lineup:status` names this match. */
  followLineup(matchId: number, sport: 'football' | 'basketball', language: string): () => void {
    return this.deps.push.subscribe(LINEUP_STATUS_CHANNEL, (data) => {
      if (isRecord(data) && Number(data.matchId) === matchId) void this.lineup(matchId, sport, language).refresh();
    });
  }

  /**
   * Basketball has no statistics or play-by-play channel: the match's score channel tells that something happened
   * (a score, an event, a period change) and the answer shown is refetched, one request per burst.
   */
  followBasketball(matchId: number, refetch: () => Remote<unknown>): () => void {
    return this.deps.push.subscribe(scoreChannel(matchId), (data) => {
      if (!isRecord(data) || data.kind === 'clock' || data.kind === 'odds') return;
      void refetch().refresh();
    });
  }

  close(): void {
    this.closed = true;
    this.cache.clear();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Made on first use

/**
 * The match-data store of an app root, made when the first data panel renders (so its code loads with the match
 * detail screen, not in the initial bundle) and closed when the app unmounts.
 */
export const { of: matchDataOf } = onDemand((root: OnDemandRoot) => {
  const env = getEnv<Env>(root);
  const store = new MatchDataStore({ http: env.http, push: env.push, now: () => env.clock.now(), logger: env.logger });
  return { store, close: () => store.close() };
});
