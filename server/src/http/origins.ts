import type { IncomingHttpHeaders } from 'node:http';
import { normaliseOrigin } from '../../../domain/origins';

export { normaliseOrigin };

/**
 * Which web origins may use the platform from a browser: its own origin always, and the operator's
 * allow-list (config/platform.json `cors.origins`). One rule for CORS answers and websocket upgrades,
 * so a page the operator did not name can neither read an API answer nor open /push or /chat.
 */
export interface OriginPolicy {
  /** The configured origins, normalised (`scheme://host[:port]`, no path). */
  readonly origins: readonly string[];
  /** True when a browser on `origin` may get CORS headers for a cross-origin call. */
  allowsCrossOrigin(origin: string): boolean;
  /**
   * True when a request carrying these headers comes from an allowed page: no Origin (not a browser, or a
   * same-origin GET), the request's own origin, or a configured one. `null` and malformed origins are refused.
   */
  allowsRequest(headers: IncomingHttpHeaders): boolean;
}

export function createOriginPolicy(origins: readonly string[]): OriginPolicy {
  const allowed = new Set(origins.map((o) => normaliseOrigin(o) ?? o));
  const allowsCrossOrigin = (origin: string) => {
    const normalised = normaliseOrigin(origin);
    return normalised !== null && allowed.has(normalised);
  };
  return {
    origins: [...allowed],
    allowsCrossOrigin,
    allowsRequest(headers) {
      const origin = headers.origin;
      if (origin === undefined) return true;
      const normalised = normaliseOrigin(origin);
      if (normalised === null) return false;
      const host = headers.host;
      // The scheme is not in Host; a same-host page on either scheme is the platform's own.
      if (host && (normalised === `http://${host}` || normalised === `https://${host}`)) return true;
      return allowed.has(normalised);
    },
  };
}
