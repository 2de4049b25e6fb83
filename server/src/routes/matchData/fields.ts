import { z } from 'zod';
import { preview } from '../../../../contract/issues';
import { PROFILES, type Feed, type Lang, type MatchView } from '../../feed';
import { ApiError, CODES, languageField } from '../../http/envelope';
import { expecting } from '../../validation/issues';

/**
 * Request fields shared by the match-data, media and marketing routes. Query strings arrive as
 * strings and form bodies too, so every numeric field takes a number or a string of digits.
 */

/** Feed ids (matches, teams, leagues, games) fit a signed 32-bit integer; anything larger is a typo or a probe. */
export const MAX_ID = 2_147_483_647;
const DIGITS = /^\d{1,10}$/;

/** An integer in a range, given as a number or a string of digits; `expected` says what it is for. */
function integerField(min: number, max: number, expected: string) {
  return z.union([z.number(), z.string()], { error: expecting(expected) }).transform((value, ctx) => {
    const n = typeof value === 'number' ? value : DIGITS.test(value) ? Number(value) : Number.NaN;
    if (Number.isInteger(n) && n >= min && n <= max) return n;
    ctx.addIssue({ code: 'custom', input: value, message: `expected ${expected}, got ${preview(value)}` });
    return z.NEVER;
  });
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
  return z.union([z.number(), z.string()], { error: expecting(expected) }).transform((value, ctx): T => {
    const n = typeof value === 'number' ? value : /^\d{1,3}$/.test(value) ? Number(value) : Number.NaN;
    if ((values as readonly number[]).includes(n)) return n as T;
    ctx.addIssue({ code: 'custom', input: value, message: `expected ${expected}, got ${preview(value)}` });
    return z.NEVER;
  });
}

/** The spec's `plat` ("pc", "h5", ...): a short name; the answers do not vary by it unless a route says so. */
export const platField = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,16}$/, { error: expecting('a platform name like "pc" or "h5" (1-16 letters, digits, "-" or "_")') })
  .optional();

/** The spec's cache-busting `t` (and the media host's `ts`): digits, ignored. */
export const stampField = z
  .string()
  .regex(/^\d{1,16}$/, { error: expecting('a timestamp (1-16 digits)') })
  .optional();

/**
 * The spec's product id (`pid`) of the logo and anchor calls; the answers do not vary by it. The app sends its merchant
 * id, so it takes every merchant id (config: 1-64 of a-z, 0-9, "-").
 */
export const pidField = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: expecting('a product id (1-64 letters, digits, "-" or "_")') })
  .optional();

const MATCH_ID = 'a match id';

/** The fields of every score and match-data GET query. */
export const matchQueryShape = {
  id: idField(MATCH_ID).optional(),
  matchId: idField(MATCH_ID).optional(),
  plat: platField,
  t: stampField,
  ts: stampField,
  language: languageField,
};

interface MatchQueryFields {
  id?: number | undefined;
  matchId?: number | undefined;
  language?: Lang | undefined;
}

/**
 * Settles the match a query names: `id` (the spec's name) or `matchId`, the same one if both are
 * given. `field` remembers which name the caller used so a 404 names it.
 */
export function resolveMatchQuery<Q extends MatchQueryFields>(query: Q, ctx: z.RefinementCtx) {
  const { id, matchId, ...rest } = query;
  if (id === undefined && matchId === undefined) {
    ctx.addIssue({ code: 'custom', path: ['id'], input: undefined, message: `missing, expected ${MATCH_ID} (as id or matchId)` });
    return z.NEVER;
  }
  if (id !== undefined && matchId !== undefined && id !== matchId) {
    ctx.addIssue({ code: 'custom', path: ['matchId'], input: matchId, message: `expected the same match as id (${id}), got ${matchId}` });
    return z.NEVER;
  }
  return { ...rest, matchId: (id ?? matchId) as number, field: id !== undefined ? 'id' : 'matchId', lang: query.language ?? 'CMN' };
}

/** The query of a score or match-data GET: the match, `plat`, `t`/`ts` and `language`. */
export const matchQuery = z.strictObject(matchQueryShape).transform(resolveMatchQuery);

export type SportKind = 'football' | 'basketball' | 'any';

const SIM_OF = new Map(PROFILES.map((p) => [p.sportId, p.sim]));
const KIND_NAMES: Record<Exclude<SportKind, 'any'>, string> = { football: 'a football match', basketball: 'a basketball match' };

/** The sim family of a sport: football covers e-football, basketball covers e-basketball. */
export function simOf(sportId: number): string | undefined {
  return SIM_OF.get(sportId);
}

/**
 * The match a request names, or a 404 naming the field: unknown ids, outrights (they have no
 * match data) and, on the zq/lq routes, matches of the other sport.
 */
export function findMatch(feed: Feed, matchId: number, field: string, kind: SportKind, lang: Lang = 'CMN'): MatchView {
  const view = feed.match(matchId, lang);
  if (!view || view.isOutright) throw new ApiError(404, CODES.NOT_FOUND, `${field}: no match ${matchId}`);
  if (kind !== 'any' && simOf(view.sportId) !== kind) {
    throw new ApiError(404, CODES.NOT_FOUND, `${field}: match ${matchId} is not ${KIND_NAMES[kind]} (sport ${view.sportId})`);
  }
  return view;
}
