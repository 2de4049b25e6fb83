import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anchorSearchQuery, anchorsSchema, specialRoomIdsSchema } from '../../../../contract/live';
import { isAnchorVisible, type AnchorViewer } from '../../../../domain/anchors';
import { foreheadResponses, ok } from '../../http/envelope';
import { anchorViewerOf } from '../../live/rooms';
import { currentMember, readToken, requireMember } from '../../http/requireMember';
import { viewKey } from '../../live/watches';
import { liveRoomRoutes } from './room';
import { titleRoutes } from './titles';

/**
 * The live side's calls: the anchor list (spec 001 section 7 "Anchor search") and a member's special rooms. The search
 * is open to visitors; with a valid token it also answers the exclusive and agent rooms the member is granted.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewerOf = (request: FastifyRequest): Promise<AnchorViewer> => anchorViewerOf(app.auth, app.specialRooms, readToken(request.headers.authorization));

  app.get(
    '/ssapi/anchor/search',
    {
      schema: {
        summary: 'Anchors on matches: their rooms, languages, state and popularity',
        description:
          'Normal rooms for everyone; exclusive (1) and agent (17) rooms only with the token of a member whose special ' +
          'rooms include them, and only on sports the merchant named in x-merchant-id offers. Rooms whose match ended are answered as ended (liveStatus 2) for 10 minutes of feed time. ' +
          'Unordered: the app de-duplicates and sorts (docs/api.md).',
        tags: ['live'],
        querystring: anchorSearchQuery,
        response: foreheadResponses(anchorsSchema),
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      // Rooms on matches of a sport the merchant switched off are left out (anchors' sport ids are scheme C).
      const offered = app.merchants.sports(app.merchants.ofRequest(request));
      const rooms = app.anchors
        .rooms(request.query.matchSource, request.query.language ?? 'CMN')
        .filter((anchor) => offered.offers(anchor.sportId, 'C') && isAnchorVisible(anchor, viewer));
      // Members' counted views (live/submit/watch) add to the popularity of the room's broadcast of the match.
      const views = await app.liveWatches.viewsOf(rooms);
      return ok(rooms.map((room) => ({ ...room, popularity: room.popularity + (views.get(viewKey(room)) ?? 0) })));
    },
  );

  app.post(
    '/api/forehead/live/liveRoom/getSpecialRoomIds',
    {
      onRequest: requireMember({ family: 'forehead' }),
      schema: {
        summary: "The member's special rooms, as the spec's comma-separated list",
        tags: ['live'],
        response: foreheadResponses(specialRoomIdsSchema, { auth: true }),
      },
    },
    async (request) => ok((await app.specialRooms.of(currentMember(request).memberId)).join(',')),
  );

  await app.register(liveRoomRoutes);
  await app.register(titleRoutes);
};
