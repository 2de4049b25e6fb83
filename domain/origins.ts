/**
 * Web origins (`scheme://host[:port]`), shared by the app and the platform so both sides agree on what an
 * allowed origin is: the platform for CORS, CSP and config checks, the app for where it may send a token.
 */

/** `value` as an http(s) URL without credentials, or null when it is not one. */
function httpUrl(value: string): URL | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.username || url.password ? null : url;
}

/** `scheme://host[:port]` of an http(s) URL with nothing after the host, or null when it is not one. */
export function normaliseOrigin(value: string): string | null {
  const url = httpUrl(value);
  if (!url || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null;
  return url.origin;
}

/** True when `value` is already an origin as normaliseOrigin writes it (a trailing slash and case aside). */
export function isOrigin(value: string): boolean {
  return normaliseOrigin(value) === value.replace(/\/$/, '').toLowerCase();
}

/**
 * The origin of a service base URL (`https://api.example/` or `https://api.example/prefix`), or null when it is
 * not an http(s) URL. Unlike normaliseOrigin a path is allowed: the spec's apiSrc is a base URL.
 */
export function originOfBaseUrl(value: string): string | null {
  return httpUrl(value)?.origin ?? null;
}
