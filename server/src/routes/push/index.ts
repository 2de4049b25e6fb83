import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CODES, errorEnvelope, foreheadError } from '../../http/envelope';

const UPGRADE_REQUIRED = 426;

/**
 * GET /push: the push websocket; the protocol is described in push/hub.ts and docs/api.md.
 * Declared with `wsHandler` + `handler` rather than `websocket: true`, which would hide the route
 * from /openapi.json; a plain GET (no upgrade) is answered 426 with the envelope.
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: 'GET',
    url: '/push',
    schema: {
      summary: 'Push channel (websocket)',
      description:
        'Upgrade to a websocket. Send {"cmd":"sub","channels":[...]}, {"cmd":"unsub","channels":[...]} or ' +
        '{"cmd":"ping"}; receive {"chId","seq","data"} per publish (seq counts up per channel), ' +
        '{"cmd":"pong","t"} and {"cmd":"error","msg"}. At most 500 channels per client; a client that ' +
        'falls behind is closed with code 1013. Without an upgrade the answer is HTTP 426, code 4026.',
      tags: ['push'],
      response: { [UPGRADE_REQUIRED]: errorEnvelope },
    },
    handler: async (_request, reply) =>
      reply.code(UPGRADE_REQUIRED).header('upgrade', 'websocket').send(foreheadError(CODES.UPGRADE_REQUIRED, 'expected a websocket upgrade request')),
    wsHandler: (socket) => {
      app.pushHub.attach(socket);
    },
  });
};
