import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RESULT_MAX_RANGE_DAYS, RESULT_PAGE_SIZE, RESULT_PATHS } from '../../../../contract/resultCodes';
import {
  resultDetailSchema,
  resultLeagueSchema,
  resultLeaguesRequestSchema,
  resultListRequestSchema,
  resultMatchRequestSchema,
  resultMatchSchema,
  resultPageSchema,
  resultSearchRequestSchema,
} from '../../../../contract/results';
import { ApiError, CODES, foreheadResponses, errorEnvelope, ok } from '../../http/envelope';
import { LANGS, type Lang, type MatchResult } from '../../feed';
import { finishedMatches, resultDetailOf, resultMatchOf } from '../../results/resultMatch';
import { notOfferedDetail, sportNotOffered } from '../../http/merchant';
import { sports as catalogue } from '../../config/pluginManifests';
import { checkRange, DAY, invalid, TAGS, type Finished } from './checks';
import { imResultRoutes } from './im';
import { obResultRoutes } from './ob';

const MAX_PAGE_SIZE = 200;
const MAX_SEARCH_RESULTS = 50;
/** What getOnSaleLeagues and the search look at when no range is given: the results screen's default week. */
const DEFAULT_RANGE_MS = 7 * DAY;

const langOf = (language: string | undefined): Lang => (LANGS as readonly string[]).includes(language ?? '') ? (language as Lang) : 'CMN';

function checkInteger(value: number | undefined, min: number, max: number, field: string): void {
  if (value !== undefined && (value < min || value > max)) throw invalid(`body.${field}: expected an integer from ${min} to ${max}, got ${value}`);
}

/**
 * The result services (spec 001 section 7 "Match results"): the product's own under /api/result/ and the two
 * third-party providers' getCompletedResults (im.ts, ob.ts), all from the feed's finished matches, all anonymous.
 */
export const resultRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Finished matches of the sports the merchant named in x-merchant-id offers (docs/api.md "Merchants"). */
  const finished: Finished = async (request, q) => {
    const offered = app.merchants.sports(app.merchants.ofRequest(request));
    const all = await finishedMatches(app.matchResults, (range) => app.feed.results(range), q);
    return offered.all ? all : all.filter((r) => offered.offers(r.sportId, 'A'));
  };

  async function resultOf(request: FastifyRequest, matchId: number): Promise<MatchResult> {
    const r = (await app.matchResults.get(matchId)) ?? app.feed.resultOf(matchId);
    if (!r || r.matchFormat === 'outright') throw new ApiError(404, CODES.NOT_FOUND, `body.matchId: no finished match ${matchId}`);
    const merchantId = app.merchants.ofRequest(request);
    if (!app.merchants.sports(merchantId).offers(r.sportId, 'A')) {
      throw sportNotOffered(notOfferedDetail('body.matchId', `match ${matchId}`, catalogue.keyOf(r.sportId, 'A'), merchantId));
    }
    return r;
  }

  app.post(
    RESULT_PATHS.matchResultList,
    {
      schema: {
        summary: 'Finished matches of a sport in a time range, newest first, paged',
        description: `beginTime and endTime are epoch ms of kick-off; endTime at most ${RESULT_MAX_RANGE_DAYS} days after beginTime. Page size default ${RESULT_PAGE_SIZE}.`,
        tags: TAGS,
        body: resultListRequestSchema,
        response: foreheadResponses(resultPageSchema),
      },
    },
    async (request) => {
      const b = request.body;
      checkRange(b.beginTime, b.endTime, { from: 'body.beginTime', to: 'body.endTime' });
      checkInteger(b.current, 1, 1_000_000, 'current');
      checkInteger(b.size, 1, MAX_PAGE_SIZE, 'size');
      const current = b.current ?? 1;
      const size = b.size ?? RESULT_PAGE_SIZE;
      const all = await finished(request, { from: b.beginTime, to: b.endTime, sportId: b.sportId, leagueIds: b.leagueIds });
      const lang = langOf(b.language);
      return ok({
        records: all.slice((current - 1) * size, current * size).map((r) => resultMatchOf(r, lang)),
        current,
        size,
        pageTotal: Math.ceil(all.length / size),
        total: all.length,
      });
    },
  );

  app.post(
    RESULT_PATHS.matchResultInfo,
    {
      schema: { summary: 'One finished match as the spec\'s result match', tags: TAGS, body: resultMatchRequestSchema, response: { ...foreheadResponses(resultMatchSchema), 403: errorEnvelope, 404: errorEnvelope } },
    },
    async (request) => ok(resultMatchOf(await resultOf(request, request.body.matchId), langOf(request.body.language))),
  );

  app.post(
    RESULT_PATHS.getMatchDetail,
    {
      schema: {
        summary: 'A finished match for the result detail: the result match with when it ended and who won',
        tags: TAGS,
        body: resultMatchRequestSchema,
        response: { ...foreheadResponses(resultDetailSchema), 403: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request) => ok(resultDetailOf(await resultOf(request, request.body.matchId), langOf(request.body.language))),
  );

  app.post(
    RESULT_PATHS.getOnSaleLeagues,
    {
      schema: {
        summary: 'Leagues of a sport with finished matches in a range (default: the last 7 days)',
        tags: TAGS,
        body: resultLeaguesRequestSchema,
        response: foreheadResponses(z.array(resultLeagueSchema)),
      },
    },
    async (request) => {
      const b = request.body;
      const to = b.endTime ?? app.feed.now();
      const from = b.beginTime ?? to - DEFAULT_RANGE_MS;
      checkRange(from, to, { from: 'body.beginTime', to: 'body.endTime' });
      const lang = langOf(b.language);
      const leagues = new Map<number, { id: number; name: string; icon: string; sportId: number; matchCount: number }>();
      for (const r of await finished(request, { from, to, sportId: b.sportId })) {
        const league = leagues.get(r.leagueId);
        if (league) league.matchCount += 1;
        else leagues.set(r.leagueId, { id: r.leagueId, name: r.league.name[lang], icon: r.league.icon, sportId: r.sportId, matchCount: 1 });
      }
      return ok([...leagues.values()].sort((a, b2) => a.id - b2.id));
    },
  );

  app.post(
    RESULT_PATHS.queryMatchByRecommend,
    {
      schema: {
        summary: 'Finished matches of the last 7 days whose team or league name contains the text',
        description: `At most ${MAX_SEARCH_RESULTS}, newest first; names are matched in every language, case-insensitively.`,
        tags: TAGS,
        body: resultSearchRequestSchema,
        response: foreheadResponses(z.array(resultMatchSchema)),
      },
    },
    async (request) => {
      const b = request.body;
      const text = b.recommend.trim().toLowerCase();
      if (text.length === 0 || text.length > 50) throw invalid(`body.recommend: expected 1 to 50 characters, got ${JSON.stringify(b.recommend)}`);
      const to = app.feed.now();
      const names = (r: MatchResult) => [r.home.name, r.away?.name, r.league.name].flatMap((t) => (t ? Object.values(t) : []));
      const found = (await finished(request, { from: to - DEFAULT_RANGE_MS, to, sportId: b.sportId }))
        .filter((r) => names(r).some((n) => n.toLowerCase().includes(text)))
        .slice(0, MAX_SEARCH_RESULTS);
      const lang = langOf(b.language);
      return ok(found.map((r) => resultMatchOf(r, lang)));
    },
  );

  imResultRoutes(app, finished);
  obResultRoutes(app, finished);
};
