import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfigs } from '../../config/appConfig';
import { addNoStore } from '../../http/securityHeaders';
import { appConfigRoutes } from './appConfig';
import { maintenanceRoutes } from './maintenance';
import { systemRoutes } from './system';
import { userRoutes } from './user';

/** /api/forehead/...: the forehead family (envelope `{ code, msg, data }`). */
export const foreheadRoutes: FastifyPluginAsyncZod<{ appConfigs: AppConfigs; operatorToken: string | undefined }> = async (app, { appConfigs, operatorToken }) => {
  // Login, login state and sign-out answer tokens, names and balances.
  await app.register(async (user) => {
    user.addHook('onSend', addNoStore);
    await user.register(userRoutes);
  });
  await app.register(systemRoutes);
  await app.register(appConfigRoutes, { appConfigs });
  await app.register(async (operator) => {
    operator.addHook('onSend', addNoStore);
    await operator.register(maintenanceRoutes, { operatorToken });
  });
};
