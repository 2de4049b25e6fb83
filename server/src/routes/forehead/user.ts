import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, CODES, foreheadResponses, errorEnvelope, ok } from '../../http/envelope';
import { currentMember, requireMember } from '../../http/requireMember';
import { buildLoginState, loginStateSchema } from '../../members/loginState';

const loginBody = z.object({
  username: z.string().min(1).max(64),
  password: z.string().min(1).max(128),
});

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
          'Wrong credentials answer HTTP 401 with code 4010. After 5 failed attempts for a username within a ' +
          'minute, further attempts answer HTTP 429 with code 4029 until the minute has passed.',
        tags: ['forehead: user'],
        body: loginBody,
        response: { ...foreheadResponses(loginStateSchema), 401: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      const waitMs = app.loginLimiter.retryAfterMs(username);
      if (waitMs > 0) {
        throw new ApiError(
          429,
          CODES.TOO_MANY_REQUESTS,
          `too many failed sign-ins for this username; try again in ${Math.ceil(waitMs / 1000)} s`,
        );
      }
      const signedIn = await app.auth.signIn(username, password);
      if (!signedIn) {
        app.loginLimiter.recordFailure(username);
        throw new ApiError(401, CODES.WRONG_CREDENTIALS, 'wrong username or password');
      }
      app.loginLimiter.reset(username);
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
        response: foreheadResponses(z.null(), { auth: true }),
      },
    },
    async (request) => {
      await app.auth.signOut(request.authToken ?? '');
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
