import { getEnv, types } from 'mobx-state-tree';
import type { History } from '../../../contract/matchData';
import type { HttpClients } from '../../services/http';
import { consoleLogger, type Logger } from '../../services/logger';
import type { PushClient } from '../../services/push';
import type { MatchDataClient, MatchDataParams, Remote } from '../../sdk/matchData';
import { request, type RequestStatus } from '../../sdk/request';
import type { PushHandler } from '../../sdk/services';
import type { Env } from '../../core/store/env';
import { onDemand, type OnDemandRoot } from '../../core/store/onDemand';
import { MATCH_PATHS } from '../../../contract/paths';

/*
 * The match-detail data panels' answers (the platform's score and match-data GETs, docs/api.md "Match data"). They
 * belong to one match on one screen, so they live in this store, made in its slot of the root on first use
 * (matchDataOf, with the match screen's code): a cache of answers (each a Remote, an MST model loading through the
 * request primitive) and the push subscriptions that patch or refetch them. The store knows no sport: the routes every sport has (history, analysis)
 * are named here; a sport's own routes and pushes are its plugin's (`matchDetail.dataSource`, `matchDetail.dataPanel`),
 * asked through `answer`, `subscribe` and `refreshOn`.
 */

// ---------------------------------------------------------------------------------------------------------------
// One answer

const RemoteModel = types
  .model('Remote', { request: request() })
  .volatile(() => ({
    data: undefined as unknown,
    fetcher: undefined as (() => Promise<unknown>) | undefined,
  }))
  .views((self) => ({
    get status(): RequestStatus {
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

export class MatchDataStore implements MatchDataClient {
  private readonly cache = new Map<string, Remote<unknown>>();
  private readonly logger: Logger;
  private closed = false;

  constructor(private readonly deps: MatchDataDeps) {
    this.logger = deps.logger ?? consoleLogger;
  }

  answer<T>(path: string, params: MatchDataParams): Remote<T> {
    const key = `${path}?${new URLSearchParams(Object.entries(params).map(([name, value]) => [name, String(value)])).toString()}`;
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

  private async get<T>(path: string, params: MatchDataParams): Promise<T> {
    // Anonymous GETs on the match-data host with the spec's plat and cache-busting t.
    const answer: unknown = await this.deps.http.match.get(path, { params: { ...params, plat: 'pc', t: this.deps.now() }, noAuth: true });
    return answer as T;
  }

  subscribe(channel: string, handler: PushHandler): () => void {
    return this.deps.push.subscribe(channel, handler);
  }

  refreshOn(channel: string, concerns: (data: unknown) => boolean, refetch: () => Remote<unknown>): () => void {
    return this.subscribe(channel, (data) => {
      if (concerns(data)) void refetch().refresh();
    });
  }

  history(matchId: number, language: string): Remote<History> {
    return this.answer(MATCH_PATHS.history, { id: matchId, language });
  }

  analysis(matchId: number, language: string): Remote<string[]> {
    return this.answer(MATCH_PATHS.analysis, { id: matchId, language });
  }

  close(): void {
    this.closed = true;
    this.cache.clear();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Made on first use

/**
 * The root's node for the match data: the store (the client the panels and plugins use, which tests also make on its
 * own) made from the env with the node, and closed when the node goes (the app's unmount).
 */
const MatchDataNode = types
  .model('MatchData', {})
  .volatile((self) => {
    const env = getEnv<Env>(self);
    return { client: new MatchDataStore({ http: env.http, push: env.push, now: () => env.clock.now(), logger: env.logger }) };
  })
  .actions((self) => ({
    beforeDestroy() {
      self.client.close();
    },
  }));

/**
 * The match-data store of an app root, made when the first data panel renders (so its code loads with the match
 * detail screen, not in the initial bundle) and closed when the app unmounts.
 */
const matchDataNode = onDemand('matchData', MatchDataNode);
export const matchDataOf = (root: OnDemandRoot): MatchDataStore => matchDataNode.of(root).client;
