import * as z from 'zod/mini';
import type { core } from 'zod/mini';
import { LANGUAGES } from './enums';
import { expecting, preview } from './issues';

/**
 * Request fields shared by several route families (docs/api.md "The contract"), and the mark every request schema of
 * the contract carries. Query strings and form bodies arrive as strings, so numeric fields take a number or a string of
 * digits; each field's message names what was expected.
 */

/**
 * Every request schema (body, querystring, params, headers) the contract builds, so the platform's test can prove its
 * routes take theirs from here and write none of their own (server/test/contractRequests.test.ts).
 */
export const REQUEST_SCHEMAS = new WeakSet<object>();

/** Marks a schema as a route's request schema of the contract (see REQUEST_SCHEMAS). */
export function request<T extends z.ZodMiniType>(schema: T): T {
  REQUEST_SCHEMAS.add(schema);
  return schema;
}

/**
 * A query as a client's params (axios `params`): the URL carries every value as text, so a field the query takes as a
 * string of digits (`t`, ids) may be held as a number that the URL writes as those digits.
 */
export type QueryParams<Q> = { [K in keyof Q]: Q[K] extends string | undefined ? Q[K] | number : Q[K] };

/** A transform's context: issues pushed on it fail the parse with their message. */
export type ParseContext = core.ParsePayload;

/** An issue on the value a transform got, with the caller's message (the transform then answers z.NEVER). */
export function refuse(ctx: ParseContext, input: unknown, message: string, path?: PropertyKey[]): typeof z.NEVER {
  ctx.issues.push({ code: 'custom', input, message, ...(path ? { path } : {}) });
  return z.NEVER;
}

/**
 * The language field the spec says forehead, match and results calls carry; the app's HTTP client adds it to every
 * such call, so the strict schemas of these families include it.
 */
export const languageField = z.optional(z.enum(LANGUAGES));

/** Feed ids (matches, teams, leagues, games) fit a signed 32-bit integer; anything larger is a typo or a probe. */
export const MAX_ID = 2_147_483_647;
const DIGITS = /^\d{1,10}$/;

/** An integer in a range, given as a number or a string of digits; `expected` says what it is for. */
function integerField(min: number, max: number, expected: string) {
  return z.pipe(
    z.union([z.number(), z.string()], { error: expecting(expected) }),
    z.transform((value: number | string, ctx) => {
      const n = typeof value === 'number' ? value : DIGITS.test(value) ? Number(value) : Number.NaN;
      if (Number.isInteger(n) && n >= min && n <= max) return n;
      return refuse(ctx, value, `expected ${expected}, got ${preview(value)}`);
    }),
  );
}

/** A positive integer id given as a number or a string of digits. */
export function idField(what: string) {
  return integerField(1, MAX_ID, `${what} (an integer 1 to ${MAX_ID})`);
}

/** An integer in a range, given as a number or a string of digits. */
export function intField(min: number, max: number, meaning: string) {
  return integerField(min, max, `an integer ${min} to ${max} (${meaning})`);
}

/** One of a few numeric codes, given as a number or a string of digits. */
export function codeField<const T extends number>(values: readonly T[], meaning: string) {
  const expected = `one of ${values.join(', ')} (${meaning})`;
  return z.pipe(
    z.union([z.number(), z.string()], { error: expecting(expected) }),
    z.transform((value: number | string, ctx): T => {
      const n = typeof value === 'number' ? value : /^\d{1,3}$/.test(value) ? Number(value) : Number.NaN;
      if ((values as readonly number[]).includes(n)) return n as T;
      return refuse(ctx, value, `expected ${expected}, got ${preview(value)}`);
    }),
  );
}

/** The spec's `plat` ("pc", "h5", ...): a short name; the answers do not vary by it unless a route says so. */
export const platField = z.optional(
  z.string().check(z.regex(/^[A-Za-z0-9_-]{1,16}$/, { error: expecting('a platform name like "pc" or "h5" (1-16 letters, digits, "-" or "_")') })),
);

/** The spec's cache-busting `t` (and the media host's `ts`): digits, ignored. */
export const stampField = z.optional(z.string().check(z.regex(/^\d{1,16}$/, { error: expecting('a timestamp (1-16 digits)') })));

/**
 * The spec's product id (`pid`) of the logo, banner and anchor calls; the answers do not vary by it. The app sends its
 * merchant id, so it takes every merchant id (config: 1-64 of a-z, 0-9, "-").
 */
export const pidField = z.optional(
  z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, { error: expecting('a product id (1-64 letters, digits, "-" or "_")') })),
);

const MATCH_ID = 'a match id';

/** The fields of every score and match-data GET query. */
export const matchQueryShape = {
  id: z.optional(idField(MATCH_ID)),
  matchId: z.optional(idField(MATCH_ID)),
  plat: platField,
  t: stampField,
  ts: stampField,
  language: languageField,
};

interface MatchQueryFields {
  id?: number | undefined;
  matchId?: number | undefined;
  language?: (typeof LANGUAGES)[number] | undefined;
}

/**
 * Settles the match a query names: `id` (the spec's name) or `matchId`, the same one if both are given. `field`
 * remembers which name the caller used so a 404 names it.
 */
export function resolveMatchQuery<Q extends MatchQueryFields>(query: Q, ctx: ParseContext) {
  const { id, matchId, ...rest } = query;
  if (id === undefined && matchId === undefined) return refuse(ctx, undefined, `missing, expected ${MATCH_ID} (as id or matchId)`, ['id']);
  if (id !== undefined && matchId !== undefined && id !== matchId) {
    return refuse(ctx, matchId, `expected the same match as id (${id}), got ${matchId}`, ['matchId']);
  }
  return { ...rest, matchId: (id ?? matchId) as number, field: id !== undefined ? 'id' : 'matchId', lang: query.language ?? 'CMN' };
}

/** The query of a score or match-data GET: the match, `plat`, `t`/`ts` and `language`. */
export const matchQuery = request(z.pipe(z.strictObject(matchQueryShape), z.transform(resolveMatchQuery)));

