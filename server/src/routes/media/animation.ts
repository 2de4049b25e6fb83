import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_ID } from '../../../../contract/fields';
import { preview } from '../../../../contract/issues';
import { ANIMATION_EVENTS, animationParams, animationQuery, animationSchema, type AnimationData, type AnimationEvent } from '../../../../contract/media';
import { IN_PLAY_STATUSES, type Lang, type MatchEvent, type MatchView, type StatItem } from '../../feed';
import { ApiError, CODES, errorEnvelope, foreheadResponses, ok } from '../../http/envelope';
import { findMatch } from '../matchData/fields';
import { statRows } from '../matchData/stats';

export { ANIMATION_EVENTS, type AnimationData };

export function animationEvent(e: MatchEvent, lang: Lang): AnimationEvent {
  return {
    seq: e.seq,
    type: e.type,
    code: e.code,
    team: e.team,
    second: e.second,
    period: e.period,
    ...(e.section !== undefined ? { section: e.section } : {}),
    ...(e.clockText !== undefined ? { clockText: e.clockText } : {}),
    homeScore: e.homeScore,
    awayScore: e.awayScore,
    text: e.text[lang],
  };
}

export function animationData(view: MatchView, events: readonly MatchEvent[], stats: readonly StatItem[], lang: Lang): AnimationData {
  const info = view.matchInfo;
  return {
    matchId: view.matchId,
    sportId: view.sportId,
    matchStatus: view.matchStatus,
    inPlay: IN_PLAY_STATUSES.has(view.matchStatus),
    period: info.period,
    matchPeriod: info.matchPeriod,
    clock: view.matchClock,
    homeScore: info.homeScore,
    awayScore: info.awayScore,
    score: view.score,
    home: { id: info.homeId, name: info.homeName },
    away: { id: info.awayId, name: info.awayName },
    serveIn: view.serveIn,
    events: events.slice(-ANIMATION_EVENTS).map((e) => animationEvent(e, lang)),
    stats: statRows(stats, lang),
  };
}

/**
 * The match animation's data (the url the media call lists as a match's animation source): the tracker's starting
 * state. The tracker then follows the match on the push channel `match:<id>:score`.
 */
export const animationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/animation/:matchId',
    {
      schema: {
        summary: "A match tracker's starting state: status, clock, score, teams, recent events and live statistics",
        description:
          'JSON in the forehead envelope. Any match the feed holds answers (upcoming and finished ones with `inPlay` false, ' +
          'so the tracker can say the match is not live); events are the latest ' +
          `${ANIMATION_EVENTS}, oldest first, with their text in \`language\` (default CMN). Live updates follow on the push ` +
          'channel `match:<id>:score` (`event`, `score`, `clock`, `status`, `ended`). Unknown match or an outright: 404.',
        tags: ['media'],
        params: animationParams,
        querystring: animationQuery,
        response: { ...foreheadResponses(animationSchema), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { matchId } = request.params;
      const lang = request.query.language ?? 'CMN';
      const view = findMatch(app.feed, matchId, 'matchId', 'any', lang);
      const sources = app.feed.media(matchId)?.animations.length ?? 0;
      const source = Number(request.query.source ?? '1');
      if (source > sources) throw new ApiError(404, CODES.NOT_FOUND, `source: match ${matchId} has no animation source ${source}`);
      return ok(animationData(view, app.feed.events(matchId), app.feed.stats(matchId), lang));
    },
  );
  // Ids past the router's parameter length never reach the route above: answer them as the bad ids they are.
  app.get('/media/animation/*', { schema: { hide: true } }, async (request) => {
    const rest = (request.params as Record<string, string>)['*'] ?? '';
    throw new ApiError(400, CODES.INVALID_INPUT, `matchId: expected a match id (an integer 1 to ${MAX_ID}), got ${preview(rest)}`);
  });
};
