import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfigs } from '../../config/appConfig';
import { addNoStore } from '../../http/securityHeaders';
import { appConfigRoutes } from './appConfig';
import { appLogRoutes } from './appLog';
import { maintenanceRoutes } from './maintenance';
import { settingsRoutes } from './settings';
import { showOrderRoutes } from './showOrder';
import { systemRoutes } from './system';
import { userRoutes } from './user';

/** /api/forehead/...: the forehead family (envelope `{ code, msg, data }`). */
export const foreheadRoutes: FastifyPluginAsyncZod<{ appConfigs: AppConfigs; operatorToken: string | undefined; publicOrigins: string[] }> = async (app, { appConfigs, operatorToken, publicOrigins }) => {
  // Login, login state and sign-out answer tokens, names and balances.
  await app.register(async (user) => {
    user.addHook('onSend', addNoStore);
    await user.register(userRoutes);
  });
  // A member's settings, like their login state, are theirs alone: never kept by a shared cache.
  await app.register(async (member) => {
    member.addHook('onSend', addNoStore);
    await member.register(settingsRoutes);
  });
  await app.register(appLogRoutes);
  await app.register(showOrderRoutes);
  await app.register(systemRoutes, { publicOrigins });
  await app.register(appConfigRoutes, { appConfigs });
  await app.register(async (operator) => {
    operator.addHook('onSend', addNoStore);
    await operator.register(maintenanceRoutes, { operatorToken });
  });
};
