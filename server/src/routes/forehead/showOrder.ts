import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { showOrderConfigRequestSchema, showOrderConfigSchema } from '../../../../contract/showOrder';
import { foreheadResponses, ok } from '../../http/envelope';

/**
 * The live showorder config (spec 001 section 7; path not shown, so it sits in the forehead live family): whether the
 * order-sharing rule holds in every room and the smallest stake of a shared order. It advertises the one rule chat
 * enforces (config/platform.json `chat.orderShow.minAmount`, in CNY; chat converts it per coin, src/chat/orders.ts),
 * and that rule holds in every room, so `isGlobal` is always true: a second value here could only disagree with
 * chat (issue 31: it advertised 100.00 while chat took 10.00). Open to visitors, like the room's other rules.
 */
export const showOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = { isGlobal: true, amount: app.platformConfig.chat.orderShow.minAmount };
  app.post(
    '/live/showorder/config',
    {
      schema: {
        summary: 'The live showorder config: isGlobal and amount',
        tags: ['live'],
        body: showOrderConfigRequestSchema,
        response: foreheadResponses(showOrderConfigSchema),
      },
    },
    async () => ok(answer),
  );
};
