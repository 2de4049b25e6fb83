import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { anchorSchema, specialRoomIdsSchema, type AnchorMatchesWire } from '../../../../contract/live';
import { isAnchorVisible, type AnchorViewer } from '../../../../src/domain/anchors';
import { foreheadResponses, languageField, ok } from '../../http/envelope';
import { currentMember, readToken, requireMember } from '../../http/requireMember';
import { viewKey } from '../../live/watches';
import { expecting } from '../../validation/issues';
import { pidField, stampField } from '../matchData/fields';
import { liveRoomRoutes } from './room';
import { titleRoutes } from './titles';

const searchQuery = z.strictObject({
  pid: pidField,
  matchSource: z
    .enum(['all', 'inplay', 'prematch'], { error: expecting('"all", "inplay" or "prematch"') })
    .default('all')
    .describe('all rooms (default), only live ones, or only ones waiting for kick-off'),
  t: stampField,
  language: languageField,
});

/**
 * The live side's calls: the anchor list (spec 001 section 7 "Anchor search") and a member's special rooms. The search
 * is open to visitors; with a valid token it also answers the exclusive and agent rooms the member is granted.
 */
/** The rooms the feed holds are the domain's Anchors: they are the wire's shape (a drift fails the type-check). */
const ANCHORS_ARE_WIRE: AnchorMatchesWire = true;
void ANCHORS_ARE_WIRE;

export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Who is asking: a visitor (also with a stale token: the list is public, so it answers as for a visitor) or a member. */
  async function viewerOf(request: FastifyRequest): Promise<AnchorViewer> {
    const token = readToken(request.headers.authorization);
    const session = token ? await app.auth.authenticate(token) : undefined;
    if (!session?.ok) return { isLogin: false, specialRoomIds: new Set() };
    return { isLogin: true, specialRoomIds: new Set(await app.specialRooms.of(session.session.memberId)) };
  }

  app.get(
    '/ssapi/anchor/search',
    {
      schema: {
        summary: 'Anchors on matches: their rooms, languages, state and popularity',
        description:
          'Normal rooms for everyone; exclusive (1) and agent (17) rooms only with the token of a member whose special ' +
          'rooms include them. Rooms whose match ended are answered as ended (liveStatus 2) for 10 minutes of feed time. ' +
          'Unordered: the app de-duplicates and sorts (docs/api.md).',
        tags: ['live'],
        querystring: searchQuery,
        response: foreheadResponses(z.array(anchorSchema)),
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      const rooms = app.anchors.rooms(request.query.matchSource, request.query.language ?? 'CMN').filter((anchor) => isAnchorVisible(anchor, viewer));
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
