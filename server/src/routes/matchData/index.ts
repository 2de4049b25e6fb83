import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  basketballTechnicSchema,
  basketballTextQuery,
  basketballTextsSchema,
  footballInfoSchema,
  footballTextsSchema,
  historySchema,
  lineupSchema,
  matchQuery,
  SECTIONS,
  textsSchema,
  type FootballTextEntry,
} from '../../../../contract/matchData';
import { errorEnvelope, foreheadResponses, ok } from '../../http/envelope';
import type { TextLiveEntry } from '../../feed';
import { findMatch } from './fields';
import { EMPTY_HISTORY, historyData } from './history';
import { lineupData } from './lineup';
import { basketballTechnic, footballInfo } from './stats';
import { basketballEntries, footballEntry } from './textLive';

/** Match-data answers: the usual envelopes plus 404 for an unknown match or one of the other sport. */
function responses<T extends z.core.$ZodType>(data: T) {
  return { ...foreheadResponses(data), 404: errorEnvelope };
}

const TAGS = ['match data'];

const isFootballEntry = (entry: TextLiveEntry): entry is FootballTextEntry => 'minute' in entry;

/**
 * Score and match data around one match (spec 000 section 7, "Score and match data"): text live,
 * line-ups, technical statistics, football info, analysis, intelligence and history. All are
 * anonymous GETs taking the match as `id` (or `matchId`) with the spec's `plat`, `t` and
 * `language`; names and texts come in that language (default CMN). Zq routes serve football and
 * e-football, lq routes basketball and e-basketball.
 */
export const matchDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/score/zq/TextLive',
    {
      schema: {
        summary: 'Football text live: commentary lines with their event type and minute, newest first',
        tags: TAGS,
        querystring: matchQuery,
        response: responses(footballTextsSchema),
      },
    },
    async (request) => {
      const { matchId, field, lang } = request.query;
      findMatch(app.feed, matchId, field, 'football');
      return ok(app.feed.textLive(matchId, lang).filter(isFootballEntry).map(footballEntry));
    },
  );

  app.get(
    '/api/score/lq/TextLive',
    {
      schema: {
        summary: 'Basketball play-by-play, newest first, optionally narrowed to a section',
        description:
          'section takes staticList period ids: 1 full game (default), 2 first half, 3 second half, 4-7 quarters 1-4, ' +
          '8 overtime. In leagues that play halves the quarter sections are empty.',
        tags: TAGS,
        querystring: basketballTextQuery,
        response: responses(basketballTextsSchema),
      },
    },
    async (request) => {
      const { matchId, field, lang, section } = request.query;
      findMatch(app.feed, matchId, field, 'basketball');
      return ok(basketballEntries(app.feed.events(matchId), lang, section ?? SECTIONS[0]));
    },
  );

  for (const [path, kind] of [
    ['/api/score/zq/lineup', 'football'],
    ['/api/score/lq/lineup', 'basketball'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          summary: `${kind === 'football' ? 'Football' : 'Basketball'} line-ups: starters, substitutes, formations, incidents and logos`,
          tags: TAGS,
          querystring: matchQuery,
          response: responses(lineupSchema),
        },
      },
      async (request) => {
        const { matchId, field, lang } = request.query;
        const view = findMatch(app.feed, matchId, field, kind, lang);
        return ok(lineupData(app.feed, matchId, lang, { home: view.matchInfo.homeIcon, away: view.matchInfo.awayIcon }));
      },
    );
  }

  app.get(
    '/api/score/lq/teahnic',
    {
      schema: {
        summary: 'Basketball technical statistics (the path keeps the spec\'s spelling)',
        tags: TAGS,
        querystring: matchQuery,
        response: responses(basketballTechnicSchema),
      },
    },
    async (request) => {
      const { matchId, field, lang } = request.query;
      const view = findMatch(app.feed, matchId, field, 'basketball', lang);
      return ok(basketballTechnic(view, app.feed.stats(matchId), lang));
    },
  );

  app.get(
    '/api/match/zq/matchInfo',
    {
      schema: {
        summary: 'Football info: match-day weather and the live technical statistics',
        tags: TAGS,
        querystring: matchQuery,
        response: responses(footballInfoSchema),
      },
    },
    async (request) => {
      const { matchId, field, lang } = request.query;
      const view = findMatch(app.feed, matchId, field, 'football', lang);
      return ok(footballInfo(view, app.feed.weather(matchId), app.feed.stats(matchId), lang));
    },
  );

  app.get(
    '/api/match/analysis',
    {
      schema: {
        summary: 'Pre-match analysis: form, table positions, head-to-head and a verdict, one text per line',
        tags: TAGS,
        querystring: matchQuery,
        response: responses(textsSchema),
      },
    },
    async (request) => {
      const { matchId, field, lang } = request.query;
      findMatch(app.feed, matchId, field, 'any');
      return ok(app.feed.analysis(matchId, lang));
    },
  );

  for (const [path, kind] of [
    ['/api/match/zq/intelligence', 'football'],
    ['/api/match/lq/intelligence', 'basketball'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          summary: `${kind === 'football' ? 'Football' : 'Basketball'} intelligence: absentees, streaks, venue and weather notes`,
          tags: TAGS,
          querystring: matchQuery,
          response: responses(textsSchema),
        },
      },
      async (request) => {
        const { matchId, field, lang } = request.query;
        findMatch(app.feed, matchId, field, kind);
        return ok(app.feed.intelligence(matchId, lang));
      },
    );
  }

  app.get(
    '/api/match/history',
    {
      schema: {
        summary: 'History data: head-to-head, recent and future matches, league table, goal distribution, injuries',
        description: 'The spec does not show this path; see docs/api.md.',
        tags: TAGS,
        querystring: matchQuery,
        response: responses(historySchema),
      },
    },
    async (request) => {
      const { matchId, field, lang } = request.query;
      findMatch(app.feed, matchId, field, 'any');
      return ok(historyData(matchId, app.feed.history(matchId) ?? EMPTY_HISTORY, lang));
    },
  );
};

