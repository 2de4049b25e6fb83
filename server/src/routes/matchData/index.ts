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
import type { Lang, MatchView, TextLiveEntry } from '../../feed';
import { findMatch, type SportKind } from './fields';
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
  /**
   * A match-data GET on the common match query: 404 unless the match exists and is of `kind`; answers what `answer`
   * makes of the match's view in the requested language.
   */
  function matchRoute<T extends z.core.$ZodType>(
    path: string,
    kind: SportKind,
    doc: { summary: string; description?: string },
    data: T,
    answer: (view: MatchView, matchId: number, lang: Lang) => z.input<T>,
  ) {
    app.get(path, { schema: { ...doc, tags: TAGS, querystring: matchQuery, response: responses(data) } }, async (request) => {
      const { matchId, field, lang } = request.query;
      return ok(answer(findMatch(app.feed, matchId, field, kind, lang), matchId, lang));
    });
  }

  matchRoute('/api/score/zq/TextLive', 'football', { summary: 'Football text live: commentary lines with their event type and minute, newest first' }, footballTextsSchema, (_view, matchId, lang) =>
    app.feed.textLive(matchId, lang).filter(isFootballEntry).map(footballEntry),
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
    const summary = `${kind === 'football' ? 'Football' : 'Basketball'} line-ups: starters, substitutes, formations, incidents and logos`;
    matchRoute(path, kind, { summary }, lineupSchema, (view, matchId, lang) => lineupData(app.feed, matchId, lang, { home: view.matchInfo.homeIcon, away: view.matchInfo.awayIcon }));
  }

  matchRoute('/api/score/lq/teahnic', 'basketball', { summary: "Basketball technical statistics (the path keeps the spec's spelling)" }, basketballTechnicSchema, (view, matchId, lang) =>
    basketballTechnic(view, app.feed.stats(matchId), lang),
  );

  matchRoute('/api/match/zq/matchInfo', 'football', { summary: 'Football info: match-day weather and the live technical statistics' }, footballInfoSchema, (view, matchId, lang) =>
    footballInfo(view, app.feed.weather(matchId), app.feed.stats(matchId), lang),
  );

  matchRoute('/api/match/analysis', 'any', { summary: 'Pre-match analysis: form, table positions, head-to-head and a verdict, one text per line' }, textsSchema, (_view, matchId, lang) =>
    app.feed.analysis(matchId, lang),
  );

  for (const [path, kind] of [
    ['/api/match/zq/intelligence', 'football'],
    ['/api/match/lq/intelligence', 'basketball'],
  ] as const) {
    const summary = `${kind === 'football' ? 'Football' : 'Basketball'} intelligence: absentees, streaks, venue and weather notes`;
    matchRoute(path, kind, { summary }, textsSchema, (_view, matchId, lang) => app.feed.intelligence(matchId, lang));
  }

  matchRoute(
    '/api/match/history',
    'any',
    { summary: 'History data: head-to-head, recent and future matches, league table, goal distribution, injuries', description: 'The spec does not show this path; see docs/api.md.' },
    historySchema,
    (_view, matchId, lang) => historyData(matchId, app.feed.history(matchId) ?? EMPTY_HISTORY, lang),
  );
};

