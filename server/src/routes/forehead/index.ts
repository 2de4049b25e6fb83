import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfigs } from '../../config/appConfig';
import { appConfigRoutes } from './appConfig';
import { systemRoutes } from './system';
import { userRoutes } from './user';

/** /api/forehead/...: the forehead family (envelope `{ code, msg, data }`). */
export const foreheadRoutes: FastifyPluginAsyncZod<{ appConfigs: AppConfigs }> = async (app, { appConfigs }) => {
  await app.register(userRoutes);
  await app.register(systemRoutes);
  await app.register(appConfigRoutes, { appConfigs });
};
