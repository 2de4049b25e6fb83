import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { videoLineParams, videoSegmentParams } from '../../../../contract/media';
import { matchVideoSource } from '../../media';
import { sendFlv, sendPlaylist, sendSegment, streamResponses } from './streaming';

/**
 * The live test streams behind the feed's video URLs (`/media/live/<matchId>/<line>.flv` and
 * `.../<line>/index.m3u8`): HTTP-FLV for desktop players (mpegts.js / flv.js) and HLS for hls.js
 * and Safari, both from one on-demand encoder per line (media/streams.ts). Query strings are
 * ignored: players add cache-busters.
 */
export const liveVideoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/live/:matchId/:line.flv',
    {
      schema: {
        summary: 'A video line as a live HTTP-FLV stream (H.264, no audio)',
        description:
          'Chunked `video/x-flv` for as long as the client stays and the match has the line. Every viewer of a line shares ' +
          'one encoder; a viewer joining late starts at the latest keyframe. 404 for a match or line without video, ' +
          '503 when all `media.maxEncoders` encoders are busy.',
        tags: ['media'],
        params: videoLineParams,
        response: streamResponses('video/x-flv, endless'),
      },
    },
    async (request, reply) => sendFlv(app.liveStreams, matchVideoSource(app.feed, request.params.matchId, request.params.line), request, reply),
  );

  app.get(
    '/media/live/:matchId/:line/index.m3u8',
    {
      schema: {
        summary: 'A video line as a live HLS playlist',
        description:
          'The first request starts the line\'s encoder and waits (up to `media.startTimeoutSeconds`) for the first segment; ' +
          'the playlist lists the latest 5 MPEG-TS segments of `media.segmentSeconds`. `no-cache`. 404 for a match or line ' +
          'without video, 503 when all encoders are busy or the stream did not start in time.',
        tags: ['media'],
        params: videoLineParams,
        response: streamResponses('application/vnd.apple.mpegurl'),
      },
    },
    async (request, reply) => sendPlaylist(app.liveStreams, matchVideoSource(app.feed, request.params.matchId, request.params.line), request, reply),
  );

  app.get(
    '/media/live/:matchId/:line/:segment.ts',
    {
      schema: {
        summary: 'A segment of a video line\'s HLS playlist (MPEG-TS)',
        description: 'Names are unique per encoder run. 404 once the segment left the playlist or the encoder stopped.',
        tags: ['media'],
        params: videoSegmentParams,
        response: streamResponses('video/mp2t'),
      },
    },
    async (request, reply) => {
      const { matchId, line, segment } = request.params;
      return sendSegment(app.liveStreams, matchVideoSource(app.feed, matchId, line), segment, reply);
    },
  );
};
