import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MemberSession } from '../members/auth';
import { CODES, errorBody, type Family } from './envelope';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member's session, set by requireMember; null on routes without it. */
    member: MemberSession | null;
    /** The raw token of that session (the login state echoes it). */
    authToken: string | null;
  }
}

/** The token from `Authorization: <token>` or `Authorization: Bearer <token>`. */
export function readToken(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim().replace(/^Bearer\s+/i, '').trim();
  return value === '' ? null : value;
}

/**
 * A hook that lets the request through only with a live session and puts it on `request.member`.
 * Use it as `onRequest` (as the routes here do) so an anonymous caller is turned away before its
 * body is parsed or validated; it works as `preHandler` too. Forehead family: HTTP 401 with code 400 "no user" when no token was sent and
 * 405 "session expired" for an unknown, expired or revoked one. Betting family: HTTP 401 with
 * code and errcode 14010.
 */
export function requireMember({ family }: { family: Family }) {
  return async function checkMember(request: FastifyRequest, reply: FastifyReply) {
    const token = readToken(request.headers.authorization);
    if (!token) {
      const code = family === 'betting' ? CODES.BETTING_SESSION_EXPIRED : CODES.NO_USER;
      return reply.code(401).send(errorBody(family, code, 'no user'));
    }
    const result = await request.server.auth.authenticate(token);
    if (!result.ok) {
      const code = family === 'betting' ? CODES.BETTING_SESSION_EXPIRED : CODES.SESSION_EXPIRED;
      return reply.code(401).send(errorBody(family, code, 'session expired'));
    }
    request.member = result.session;
    request.authToken = token;
  };
}

/** The session on a route guarded by requireMember. */
export function currentMember(request: FastifyRequest): MemberSession {
  if (!request.member) throw new Error('currentMember() used on a route without requireMember');
  return request.member;
}
