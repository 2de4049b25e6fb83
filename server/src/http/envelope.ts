import type { z } from 'zod';
import { ErrorCode } from '../../../contract/errors';
import { bettingErrorEnvelope, envelope, errorEnvelope } from '../../../contract/envelope';

/**
 * Response envelopes and codes.
 *
 * Forehead, match and results routes answer `{ code, msg, data }`; code 0 is success. Betting
 * routes (/v1/order/...) answer `{ code: 0, msg, data }` on success and `{ code, errcode, msg }`
 * on failure, as the spec's betting service does.
 *
 * Codes from the spec keep its meaning: 400 "no user" and 405 "session expired" (forehead family;
 * clients hand both to the host's login flow), 14010 session expired (betting family).
 * Everything else is the platform's own, in the 4xxx/5xxx range so it never collides with them:
 * 4001 invalid input, 4004 unknown route, 4010 wrong username or password, 4013 body too large,
 * 4015 unsupported content type, 4026 websocket upgrade required, 4029 too many attempts, 5000 internal error, 5003 unavailable.
 */
export const CODES = ErrorCode;

export type Family = 'forehead' | 'betting';

/** An expected failure with its HTTP status and envelope code; the error handler renders it. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function ok<T>(data: T, msg = 'success'): { code: 0; msg: string; data: T } {
  return { code: 0, msg, data };
}

export function foreheadError(code: number, msg: string): { code: number; msg: string; data: null } {
  return { code, msg, data: null };
}

export function bettingError(code: number, msg: string): { code: number; errcode: number; msg: string } {
  return { code, errcode: code, msg };
}

export function errorBody(family: Family, code: number, msg: string) {
  return family === 'betting' ? bettingError(code, msg) : foreheadError(code, msg);
}

export { bettingErrorEnvelope, envelope, errorEnvelope };

/**
 * The usual responses of a forehead-family route: its data on 200, the envelope on 400 (bad
 * input) and 500, plus 401 when it needs a member.
 */
export function foreheadResponses<T extends z.core.$ZodType>(data: T, { auth = false }: { auth?: boolean } = {}) {
  return {
    200: envelope(data),
    400: errorEnvelope,
    ...(auth ? { 401: errorEnvelope } : {}),
    500: errorEnvelope,
  };
}
