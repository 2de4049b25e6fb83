import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anchorMediaQuery, anchorMediaSchema, anchorSegmentParams, anchorStreamParams, type AnchorMediaData } from '../../../../contract/media';
import { isAnchorVisible, LiveStatus, type AnchorViewer } from '../../../../domain/anchors';
import type { Anchor } from '../../../../contract/live';
import type { Lang } from '../../feed';
import { ApiError, CODES, errorEnvelope, foreheadResponses, ok } from '../../http/envelope';
import { readToken } from '../../http/requireMember';
import { anchorViewerOf, findRoom } from '../../live/rooms';
import { anchorRoomSource, roomUnavailable } from '../../media';
import { createStreamTickets, TICKET_TTL_MS } from '../../media/tickets';
import { sendFlv, sendPlaylist, sendSegment, streamResponses } from './streaming';

const noRoom = (liveRoomId: number) => new ApiError(404, CODES.NOT_FOUND, `liveRoomId: no live room ${liveRoomId}`);

/**
 * The anchor's stream of a live room (the stage's anchor play mode): the answer naming the room's stream URLs, and the
 * streams themselves, one studio picture per room encoded on demand and shared by every viewer (media/sources.ts).
 * The answer applies the anchor list's visibility rule (domain/anchors.ts); the stream URLs carry a ticket it
 * signed (media/tickets.ts), because players fetch them without the member's token.
 */
export const anchorMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const tickets = createStreamTickets(app.clock);

  /** The room on its match as the viewer may see it; a room hidden from them answers as an unknown one. */
  function visibleRoom(liveRoomId: number, viewer: AnchorViewer, lang: Lang): Anchor {
    const found = findRoom(app.anchors, liveRoomId, lang);
    if (found.kind === 'unknown' || !isAnchorVisible(found.kind === 'on-match' ? found.room : found.profile, viewer)) throw noRoom(liveRoomId);
    if (found.kind === 'off-air') throw new ApiError(404, CODES.NOT_FOUND, `liveRoomId: room ${liveRoomId} is off the air (its anchor is on no match now)`);
    return found.room;
  }

  /** The stream source of a ticket's room: 403 for a ticket not signed for it or expired, 404 unless the room is live. */
  function streamOf(liveRoomId: number, ticket: string) {
    const check = tickets.check(liveRoomId, ticket);
    if (check !== 'ok') {
      const why = check === 'expired' ? 'has expired' : `is not one of room ${liveRoomId}`;
      throw new ApiError(403, CODES.FORBIDDEN, `ticket: the stream ticket ${why}; ask GET /media/anchor/web for the room's stream URLs`);
    }
    const found = findRoom(app.anchors, liveRoomId, 'ENG');
    if (found.kind === 'unknown') throw noRoom(liveRoomId);
    if (found.kind === 'off-air') throw new ApiError(404, CODES.NOT_FOUND, `liveRoomId: room ${liveRoomId} has ended`);
    const missing = roomUnavailable(found.room);
    if (missing) throw new ApiError(404, CODES.NOT_FOUND, missing);
    return anchorRoomSource(app.anchors, found.room);
  }

  app.get(
    '/media/anchor/web',
    {
      schema: {
        summary: "A live room's anchor stream: the room's state and its stream URLs",
        description:
          'Normal rooms for everyone; exclusive (1) and agent (17) rooms only with the token of a member whose special rooms ' +
          'include them (others get the 404 of an unknown room). `sources` is empty unless the room is living; while living it ' +
          `holds one line: \`pc\` HTTP-FLV, \`h5\` HLS, paths on the media host carrying a stream ticket valid for ${TICKET_TTL_MS / 3_600_000} hours. ` +
          '404 for an unknown room and for a room whose anchor is on no match now. `no-store`.',
        tags: ['media'],
        querystring: anchorMediaQuery,
        response: { ...foreheadResponses(anchorMediaSchema), 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { liveRoomId, language } = request.query;
      const viewer = await anchorViewerOf(app.auth, app.specialRooms, readToken(request.headers.authorization));
      const room = visibleRoom(liveRoomId, viewer, language ?? 'CMN');
      const data: AnchorMediaData = { liveRoomId, matchId: room.matchId, liveStatus: room.liveStatus, sources: [] };
      if (room.liveStatus === LiveStatus.Living) {
        const base = `/media/anchor/${liveRoomId}/${tickets.issue(liveRoomId)}`;
        data.sources.push({ line: 1, pc: `${base}.flv`, h5: `${base}/index.m3u8` });
      }
      // The state moves with the match and the URLs carry a ticket: never kept by a browser or a shared cache.
      reply.header('cache-control', 'no-store');
      return ok(data);
    },
  );

  // The two live forms of a room's stream: the same ticket check, room and errors, sent as FLV or as an HLS playlist.
  for (const form of [
    {
      path: '/media/anchor/:liveRoomId/:ticket.flv',
      summary: "A live room's anchor stream as live HTTP-FLV (H.264, no audio)",
      description:
        'The `pc` URL of GET /media/anchor/web. Chunked `video/x-flv` for as long as the client stays and the room is live. ' +
        'Every viewer of a room shares one encoder. 403 for a ticket not issued for the room or expired, 404 once the ' +
        'room is not live, 503 when all `media.maxEncoders` encoders are busy.',
      contentType: 'video/x-flv, endless',
      send: sendFlv,
    },
    {
      path: '/media/anchor/:liveRoomId/:ticket/index.m3u8',
      summary: "A live room's anchor stream as a live HLS playlist",
      description:
        'The `h5` URL of GET /media/anchor/web; the first request starts the room\'s encoder and waits (up to ' +
        '`media.startTimeoutSeconds`) for the first segment. `no-cache`. 403, 404 and 503 as for the FLV stream.',
      contentType: 'application/vnd.apple.mpegurl',
      send: sendPlaylist,
    },
  ]) {
    app.get(
      form.path,
      {
        schema: {
          summary: form.summary,
          description: form.description,
          tags: ['media'],
          params: anchorStreamParams,
          response: streamResponses(form.contentType, { 403: errorEnvelope }),
        },
      },
      async (request, reply) => form.send(app.liveStreams, streamOf(request.params.liveRoomId, request.params.ticket), request, reply),
    );
  }

  app.get(
    '/media/anchor/:liveRoomId/:ticket/:segment.ts',
    {
      schema: {
        summary: "A segment of a live room's HLS playlist (MPEG-TS)",
        description: 'Names are unique per encoder run. 404 once the segment left the playlist or the encoder stopped.',
        tags: ['media'],
        params: anchorSegmentParams,
        response: streamResponses('video/mp2t', { 403: errorEnvelope }),
      },
    },
    async (request, reply) => {
      const { liveRoomId, ticket, segment } = request.params;
      return sendSegment(app.liveStreams, streamOf(liveRoomId, ticket), segment, reply);
    },
  );
};
