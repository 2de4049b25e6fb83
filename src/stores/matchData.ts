import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { getEnv } from 'mobx-state-tree';
import type { HttpClients } from '../services/http';
import { consoleLogger, type Logger } from '../services/logger';
import type { PushClient } from '../services/push';
import type {
  BasketballTechnic,
  BasketballTextEntry,
  FootballInfo,
  FootballTextEntry,
  FutureRow,
  GoalBands,
  History,
  Injury,
  LineupData,
  LineupIncident,
  LineupPlayer,
  Pair,
  RankingRow,
  ScheduleRow,
  StatRow,
  Technic,
  TechnicKey,
  WeatherData,
} from '../../contract/matchData';
import type { Env } from './env';
import { onDemand, type OnDemandRoot } from './onDemand';
import { FOOTBALL_EVENT_CHANNEL, FOOTBALL_TEC_CHANNEL, isRecord, lineFromEvent, LINEUP_STATUS_CHANNEL, pick, scoreChannel } from './footballEvents';

/*
 * The match-detail data panels (weather, statistics, history, line-ups, text live, analysis, intelligence). The
 * answers are the platform's score and match-data GETs (docs/api.md, "Match data"); they belong to one match on one
 * screen, so they live in this plain MobX store made on first use (matchDataOf) rather than in the root tree.
 */

// ---------------------------------------------------------------------------------------------------------------
// The wire shapes: the contract's (contract/matchData.ts), types only

export type { BasketballTechnic, FootballInfo, FutureRow, GoalBands, History, Injury, LineupIncident, LineupPlayer, Pair, RankingRow, ScheduleRow, StatRow, Technic, TechnicKey };

export type Side = 'home' | 'away';
export type Weather = WeatherData;
/** GET /api/score/zq/lineup and /api/score/lq/lineup */
export type Lineup = LineupData;
/** One line of GET /api/score/zq/TextLive (newest first). */
export type FootballTextLine = FootballTextEntry;
/** One row of GET /api/score/lq/TextLive (newest first). */
export type BasketballPlay = BasketballTextEntry;

/**
 * The football technical statistics the spec names, in the order they are shown: the contract's TECHNIC_KEYS, kept
 * here as a value so the store does not load the contract's schemas (the type pins them to the contract's keys).
 */
export const TECHNIC_KEYS = ['possession', 'attacks', 'dangerousAttacks', 'shotsOnTarget', 'shotsOffTarget', 'corners', 'yellowCards', 'redCards'] as const satisfies readonly TechnicKey[];

// ---------------------------------------------------------------------------------------------------------------
// Families, sections and the push payloads

/**
 * The score host's route families: football's `zq` routes and basketball's `lq` routes. Which family a sport reads
 * is its plugin's declaration (`matchDetail.dataSource`), never decided here from sport ids.
 */
export type DataFamily = 'football' | 'basketball';

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

  lineup(matchId: number, family: DataFamily, language: string): Remote<Lineup> {
    const path = family === 'football' ? '/api/score/zq/lineup' : '/api/score/lq/lineup';
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

  intelligence(matchId: number, family: DataFamily, language: string): Remote<string[]> {
    const path = family === 'football' ? '/api/match/zq/intelligence' : '/api/match/lq/intelligence';
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
  followLineup(matchId: number, family: DataFamily, language: string): () => void {
    return this.deps.push.subscribe(LINEUP_STATUS_CHANNEL, (data) => {
      if (isRecord(data) && Number(data.matchId) === matchId) void this.lineup(matchId, family, language).refresh();
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
