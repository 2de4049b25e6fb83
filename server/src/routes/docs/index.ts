import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { openApiDocumentSchema } from '../../../../contract/platform';

/** GET /openapi.json: the OpenAPI 3 document generated from every route's zod schema. */
export const docsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/openapi.json',
    {
      schema: {
        summary: 'The OpenAPI 3 document of this platform',
        tags: ['platform'],
        response: { 200: openApiDocumentSchema },
      },
    },
    async () => app.swagger() as unknown as Record<string, unknown>,
  );
};
