import type { WebSocket } from '@fastify/websocket';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CLOSE_POLICY_VIOLATION } from '../push/hub';
import { CODES, errorEnvelope, foreheadError } from './envelope';
import type { OriginPolicy } from './origins';

const UPGRADE_REQUIRED = 426;

/** A websocket route's schema answer to a plain GET. */
export const upgradeRequiredResponse = { [UPGRADE_REQUIRED]: errorEnvelope };

/**
 * The handlers of a websocket route (/push, /chat), declared with `wsHandler` + `handler` rather than
 * `websocket: true`, which would hide the route from /openapi.json. A plain GET (no upgrade) is answered 426 with the
 * envelope. A socket opened from a page of a foreign origin is closed with 1008: browsers send Origin on every
 * websocket and do not apply CORS to it, so this is the only thing that stops a foreign page from using a visitor's
 * connection. `serve` takes every other socket.
 */
export function websocketHandlers(originPolicy: OriginPolicy, serve: (socket: WebSocket, request: FastifyRequest) => void) {
  return {
    handler: async (_request: FastifyRequest, reply: FastifyReply) =>
      reply.code(UPGRADE_REQUIRED).header('upgrade', 'websocket').send(foreheadError(CODES.UPGRADE_REQUIRED, 'expected a websocket upgrade request')),
    wsHandler: (socket: WebSocket, request: FastifyRequest) => {
      if (!originPolicy.allowsRequest(request.headers)) {
        socket.close(CLOSE_POLICY_VIOLATION, 'origin not allowed');
        return;
      }
      serve(socket, request);
    },
  };
}
