import { z } from 'zod';
import { OddsFormat } from '../../../../src/domain/odds';
import { languageField } from '../../http/envelope';
import { expecting } from '../../validation/issues';

/**
 * Request bodies of /api/match/... . The spec says one provider sends these calls as JSON and the
 * others form-encoded, so every field takes its JSON type and the string a form gives for it:
 * numbers as decimal strings, id lists as arrays, comma lists ("1,3") or repeated form keys.
 * An empty string or null counts as "not given" (form encoders and JS clients send unset fields
 * that way); anything else that is not the expected value is refused with 4001 naming the field.
 */

type Issue = z.core.$ZodRawIssue;

/** Our wording only for a wrong type; range checks keep the shared "expected a number >= 1" wording. */
function typeError(description: string) {
  const message = expecting(description);
  return (issue: Issue): string | undefined => (issue.code === 'invalid_type' ? message(issue) : undefined);
}

const INTEGER_TEXT = /^[+-]?\d+$/;

/** A form value "12" (or " 12 ") as the number 12; other values go on unchanged so the schema names them. */
function numeric(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return INTEGER_TEXT.test(trimmed) ? Number(trimmed) : value;
}

function blankToUndefined(value: unknown): unknown {
  return value === '' || value === null ? undefined : value;
}

/** Integer in [min, max]; range checks abort so a huge value gets one message, not two. */
function integer(min: number, max: number, description = 'an integer') {
  return z.number({ error: typeError(description) }).min(min, { abort: true }).max(max, { abort: true }).int();
}

function optionalInteger(min: number, max: number, fallback: number, description: string) {
  return z.preprocess(blankToUndefined, z.preprocess(numeric, integer(min, max)).default(fallback)).describe(description);
}

/** One of a few numeric codes, with what each means in the message, e.g. `expected one of 1 (in-play), ...`. */
function code<const T extends readonly [number, ...number[]]>(values: T, labels: Record<T[number], string>) {
  const listed = values.map((v) => `${v} (${labels[v as T[number]]})`).join(', ');
  return { listed, schema: z.preprocess(numeric, z.literal(values, { error: expecting(`one of ${listed}`) })) };
}

function codeWithDefault<const T extends readonly [number, ...number[]]>(values: T, labels: Record<T[number], string>, fallback: T[number], description: string) {
  const { listed, schema } = code(values, labels);
  return z.preprocess(blankToUndefined, schema.default(fallback)).describe(`${description}: ${listed}; default ${fallback}`);
}

/** A yes/no flag sent as a JSON boolean or a form's "true" / "false" reads as its 1 / 0 code. */
function flagCode(value: unknown): unknown {
  if (value === true || value === 'true') return 1;
  if (value === false || value === 'false') return 0;
  return value;
}

function optionalCode<const T extends readonly [number, ...number[]]>(values: T, labels: Record<T[number], string>, description: string) {
  const { listed, schema } = code(values, labels);
  return z.preprocess(blankToUndefined, schema.optional()).describe(`${description}: ${listed}`);
}

/** At most this many ids in one list filter. */
export const MAX_IDS = 200;

/** "1,3", 1, [1, "3"] or ["1,3"] → [1, 3]; an empty list counts as "not given". */
function idList(value: unknown): unknown {
  const blank = blankToUndefined(value);
  if (blank === undefined) return undefined;
  let items: unknown[];
  if (typeof blank === 'number') items = [blank];
  else if (typeof blank === 'string') items = blank.split(',');
  else if (Array.isArray(blank)) items = blank.flatMap((item) => (typeof item === 'string' && item.includes(',') ? item.split(',') : [item]));
  else return blank;
  return items.length === 0 ? undefined : items.map(numeric);
}

function ids(min: number, description: string) {
  return z
    .preprocess(idList, z.array(integer(min, Number.MAX_SAFE_INTEGER, min === 0 ? 'a sport id (an integer, 0 = all)' : 'an id (a positive integer)')).max(MAX_IDS).optional())
    .describe(`${description}; a number, an array, or a comma list like "1,3" (form: a comma list or repeated keys); at most ${MAX_IDS}`);
}

