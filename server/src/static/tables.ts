import type { LocaleCode } from '../../../contract/appConfig';
import type { Language } from '../../../contract/enums';
import { sports } from '../config/pluginManifests';

/**
 * The structure of the staticList tables (ids and codes); their names (but the sports', which the sport plugins name) live in one dictionary per
 * language beside this file (CMN.json, zh-TW.json, ENG.json, VIE.json, THA.json) under the same
 * keys. Ids follow the spec where it gives them and are otherwise the platform's own, documented
 * here: the feed, orders and the app all use these numbers.
 */

/** The request languages are the contract's. */
export { LANGUAGES as STATIC_LANGUAGES, type Language as StaticLanguage } from '../../../contract/enums';

/** The app's locale for each request language (the sport plugins name their sports per app locale). */
export const LOCALE_OF: Readonly<Record<Language, LocaleCode>> = { CMN: 'zh-CN', 'zh-TW': 'zh-TW', ENG: 'en', VIE: 'vi', THA: 'th' };

/**
 * Scheme A sport ids with their catalogue keys and names, in the catalogue's order: all three from the sport plugins'
 * manifests, so a sport added as a plugin folder is in the static list with no edit here.
 */
export const SPORTS: readonly { id: number; key: string; names: Readonly<Record<LocaleCode, string>> }[] = sports.SPORTS.flatMap((s) => {
  const names = sports.NAMES.get(s.key);
  return s.a === undefined || names === undefined ? [] : [{ id: s.a, key: s.key, names }];
});

export interface MarketTypeDef {
  id: number;
  sportId: number;
  /** The spec's odds market key: ah, ou, oe, cs, tg, 1x2, ml, hf, tts1st, ttslast, jqs. */
  key: string;
  nameKey: string;
}

/**
 * Market type id = sportId x 1000 + kind. Football's kinds come from the spec (1005 win/draw,
 * 1000 handicap, 1007 over/under) and basketball's (3004 money line, 3002 spread, 3003 total);
 * the rest continue those patterns.
 */
const FOOTBALL_KINDS: ReadonlyArray<[kind: number, key: string, nameKey: string]> = [
  [5, '1x2', 'win1x2'],
  [0, 'ah', 'handicap'],
  [7, 'ou', 'overUnder'],
  [8, 'oe', 'oddEven'],
  [10, 'cs', 'correctScore'],
  [11, 'tg', 'totalGoals'],
  [12, 'hf', 'halfTimeFullTime'],
  [13, 'tts1st', 'firstGoal'],
  [14, 'ttslast', 'lastGoal'],
  [15, 'jqs', 'cornersHandicap'],
  [16, 'jqs', 'cornersOverUnder'],
];
const BASKETBALL_KINDS: ReadonlyArray<[number, string, string]> = [
  [4, 'ml', 'moneyLine'],
  [2, 'ah', 'spread'],
  [3, 'ou', 'total'],
  [5, 'oe', 'oddEven'],
];
const TWO_WAY_KINDS: ReadonlyArray<[number, string, string]> = [
  [4, 'ml', 'moneyLine'],
  [2, 'ah', 'spread'],
  [3, 'ou', 'total'],
];
/** Sports where a draw is a regular result get a 1X2 market beside the money line. */
const WITH_DRAW_KINDS: ReadonlyArray<[number, string, string]> = [[5, '1x2', 'win1x2'], ...TWO_WAY_KINDS];
/** Fights: winner and total rounds; a handicap has no meaning. */
const FIGHT_KINDS: ReadonlyArray<[number, string, string]> = [
  [4, 'ml', 'moneyLine'],
  [3, 'ou', 'total'],
];

const KINDS_BY_SPORT: Record<number, ReadonlyArray<[number, string, string]>> = {
  1: FOOTBALL_KINDS,
  177: FOOTBALL_KINDS.slice(0, 4),
  3: BASKETBALL_KINDS,
  178: BASKETBALL_KINDS,
  2: WITH_DRAW_KINDS,
  4: WITH_DRAW_KINDS,
  8: WITH_DRAW_KINDS,
  18: FIGHT_KINDS,
  19: FIGHT_KINDS,
};

