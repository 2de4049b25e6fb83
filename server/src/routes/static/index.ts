import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CODES, errorBody } from '../../http/envelope';

export interface StaticRoutesOptions {
  /** The app's build output (rspack): dist/spa/sport-pc/ and dist/newSport/. */
  distDir: string;
}

/** Content-hashed file names (`main.3f9a1c2b.js`, `chunk-3f9a1c2b.css`) never change content. */
const HASHED = /[.-][0-9a-f]{8,}\.[A-Za-z0-9]+$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else revalidates (ETag), so a rebuilt index.html or UMD entry shows at once. */
const REVALIDATE = 'no-cache';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

const wildcard = z.object({ '*': z.string() });

async function fileStats(file: string): Promise<Stats | null> {
  try {
    const stats = await stat(file);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

/**
 * Streams one file with a weak ETag (size + mtime) and answers 304 to a matching
 * If-None-Match. Hand-rolled rather than @fastify/static: its content-disposition dependency is
 * ESM-only and cannot be loaded by Jest's CommonJS runtime, and the cache policy is ours anyway.
 */
function sendFile(request: FastifyRequest, reply: FastifyReply, file: string, stats: Stats, cacheControl: string) {
  const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
  reply
    .header('cache-control', cacheControl)
    .header('etag', etag)
    .header('last-modified', stats.mtime.toUTCString())
    .header('x-content-type-options', 'nosniff')
    .type(CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream');
  const inm = request.headers['if-none-match'];
  if (inm && inm.split(',').some((tag) => tag.trim() === etag)) return reply.code(304).send();
  reply.header('content-length', stats.size);
  return reply.send(createReadStream(file));
}

/**
 * The built app. Checked per request rather than at start, so `npm run build` while the platform
 * runs takes effect without a restart, and a platform without a build still serves the API.
 * - `/spa/sport-pc/*`: files of dist/spa/sport-pc/; other paths without a file extension get its
 *   index.html (history-mode routes of the standalone app); missing files 404.
 * - `/newSport` and `/newSport/*`: the demo host page dist/newSport/index.html and its assets,
 *   with the same fallback.
 * - `/` redirects to `/newSport`.
 */
export const staticRoutes: FastifyPluginAsyncZod<StaticRoutesOptions> = async (app, { distDir }) => {
  const spaRoot = path.resolve(distDir, 'spa', 'sport-pc');
  const hostRoot = path.resolve(distDir, 'newSport');
  const hidden = { schema: { hide: true } } as const;

  async function serve(request: FastifyRequest, reply: FastifyReply, root: string, requested: string, what: string) {
    const target = path.resolve(root, requested);
    const notFound = () => reply.code(404).send(errorBody('forehead', CODES.NOT_FOUND, `no file ${requested}`));
    if (target !== root && !target.startsWith(root + path.sep)) return notFound();
    const stats = target === root ? null : await fileStats(target);
    if (stats) return sendFile(request, reply, target, stats, HASHED.test(path.basename(target)) ? IMMUTABLE : REVALIDATE);
    if (path.extname(requested) !== '') return notFound();
    const index = path.join(root, 'index.html');
    const indexStats = await fileStats(index);
    if (!indexStats) {
      return reply
        .code(404)
        .send(errorBody('forehead', CODES.NOT_FOUND, `${what} is not built: run "npm run build" (missing ${index})`));
    }
    return sendFile(request, reply, index, indexStats, REVALIDATE);
  }

  app.get('/', hidden, async (_request, reply) => reply.redirect('/newSport'));
  app.get('/newSport', hidden, async (request, reply) => serve(request, reply, hostRoot, '', 'the demo host page'));
  app.get('/newSport/*', { schema: { hide: true, params: wildcard } }, async (request, reply) =>
    serve(request, reply, hostRoot, request.params['*'], 'the demo host page'),
  );
  app.get('/spa/sport-pc', hidden, async (_request, reply) => reply.redirect('/spa/sport-pc/'));
  app.get('/spa/sport-pc/*', { schema: { hide: true, params: wildcard } }, async (request, reply) =>
    serve(request, reply, spaRoot, request.params['*'], 'the app'),
  );
};
