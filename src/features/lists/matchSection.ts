import { getRoot, types, type IAnyStateTreeNode, type Instance } from 'mobx-state-tree';
import { DEFAULT_HANDICAP_FORMAT, type OddsFormat } from '../../../domain/odds';
import type { GetListRequest, MatchPage, WireMatch } from '../../../contract';
import { ORDER_BY } from '../../../contract/enums';
import { envOf, type Env } from '../../core/store/env';
import { request, type RequestStatus } from '../../sdk/request';
import { MATCH_PATHS } from '../../../contract/paths';

/** A getList query (docs/api.md): id lists go as comma lists, which both JSON and form bodies accept. */
export interface ListQuery {
  type: number;
  size: number;
  sportIds?: readonly number[];
  leagueIds?: readonly number[];
  matchIds?: readonly number[];
  /** The spec's getList oddsFormat: the answer's showOdd is in it. */
  oddsFormat?: OddsFormat;
}

/** The order a store's getList calls ask for: the member's choice (kick-off time outside a root store). */
export function memberListOrder(node: IAnyStateTreeNode): number {
  const root = getRoot(node) as { settings?: { listOrder?: number } };
  return root.settings?.listOrder ?? ORDER_BY.time;
}

/** The odds format a store's getList calls ask for: the member's setting (its default outside a root store). */
export function memberOddsFormat(node: IAnyStateTreeNode): OddsFormat {
  const root = getRoot(node) as { settings?: { oddsFormatId?: OddsFormat } };
  return root.settings?.oddsFormatId ?? DEFAULT_HANDICAP_FORMAT;
}

const isPage = (value: unknown): value is MatchPage =>
  typeof value === 'object' && value !== null && Array.isArray((value as MatchPage).records) && typeof (value as MatchPage).pageTotal === 'number';

/** What a failed getList call answers in its place (spec section 8): a page with nothing in it, and no page after. */
export const emptyPage = (current: number, size: number): MatchPage => ({ current, pageTotal: 0, size, total: 0, records: [] });

/**
 * One getList call with the spec's failure rule (section 8, "Match list failure: logged; fallback called; empty page
 * returned"). The spec names no particular fallback, so the caller supplies it: the match list marks itself failed
 * (its failed state with a retry), a section rethrows so it keeps what it shows. A call that answers something other
 * than a page counts as failed. Every list of the app (lists, home's live cards, hot, favourites) comes through here,
 * so a match of a sport the merchant switched off is dropped here once: an operator's own platform may not leave it
 * out as this one does.
 */
export async function getListPage(
  env: Pick<Env, 'http' | 'logger' | 'sports'>,
  body: GetListRequest & { current: number; size: number },
  fallback: (error: unknown) => void,
): Promise<MatchPage> {
  try {
    const page: unknown = await env.http.match.post(MATCH_PATHS.list, body, { noAuth: true });
    if (!isPage(page)) throw new TypeError('getList: unexpected answer');
    if (env.sports.all) return page;
    return { ...page, records: page.records.filter((match) => env.sports.offers(match.sportId, 'A')) };
  } catch (error) {
    env.logger.warn('[getList] failed', error);
    fallback(error);
    return emptyPage(body.current, body.size);
  }
}

/** getListPage's fallback for callers that keep what they show: the failure goes on to them. */
export const rethrow = (error: unknown): never => {
  throw error;
};

/**
 * Pages of a getList query, one after another up to `maxPages` (or the last), seeded into the live book so rows and
 * cards show live scores. Rejects on a failed call or an answer that is not a page: its callers keep what they show.
 */
export async function fetchMatches(env: Pick<Env, 'http' | 'liveBook' | 'logger' | 'sports'>, query: ListQuery, maxPages = Number.POSITIVE_INFINITY): Promise<WireMatch[]> {
  const body = {
    type: query.type,
    size: query.size,
    ...(query.sportIds?.length ? { sportIds: query.sportIds.join(',') } : {}),
    ...(query.leagueIds?.length ? { leagueIds: query.leagueIds.join(',') } : {}),
    ...(query.matchIds?.length ? { matchIds: query.matchIds.join(',') } : {}),
    ...(query.oddsFormat !== undefined ? { oddsFormat: query.oddsFormat } : {}),
  };
  let records: WireMatch[] = [];
  for (let current = 1; current <= maxPages; current += 1) {
    const askedAt = env.liveBook.pushMark;
    const page = await getListPage(env, { ...body, current }, rethrow);
    env.liveBook.seed(page.records, askedAt);
    records = [...records, ...page.records];
    if (current >= page.pageTotal || page.records.length === 0) break;
  }
  return records;
}

export type SectionStatus = RequestStatus;

/**
 * A block of matches loaded from one query (home's live and hot sections, the hot view): loading, ready, failed or
 * empty. A quiet reload (the poll) keeps what shows while it loads and keeps it when the reload fails; the newest
 * load wins over a slower older one (the request primitive).
 */
export const MatchSection = types
  .model('MatchSection', {
    request: request(),
  })
  .volatile(() => ({ records: [] as WireMatch[] }))
  .views((self) => ({
    get status(): SectionStatus {
      return self.request.status;
    },
  }))
  .actions((self) => ({
    setRecords(records: WireMatch[]) {
      self.records = records;
    },
  }))
  .actions((self) => ({
    /** Nothing to load (no hot leagues, no favourites): an empty, ready section. */
    setEmpty() {
      self.request.settle(() => self.setRecords([]));
    },
    reset() {
      self.request.reset();
      self.records = [];
    },
    /** Loads one query, or several whose matches show one after the other. */
    load(
      query: ListQuery | readonly ListQuery[],
      options: { maxPages?: number; keep?: (match: WireMatch) => boolean; limit?: number; quiet?: boolean } = {},
    ) {
      const queries: readonly ListQuery[] = Array.isArray(query) ? query : [query as ListQuery];
      const env = envOf(self);
      const oddsFormat = memberOddsFormat(self);
      return self.request.run(
        async () => {
          const lists = await Promise.all(queries.map((q) => fetchMatches(env, { oddsFormat, ...q }, options.maxPages)));
          const all = lists.flat();
          const kept = options.keep ? all.filter(options.keep) : all;
          return options.limit === undefined ? kept : kept.slice(0, options.limit);
        },
        self.setRecords,
        { quiet: options.quiet, failed: (error) => env.logger.warn('match section failed', error) },
      );
    },
  }));

export type MatchSectionInstance = Instance<typeof MatchSection>;
