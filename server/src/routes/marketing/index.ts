import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { preview } from '../../../../contract/issues';
import type { WireLeague } from '../../../../contract/match';
import type { Lang, ListType } from '../../feed';
import { ApiError, CODES, errorEnvelope, foreheadResponses, ok } from '../../http/envelope';
import { currentMember, requireMember } from '../../http/requireMember';
import { SPORTS } from '../../static/tables';
import { findMatch } from '../matchData/fields';
import { sportsLineupSchema } from '../../../../contract/matchData';
import { svgSchema } from '../../../../contract/media';
import {
  bankerJumpRequestSchema,
  bannerImageParams,
  bannerImageQuery,
  bannerListQuery,
  bannersRequestSchema,
  bannersSchema,
  gameJumpRequestSchema,
  gameJumpSchema,
  gameRedeemRequestSchema,
  gameRedeemSchema,
  leagueWeightsRequestSchemaOf,
  leagueWeightsSchema,
  sportsLineupRequestSchema,
  type LeagueWeights,
} from '../../../../contract/marketing';
import { lineupData } from '../matchData/lineup';
import { bannersOf, leagueBannerSvg, matchBannerSvg, type Plat } from './banners';
import { BANKER_GAME_ID, createJumpTokens, GAMES } from './gameJump';
import { addNoStore } from '../../http/securityHeaders';
import { gamePageParams, gamePageQuery, gamePageSchema } from '../../../../contract/experts';
import { BANKER_PATHS } from '../../../../contract/paths';
import { bankerDetailOf } from '../../experts/banker';
import { expiredPageHtml, gamePageHtml } from './gamePage';

/** The image variant a `plat` asks for: mobile artwork for h5, desktop for everything else. */
function platOf(plat: string | undefined): Plat {
  return plat === 'h5' ? 'h5' : 'pc';
}

/** The match list a `matchType` names (the platform's numbering; the spec gives the field only). */
const MATCH_TYPES: Record<1 | 2 | 3 | 4, ListType> = { 1: 'inplay', 2: 'today', 3: 'early', 4: 'outright' };

/** League weights of a sport, keyed by sort (1 = heaviest): hot leagues first, then the feed's order. */
function leagueWeights(leagues: readonly WireLeague[]): LeagueWeights {
  const weighted = leagues.map((l) => ({ leagueId: l.id, weight: (l.hot ? 1000 : 0) + Math.max(0, 100 - l.order), name: l.name, hot: l.hot }));
  weighted.sort((a, b) => b.weight - a.weight || a.leagueId - b.leagueId);
  return Object.fromEntries(weighted.map((w, i) => [String(i + 1), w]));
}

/** getLeagueWeights takes the sports the platform has (the sport plugins' scheme-A ids). */
const leagueWeightsRequestSchema = leagueWeightsRequestSchemaOf(SPORTS.map((s) => s.id));

/**
 * Banners, system sports data (league weights, line-up status) and game jumps. Banners and
 * weights are derived from the feed; jump tokens are held in memory (gameJump.ts).
 */
