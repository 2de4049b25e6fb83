import { originOfBaseUrl } from '../../domain/origins';
import type { Logger } from './logger';
import type { AppStorage } from './storage';

export interface ChooseApiBaseInput {
  /** The host page's apiSrc prop: trusted, see below. */
  hostApiSrc: string | undefined;
  /** The `?apiSrc=` URL parameter, if any. */
  urlApiSrc: string | undefined;
  storage: AppStorage;
  /** window.location.origin: the page's own origin is always allowed. */
  pageOrigin: string;
  /** The merchant config's serviceOrigins, as the page's own platform answered them. */
  serviceOrigins: readonly string[];
  logger: Logger;
}

/**
 * The base URL the app sends the member's token to. A `?apiSrc=` link is stored as the domain (the spec's
 * behaviour) only when it names the page's own origin or one of the merchant's serviceOrigins; otherwise anyone
 * could send a member a link that hands their token to another host, on that visit and every later one. A stored
 * domain that is no longer allowed (stored before the rule, or since removed from the config) is dropped too.
 *
 * The host's apiSrc prop is not checked: it comes from the operator's own page, whose scripts already run in the
 * same window (and could read the token themselves), so refusing it would protect nothing.
 */
export function chooseApiBase({ hostApiSrc, urlApiSrc, storage, pageOrigin, serviceOrigins, logger }: ChooseApiBaseInput): string {
  const allowed = (base: string) => {
    const origin = originOfBaseUrl(base);
    return origin !== null && (origin === pageOrigin || serviceOrigins.includes(origin));
  };
  if (urlApiSrc !== undefined) {
    if (allowed(urlApiSrc)) storage.set('domain', urlApiSrc);
    else logger.warn(`[origins] apiSrc ignored: ${JSON.stringify(urlApiSrc)} is not an allowed service origin (config serviceOrigins)`);
  }
  let stored = storage.get('domain');
  if (stored && !allowed(stored)) {
    logger.warn(`[origins] stored domain dropped: ${JSON.stringify(stored)} is not an allowed service origin (config serviceOrigins)`);
    storage.remove('domain');
    stored = null;
  }
  return (hostApiSrc ?? stored ?? '').replace(/\/$/, '');
}
