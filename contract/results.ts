import * as z from 'zod/mini';
import { described } from './described';
import { request } from './fields';
import { codeOf, MatchStatus } from './enums';
import { RESULT_MAX_RANGE_DAYS, RESULT_PAGE_SIZE } from './resultCodes';
import { scoreRowSchema } from './shapes';

/**
 * The three result services (spec 001 sections 3 "Result match", 7 "Match results", docs/api.md "Results"): the
 * product's own (`/api/result/...`, the spec's result match: this file) and two third-party providers, gamebetim
 * (resultsIm.ts) and gamebetob (resultsOb.ts), each with its own wire shape, ids, time format and language codes. All
 * anonymous. The app's results plugins map each answer to the results feature's one model (src/features/results/model.ts).
 */

const int = () => z.int();

const epochMs = (what: string) => described(int(), `${what}, epoch ms`);

export const resultListRequestSchema = request(z.object({
  sportId: described(int(), 'scheme-A sport id'),
  leagueIds: z.optional(described(z.array(int()), 'league ids; empty or absent: every league')),
  beginTime: epochMs('finished matches that began at or after this'),
  endTime: epochMs(`... and at or before this; at most ${RESULT_MAX_RANGE_DAYS} days after beginTime`),
  current: z.optional(described(int(), 'page from 1; default 1')),
  size: z.optional(described(int(), `page size 1-200; default ${RESULT_PAGE_SIZE}`)),
  language: z.optional(z.string()),
}));
export type ResultListRequest = z.infer<typeof resultListRequestSchema>;

export const resultMatchRequestSchema = request(z.object({ matchId: int(), language: z.optional(z.string()) }));
export type ResultMatchRequest = z.infer<typeof resultMatchRequestSchema>;

export const resultLeaguesRequestSchema = request(z.object({
  sportId: described(int(), 'scheme-A sport id'),
  beginTime: z.optional(epochMs('default: 7 days before endTime')),
  endTime: z.optional(epochMs('default: now')),
  language: z.optional(z.string()),
}));
export type ResultLeaguesRequest = z.infer<typeof resultLeaguesRequestSchema>;

export const resultSearchRequestSchema = request(z.object({
  recommend: described(z.string(), 'search text, 1-50 characters: team and league names in any language'),
  sportId: z.optional(int()),
  language: z.optional(z.string()),
}));
export type ResultSearchRequest = z.infer<typeof resultSearchRequestSchema>;

const sideSchema = z.object({ id: int(), name: z.string(), icon: z.string() });

/** The spec's result match (section 3). */
export const resultMatchSchema = z.object({
  id: described(int(), 'the match id (as in the match lists and bets)'),
  beginTime: epochMs('kick-off'),
  matchStatus: described(codeOf(MatchStatus), '2 Ended, 3 Postponed, 4 Interrupted, 5 Cancelled, 7 Abandoned (enums.ts MatchStatus); the app shows names, never codes'),
  matchFormat: described(z.string(), '"bo3", "bo5", "12 rounds"; "" when the sport has none'),
  isNeutral: z.boolean(),
  sportId: described(int(), 'scheme A'),
  league: z.object({ id: int(), name: z.string(), icon: z.string() }),
  teams: z.object({ home: sideSchema, away: sideSchema }),
  scores: described(z.array(scoreRowSchema), 'every score row as played: pe the period (0 the whole match), tyg the score type (docs/api.md)'),
  newScores: described(
    z.array(z.object({ period: int(), name: z.string(), home: int(), away: int() })),
    "score by period in the sport's scoring unit (goals, points, games, frames, rounds), in play order, named in the request language",
  ),
  totalScore: described(z.object({ home: int(), away: int() }), 'the result: goals, points, sets, frames or rounds won'),
});
export type ResultMatch = z.infer<typeof resultMatchSchema>;

export const resultPageSchema = z.object({
  records: z.array(resultMatchSchema),
  current: int(),
  size: int(),
  pageTotal: described(int(), 'pages'),
  total: described(int(), 'records'),
});
export type ResultPage = z.infer<typeof resultPageSchema>;

export const resultLeagueSchema = z.object({ id: int(), name: z.string(), icon: z.string(), sportId: int(), matchCount: int() });
export type ResultLeague = z.infer<typeof resultLeagueSchema>;

export const resultDetailSchema = z.extend(resultMatchSchema, {
  endTime: epochMs('when the result came in'),
  winner: described(z.nullable(z.literal(['home', 'away', 'draw'])), 'null for a match called off'),
});
export type ResultDetail = z.infer<typeof resultDetailSchema>;
