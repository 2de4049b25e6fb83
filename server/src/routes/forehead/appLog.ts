import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appLogAnswerSchema, appLogBodySchema, appLogThrottledEnvelope } from '../../../../contract/appLog';
import { CODES, foreheadResponses, ok } from '../../http/envelope';
import { REDACTED, redactText } from '../../http/logRedaction';
import { keyedBuckets } from '../../http/rateLimit';
import { readToken } from '../../http/requireMember';

/**
 * Runs of 24 or more token characters (the platform's tokens are 43 base64url characters; device ids, hex digests and
 * JWT parts are as long): whatever the app sends, nothing that could open a session is kept.
 */
const TOKEN_LIKE = /[A-Za-z0-9_-]{24,}/g;
const scrub = (text: string) => redactText(text).replace(TOKEN_LIKE, REDACTED);

const DAY_MS = 24 * 60 * 60 * 1000;
/** Old rows are deleted at most this often, by the insert that finds the time has come. */
const PURGE_EVERY_MS = 60 * 1000;

/**
 * The app logging service (spec 001 section 7; path not shown, so it sits with the system routes). Open to visitors, so
 * an error before sign-in is reported too. Who posted is the session's member when a valid token comes with it, never
 * the uid or username in the events: anyone can type those. Events count against a bucket per client address and one
 * per member (config `appLog`); a post over either is refused whole with 429, nothing stored and nothing taken from
 * the other bucket. The buckets are in the platform's limit store, so they hold across instances sharing Redis.
 */
export const appLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.platformConfig.appLog;
  const perAddress = keyedBuckets('app-log:address', limits.perAddress);
  const perMember = keyedBuckets('app-log:member', limits.perMember);
  let purgedAt = 0;

  app.post(
    '/system/log/add',
    {
      schema: {
        summary: 'Stores events the app reports (errors, sign-in) with the page origin and the member',
        description:
          'Optional Authorization: with a valid token the events are stored under that member (uid and username of ' +
          'the session; those posted are ignored). At most 20 events a post; rate-limited per client address and per ' +
          'member (HTTP 429, code 4029). Token-like text and secret URL parameters are removed before storing.',
        tags: ['forehead: system'],
        body: appLogBodySchema,
        response: { ...foreheadResponses(appLogAnswerSchema), 429: appLogThrottledEnvelope },
      },
    },
    async (request, reply) => {
      const { events } = request.body;
      const token = readToken(request.headers.authorization);
      const session = token ? await app.auth.authenticate(token) : undefined;
      const memberId = session?.ok ? session.session.memberId : null;
      const taken = await app.limitStore.take([perAddress(request.ip, events.length), ...(memberId === null ? [] : [perMember(String(memberId), events.length)])]);
      if (!taken.ok) {
        const retryAfterSeconds = Math.max(1, Math.ceil(taken.retryAfterMs / 1000));
        return reply
          .code(429)
          .header('retry-after', String(retryAfterSeconds))
          .send({ code: CODES.TOO_MANY_REQUESTS, msg: `too many log events; try again in ${retryAfterSeconds} s`, data: { retryAfterSeconds } });
      }
      const username = memberId === null ? null : ((await app.auth.getMember(memberId))?.username ?? null);
      const now = app.clock.now();
      await app.db
        .insertInto('app_log')
        .values(
          events.map((e) => ({
            created_at: now,
            client_time: e.time,
            address: request.ip,
            member_id: memberId,
            username,
            origin: scrub(e.origin),
            level: e.level,
            event: e.event,
            message: e.message === undefined ? null : scrub(e.message),
          })),
        )
        .execute();
      if (now - purgedAt >= PURGE_EVERY_MS) {
        purgedAt = now;
        await app.db.deleteFrom('app_log').where('created_at', '<', now - limits.retentionDays * DAY_MS).execute();
      }
      return ok({ stored: events.length });
    },
  );
};
