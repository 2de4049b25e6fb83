import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, CODES, errorEnvelope, foreheadResponses, ok } from '../../http/envelope';
import { SPORT_ORDER, type Lang } from '../../feed';
import { text, type Text } from '../../feed/i18n';
import { KIND_OF_TYPE, MatchLists, PLATFORM_TIME_ZONE, type ListKind } from './lists';
import {
  DEFAULT_LIST_TYPE,
  LIST_TYPE,
  detailBody,
  detailSchema,
  getListBody,
  languageBody,
  leagueListBody,
  leaguesSchema,
  onSaleLeaguesBody,
  pageSchema,
  searchBody,
  searchSchema,
  statisticsSchema,
  type ListTypeCode,
} from '../../../../contract/match';
import { wireBetGroups, wireMatch, wireMatches } from './wire';
import { notOfferedDetail, sportNotOffered } from '../../http/merchant';
import { sports as catalogue } from '../../config/pluginManifests';
import type { OfferedSports } from '../../../../domain/sports';

/** At most this many matches in one search answer. */
export const MAX_SEARCH_RESULTS = 50;

const TAGS = ['match: lists'];

/** The two lists the feed has no name for. */
const EXTRA_LIST_NAMES: Partial<Record<ListTypeCode, Text>> = {
  [LIST_TYPE.parlay]: text('串关', '串關', 'Parlay', 'Cược xiên', 'พาร์เลย์'),
  [LIST_TYPE.todayAndInplay]: text('滚球及今日', '滾球及今日', 'In-Play & Today', 'Trực tiếp & Hôm nay', 'สดและวันนี้'),
};
const FEED_LIST_OF: Partial<Record<ListTypeCode, 'inplay' | 'today' | 'early' | 'outright'>> = {
  [LIST_TYPE.inplay]: 'inplay',
  [LIST_TYPE.today]: 'today',
  [LIST_TYPE.early]: 'early',
  [LIST_TYPE.outright]: 'outright',
};
const TYPE_CODES = Object.values(LIST_TYPE);

/** Merged, de-duplicated and sorted, so equal filters share one cached list. */
function idSet(...lists: Array<readonly number[] | undefined>): number[] | undefined {
  const given = lists.filter((l): l is readonly number[] => l !== undefined);
  if (given.length === 0) return undefined;
  return [...new Set(given.flat())].sort((a, b) => a - b);
}

/** Whether an Accept-Encoding header allows gzip (by name or `*`, with a q above 0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  let star = false;
  for (const part of value.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (name.trim() === 'gzip') return allowed;
    if (name.trim() === '*') star = allowed;
  }
  return star;
}

const langOf = (language: Lang | undefined): Lang => language ?? 'CMN';

/**
 * The sport ids a list asks for, narrowed to those the merchant offers: all of them when it asks for every sport (no
 * ids, or 0), none when it asks only for sports switched off (an empty page, as for an unknown sport).
 */
export function offeredIds(offered: OfferedSports, asked: readonly number[] | undefined): readonly number[] | undefined {
  if (offered.all) return asked;
  if (asked === undefined || asked.includes(0)) return offered.idsA;
  return asked.filter((id) => offered.offers(id, 'A'));
}