export const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = requireMember({ family: 'forehead' });
  const jumpTokens = createJumpTokens(app.clock);

  app.post(
    '/api/forehead/system/config/images/query',
    {
      schema: {
        summary: 'Banner images of one or more categories',
        description:
          'categoryId: 1 home top, 2 sports list, 3 live room (a comma list asks for several, answered in that order; ' +
          'an unknown category has no banners). `images` is a comma list: the app shows one banner per image.',
        tags: ['marketing'],
        body: bannersRequestSchema,
        response: foreheadResponses(bannersSchema),
      },
    },
    async (request) => {
      const { categoryId, plat, language } = request.body;
      const offered = app.merchants.sports(app.merchants.ofRequest(request));
      return ok(bannersOf(app.feed, categoryId, language ?? 'CMN', platOf(plat), (sportId) => offered.offers(sportId, 'A')));
    },
  );

  app.get(
    '/ssapi/bannerList/search',
    {
      schema: {
        summary: 'Home banners for a platform and language (the banner host)',
        description: 'The home-top banners (category 1), with images for the platform (h5: mobile artwork, otherwise desktop).',
        tags: ['marketing'],
        querystring: bannerListQuery,
        response: foreheadResponses(bannersSchema),
      },
    },
    async (request) => {
      const { plat, languageType } = request.query;
      const offered = app.merchants.sports(app.merchants.ofRequest(request));
      return ok(bannersOf(app.feed, [1], languageType ?? 'CMN', platOf(plat), (sportId) => offered.offers(sportId, 'A')));
    },
  );

  app.get(
    '/api/banner/image/:file',
    {
      schema: {
        summary: 'Banner artwork (SVG): match-<matchId>.svg or league-<leagueId>.svg',
        description: 'In the `language` asked for (default CMN); plat h5 gives the 750 x 300 mobile variant, pc (default) 1200 x 300.',
        tags: ['marketing'],
        params: bannerImageParams,
        querystring: bannerImageQuery,
        response: { 200: svgSchema, 400: errorEnvelope, 404: errorEnvelope, 500: errorEnvelope },
      },
    },
    async (request, reply) => {
      const [kind, idText] = request.params.file.replace(/\.svg$/, '').split('-') as [string, string];
      const id = Number(idText);
      const lang: Lang = request.query.language ?? 'CMN';
      const plat = request.query.plat ?? 'pc';
      const svg = kind === 'match' ? matchBannerSvg(app.feed, id, lang, plat) : leagueBannerSvg(app.feed, id, lang, plat);
      if (!svg) throw new ApiError(404, CODES.NOT_FOUND, `file: no ${kind} ${id}`);
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        // Artwork of a match or league changes only with its names; a few minutes of caching is plenty.
        .header('cache-control', 'public, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(svg);
    },
  );
  app.get('/api/banner/image/*', { schema: { hide: true } }, async (request: FastifyRequest) => {
    const rest = (request.params as Record<string, string>)['*'] ?? '';
    throw new ApiError(400, CODES.INVALID_INPUT, `file: expected match-<matchId>.svg or league-<leagueId>.svg, got ${preview(rest)}`);
  });

  app.post(
    '/api/forehead/system/sports/getLeagueWeights',
    {
      schema: {
        summary: 'League weights of a sport, keyed by sort',
        description:
          'data is `{ "<sort>": { leagueId, weight, name, hot } }`, sort 1 the heaviest: hot leagues first, then the ' +
          "feed's league order. matchType narrows to leagues with matches in a list: 1 in-play, 2 today, 3 early, " +
          '4 outright; without it every league of the sport is weighted. type is accepted and does not change the weights.',
        tags: ['marketing'],
        body: leagueWeightsRequestSchema,
        response: foreheadResponses(leagueWeightsSchema),
      },
    },
    async (request) => {
      const { sportId, matchType, language } = request.body;
      const leagues = app.feed.leagues(matchType === undefined ? { sportId } : { sportId, type: MATCH_TYPES[matchType] }, language ?? 'CMN');
      return ok(leagueWeights(leagues));
    },
  );

  app.post(
    '/api/forehead/system/sports/lineup',
    {
      schema: {
        summary: 'Line-up status of a match: published or not, and the line-up',
        description: 'type: 1 football (and e-football), 2 basketball (and e-basketball). Unknown match or another sport: 404.',
        tags: ['marketing'],
        body: sportsLineupRequestSchema,
        response: { ...foreheadResponses(sportsLineupSchema), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { eventId, type, language } = request.body;
      const lang: Lang = language ?? 'CMN';
      const view = findMatch(app.feed, eventId, 'eventId', type === 1 ? 'football' : 'basketball', lang);
      return ok({ eventId, type, ...lineupData(app.feed, eventId, lang, { home: view.matchInfo.homeIcon, away: view.matchInfo.awayIcon }) });
    },
  );

  const jumpTo = (request: FastifyRequest, gameId: number) => {
    const game = GAMES.get(gameId);
    if (!game) throw new ApiError(404, CODES.NOT_FOUND, `gameId: no game ${gameId} (games: ${[...GAMES.keys()].join(', ')})`);
    const session = currentMember(request);
    const { token, expiresAt } = jumpTokens.issue(session.memberId, session.username, game.id);
    // The URL opens the game's page, which redeems the token (one-time, 60 s): the page is the platform's, not the app's.
    return ok({ url: `${game.url}?token=${token}`, token, expiresAt });
  };

  app.post(
    '/api/forehead/gamebet/game/jump',
    {
      onRequest: member,
      // A one-time token that signs the member into the game.
      onSend: addNoStore,
      schema: {
        summary: 'Jump to a game: its URL and a one-time token (member only)',
        description: `gameId 1: the sports product; ${BANKER_GAME_ID}: its banker mode. Unknown gameId: 404. The token is valid for 60 s and redeems once.`,
        tags: ['marketing'],
        body: gameJumpRequestSchema,
        response: { ...foreheadResponses(gameJumpSchema, { auth: true }), 404: errorEnvelope },
      },
    },
    async (request) => jumpTo(request, request.body.gameId),
  );

  app.post(
    '/api/banker/forehead/gamebet/game/jump',
    {
      onRequest: member,
      // A one-time token that signs the member into the game.
      onSend: addNoStore,
      schema: {
        summary: 'Jump to the banker sport (member only)',
        description: `The banker sport is game ${BANKER_GAME_ID}; gameId may be omitted, any other gameId is 404.`,
        tags: ['marketing'],
        body: bankerJumpRequestSchema,
        response: { ...foreheadResponses(gameJumpSchema, { auth: true }), 404: errorEnvelope },
      },
    },
    async (request) => {
      const gameId = request.body?.gameId ?? BANKER_GAME_ID;
      if (gameId !== BANKER_GAME_ID) throw new ApiError(404, CODES.NOT_FOUND, `gameId: the banker jump serves game ${BANKER_GAME_ID} only, got ${gameId}`);
      return jumpTo(request, gameId);
    },
  );

  app.post(
    '/api/forehead/gamebet/game/redeem',
    {
      onSend: addNoStore,
      schema: {
        summary: 'Redeem a jump token once: the game learns which member arrived',
        description: 'Anonymous (the token is the credential). An unknown, used or expired token answers 404.',
        tags: ['marketing'],
        body: gameRedeemRequestSchema,
        response: {
          ...foreheadResponses(gameRedeemSchema),
          404: errorEnvelope,
        },
      },
    },
    async (request) => {
      const grant = jumpTokens.redeem(request.body.token);
      if (!grant) throw new ApiError(404, CODES.NOT_FOUND, 'token: unknown, already used or expired');
      return ok({ gameId: grant.gameId, memberId: grant.memberId, username: grant.username });
    },
  );

  app.get(
    BANKER_PATHS.gamePage,
    {
      schema: {
        summary: "A game's page: the URL a game jump answers; redeems the jump token once",
        description:
          `Greets the member the token was issued to; game ${BANKER_GAME_ID} (banker mode) shows the first banker's detail. ` +
          'A missing, used or expired token, or one issued for another game: 403 with a page saying so.',
        tags: ['marketing'],
        params: gamePageParams,
        querystring: gamePageQuery,
        response: { 200: gamePageSchema, 400: errorEnvelope, 403: gamePageSchema, 404: errorEnvelope, 500: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { gameId } = request.params;
      const lang: Lang = request.query.language ?? 'CMN';
      if (!GAMES.has(gameId)) throw new ApiError(404, CODES.NOT_FOUND, `gameId: no game ${gameId} (games: ${[...GAMES.keys()].join(', ')})`);
      const token = request.query.token;
      const grant = token === undefined ? undefined : jumpTokens.redeem(token);
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'self'");
      if (!grant || grant.gameId !== gameId) return reply.code(403).send(expiredPageHtml(lang));
      const banker = gameId === BANKER_GAME_ID && app.experts.bankers[0] ? bankerDetailOf(app.experts.bankers[0], app.platformConfig.betting.single, lang) : undefined;
      return reply.send(gamePageHtml(gameId, grant.username, banker, lang));
    },
  );
};
