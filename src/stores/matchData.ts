import { getEnv, types } from 'mobx-state-tree';
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
import { TECHNIC_KEYS } from '../../contract/matchData';
import type { Env } from './env';
import { onDemand, type OnDemandRoot } from './onDemand';
import { request } from './request';
import { FOOTBALL_EVENT_CHANNEL, FOOTBALL_TEC_CHANNEL, isRecord, lineFromEvent, LINEUP_STATUS_CHANNEL, pick, scoreChannel, type Side } from './footballEvents';

/*
 * The match-detail data panels (weather, statistics, history, line-ups, text live, analysis, intelligence). The
 * answers are the platform's score and match-data GETs (docs/api.md, "Match data"); they belong to one match on one
 * screen, so they live in this store made on first use (matchDataOf) rather than in the root tree: a cache of answers
 * (each a Remote, an MST model loading through the request primitive) and the push channels that patch them.
 */

// ---------------------------------------------------------------------------------------------------------------
// The wire shapes: the contract's (contract/matchData.ts), types only

export type { BasketballTechnic, FootballInfo, FutureRow, GoalBands, History, Injury, LineupIncident, LineupPlayer, Pair, RankingRow, ScheduleRow, StatRow, Technic, TechnicKey };

export type { Side };
export type Weather = WeatherData;
/** GET /api/score/zq/lineup and /api/score/lq/lineup */
export type Lineup = LineupData;
/** One line of GET /api/score/zq/TextLive (newest first). */
export type FootballTextLine = FootballTextEntry;
/** One row of GET /api/score/lq/TextLive (newest first). */
export type BasketballPlay = BasketballTextEntry;

/** The football technical statistics the spec names, in the order they are shown. */
export { TECHNIC_KEYS };

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

const RemoteModel = types
  .model('Remote', { request: request() })
  .volatile(() => ({
    data: undefined as unknown,
    fetcher: undefined as (() => Promise<unknown>) | undefined,
  }))
  .views((self) => ({
    get status(): LoadStatus {
      return self.request.status;
    },
    /** A refresh of data already shown is in flight. */
    get refreshing(): boolean {
      return self.request.refreshing;
    },
    /** True while a load is in flight (a pushed change may then be overtaken by its answer: refresh instead). */
    get busy(): boolean {
      return self.request.busy;
    },
    /** Why the first load failed (nothing shows); a failed refresh keeps what shows and says nothing. */
    get error(): unknown {
      return self.data === undefined ? self.request.error : undefined;
    },
  }))
  .actions((self) => ({
    setFetcher(fetcher: () => Promise<unknown>) {
      self.fetcher = fetcher;
    },
    setData(data: unknown) {
      self.data = data;
    },
    /** Applies a pushed change to the answer shown. */
    update(change: (data: unknown) => unknown) {
      if (self.data !== undefined) self.data = change(self.data);
    },
  }))
  .actions((self) => ({
    /** Loads now (first load and Retry); a load of data already shown is a quiet refresh. */
    load() {
      const { logger } = getEnv<{ logger: Logger }>(self);
      return self.request.run(self.fetcher!, self.setData, { quiet: self.data !== undefined, failed: (error) => logger.warn('[matchData] load failed', error) });
    },
  }))
  .actions((self) => ({
    /** Loads once: the first panel that shows this answer calls it; later ones reuse it. */
    ensure() {
      if (self.request.status === 'idle') void self.load();
    },
    /**
     * Reloads because something changed. While a load runs, one follow-up after it serves every refresh asked for
     * meanwhile (the running answer may predate the change).
     */
    refresh() {
      return self.request.status === 'idle' ? self.load() : self.request.refresh();
    },
  }));

/**
 * One GET's answer with its loading state, through the request primitive: the first load shows a skeleton; later
 * refreshes keep what is shown (a failed refresh too); a newer load always wins over an older slower one, and
 * refreshes asked for while one is in flight are served by a single follow-up.
 */
export interface Remote<T> {
  readonly status: LoadStatus;
  readonly data: T | undefined;
  readonly error: unknown;
  readonly refreshing: boolean;
  readonly busy: boolean;
  ensure(): void;
  load(): Promise<unknown>;
  refresh(): Promise<unknown>;
  update(change: (data: T) => T): void;
}

/** A Remote reading `fetcher`, failures logged to `logger`. */
export function createRemote<T>(fetcher: () => Promise<T>, logger: Logger = consoleLogger): Remote<T> {
  const remote = RemoteModel.create({}, { logger });
  remote.setFetcher(fetcher);
  return remote as unknown as Remote<T>;
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
    const remote = createRemote<T>(() => this.get<T>(path, params), this.logger);
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