/** Match lists, statistics, leagues, search and detail (/api/match/...); all anonymous (spec section 6). */
export const matchListRoutes: FastifyPluginAsyncZod = async (app) => {
  const lists = new MatchLists(app.feed);
  app.addHook('onClose', async () => lists.close());

  app.post(
    '/getList',
    {
      schema: {
        summary: 'A page of a match list (in-play, today, early, outright, parlay, today and in-play)',
        description:
          'JSON or form-encoded. `type` 1 in-play (matches in play: live, interrupted or with coverage lost), ' +
          `2 today (not started, kicking off before the end of today in ${PLATFORM_TIME_ZONE}), 3 early (later days), ` +
          '4 outright, 5 parlay (in-play, today and early matches with allowParley markets, only those markets), ' +
          '6 today and in-play (default). Lists 5 and 6 show in-play matches first. A page past the last answers no ' +
          'records with the right totals; unknown sport, league or match ids answer an empty page.',
        tags: TAGS,
        body: getListBody,
        response: foreheadResponses(pageSchema),
      },
    },
    async (request, reply) => {
      const b = request.body;
      const offered = app.merchants.sports(app.merchants.ofRequest(request));
      const page = lists.page(
        {
          kind: KIND_OF_TYPE[b.type],
          lang: langOf(b.language),
          orderBy: b.orderBy,
          sportIds: offeredIds(offered, idSet(b.sportId, b.sportIds)),
          leagueIds: idSet(b.leagueId, b.leagueIds),
          matchIds: idSet(b.matchIds),
        },
        b.current,
        b.size,
        b.oddsFormat,
      );
      // The cached body is the serialised envelope (tests check it against pageSchema); a buffer
      // with a JSON content type skips the per-request schema serialiser, whose cost for 50 nested
      // matches would otherwise be most of the request. A page of 50 is ~120 KB, so browsers get
      // the gzip form, compressed once per snapshot rather than per response.
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      const zipped = acceptsGzip(request.headers['accept-encoding']) ? page.gzip() : undefined;
      if (zipped) return reply.header('content-encoding', 'gzip').send(zipped);
      return reply.send(page.json);
    },
  );

  app.post(
    '/statistical',
    {
      schema: {
        summary: 'Match counts: hot leagues, total, and per list type and sport',
        description:
          'The spec short keys: `ht` hotCount, `tc` totalCount, `hls` hotList, `sl` playTypeMap as a list per getList ' +
          'type code (1-6) with its name, count and per-sport counts. Counts agree with getList totals.',
        tags: TAGS,
        body: languageBody,
        response: foreheadResponses(statisticsSchema),
      },
    },
    async (request) => {
      const lang = langOf(request.body.language);
      const offered = app.merchants.sports(app.merchants.ofRequest(request));
      const feedStats = app.feed.statistics(lang);
      // Counts of the sports the merchant offers only, so a menu or badge never counts what it cannot show.
      const countOf = (kind: ListKind) => {
        const { sports } = lists.counts(kind, lang);
        const shown = SPORT_ORDER.filter((id) => sports.has(id) && offered.offers(id, 'A')).map((sportId) => ({ sportId, count: sports.get(sportId) ?? 0 }));
        return { count: shown.reduce((sum, s) => sum + s.count, 0), sports: shown };
      };
      const sl = TYPE_CODES.map((type) => {
        const feedList = FEED_LIST_OF[type];
        const name = feedList ? feedStats.playTypeMap[feedList].name : (EXTRA_LIST_NAMES[type]?.[lang] ?? '');
        return { type, name, ...countOf(KIND_OF_TYPE[type]) };
      });
      const hls = feedStats.hotList.filter((league) => offered.offers(league.sportId, 'A'));
      return ok({ ht: hls.reduce((sum, h) => sum + h.count, 0), tc: countOf('all').count, hls, sl });
    },
  );

  app.post(
    '/getOnSaleLeagues',
    {
      schema: {
        summary: 'Leagues with matches on sale',
        description:
          'Leagues with at least one match in the list `type` (default: in-play, today and early together), optionally of ' +
          'the given sports, sorted by sport order then league order; matchCount counts that list.',
        tags: TAGS,
        body: onSaleLeaguesBody,
        response: foreheadResponses(leaguesSchema),
      },
    },
    async (request) => {
      const { type, sportId, language } = request.body;
      const kind: ListKind = type === undefined ? 'all' : KIND_OF_TYPE[type];
      const offered = app.merchants.sports(app.merchants.ofRequest(request));
      return ok(lists.leagues(kind, langOf(language), offeredIds(offered, idSet(sportId))));
    },
  );

  app.post(
    '/leagueList',
    {
      schema: {
        summary: 'Leagues for the league filter',
        description: `Like getOnSaleLeagues for the list \`type\`, by default ${DEFAULT_LIST_TYPE} (today and in-play, what the spec says the app asks for).`,
        tags: TAGS,
        body: leagueListBody,
        response: foreheadResponses(leaguesSchema),
      },
    },
    async (request) => {
      const { type, sportId, language } = request.body;
      const offered = app.merchants.sports(app.merchants.ofRequest(request));
      return ok(lists.leagues(KIND_OF_TYPE[type], langOf(language), offeredIds(offered, idSet(sportId))));
    },
  );

  app.post(
    '/queryMatchByRecommend',
    {
      schema: {
        summary: 'Search in-play, today and early matches by team or league name',
        description:
          'Case-insensitive, in every language at once (English input finds matches while browsing in Chinese). ' +
          `At most ${MAX_SEARCH_RESULTS} matches, in-play ones chosen first, grouped by sport in the spec sport order, ` +
          'in-play first within a sport.',
        tags: TAGS,
        body: searchBody,
        response: foreheadResponses(searchSchema),
      },
    },
    async (request) => {
      const { recommend, oddsFormat, language } = request.body;
      const lang = langOf(language);
      const offered = app.merchants.sports(app.merchants.ofRequest(request));
      const groups = lists.search(recommend, lang, MAX_SEARCH_RESULTS, (sportId) => offered.offers(sportId, 'A'));
      return ok({ groups: groups.map((g) => ({ sportId: g.sportId, matches: wireMatches(g.matches, lang, oddsFormat) })) });
    },
  );

  app.post(
    '/getMatchDetail',
    {
      schema: {
        summary: 'One match (or outright) with all its bet groups',
        description:
          'A finished match still answers while the feed keeps it (2 hours); an unknown id answers 404 with code 4004, a match of a sport the ' +
          'merchant switched off 403 with code 4003.',
        tags: TAGS,
        body: detailBody,
        response: { ...foreheadResponses(detailSchema), 403: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request) => {
      const { matchId, oddsFormat, language } = request.body;
      const lang = langOf(language);
      const view = app.feed.match(matchId, lang);
      if (!view) throw new ApiError(404, CODES.NOT_FOUND, `matchId: no match ${matchId}`);
      const merchantId = app.merchants.ofRequest(request);
      if (!app.merchants.sports(merchantId).offers(view.sportId, 'A')) {
        throw sportNotOffered(notOfferedDetail('matchId', `match ${matchId}`, catalogue.keyOf(view.sportId, 'A'), merchantId));
      }
      return ok({ ...wireMatch(view, lang, oddsFormat), betGroups: wireBetGroups(app.feed.betGroups(matchId), lang, oddsFormat) });
    },
  );
};
