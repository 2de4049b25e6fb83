import type { FastifyReply, FastifyRequest } from 'fastify';
import { streamSchema } from '../../../../contract/media';
import { ApiError, CODES, errorEnvelope } from '../../http/envelope';
import type { LiveStreams, StreamSource } from '../../media';

/**
 * How a live stream goes out, whatever its source (a match's video line, an anchor's room): the same types, caching
 * and errors for every stream URL the platform names.
 */

/** Bytes (a Buffer or an endless stream), never serialised. */
export const streamResponses = (what: string, more: Record<number, typeof errorEnvelope> = {}) => ({
  200: streamSchema(what),
  400: errorEnvelope,
  429: errorEnvelope,
  ...more,
  404: errorEnvelope,
  500: errorEnvelope,
  503: errorEnvelope,
});

/** Chunked `video/x-flv` for as long as the client stays; the viewer leaves the shared encoder when it goes. */
export function sendFlv(streams: LiveStreams, source: StreamSource, request: FastifyRequest, reply: FastifyReply) {
  const viewer = streams.watchFlv(source, request.ip);
  request.raw.once('close', viewer.detach);
  reply.raw.once('close', viewer.detach);
  viewer.stream.once('close', viewer.detach);
  return reply
    .header('content-type', 'video/x-flv')
    .header('cache-control', 'no-cache, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(viewer.stream);
}

/** The live playlist, never cached: it changes with every segment. */
export async function sendPlaylist(streams: LiveStreams, source: StreamSource, request: FastifyRequest, reply: FastifyReply) {
  const playlist = await streams.playlist(source, request.ip);
  return reply.header('content-type', 'application/vnd.apple.mpegurl').header('cache-control', 'no-cache').send(playlist);
}

/** A segment never changes for its name (names are unique per encoder run), so caches may keep it a minute. */
export async function sendSegment(streams: LiveStreams, source: StreamSource, segment: string, reply: FastifyReply) {
  const data = await streams.segment(source, segment);
  if (!data) {
    throw new ApiError(404, CODES.NOT_FOUND, `segment: no segment ${segment}.ts of ${source.label} (expired, or the stream is not running)`);
  }
  return reply
    .header('content-type', 'video/mp2t')
    .header('cache-control', 'public, max-age=60')
    .header('x-content-type-options', 'nosniff')
    .send(data);
}
