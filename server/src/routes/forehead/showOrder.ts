import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { showOrderConfigRequestSchema, showOrderConfigSchema } from '../../../../contract/showOrder';
import { foreheadResponses, ok } from '../../http/envelope';

/**
 * The live showorder config (spec 001 section 7; path not shown, so it sits in the forehead live family): whether the
 * order-sharing rule holds in every room and the smallest stake of a shared order, from config/platform.json
 * `liveShowOrder`. Open to visitors, like the room's other rules.
 */
export const showOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { isGlobal, amount } = app.platformConfig.liveShowOrder;
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
    async () => ok({ isGlobal, amount }),
  );
};
