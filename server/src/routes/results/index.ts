import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PROVIDER_LANGUAGE, RESULT_MAX_RANGE_DAYS, RESULT_PAGE_SIZE, RESULT_PATHS, type ProviderLanguage } from '../../../../contract/resultCodes';
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
import { IM_RESULTS_PATH, IM_SPORT_IDS, ImEventStatus, imAnswerSchema, imRequestSchema, type ImAnswer } from '../../../../contract/resultsIm';
import { OB_RESULTS_PATH, OB_SPORT_IDS, ObMatchStatus, obAnswerSchema, obRequestSchema, type ObMatch } from '../../../../contract/resultsOb';
import { MatchStatus } from '../../../../contract/enums';
import { ApiError, CODES, errorEnvelope, foreheadResponses, ok } from '../../http/envelope';
import { LANGS, type Lang, type MatchResult } from '../../feed';
import { getStaticList } from '../../static/staticList';
import { finishedMatches, resultDetailOf, resultMatchOf } from '../../results/resultMatch';
import { notOfferedDetail, sportNotOffered } from '../../http/merchant';
import { sports as catalogue } from '../../config/pluginManifests';

const DAY = 86_400_000;
const MAX_RANGE_MS = RESULT_MAX_RANGE_DAYS * DAY;
const MAX_PAGE_SIZE = 200;
const MAX_SEARCH_RESULTS = 50;
/** What getOnSaleLeagues and the search look at when no range is given: the results screen's default week. */
const DEFAULT_RANGE_MS = 7 * DAY;
const TAGS = ['results'];

/** The third-party providers' ids: their own numbering, a fixed offset from ours so the platform can map both ways. */
export const IM_EVENT_ID_OFFSET = 7_000_000_000;
export const IM_COMPETITION_ID_OFFSET = 700_000;
const OB_MATCH_PREFIX = 'M';
const OB_TOURNAMENT_PREFIX = 'T';

const invalid = (message: string) => new ApiError(400, CODES.INVALID_INPUT, message);

const langOf = (language: string | undefined): Lang => (LANGS as readonly string[]).includes(language ?? '') ? (language as Lang) : 'CMN';

/** A range the providers accept: end not before start, at most RESULT_MAX_RANGE_DAYS long. */
function checkRange(from: number, to: number, fields: { from: string; to: string }): void {
  if (to < from) throw invalid(`${fields.to}: expected a time at or after ${fields.from}`);
  if (to - from > MAX_RANGE_MS) throw invalid(`${fields.to}: expected at most ${RESULT_MAX_RANGE_DAYS} days after ${fields.from}`);
}

function checkInteger(value: number | undefined, min: number, max: number, field: string): void {
  if (value !== undefined && (value < min || value > max)) throw invalid(`body.${field}: expected an integer from ${min} to ${max}, got ${value}`);
}

/** A provider's language code back to the feed's language; an unknown code names the field. */
function providerLang(code: string): Lang {
  const found = (Object.entries(PROVIDER_LANGUAGE) as Array<[Lang, ProviderLanguage]>).find(([, c]) => c === code);
  if (!found) throw invalid(`body.language: expected one of ${Object.values(PROVIDER_LANGUAGE).join(', ')}, got ${JSON.stringify(code)}`);
  return found[0];
}

/** A provider's sport id back to scheme A. */
function sportOf(table: Readonly<Record<number, number>>, id: number): number {
  const found = Object.entries(table).find(([, theirs]) => theirs === id);
  if (!found) throw invalid(`body.sportId: expected one of the provider's sport ids (${Object.values(table).join(', ')}), got ${id}`);
  return Number(found[0]);
}

/** A comma-joined id list; each id through `parse`, which answers undefined for one that is not the provider's. */
function idList(value: string | undefined, parse: (id: string) => number | undefined): number[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  return value.split(',').map((raw) => {
    const id = parse(raw.trim());
    if (id === undefined) throw invalid(`body.competitionIds: expected competition ids joined by commas, got ${JSON.stringify(raw)}`);
    return id;
  });
}

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/;

function isoTime(value: string, field: string): number {
  const ms = ISO_WITH_OFFSET.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) throw invalid(`body.${field}: expected ISO 8601 time with an offset like "2025-01-01T00:00:00+08:00", got ${JSON.stringify(value)}`);
  return ms;
}

