import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appConfigAnswerSchema, appConfigQuery } from '../../../../contract/forehead';
import type { AppConfigs } from '../../config/appConfig';
import { ApiError, CODES, foreheadResponses, ok } from '../../http/envelope';

export const appConfigRoutes: FastifyPluginAsyncZod<{ appConfigs: AppConfigs }> = async (app, { appConfigs }) => {
  app.get(
    '/system/config/app',
    {
      schema: {
        summary: "The app's resolved plugin configuration for a merchant",
        description:
          'config/app.json merged with config/merchants/<merchantId>.json, validated at start-up: which plugins are ' +
          'enabled, their options with defaults applied, the theme tokens, and the allowed service and framing origins. No auth: the app needs it before login.',
        tags: ['forehead: system'],
        querystring: appConfigQuery,
        response: foreheadResponses(appConfigAnswerSchema),
      },
    },
    async (request) => {
      const config = appConfigs.get(request.query.merchantId);
      if (!config) throw new ApiError(404, CODES.NOT_FOUND, `merchantId: no merchant "${request.query.merchantId}" (known: ${appConfigs.merchantIds.join(', ')})`);
      return ok(config);
    },
  );
};
