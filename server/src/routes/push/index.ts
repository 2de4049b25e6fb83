import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { upgradeRequiredResponse, websocketHandlers } from '../../http/websocketRoute';

/** GET /push: the push websocket; the protocol is described in push/hub.ts and docs/api.md. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: 'GET',
    url: '/push',
    schema: {
      summary: 'Push channel (websocket)',
      description:
        'Upgrade to a websocket. Send {"cmd":"sub","channels":[...]}, {"cmd":"unsub","channels":[...]} or ' +
        '{"cmd":"ping"} (and {"cmd":"auth","token"} to sign the connection in); only channels the allow-list ' +
        'grants are subscribed (public ones to anyone, member:<uid>:... to that member, live:room:<id> to whoever may ' +
        'see the room; docs/api.md "Push"), the rest answered {"cmd":"error","msg","channels"}; ' +
        'receive {"chId","seq","epoch","data"} per publish (seq counts up per channel without ' +
        'gaps; epoch changes when the platform restarts, and then seq starts at 1 again: refetch the channel\'s ' +
        'state on a new epoch or a seq gap), {"cmd":"pong","t"} and {"cmd":"error","msg"}. At most ' +
        'push.maxChannelsPerClient channels per client; a client that falls behind is closed with code 1013. ' +
        'A page of a foreign origin (not the platform\'s own nor in cors.origins), and a connection over ' +
        'push.maxConnectionsPerAddress from one address, are closed with code 1008. Without an upgrade the ' +
        'answer is HTTP 426, code 4026.',
      tags: ['push'],
      response: upgradeRequiredResponse,
    },
    ...websocketHandlers(app.originPolicy, (socket, request) => app.pushHub.attach(socket, request.ip)),
  });
};
