import * as z from 'zod/mini';
import type { core } from 'zod/mini';
import { OddsFormat } from '../domain/odds';
import { described } from './described';
import { codeOf, ListType, MarketStatus, ORDER_BY } from './enums';
import { languageField, request } from './fields';
import { expecting } from './issues';
import { matchClockSchema, scoreRowSchema } from './shapes';
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE } from './pages';

/** Requests and answers of /api/match/... (the spec's list-view match, section 3), as /openapi.json shows them. */

const int = () => z.int();

export const optionSchema = z.object({
  type: described(z.string(), 'home, draw, away, over, under, odd, even, a score like "1:0", t<teamId> for outrights ...'),
  name: described(z.string(), 'in the request language'),
  line: described(z.optional(z.string()), 'this side\'s own line: home "-0.75" is away "0.75"'),
  odd: described(z.string(), 'decimal (Europe) odds as stored, 2 decimals'),
  showOdd: described(
    z.string(),
    'the odd as the app shows it: in the requested odds format on a two-way market (exactly two options), decimal on the others; 2 decimals truncated towards zero; "" when there is no price',
  ),
  isLock: described(z.boolean(), 'the market is not on sale or the odd is 0 or less'),
});
export type WireOption = z.infer<typeof optionSchema>;

export const marketStatusSchema = described(codeOf(MarketStatus), '1 on sale, 0 suspended, -1 off');

export const marketSchema = z.object({
  marketId: int(),
  oldMarketId: described(z.optional(int()), 'the market this one replaced when its line moved'),
  matchId: int(),
  sportId: int(),
  key: described(z.string(), 'spec odds market key: ah, ou, oe, cs, tg, 1x2, ml ...'),
  kind: described(z.string(), 'staticList market kind'),
  marketType: int(),
  period: described(z.string(), 'ft, 1h, 2h, q1..q4, set1.., frame1..'),
  line: described(z.optional(z.string()), "home's handicap or the total"),
  status: marketStatusSchema,
  allowParley: z.boolean(),
  isInPlay: z.boolean(),
  unit: z.string(),
  name: z.string(),
  options: z.array(optionSchema),
});
export type WireMarket = z.infer<typeof marketSchema>;

export const betGroupSchema = z.object({
  name: z.string(),
  groupType: z.string(),
  marketType: int(),
  period: z.string(),
  moneyHandicap: z.array(marketSchema),
});
export type WireBetGroup = z.infer<typeof betGroupSchema>;

export const mediaLineSchema = z.object({ pc: z.string(), h5: z.string(), line: int() });
export type MediaLine = z.infer<typeof mediaLineSchema>;

export const matchSchema = z.object({
  matchId: int(),
  sportId: described(int(), 'scheme A'),
  matchStatus: described(int(), '0 Upcoming, 1 Live, 2 Ended, 3-9 the other named statuses (docs/api.md)'),
  isNeutral: z.boolean(),
  beginTime: described(int(), 'epoch ms; for an outright, when it settles'),
  matchInfo: z.object({
    homeName: z.string(),
    awayName: z.string(),
    homeIcon: z.string(),
    awayIcon: z.string(),
    homeId: int(),
    awayId: int(),
    matchPeriod: described(z.string(), 'period or status text'),
    period: int(),
    homeScore: int(),
    awayScore: int(),
    matchTime: described(int(), 'clock seconds'),
  }),
  leagueInfo: z.object({ id: int(), name: z.string(), icon: z.string(), sportId: int() }),
  score: z.array(scoreRowSchema),
  matchCount: described(int(), 'bet groups the match offers'),
  marketCount: described(int(), 'markets on sale or suspended'),
  betGroup: described(z.array(betGroupSchema), 'list rows: main lines of winner, handicap and total; the parlay list keeps only allowParley markets'),
  media: z.object({ videos: z.array(mediaLineSchema), animation: z.nullable(z.string()) }),
  /** Best-of for set and frame sports, scheduled rounds for fights, 0 otherwise. */
  bo: int(),
  /** Who serves: 1 home, 2 away, 0 not a serving sport or not in play. */
  serveIn: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  matchClock: matchClockSchema,
  isOutright: z.boolean(),
});
export type WireMatch = z.infer<typeof matchSchema>;

export const pageSchema = z.object({
  current: int(),
  pageTotal: int(),
  size: int(),
  total: int(),
  records: z.array(matchSchema),
});
export type MatchPage = z.infer<typeof pageSchema>;

export const leagueSchema = z.object({
  id: int(),
  name: z.string(),
  matchCount: int(),
  logoUrl: z.string(),
  order: described(int(), 'order within its sport'),
  sportId: int(),
  hot: z.boolean(),
});
export type WireLeague = z.infer<typeof leagueSchema>;

