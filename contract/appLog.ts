import * as z from 'zod/mini';
import { described } from './described';
import { ErrorCode } from './errors';
import { loginThrottledSchema } from './forehead';
import { languageField, request } from './fields';

/**
 * The app logging service (spec 001 section 7: "An app logging service is posted events with page origin, uid and
 * username"): `POST /api/forehead/system/log/add` (docs/api.md "App log"). The app posts a few real events (errors,
 * sign-in), never a token.
 */

/** At most this many events in one post; the app batches what happens close together. */
export const MAX_LOG_EVENTS = 20;

export const appLogEventSchema = z.strictObject({
  level: described(z.literal(['error', 'warn', 'info']), 'How bad it was'),
  event: described(z.string().check(z.regex(/^[A-Za-z0-9._-]{1,64}$/)), 'What happened, a short name such as "signIn" or "error.boot"'),
  message: z.optional(described(z.string().check(z.maxLength(1000)), 'Free text (an error message); token-like runs are removed before it is stored')),
  origin: described(z.string().check(z.maxLength(300)), "The page's origin and path (location.origin + pathname), without the query"),
  uid: z.optional(described(z.string().check(z.maxLength(32)), 'The member the app believes is signed in; the platform stores the session\'s instead')),
  username: z.optional(z.string().check(z.maxLength(64))),
  time: described(z.int(), 'When it happened in the browser, epoch milliseconds'),
});
export type AppLogEvent = z.infer<typeof appLogEventSchema>;

export const appLogBodySchema = request(
  z.strictObject({
    events: z.array(appLogEventSchema).check(z.minLength(1), z.maxLength(MAX_LOG_EVENTS)),
    language: languageField,
  }),
);
export type AppLogBody = z.infer<typeof appLogBodySchema>;

export const appLogAnswerSchema = z.object({ stored: described(z.int(), 'Events stored') });
export type AppLogAnswer = z.infer<typeof appLogAnswerSchema>;

/** The 429 of the log route: the sign-in throttle's envelope shape (the wait in data). */
export const appLogThrottledEnvelope = described(
  z.object({ code: z.literal(ErrorCode.TOO_MANY_REQUESTS), msg: z.string(), data: loginThrottledSchema }),
  'Too many events: retry after data.retryAfterSeconds (also in the Retry-After header); nothing was stored',
);
