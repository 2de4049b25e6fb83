import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /push: the push websocket; the protocol is described in push/hub.ts and docs/api.md. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/push',
    {
      websocket: true,
      schema: {
        summary: 'Push channel (websocket)',
        description:
          'Upgrade to a websocket. Send {"cmd":"sub","channels":[...]}, {"cmd":"unsub","channels":[...]} or ' +
          '{"cmd":"ping"}; receive {"chId","seq","data"} per publish (seq counts up per channel), ' +
          '{"cmd":"pong","t"} and {"cmd":"error","msg"}. At most 500 channels per client; a client that ' +
          'falls behind is closed with code 1013.',
        tags: ['push'],
      },
    },
    (socket) => {
      app.pushHub.attach(socket);
    },
  );
};