/** getOnSaleLeagues and leagueList: sorted by sport order, then league order. */
export const leaguesSchema = z.array(leagueSchema);

export const statisticsSchema = z.object({
  ht: described(int(), 'hotCount: matches in hot leagues (in-play, today and early)'),
  tc: described(int(), 'totalCount: in-play, today and early matches'),
  hls: described(
    z.array(z.object({ id: int(), logoUrl: z.string(), count: int(), name: z.string(), sportId: int() })),
    'hotList: the hot leagues with their match counts',
  ),
  sl: described(
    z.array(
      z.object({
        type: described(int(), 'the getList type code'),
        name: z.string(),
        count: int(),
        sports: described(z.array(z.object({ sportId: int(), count: int() })), 'sports with matches, in the spec sport order'),
      }),
    ),
    'playTypeMap: per list type (getList codes 1-6), its count and per-sport counts',
  ),
});
export type MatchStatistics = z.infer<typeof statisticsSchema>;

export const searchSchema = z.object({
  groups: described(z.array(z.object({ sportId: int(), matches: z.array(matchSchema) })), 'by sport in the spec sport order; live matches first in each'),
});
export type MatchSearch = z.infer<typeof searchSchema>;

export const detailSchema = z.extend(matchSchema, {
  betGroups: described(z.array(betGroupSchema), 'every bet group of the match, every line'),
});
export type MatchDetail = z.infer<typeof detailSchema>;

/*
 * Request bodies of /api/match/... . The spec says one provider sends these calls as JSON and the others form-encoded,
 * so every field takes its JSON type and the string a form gives for it: numbers as decimal strings, id lists as
 * arrays, comma lists ("1,3") or repeated form keys. An empty string or null counts as "not given" (form encoders and JS
 * clients send unset fields that way); anything else that is not the expected value is refused with 4001 naming the
 * field.
 */

type Issue = core.$ZodRawIssue;

/**
 * Full zod's preprocess for zod/mini: `prepare` runs first and `schema` judges what it gives. `I` is what a client
 * sends (the app's request types read it through z.input); the parse itself takes anything.
 */
function preprocess<I, S extends z.ZodMiniType>(prepare: (value: I) => unknown, schema: S) {
  return z.pipe(z.transform(prepare), schema);
}

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

/** A number as JSON or a form sends it; "" and null read as not given. */
type NumberInput = number | string | null | undefined;

/**
 * A code as JSON or a form sends it ("" and null read as not given): any number or string reaches the check, which
 * names the codes allowed, so a client holding a list type as a plain number may send it.
 */
type CodeInput = number | string | null | undefined;

/** Integer in [min, max]; range checks abort so a huge value gets one message, not two. */
function integer(min: number, max: number, description = 'an integer') {
  return z.number({ error: typeError(description) }).check(z.minimum(min, { abort: true }), z.maximum(max, { abort: true }), z.int());
}

function optionalInteger(min: number, max: number, fallback: number, description: string) {
  return described(preprocess((value: NumberInput) => blankToUndefined(value), z._default(preprocess(numeric, integer(min, max)), fallback)), description);
}

/** One of a few numeric codes, with what each means in the message, e.g. `expected one of 1 (in-play), ...`. */
function code<const T extends readonly [number, ...number[]]>(values: T, labels: Record<T[number], string>) {
  const listed = values.map((v) => `${v} (${labels[v as T[number]]})`).join(', ');
  return { listed, schema: preprocess(numeric, z.literal(values, { error: expecting(`one of ${listed}`) })) };
}

function codeWithDefault<const T extends readonly [number, ...number[]]>(values: T, labels: Record<T[number], string>, fallback: T[number], description: string) {
  const { listed, schema } = code(values, labels);
  return described(preprocess((value: CodeInput) => blankToUndefined(value), z._default(schema, fallback)), `${description}: ${listed}; default ${fallback}`);
}

/** A yes/no flag sent as a JSON boolean or a form's "true" / "false" reads as its 1 / 0 code. */
function flagCode(value: unknown): unknown {
  if (value === true || value === 'true') return 1;
  if (value === false || value === 'false') return 0;
  return value;
}

