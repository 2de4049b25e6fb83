import type { FastifyServerOptions } from 'fastify';

/**
 * No log line carries a credential: tokens (the Authorization header, `?token=` on a page or websocket URL, jump and
 * chat tokens in bodies) and passwords are replaced by REDACTED. Logs are read by more people, and kept longer, than
 * the sessions they would open.
 */
export const REDACTED = '[redacted]';

/** Query parameters and object keys that hold a credential. */
const SECRET_NAME = /token|password|passwd|secret|authorization|cookie|session/i;

/** A stream ticket (media/tickets.ts) opens a room's stream like a token, and it is a path segment, not a parameter. */
const TICKET_IN_PATH = /^(\/media\/anchor\/[^/?]+\/)[^/?.]+/;

/**
 * The URL with the value of every secret-looking query parameter, and a stream ticket in the path, replaced; the rest
 * of the path and other parameters stay.
 */
export function redactUrl(url: string): string {
  url = url.replace(TICKET_IN_PATH, `$1${REDACTED}`);
  const query = url.indexOf('?');
  if (query < 0) return url;
  const params = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is checked as written.
      }
      return equals >= 0 && SECRET_NAME.test(decoded) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, query)}?${params.join('&')}`;
}

/**
 * A secret-looking `name=value` anywhere in free text (an error message that quotes a URL): only the value goes, up to
 * the next `&`, space, quote or bracket, so the rest of the message stays readable (redactUrl, meant for a request's
 * URL, would take the whole tail of a sentence as the last parameter's value).
 */
const SECRET_PARAM_IN_TEXT = /((?:^|[?&\s;,])[^=&?\s;,]*(?:token|password|passwd|secret|authorization|cookie|session)[^=&?\s;,]*=)[^&\s"'<>()[\]{}]+/gi;

/** Free text with the value of every secret-looking parameter replaced, and a stream ticket in any URL path. */
export function redactText(text: string): string {
  return text.replace(SECRET_PARAM_IN_TEXT, `$1${REDACTED}`).replace(/(\/media\/anchor\/[^/?\s]+\/)[^/?.\s]+/g, `$1${REDACTED}`);
}

const SECRET_KEYS = ['token', 'authToken', 'password', 'authorization', 'cookie'];

/** pino paths of a secret at the top of a log object, one and two levels down, and in any logged headers. */
const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
  ...SECRET_KEYS.map((key) => `*.*.${key}`),
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * The platform's logger options with redaction added: `false` stays silent, `true` or options get pino's `redact`
 * for secret keys and a request serializer whose URL has its secret query parameters replaced.
 */
export function withRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      ...(options as { serializers?: Record<string, unknown> }).serializers,
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
