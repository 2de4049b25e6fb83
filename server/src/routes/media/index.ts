import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_ID, matchQuery } from '../../../../contract/fields';
import { preview } from '../../../../contract/issues';
import {
  iconQuery,
  leagueIconParams,
  mediaSchema,
  svgSchema,
  teamIconParams,
  teamLogoQuery,
  teamLogoSchema,
  type MediaData,
} from '../../../../contract/media';
import type { MatchMedia } from '../../feed';
import { ApiError, CODES, errorEnvelope, foreheadResponses, ok } from '../../http/envelope';
import { findMatch } from '../matchData/fields';
import { anchorMediaRoutes } from './anchor';
import { animationRoutes } from './animation';
import { crestSvg, leagueCrestInput } from './crest';
import { liveVideoRoutes } from './live';

const VIDEO_KEYS = ['videoSource1', 'videoSource2', 'videoSource3', 'videoSource4', 'videoSource5'] as const;
const ANIMATION_KEYS = ['animateSource1', 'animateSource2'] as const;

/** Both shapes of a match's media: the lists the app iterates and the spec's numbered sources. */
function mediaData(matchId: number, media: MatchMedia): MediaData {
  const data: MediaData = {
    matchId,
    videos: media.videos.map((v) => ({ line: v.line, pc: v.pc, h5: v.h5 })),
    animations: media.animations.map((a) => ({ pc: a.pc, h5: a.h5 })),
  };
  media.videos.slice(0, VIDEO_KEYS.length).forEach((v, i) => {
    data[VIDEO_KEYS[i] as (typeof VIDEO_KEYS)[number]] = { [matchId]: { pc: v.pc, h5: v.h5 } };
  });
  media.animations.slice(0, ANIMATION_KEYS.length).forEach((a, i) => {
    data[ANIMATION_KEYS[i] as (typeof ANIMATION_KEYS)[number]] = { [matchId]: { pc: a.pc, h5: a.h5 } };
  });
  return data;
}

/** An icon never changes for its id, so browsers and proxies may keep it for a year without asking again. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

function sendSvg(reply: FastifyReply, svg: string, cacheControl: string) {
  return reply
    .header('content-type', 'image/svg+xml; charset=utf-8')
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    // Opened directly, an SVG is a document: forbid scripts and outside loads whatever it holds.
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .send(svg);
}

const svgResponses = {
  200: svgSchema,
  400: errorEnvelope,
  404: errorEnvelope,
  500: errorEnvelope,
};

/**
 * Path parameters longer than the router allows (100 characters) never reach the parametric
 * route; this catch-all behind it answers them as the invalid ids they are instead of "no route".
 */
function overlongId(what: string) {
  return async (request: FastifyRequest) => {
    const rest = (request.params as Record<string, string>)['*'] ?? '';
    throw new ApiError(400, CODES.INVALID_INPUT, `id: expected ${what} (an integer 1 to ${MAX_ID}), got ${preview(rest)}`);
  };
}

/**
 * The media host (spec 000 section 7 "Match video web" and the icon host): a match's video and
 * animation sources, the anchors' room streams, the team logos of a match, and the generated team and league crests.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(liveVideoRoutes);
  await app.register(anchorMediaRoutes);

  await app.register(animationRoutes);
  app.get(
    '/media/video/web',
    {
      schema: {
        summary: "A match's video lines and animation sources",
        description:
          'Answers both the lists (videos with their line number, animations) and the spec\'s numbered sources ' +
          '(videoSource1-5, animateSource1-2, each `{ "<matchId>": { pc, h5 } }`). URLs are paths on the media host. ' +
          'A match without media answers empty lists; an unknown match 404.',
        tags: ['media'],
        querystring: matchQuery,
        response: { ...foreheadResponses(mediaSchema), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { matchId, field } = request.query;
      findMatch(app.feed, matchId, field, 'any');
      return ok(mediaData(matchId, app.feed.media(matchId) ?? { videos: [], animations: [] }));
    },
  );

  app.get(
    '/ssapi/team/logo',
    {
      schema: {
        summary: 'The crest URLs of the two teams of a match',
        tags: ['media'],
        querystring: teamLogoQuery,
        response: { ...foreheadResponses(teamLogoSchema), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { matchId, field } = request.query;
      const view = findMatch(app.feed, matchId, field, 'any');
      return ok({ home: `/api/team/icon/${view.matchInfo.homeId}`, away: `/api/team/icon/${view.matchInfo.awayId}` });
    },
  );

  /** A generated crest: the SVG of an id the feed knows (404 envelope otherwise), then the catch-all for ids too long for the router. */
  function crestRoute(kind: 'team' | 'league', params: typeof teamIconParams | typeof leagueIconParams, doc: { summary: string; description: string }, svgOf: (id: number) => string | undefined) {
    app.get(
      `/api/${kind}/icon/:id`,
      { schema: { ...doc, tags: ['media'], params, querystring: iconQuery, response: svgResponses } },
      async (request, reply) => {
        const svg = svgOf(request.params.id);
        if (svg === undefined) throw new ApiError(404, CODES.NOT_FOUND, `id: no ${kind} ${request.params.id}`);
        return sendSvg(reply, svg, IMMUTABLE);
      },
    );
    app.get(`/api/${kind}/icon/*`, { schema: { hide: true } }, overlongId(`a ${kind} id`));
  }

  crestRoute('team', teamIconParams, { summary: "A team's crest (SVG), drawn from its logo seed and colours with its initials", description: 'Cached for a year (immutable): a crest never changes for its id. Unknown id: 404 envelope.' }, (id) => {
    const team = app.feed.team(id);
    return team && crestSvg({ seed: team.logo.seed, colors: team.logo.colors, name: team.name.ENG });
  });
  crestRoute('league', leagueIconParams, { summary: "A league's crest (SVG) with its initials", description: 'Cached for a year (immutable). Unknown id: 404 envelope.' }, (id) => {
    const league = app.feed.league(id);
    return league && crestSvg(leagueCrestInput(league.id, league.name.ENG));
  });
};