/** Every sport's champion market (feed/codes.ts: sportId x 1000 + 99), so a bet on an outright is named like any other. */
const OUTRIGHT_KIND: [number, string, string] = [99, 'outright', 'outright'];

export const MARKET_TYPES: readonly MarketTypeDef[] = SPORTS.flatMap(({ id: sportId }) =>
  [...(KINDS_BY_SPORT[sportId] ?? TWO_WAY_KINDS), OUTRIGHT_KIND].map(([kind, key, nameKey]) => ({ id: sportId * 1000 + kind, sportId, key, nameKey })),
);

/** Football's 16 periods (spec 000 section 4). */
export const FOOTBALL_PERIODS = [
  'notStarted',
  'firstHalf',
  'halfTime',
  'secondHalf',
  'regularTimeEnded',
  'waitingForExtraTime',
  'extraTimeFirstHalf',
  'extraTimeHalfTime',
  'extraTimeSecondHalf',
  'extraTimeEnded',
  'waitingForPenalties',
  'penaltyShootout',
  'penaltyShootoutEnded',
  'finished',
  'interrupted',
  'abandoned',
] as const;

/** Basketball's 19 periods (spec 000 section 4); halves serve leagues that play two halves. */
export const BASKETBALL_PERIODS = [
  'notStarted',
  'firstQuarter',
  'firstBreak',
  'secondQuarter',
  'halfTime',
  'thirdQuarter',
  'thirdBreak',
  'fourthQuarter',
  'firstHalf',
  'secondHalf',
  'regularTimeEnded',
  'waitingForOvertime',
  'overtime',
  'overtimeBreak',
  'finished',
  'finishedAfterOvertime',
  'postponed',
  'interrupted',
  'abandoned',
] as const;

/** Period id = position in the sport's list (0 = not started), sport-scoped. */
export const MATCH_PERIODS = [
  ...FOOTBALL_PERIODS.map((key, id) => ({ id, sportId: 1, sportKey: 'football' as const, key })),
  ...BASKETBALL_PERIODS.map((key, id) => ({ id, sportId: 3, sportKey: 'basketball' as const, key })),
];

/**
 * The spec names the statuses but not their numbers; 0-2 match the live status the spec does
 * number (not started 0, live 1, ended 2).
 */
export const MATCH_STATUSES = [
  { id: 0, code: 'Upcoming' },
  { id: 1, code: 'Live' },
  { id: 2, code: 'Ended' },
  { id: 3, code: 'Postponed' },
  { id: 4, code: 'Interrupted' },
  { id: 5, code: 'Cancelled' },
  { id: 6, code: 'Delayed' },
  { id: 7, code: 'Abandoned' },
  { id: 8, code: 'Suspended' },
  { id: 9, code: 'CoverageLost' },
] as const;

/** Selection (option) types. */
export const OPTIONS = [
  { id: 1, code: 'home' },
  { id: 2, code: 'draw' },
  { id: 3, code: 'away' },
  { id: 4, code: 'over' },
  { id: 5, code: 'under' },
  { id: 6, code: 'odd' },
  { id: 7, code: 'even' },
  { id: 8, code: 'yes' },
  { id: 9, code: 'no' },
  { id: 10, code: 'noGoal' },
  { id: 11, code: 'other' },
] as const;

/** Market periods (the part of the match a market covers). */
export const PERIODS = [
  { id: 1, code: 'fullTime' },
  { id: 2, code: 'firstHalf' },
  { id: 3, code: 'secondHalf' },
  { id: 4, code: 'firstQuarter' },
  { id: 5, code: 'secondQuarter' },
  { id: 6, code: 'thirdQuarter' },
  { id: 7, code: 'fourthQuarter' },
  { id: 8, code: 'overtime' },
] as const;

export const TOURNAMENT_PHASES = [
  { id: 1, code: 'regularSeason' },
  { id: 2, code: 'qualification' },
  { id: 3, code: 'groupStage' },
  { id: 4, code: 'roundOf32' },
  { id: 5, code: 'roundOf16' },
  { id: 6, code: 'quarterFinal' },
  { id: 7, code: 'semiFinal' },
  { id: 8, code: 'thirdPlace' },
  { id: 9, code: 'final' },
  { id: 10, code: 'playoffs' },
] as const;
