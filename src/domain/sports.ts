/**
 * Sport ids. The spec has three numbering schemes and does not always say
 * which call uses which, so every sport has one canonical key and its id in
 * each scheme that knows it:
 *   A - match lists and bet slip (and the results sport selector order);
 *   B - a second betting-side numbering;
 *   C - live side (anchors, live rooms).
 */

export type SportScheme = 'A' | 'B' | 'C';

export const SPORT_SCHEMES: readonly SportScheme[] = ['A', 'B', 'C'];

export type SportKey =
  | 'football'
  | 'basketball'
  | 'eFootball'
  | 'eBasketball'
  | 'tennis'
  | 'snooker'
  | 'volleyball'
  | 'badminton'
  | 'tableTennis'
  | 'baseball'
  | 'handball'
  | 'hockey'
  | 'americanFootball'
  | 'rugby'
  | 'mma'
  | 'boxing'
  | 'beachVolleyball'
  | 'fieldHockey'
  | 'waterPolo';

export interface SportRow {
  readonly key: SportKey;
  /** i18n key of the sport's name: `sport.<key>`. */
  readonly i18nKey: `sport.${SportKey}`;
  readonly a?: number;
  readonly b?: number;
  readonly c?: number;
}

function row(key: SportKey, a: number | undefined, b: number | undefined, c: number | undefined): SportRow {
  return { key, i18nKey: `sport.${key}`, a, b, c };
}

/**
 * Verbatim from spec 000 section 3 (A, B) and spec 001 sections 3 and 9 (C).
 * "hockey" is ice hockey (A 2, B 4, C 25); field hockey exists only in B.
 * "pingpong" (A, B) and "table tennis" (C) are the same sport; "water ball" (B) is water polo.
 * Rows are in the spec's sorted order of scheme A, then the B-only sports.
 */
export const SPORTS: readonly SportRow[] = [
  row('football', 1, 1, 1),
  row('basketball', 3, 2, 2),
  row('eFootball', 177, undefined, 39),
  row('eBasketball', 178, undefined, 43),
  row('tennis', 5, 5, 3),
  row('snooker', 16, 7, 34),
  row('volleyball', 13, 9, 40),
  row('badminton', 47, 10, 7),
  row('tableTennis', 15, 8, 36),
  row('baseball', 7, 3, 8),
  row('handball', 8, 11, 23),
  row('hockey', 2, 4, 25),
  row('americanFootball', 6, 6, 19),
  row('rugby', 4, undefined, 31),
  row('mma', 18, undefined, undefined),
  row('boxing', 19, 12, 11),
  row('beachVolleyball', 51, 13, undefined),
  row('fieldHockey', undefined, 15, undefined),
  row('waterPolo', undefined, 16, undefined),
];

export const SPORT_KEYS: readonly SportKey[] = SPORTS.map((s) => s.key);

/** Scheme A's "empty" sport id: no sport selected. It maps to no sport. */
export const EMPTY_SPORT_ID_A = 0;

/** Spec's sorted sport list (scheme A), also the results sport selector. */
export const SORTED_SPORT_IDS_A: readonly number[] = [1, 3, 177, 178, 5, 16, 13, 47, 15, 7, 8, 2, 6, 4, 18, 19, 51];

const FIELD = { A: 'a', B: 'b', C: 'c' } as const;

function assertScheme(scheme: SportScheme): void {
  if (!SPORT_SCHEMES.includes(scheme)) throw new RangeError(`Unknown sport id scheme: ${String(scheme)}`);
}

function rowById(id: number, scheme: SportScheme): SportRow | undefined {
  assertScheme(scheme);
  const field = FIELD[scheme];
  return SPORTS.find((s) => s[field] === id);
}

export function isSportKey(value: unknown): value is SportKey {
  return typeof value === 'string' && (SPORT_KEYS as readonly string[]).includes(value);
}

/** The sport behind `id` in `scheme`; undefined for unknown ids and for A's empty 0. */
export function sportKeyOf(id: number, scheme: SportScheme): SportKey | undefined {
  return rowById(id, scheme)?.key;
}

/** The id of `key` in `scheme`; undefined when that scheme has no such sport. */
export function sportIdOf(key: SportKey, scheme: SportScheme): number | undefined {
  assertScheme(scheme);
  return SPORTS.find((s) => s.key === key)?.[FIELD[scheme]];
}

/** Translates an id between schemes; undefined when either side does not know the sport. */
export function toScheme(id: number, from: SportScheme, to: SportScheme): number | undefined {
  assertScheme(to);
  return rowById(id, from)?.[FIELD[to]];
}

/** `sport.<key>` for an id, or undefined when the id names no sport. */
export function sportI18nKeyOf(id: number, scheme: SportScheme): `sport.${SportKey}` | undefined {
  return rowById(id, scheme)?.i18nKey;
}

/** Scheme-A ids in the spec's order; ids outside that list go last, ascending. Returns a new array. */
export function sortSportIdsA(ids: readonly number[]): number[] {
  const rank = (id: number) => {
    const i = SORTED_SPORT_IDS_A.indexOf(id);
    return i === -1 ? SORTED_SPORT_IDS_A.length : i;
  };
  return [...ids].sort((x, y) => rank(x) - rank(y) || x - y);
}