function optionalCode<const T extends readonly [number, ...number[]]>(values: T, labels: Record<T[number], string>, description: string) {
  const { listed, schema } = code(values, labels);
  return described(preprocess((value: CodeInput) => blankToUndefined(value), z.optional(schema)), `${description}: ${listed}`);
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

/** An id filter as a client sends it: one id, a list, or a comma list like "1,3". */
type IdsInput = number | string | ReadonlyArray<number | string> | null | undefined;

function ids(min: number, description: string) {
  return described(
    preprocess(
      (value: IdsInput) => idList(value),
      z.optional(z.array(integer(min, Number.MAX_SAFE_INTEGER, min === 0 ? 'a sport id (an integer, 0 = all)' : 'an id (a positive integer)')).check(z.maxLength(MAX_IDS))),
    ),
    `${description}; a number, an array, or a comma list like "1,3" (form: a comma list or repeated keys); at most ${MAX_IDS}`,
  );
}

/** The list codes of getList `type` (the spec names the lists, not their codes). */
export const LIST_TYPE = {
  inplay: ListType.InPlay,
  today: ListType.Today,
  early: ListType.Early,
  outright: ListType.Outright,
  parlay: ListType.Parlay,
  todayAndInplay: ListType.TodayAndInPlay,
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

export { ORDER_BY };


const oddsFormatField = codeWithDefault(
  [OddsFormat.Europe, OddsFormat.HongKong, OddsFormat.Malay, OddsFormat.Indonesian],
  { 1: 'Europe', 2: 'Hong Kong', 3: 'Malay', 4: 'Indonesian' },
  // Spec 9: the list filter defaults to Hong Kong.
  OddsFormat.HongKong,
  'odds format of showOdd',
);

const typeField = () => codeWithDefault(LIST_TYPE_CODES, LIST_TYPE_LABELS, DEFAULT_LIST_TYPE, 'the list');

/** A body may be missing altogether (the app posts some calls without one): it reads as {}; every field may be left out. */
function body<T extends z.core.$ZodLooseShape>(shape: T) {
  return request(preprocess((value: { [K in keyof T]?: z.input<T[K]> } | null | undefined) => value ?? {}, z.object(shape)));
}

export const getListBody = body({
  current: optionalInteger(1, MAX_PAGE, 1, `page number from 1 (at most ${MAX_PAGE}); a page past the last answers no records`),
  size: optionalInteger(1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, `page size, 1 to ${MAX_PAGE_SIZE}`),
  orderBy: codeWithDefault([0, 1], { 0: 'kick-off time, then league order', 1: 'league order, then kick-off time' }, ORDER_BY.time, 'sort order'),
  isPC: preprocess(
    (value: CodeInput | boolean) => flagCode(value),
    optionalCode([0, 1], { 0: 'mobile', 1: 'desktop' }, 'accepted for the app (also as false / true); does not change the answer'),
  ),
  type: typeField(),
  sportId: ids(0, 'scheme-A sport id(s); 0 means all sports'),
  sportIds: ids(0, 'scheme-A sport ids, merged with sportId'),
  leagueId: ids(1, 'league id(s), merged with leagueIds'),
  leagueIds: ids(1, 'league ids'),
  matchIds: ids(1, 'match ids'),
  oddsFormat: oddsFormatField,
  language: languageField,
});
/** POST /api/match/getList as a client sends it (every field may be left out) and as the platform reads it. */
export type GetListRequest = z.input<typeof getListBody>;
export type GetListBody = z.output<typeof getListBody>;

/** POST /api/match/statistical: the language only. */
export const languageBody = body({ language: languageField });

/** POST /api/match/getOnSaleLeagues: without a type, leagues of in-play, today and early together. */
export const onSaleLeaguesBody = body({
  sportId: ids(0, 'scheme-A sport id(s); 0 means all sports'),
  type: optionalCode(LIST_TYPE_CODES, LIST_TYPE_LABELS, 'the list; when absent, in-play, today and early together'),
  language: languageField,
});
export type OnSaleLeaguesRequest = z.input<typeof onSaleLeaguesBody>;

export const leagueListBody = body({
  sportId: ids(0, 'scheme-A sport id(s); 0 means all sports'),
  type: typeField(),
  language: languageField,
});
/** POST /api/match/leagueList. */
export type LeagueListRequest = z.input<typeof leagueListBody>;

export const MAX_SEARCH_LENGTH = 50;

export const searchBody = body({
  recommend: described(
    z.string({ error: typeError('search text (a string)') }).check(z.trim(), z.minLength(1), z.maxLength(MAX_SEARCH_LENGTH)),
    `search text, 1 to ${MAX_SEARCH_LENGTH} characters after trimming; matched against team and league names in every language`,
  ),
  oddsFormat: oddsFormatField,
  language: languageField,
});
/** POST /api/match/queryMatchByRecommend. */
export type SearchRequest = z.input<typeof searchBody>;

export const detailBody = body({
  matchId: described(preprocess((value: number | string) => numeric(value), integer(1, Number.MAX_SAFE_INTEGER, 'a match id (a positive integer)')), 'the match (or outright) id'),
  oddsFormat: oddsFormatField,
  language: languageField,
});
/** POST /api/match/getMatchDetail. */
export type DetailRequest = z.input<typeof detailBody>;
