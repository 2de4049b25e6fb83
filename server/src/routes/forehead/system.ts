import { networkInterfaces } from 'node:os';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { domainListSchema, staticListRequestSchema, staticListSchema, type DomainList } from '../../../../contract/forehead';
import { ApiError, CODES, foreheadResponses, ok } from '../../http/envelope';
import { getStaticList } from '../../static/staticList';

/** Host names, IPv4 and bracketed IPv6, each with an optional port. */
const HOST = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/;
const LOOPBACK_NAME = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** Whether `hostname` (as in a Host header, IPv6 bracketed) names this machine: loopback or one of its addresses. */
function isThisMachine(hostname: string): boolean {
  if (LOOPBACK_NAME.test(hostname)) return true;
  const bare = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return Object.values(networkInterfaces()).some((addresses) => addresses?.some((a) => a.address.toLowerCase() === bare));
}

/**
 * The origin the domain list names for a request (issue 29: it echoed any Host header into every service URL, so a
 * forged Host, or a cache keyed without it, could point clients elsewhere). With PUBLIC_ORIGIN, one of those origins
 * (the one of the request's host, else the first); without it, the request's own origin only when its host names this
 * machine (a development or single-machine platform reached by address), otherwise a 400 that says what to set.
 */
function servedOrigin(host: string | undefined, secure: boolean, publicOrigins: readonly string[]): string {
  if (publicOrigins.length > 0) {
    const own = publicOrigins.find((origin) => host !== undefined && new URL(origin).host === host.toLowerCase());
    return own ?? publicOrigins[0]!;
  }
  if (!host || !HOST.test(host)) {
    throw new ApiError(400, CODES.INVALID_INPUT, `Host: expected a host name with an optional port, got ${JSON.stringify(host ?? '')}`);
  }
  const hostname = host.replace(/:\d{1,5}$/, '');
  if (!isThisMachine(hostname)) {
    throw new ApiError(400, CODES.INVALID_INPUT, `Host: ${JSON.stringify(host)} is not an address of this machine; the operator sets PUBLIC_ORIGIN to the origins the platform is reached at`);
  }
  return `${secure ? 'https' : 'http'}://${host}`;
}

export const systemRoutes: FastifyPluginAsyncZod<{ publicOrigins: readonly string[] }> = async (app, { publicOrigins }) => {
  app.post(
    '/system/domain/list/v2',
    {
      schema: {
        summary: 'Base URLs of the services the app calls',
        description:
          'Every service is served by this platform: all URLs are one of its PUBLIC_ORIGIN origins (the one of the ' +
          "request's host, else the first) or, without PUBLIC_ORIGIN, the origin the request came to when its Host " +
          'names this machine (loopback or one of its addresses; another Host is answered 400). Push and chat are ' +
          'ws(s):// URLs of /push and /chat.',
        tags: ['forehead: system'],
        response: foreheadResponses(domainListSchema),
      },
    },
    async (request) => {
      const origin = servedOrigin(request.host, request.protocol === 'https', publicOrigins);
      const wsOrigin = origin.replace(/^http/, 'ws');
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
