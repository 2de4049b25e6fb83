import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Match lists, statistics, leagues, search and detail (/api/match/...) */
export const matchListRoutes: FastifyPluginAsyncZod = async () => {};
