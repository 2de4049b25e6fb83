import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The platform's security headers, written here rather than with @fastify/helmet: a handful of headers, two of them
 * built from the merchant config, did not justify another dependency. docs/operations.md "Security headers" says
 * what each one is for and what an operator configures.
 */

/**
 * The Referer is never sent: a page address can still carry `?token=` before the app removes it, and no service
 * the app calls needs to know which page called it.
 */
export const REFERRER_POLICY = 'no-referrer';

/** On every answer, API JSON and files included: a browser never guesses a type other than the one declared. */
export function addCommonHeaders(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', REFERRER_POLICY);
  return Promise.resolve(payload);
}

/** Money and identity answers (login state, tokens, orders, balances): never kept by a browser or a shared cache. */
export function addNoStore(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  reply.header('cache-control', 'no-store');
  return Promise.resolve(payload);
}

export interface PagePolicy {
  /** The merchant's serviceOrigins: the app may call them (http(s) and their websockets) and load their images and streams. */
  serviceOrigins: readonly string[];
  /** The merchant's frameAncestors: sites besides the platform's own that may frame the page. */
  frameAncestors: readonly string[];
  /**
   * The demo host page embeds the app with qiankun, which fetches the child's scripts and runs them with eval (so
   * it can sandbox them) and inlines the child's styles as <style> elements: that page alone needs 'unsafe-eval'
   * and inline styles. The app's own page runs only its files.
   */
  embedsApp: boolean;
}

const websocketForm = (origin: string) => origin.replace(/^http/, 'ws');

/** The Content-Security-Policy and X-Frame-Options of an HTML page. */
export function pageHeaders({ serviceOrigins, frameAncestors, embedsApp }: PagePolicy): Record<string, string> {
  const services = serviceOrigins.join(' ');
  const directives = [
    `default-src 'self'`,
    `script-src 'self'${embedsApp ? ` 'unsafe-eval'` : ''}`,
    `style-src 'self'${embedsApp ? ` 'unsafe-inline'` : ''}`,
    // Team and league icons and banners come from the service (domain list "icon"/"banner"); data: is the empty favicon.
    `img-src 'self' data: blob: ${services}`,
    // hls.js and mpegts.js play through MediaSource, whose object URLs are blob:.
    `media-src 'self' blob: ${services}`,
    // 'self' covers the page's own ws(s):// too (CSP level 3); service websockets are named in both forms.
    `connect-src 'self' ${[...serviceOrigins, ...serviceOrigins.map(websocketForm)].join(' ')}`,
    // hls.js demuxes in a worker made from a blob: URL.
    `worker-src 'self' blob:`,
    `font-src 'self' data:`,
    `frame-ancestors 'self' ${frameAncestors.join(' ')}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
  ];
  const headers: Record<string, string> = { 'content-security-policy': directives.map((d) => d.trim()).join('; ') };
  // X-Frame-Options cannot name other sites (ALLOW-FROM is gone from browsers); with any, frame-ancestors alone rules.
  if (frameAncestors.length === 0) headers['x-frame-options'] = 'SAMEORIGIN';
  return headers;
}
