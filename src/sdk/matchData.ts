import type { History } from '../../contract/matchData';
import type { RequestStatus } from './request';
import type { PushHandler } from './services';

/**
 * The match-data client as the data panels and the sport plugins see it (`useMatchData().store`): one cached answer
 * per route and query of the platform's match-data GETs (docs/api.md "Match data"), and the push channels that keep
 * answers live. It names no sport's routes: a sport plugin names its own (its `matchDetail.dataSource` extension).
 * The app's store (src/features/match/matchData.ts) implements it.
 */

/**
 * One GET's answer with its loading state, through the request primitive: the first load shows a skeleton; later
 * refreshes keep what is shown (a failed refresh too); a newer load always wins over an older slower one, and
 * refreshes asked for while one is in flight are served by a single follow-up.
 */
export interface Remote<T> {
  readonly status: RequestStatus;
  readonly data: T | undefined;
  /** Why the first load failed (nothing shows); a failed refresh keeps what shows and says nothing. */
  readonly error: unknown;
  /** A refresh of data already shown is in flight. */
  readonly refreshing: boolean;
  /** A load is in flight (a pushed change may be overtaken by its answer: refresh instead of patching). */
  readonly busy: boolean;
  /** Loads once: the first panel that shows this answer calls it; later ones reuse it. */
  ensure(): void;
  /** Loads now (the first load, a Retry); a load of data already shown is a quiet refresh. */
  load(): Promise<unknown>;
  /** Reloads because something changed. */
  refresh(): Promise<unknown>;
  /** Applies a pushed change to the answer shown. */
  update(change: (data: T) => T): void;
}

/** The query of a match-data GET (the client adds the spec's `plat` and `t`). */
export type MatchDataParams = Readonly<Record<string, string | number>>;

export interface MatchDataClient {
  /** The answer of GET `path` on the match-data host with `params` (the match id and language among them), cached per route and query. */
  answer<T>(path: string, params: MatchDataParams): Remote<T>;
  /** Follows a push channel while a panel shows an answer; answers the unsubscribe. */
  subscribe(channel: string, handler: PushHandler): () => void;
  /** Refetches `refetch()` (one request per burst) on each push of `channel` that `concerns` the answer. */
  refreshOn(channel: string, concerns: (data: unknown) => boolean, refetch: () => Remote<unknown>): () => void;
  /** The head-to-head history of the Data tab (every sport). */
  history(matchId: number, language: string): Remote<History>;
  /** The pre-match analysis texts (every sport). */
  analysis(matchId: number, language: string): Remote<string[]>;
}
