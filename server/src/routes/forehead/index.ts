import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemRoutes } from './system';
import { userRoutes } from './user';

/** /api/forehead/...: the forehead family (envelope `{ code, msg, data }`). */
export const foreheadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(userRoutes);
  await app.register(systemRoutes);
};
