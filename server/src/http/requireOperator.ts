import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { OPERATOR_TOKEN_HEADER } from '../../../contract/forehead';
import { ApiError, CODES } from './envelope';

// Hashing both sides gives equal lengths, so the comparison takes the same time whatever was sent.
const digest = (value: string) => createHash('sha256').update(value).digest();
const sameToken = (sent: string, expected: string) => timingSafeEqual(digest(sent), digest(expected));

/**
 * The hook of an operator route: the token of env OPERATOR_TOKEN in the x-operator-token header, or 401 without one
 * and 403 with another token or when OPERATOR_TOKEN is unset (operator routes are then off). Use it as `onRequest`, so
 * a caller without the credential learns nothing about the input the route expects.
 */
export function requireOperator(operatorToken: string | undefined) {
  return async function checkOperator(request: FastifyRequest): Promise<void> {
    const sent = request.headers[OPERATOR_TOKEN_HEADER];
    if (typeof sent !== 'string' || sent === '') {
      throw new ApiError(401, CODES.FORBIDDEN, `${OPERATOR_TOKEN_HEADER}: missing, expected the operator token`);
    }
    if (operatorToken === undefined) throw new ApiError(403, CODES.FORBIDDEN, 'operator routes are off: OPERATOR_TOKEN is not set');
    if (!sameToken(sent, operatorToken)) throw new ApiError(403, CODES.FORBIDDEN, `${OPERATOR_TOKEN_HEADER}: not the operator token`);
  };
}
