import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '../../../../contract/platform';
import { pingDatabase } from '../../db/database';

/** GET /healthz: 200 when the database answers, 503 otherwise (load balancers and CI wait on it). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        summary: 'Health: build and database status',
        tags: ['platform'],
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const dbOk = await pingDatabase(app.db);
      return reply.code(dbOk ? 200 : 503).send({
        status: dbOk ? 'ok' : 'degraded',
        build: app.buildInfo,
        database: { ok: dbOk, driver: app.dbDriver },
        feedRole: app.leadership.role,
      });
    },
  );
};