/** The list codes of getList `type` (the spec names the lists, not their codes). */
export const LIST_TYPE = {
  inplay: 1,
  today: 2,
  early: 3,
  outright: 4,
  parlay: 5,
  todayAndInplay: 6,
} as const;
export type ListTypeCode = (typeof LIST_TYPE)[keyof typeof LIST_TYPE];

export const LIST_TYPE_LABELS: Record<ListTypeCode, string> = {
  1: 'in-play',
  2: 'today',
  3: 'early',
  4: 'outright',
  5: 'parlay',
  6: 'today and in-play',
};
const LIST_TYPE_CODES = [1, 2, 3, 4, 5, 6] as const;

/** Spec 9: "Default match play type is today and rolling on one platform". */
export const DEFAULT_LIST_TYPE = LIST_TYPE.todayAndInplay;

export const ORDER_BY = { time: 0, league: 1 } as const;

export const MAX_PAGE = 1_000_000;
export const MAX_PAGE_SIZE = 200;
export const DEFAULT_PAGE_SIZE = 50;

const oddsFormatField = codeWithDefault(
  [OddsFormat.Europe, OddsFormat.HongKong, OddsFormat.Malay, OddsFormat.Indonesian],
  { 1: 'Europe', 2: 'Hong Kong', 3: 'Malay', 4: 'Indonesian' },
  // Spec 9: the list filter defaults to Hong Kong.
  OddsFormat.HongKong,
  'odds format of showOdd',
);

const typeField = () => codeWithDefault(LIST_TYPE_CODES, LIST_TYPE_LABELS, DEFAULT_LIST_TYPE, 'the list');

/** A body may be missing altogether (the app posts some calls without one): it reads as {}. */
function body<T extends z.ZodRawShape>(shape: T) {
  return z.preprocess((value) => value ?? {}, z.object(shape));
}

export const getListBody = body({
  current: optionalInteger(1, MAX_PAGE, 1, `page number from 1 (at most ${MAX_PAGE}); a page past the last answers no records`),
  size: optionalInteger(1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, `page size, 1 to ${MAX_PAGE_SIZE}`),
  orderBy: codeWithDefault([0, 1], { 0: 'kick-off time, then league order', 1: 'league order, then kick-off time' }, ORDER_BY.time, 'sort order'),
  isPC: z.preprocess(flagCode, optionalCode([0, 1], { 0: 'mobile', 1: 'desktop' }, 'accepted for the app (also as false / true); does not change the answer')),
  type: typeField(),
  sportId: ids(0, 'scheme-A sport id(s); 0 means all sports'),
  sportIds: ids(0, 'scheme-A sport ids, merged with sportId'),
  leagueId: ids(1, 'league id(s), merged with leagueIds'),
  leagueIds: ids(1, 'league ids'),
  matchIds: ids(1, 'match ids'),
  oddsFormat: oddsFormatField,
  language: languageField,
});

export const languageBody = body({ language: languageField });

/** getOnSaleLeagues: without a type, leagues of in-play, today and early together. */
export const onSaleLeaguesBody = body({
  sportId: ids(0, 'scheme-A sport id(s); 0 means all sports'),
  type: optionalCode(LIST_TYPE_CODES, LIST_TYPE_LABELS, 'the list; when absent, in-play, today and early together'),
  language: languageField,
});

export const leagueListBody = body({
  sportId: ids(0, 'scheme-A sport id(s); 0 means all sports'),
  type: typeField(),
  language: languageField,
});

export const MAX_SEARCH_LENGTH = 50;

export const searchBody = body({
  recommend: z
    .string({ error: typeError('search text (a string)') })
    .trim()
    .min(1)
    .max(MAX_SEARCH_LENGTH)
    .describe(`search text, 1 to ${MAX_SEARCH_LENGTH} characters after trimming; matched against team and league names in every language`),
  oddsFormat: oddsFormatField,
  language: languageField,
});

export const detailBody = body({
  matchId: z.preprocess(numeric, integer(1, Number.MAX_SAFE_INTEGER, 'a match id (a positive integer)')).describe('the match (or outright) id'),
  oddsFormat: oddsFormatField,
  language: languageField,
});

export type GetListBody = z.output<typeof getListBody>;
