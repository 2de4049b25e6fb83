import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { domainListSchema, staticListRequestSchema, staticListSchema, type DomainList } from '../../../../contract/forehead';
import { ApiError, CODES, foreheadResponses, ok } from '../../http/envelope';
import { getStaticList } from '../../static/staticList';

/** Host names, IPv4 and bracketed IPv6, each with an optional port. */
const HOST = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/;

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/system/domain/list/v2',
    {
      schema: {
        summary: 'Base URLs of the services the app calls',
        description:
          'Every service is served by this platform, so all URLs are the origin the request came to ' +
          '(from its Host header), which keeps them right behind any port or proxy; push and chat are ' +
          'ws(s):// URLs of /push and /chat.',
        tags: ['forehead: system'],
        response: foreheadResponses(domainListSchema),
      },
    },
    async (request) => {
      const host = request.host;
      if (!host || !HOST.test(host)) {
        throw new ApiError(400, CODES.INVALID_INPUT, `Host: expected a host name with an optional port, got ${JSON.stringify(host ?? '')}`);
      }
      const secure = request.protocol === 'https';
      const origin = `${secure ? 'https' : 'http'}://${host}`;
      const wsOrigin = `${secure ? 'wss' : 'ws'}://${host}`;
      return ok({
        betting: origin,
        match: origin,
        forehead: origin,
        media: origin,
        results: origin,
        push: `${wsOrigin}/push`,
        chat: `${wsOrigin}/chat`,
        icon: origin,
        // The banner host is the platform unless config/platform.json experts.bannerHost names another (docs/config.md).
        banner: app.platformConfig.experts.bannerHost || origin,
        report: origin,
      } satisfies DomainList);
    },
  );

  app.post(
    '/system/language/staticList',
    {
      schema: {
        summary: 'Static tables (market types, periods, statuses, options, sports, phases) in one language',
        description: 'Clients cache it for a day and refetch when version changes.',
        tags: ['forehead: system'],
        body: staticListRequestSchema,
        response: foreheadResponses(staticListSchema),
      },
    },
    async (request) => ok(getStaticList(request.body.language)),
  );
};
