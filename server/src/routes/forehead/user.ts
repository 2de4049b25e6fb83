import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, CODES, foreheadResponses, errorEnvelope, ok } from '../../http/envelope';
import { currentMember, requireMember } from '../../http/requireMember';
import { hashToken, normaliseUsername } from '../../members/auth';
import { buildLoginState } from '../../members/loginState';
import { loginRequestSchema, loginStateSchema, loginThrottledEnvelope, signedOutSchema } from '../../../../contract/forehead';
import type { ThrottleReason } from '../../members/loginThrottle';

const THROTTLED_MESSAGES: Record<ThrottleReason, string> = {
  username: 'too many failed sign-ins for this username from your address',
  address: 'too many sign-in attempts from your address',
  busy: 'too many sign-in attempts on the platform right now',
};

/**
 * Sign-in and the login state (spec "login state supplied by the host"). The platform plays the
 * host here: /newSport and the standalone app's login dialog both call these.
 */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = requireMember({ family: 'forehead' });

  async function loginStateFor(memberId: number, token: string, expiresAt: number) {
    const row = await app.auth.getMember(memberId);
    if (!row) throw new ApiError(401, CODES.SESSION_EXPIRED, 'session expired');
    return buildLoginState({ db: app.db, wallet: app.wallet, member: row, token, expiresAt });
  }

  app.post(
    '/user/login',
    {
      schema: {
        summary: 'Sign in; answers the login state the host would supply',
        description:
          'Wrong credentials answer HTTP 401 with code 4010. Attempts are throttled per client address, per ' +
          'address and username (after a few wrong passwords) and across the platform (docs/operations.md ' +
          '"Sign-in throttle"); a throttled attempt answers HTTP 429 with code 4029, a Retry-After header and ' +
          'data.retryAfterSeconds. The username is matched trimmed and case-insensitively.',
        tags: ['forehead: user'],
        body: loginRequestSchema,
        response: { ...foreheadResponses(loginStateSchema), 401: errorEnvelope, 429: loginThrottledEnvelope },
      },
    },
    async (request, reply) => {
      const { password } = request.body;
      const username = normaliseUsername(request.body.username);
      const admission = await app.loginThrottle.admit(request.ip, username);
      if (!admission.ok) {
        const retryAfterSeconds = Math.max(1, Math.ceil(admission.retryAfterMs / 1000));
        return reply
          .code(429)
          .header('retry-after', String(retryAfterSeconds))
          .send({
            code: CODES.TOO_MANY_REQUESTS,
            msg: `${THROTTLED_MESSAGES[admission.reason]}; try again in ${retryAfterSeconds} s`,
            data: { retryAfterSeconds },
          });
      }
      const signedIn = await app.auth.signIn(username, password);
      if (!signedIn) {
        await app.loginThrottle.recordFailure(request.ip, username);
        throw new ApiError(401, CODES.WRONG_CREDENTIALS, 'wrong username or password');
      }
      await app.loginThrottle.recordSuccess(request.ip, username);
      const { session, token } = signedIn;
      return ok(await loginStateFor(session.memberId, token, session.expiresAt));
    },
  );

  app.post(
    '/user/logout',
    {
      onRequest: member,
      schema: {
        summary: 'Sign out: revokes the session of the Authorization token',
        tags: ['forehead: user'],
        response: foreheadResponses(signedOutSchema, { auth: true }),
      },
    },
    async (request) => {
      await app.auth.signOut(request.authToken ?? '');
      // This instance's push connections signed in with the token stop at once; other instances at their recheck.
      if (request.authToken) {
        app.pushHub.endSession(request.authToken);
        if (app.hasDecorator('chatSockets')) app.chatSockets.endSession(hashToken(request.authToken));
      }
      return ok(null);
    },
  );

  app.post(
    '/user/loginState',
    {
      onRequest: member,
      schema: {
        summary: 'The login state of the current session (the host refreshes balances with it)',
        tags: ['forehead: user'],
        response: foreheadResponses(loginStateSchema, { auth: true }),
      },
    },
    async (request) => {
      const session = currentMember(request);
      return ok(await loginStateFor(session.memberId, request.authToken ?? '', session.expiresAt));
    },
  );
};
