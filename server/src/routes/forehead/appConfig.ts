import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfigs } from '../../config/appConfig';
import { ApiError, CODES, foreheadResponses, languageField, ok } from '../../http/envelope';

const resolvedConfigSchema = z.object({
  merchantId: z.string(),
  merchantName: z.string(),
  defaultLocale: z.string(),
  timezone: z.string(),
  plugins: z.array(z.object({ id: z.string(), enabled: z.boolean(), options: z.record(z.string(), z.unknown()) })),
  theme: z.record(z.string(), z.string()),
  serviceOrigins: z.array(z.string()).describe("Origins besides the page's own that an apiSrc link or a stored domain may name"),
  frameAncestors: z.array(z.string()).describe("Origins besides the platform's own whose pages may frame the app"),
});

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
        querystring: z.strictObject({ merchantId: z.string().regex(/^[a-z0-9-]{1,64}$/).optional(), language: languageField }),
        response: foreheadResponses(resolvedConfigSchema),
      },
    },
    async (request) => {
      const config = appConfigs.get(request.query.merchantId);
      if (!config) throw new ApiError(404, CODES.NOT_FOUND, `merchantId: no merchant "${request.query.merchantId}" (known: ${appConfigs.merchantIds.join(', ')})`);
      return ok(config);
    },
  );
};
