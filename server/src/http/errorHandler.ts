import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { formatPath } from '../../../contract/issues';
import { ApiError, CODES, errorBody, type Family } from './envelope';

/** Platform code for a framework 4xx, by HTTP status. */
function codeForStatus(status: number): number {
  switch (status) {
    case 400:
      return CODES.INVALID_INPUT;
    case 404:
      return CODES.NOT_FOUND;
    case 413:
      return CODES.PAYLOAD_TOO_LARGE;
    case 415:
      return CODES.UNSUPPORTED_MEDIA_TYPE;
    case 429:
      return CODES.TOO_MANY_REQUESTS;
    default:
      return 4000 + (status - 400);
  }
}

/** Turns schema validation details into "field: what was expected; ..." */
function validationMessage(error: FastifyError, request: FastifyRequest): string {
  const root = error.validationContext ?? 'input';
  const issues = error.validation ?? [];
  if (issues.length === 0) return `${root}: ${error.message}`;
  // Fastify hands a request without a body to the schema as null; say so rather than "got null".
  if (root === 'body' && (request.body === null || request.body === undefined)) return 'body: missing, expected a JSON object';
  return issues
    .map((issue) => {
      const segments = issue.instancePath
        .split('/')
        .filter((s) => s !== '')
        .map((s) => (/^\d+$/.test(s) ? Number(s) : s.replace(/~1/g, '/').replace(/~0/g, '~')));
      return `${formatPath(segments, root)}: ${issue.message ?? 'invalid'}`;
    })
    .join('; ');
}

/** Framework messages about the body, reworded to name the body like validation messages do. */
function frameworkMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'body: expected a JSON body, got an empty body with content-type application/json';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `body: expected application/json or application/x-www-form-urlencoded, got ${error.message.replace(/^Unsupported Media Type: ?/, '') || 'another type'}`;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'body: too large';
    default:
      if (error instanceof SyntaxError || /JSON/.test(error.message)) return `body: malformed JSON (${error.message})`;
      return error.message;
  }
}

/**
 * One error handler per envelope family. Validation failures answer 400 with code 4001 (never
 * 400 as a code: in the spec that means "no user" and sends the client to the login flow),
 * expected failures answer their ApiError, and anything unexpected is logged and answered as a
 * bare 500 so no stack trace or internal detail reaches a client.
 */
export function createErrorHandler(family: Family) {
  return function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    if (error.validation) {
      return reply.code(400).send(errorBody(family, CODES.INVALID_INPUT, validationMessage(error, request)));
    }
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).send(errorBody(family, error.code, error.message));
    }
    const status = error.statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.code(status).send(errorBody(family, codeForStatus(status), frameworkMessage(error)));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(errorBody(family, CODES.INTERNAL, 'internal error'));
  };
}

export function createNotFoundHandler(family: Family) {
  return function handleNotFound(request: FastifyRequest, reply: FastifyReply) {
    const path = request.url.split('?')[0];
    return reply.code(404).send(errorBody(family, CODES.NOT_FOUND, `no route for ${request.method} ${path}`));
  };
}