/** gamebetim writes times at +08:00. */
function imTime(ms: number): string {
  return `${new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
}

const IM_STATUS: Readonly<Record<number, number>> = {
  [MatchStatus.Ended]: ImEventStatus.Closed,
  [MatchStatus.Cancelled]: ImEventStatus.Cancelled,
  [MatchStatus.Postponed]: ImEventStatus.Postponed,
  [MatchStatus.Abandoned]: ImEventStatus.Abandoned,
  [MatchStatus.Interrupted]: ImEventStatus.Interrupted,
};
const OB_STATUS: Readonly<Record<number, number>> = {
  [MatchStatus.Ended]: ObMatchStatus.Finished,
  [MatchStatus.Postponed]: ObMatchStatus.Postponed,
  [MatchStatus.Cancelled]: ObMatchStatus.Cancelled,
  [MatchStatus.Interrupted]: ObMatchStatus.Interrupted,
  [MatchStatus.Abandoned]: ObMatchStatus.Abandoned,
};

function imAnswer(results: readonly MatchResult[], sportId: number, imSportId: number, lang: Lang): ImAnswer {
  const sportName = getStaticList(lang).sports.find((s) => s.id === sportId)?.name ?? '';
  const competitions = new Map<number, ImAnswer['Sports'][number]['Competitions'][number]>();
  for (const r of results) {
    const m = resultMatchOf(r, lang);
    const id = r.leagueId + IM_COMPETITION_ID_OFFSET;
    let competition = competitions.get(id);
    if (!competition) competitions.set(id, (competition = { CompetitionId: id, CompetitionName: m.league.name, Events: [] }));
    competition.Events.push({
      EventId: r.matchId + IM_EVENT_ID_OFFSET,
      EventDate: imTime(r.beginTime),
      EventStatusId: (IM_STATUS[r.matchStatus] ?? ImEventStatus.Closed) as ImAnswer['Sports'][number]['Competitions'][number]['Events'][number]['EventStatusId'],
      IsNeutral: r.isNeutral,
      Format: r.matchFormat,
      HomeTeam: m.teams.home.name,
      AwayTeam: m.teams.away.name,
      HomeScore: m.totalScore.home,
      AwayScore: m.totalScore.away,
      Periods: m.newScores.map((p) => ({ PeriodName: p.name, HomeScore: p.home, AwayScore: p.away })),
    });
  }
  const list = [...competitions.values()];
  return { StatusCode: 100, StatusDesc: 'Success', Sports: list.length ? [{ SportId: imSportId, SportName: sportName, Competitions: list }] : [] };
}

function obMatch(r: MatchResult, obSportId: number, lang: Lang): ObMatch {
  const m = resultMatchOf(r, lang);
  return {
    mid: `${OB_MATCH_PREFIX}${r.matchId}`,
    csid: obSportId,
    tid: `${OB_TOURNAMENT_PREFIX}${r.leagueId}`,
    tn: m.league.name,
    mgt: String(r.beginTime),
    ms: (OB_STATUS[r.matchStatus] ?? ObMatchStatus.Finished) as ObMatch['ms'],
    mfo: r.matchFormat,
    mng: r.isNeutral ? 1 : 0,
    mhn: m.teams.home.name,
    man: m.teams.away.name,
    score: `${m.totalScore.home}:${m.totalScore.away}`,
    msc: m.newScores.map((p) => `${p.name}|${p.home}:${p.away}`),
  };
}

/**
 * The result services (spec 001 section 7 "Match results"): the product's own under /api/result/ and the two
 * third-party providers' getCompletedResults, all from the feed's finished matches, all anonymous.
 */
export const resultRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Finished matches of the sports the merchant named in x-merchant-id offers (docs/api.md "Merchants"). */
  const finished = async (request: FastifyRequest, q: Parameters<typeof finishedMatches>[2]) => {
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

  app.post(
    IM_RESULTS_PATH,
    {
      schema: {
        summary: "gamebetim's completed results: its sport and competition ids, ISO times at +08:00, its language codes",
        description: `language chs, cht, eng, vn or th; startTime and endTime ISO 8601 with an offset, at most ${RESULT_MAX_RANGE_DAYS} days apart. Answers its own envelope (StatusCode 100).`,
        tags: TAGS,
        body: imRequestSchema,
        response: { 200: imAnswerSchema, 400: errorEnvelope },
      },
    },
    async (request) => {
      const b = request.body;
      const lang = providerLang(b.language);
      const sportId = sportOf(IM_SPORT_IDS, b.sportId);
      const from = isoTime(b.startTime, 'startTime');
      const to = isoTime(b.endTime, 'endTime');
      checkRange(from, to, { from: 'body.startTime', to: 'body.endTime' });
      const leagueIds = idList(b.competitionIds, (raw) => {
        const n = /^\d+$/.test(raw) ? Number(raw) - IM_COMPETITION_ID_OFFSET : Number.NaN;
        return n > 0 ? n : undefined;
      });
      return imAnswer(await finished(request, { from, to, sportId, leagueIds }), sportId, b.sportId, lang);
    },
  );

  app.post(
    OB_RESULTS_PATH,
    {
      schema: {
        summary: "gamebetob's completed results: its sport (csid), tournament and match ids, epoch-second ranges, its language codes",
        description: `language chs, cht, eng, vn or th; startTime and endTime epoch seconds, at most ${RESULT_MAX_RANGE_DAYS} days apart. Answers its own envelope ({ status, msg, data }).`,
        tags: TAGS,
        body: obRequestSchema,
        response: { 200: obAnswerSchema, 400: errorEnvelope },
      },
    },
    async (request) => {
      const b = request.body;
      const lang = providerLang(b.language);
      const sportId = sportOf(OB_SPORT_IDS, b.sportId);
      checkRange(b.startTime, b.endTime, { from: 'body.startTime', to: 'body.endTime' });
      const leagueIds = idList(b.competitionIds, (raw) => (new RegExp(`^${OB_TOURNAMENT_PREFIX}\\d+$`).test(raw) ? Number(raw.slice(1)) : undefined));
      const results = await finished(request, { from: b.startTime * 1000, to: b.endTime * 1000 + 999, sportId, leagueIds });
      return { status: true, msg: 'ok', data: results.map((r) => obMatch(r, b.sportId, lang)) };
    },
  );
};
