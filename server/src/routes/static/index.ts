import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ResolvedConfig } from '../../../../contract/appConfig';
import type { AppConfigs } from '../../config/appConfig';
import { CODES, foreheadError } from '../../http/envelope';
import { pageHeaders } from '../../http/securityHeaders';

export interface StaticRoutesOptions {
  /** The app's build output (rspack): dist/spa/sport-pc/ and dist/newSport/. */
  distDir: string;
  /** The merchants' serviceOrigins and frameAncestors shape each page's Content-Security-Policy. */
  appConfigs: AppConfigs;
}

/** Content-hashed file names (`main.3f9a1c2b.js`) never change content; everything else revalidates (ETag). */
const HASHED = /[.-][0-9a-f]{8,}\.[A-Za-z0-9]+$/;
/** The build's compressed copy of a file (rspack.config.ts PrecompressPlugin) carries the file's own name plus this. */
const COMPRESSED_COPY = /\.(gz|br)$/;

/**
 * One built page (the app, or the demo host) under a prefix: its files with cache headers, and its index.html
 * for any other path without a file extension (history-mode routes). Missing files 404 with the envelope.
 * A build made while the platform runs is served at once (files are looked up per request).
 */
async function builtPage(
  app: FastifyInstance,
  { root, prefix, what, appConfigs, embedsApp }: { root: string; prefix: string; what: string; appConfigs: AppConfigs; embedsApp: boolean },
) {
  // The app's page allows what its merchant (`?merchant=`, as the app reads it) allows; the demo host page, which
  // may embed the app for any merchant, allows what any merchant allows.
  const everyMerchant = appConfigs.merchantIds.map((id) => appConfigs.get(id)!);
  const union = (pick: (config: ResolvedConfig) => string[]) => [...new Set(everyMerchant.flatMap(pick))];
  const hostPolicy = { serviceOrigins: union((c) => c.serviceOrigins), frameAncestors: union((c) => c.frameAncestors) };
  const pageHeadersFor = (request: FastifyRequest) => {
    if (embedsApp) return pageHeaders({ ...hostPolicy, embedsApp });
    const merchant = (request.query as { merchant?: unknown }).merchant;
    const config = (typeof merchant === 'string' ? appConfigs.get(merchant) : undefined) ?? appConfigs.get()!;
    return pageHeaders({ serviceOrigins: config.serviceOrigins, frameAncestors: config.frameAncestors, embedsApp });
  };
  // Its own prefix so its not-found handler (the history fallback) covers only this page.
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root,
      prefix: '/',
      decorateReply: !scope.hasReplyDecorator('sendFile'),
      index: false,
      schemaHide: true,
      // Source maps would publish the app's source; the build keeps them out of dist/, and an old one left there stays unserved.
      allowedPath: (pathName: string) => !pathName.endsWith('.map'),
      // The build writes a gzip copy of each script and style sheet beside it: sent, with Content-Encoding and
      // Vary: Accept-Encoding, to a browser that accepts gzip; the file itself to one that does not, and for any
      // file without a copy.
      preCompressed: true,
      // @fastify/static 10 passes the Fastify reply here, not the raw response; `file` may be the compressed copy.
      setHeaders: (reply: FastifyReply, file: string) => {
        const served = path.basename(file).replace(COMPRESSED_COPY, '');
        reply.header('cache-control', HASHED.test(served) ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (served.endsWith('.html')) reply.headers(pageHeadersFor(reply.request));
      },
    });
    const index = (request: FastifyRequest, reply: FastifyReply) => {
      const requested = request.url.split('?')[0]!;
      if (path.extname(requested) !== '') return reply.code(404).send(foreheadError(CODES.NOT_FOUND, `no file ${requested}`));
      if (!existsSync(path.join(root, 'index.html'))) {
        return reply.code(404).send(foreheadError(CODES.NOT_FOUND, `${what} is not built: run "npm run build" (missing ${path.join(root, 'index.html')})`));
      }
      return reply.header('cache-control', 'no-cache').headers(pageHeadersFor(request)).sendFile('index.html', root);
    };
    scope.setNotFoundHandler(index);
    scope.get('/', { schema: { hide: true } }, index);
  }, { prefix });
}

/**
 * The built app at /spa/sport-pc/ and the demo host at /newSport; `/` redirects to the demo host.
 * A platform without a build still serves the API and says how to build the pages.
 */
export const staticRoutes: FastifyPluginAsyncZod<StaticRoutesOptions> = async (app, { distDir, appConfigs }) => {
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/newSport'));
  await builtPage(app, { root: path.resolve(distDir, 'spa', 'sport-pc'), prefix: '/spa/sport-pc', what: 'the app', appConfigs, embedsApp: false });
  await builtPage(app, { root: path.resolve(distDir, 'newSport'), prefix: '/newSport', what: 'the demo host page', appConfigs, embedsApp: true });
};
