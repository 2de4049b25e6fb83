import * as z from 'zod/mini';
import { described } from './described';
import { matchQuery, matchQueryShape, request, resolveMatchQuery } from './fields';
import { expecting } from './issues';

/** Requests and answers of the match-data routes (/api/score/..., /api/match/zq/matchInfo, /api/match/history, /api/forehead/system/sports/lineup; docs/api.md "Routes"). */

const int = () => z.int();
const side = () => z.enum(['home', 'away']);

export const footballTextSchema = z.object({
  type: described(int(), "the spec's football event type (1 goal, 2 corner, 3 yellow card, ... 27 penalty end)"),
  minute: described(z.string(), "the event time as shown: 23', 45+2'"),
  second: described(int(), 'match clock seconds'),
  team: z.nullable(side()),
  text: described(z.string(), 'the commentary, without the event time'),
});
export type FootballTextEntry = z.infer<typeof footballTextSchema>;

export const basketballTextSchema = z.object({
  section: described(int(), 'quarter 1-4 (half 1-2 in leagues that play halves); overtimes count on from there; 0 the final whistle, after every section'),
  time: described(z.string(), 'game clock mm:ss (counts down)'),
  sign: described(z.nullable(side()), 'the team the play belongs to'),
  homeScore: int(),
  awayScore: int(),
  event: z.string(),
});
export type BasketballTextEntry = z.infer<typeof basketballTextSchema>;

export const lineupPlayerSchema = z.object({
  id: int(),
  number: int(),
  name: z.string(),
  position: described(z.string(), 'football G/D/M/F, basketball PG/SG/SF/PF/C'),
});
export type LineupPlayer = z.infer<typeof lineupPlayerSchema>;

export const lineupIncidentSchema = z.object({
  type: described(int(), 'football event type: 3 yellow, 4 red, 9 substitution, 15 two yellows to red'),
  second: described(int(), 'match clock seconds'),
  team: side(),
  playerId: described(int(), 'the booked player, or the player coming on'),
  relatedPlayerId: described(z.optional(int()), 'substitution: the player going off'),
});
export type LineupIncident = z.infer<typeof lineupIncidentSchema>;

export const lineupSchema = z.object({
  matchId: int(),
  published: described(z.boolean(), 'false until the line-ups are announced (an hour before the start); the lists are empty until then'),
  homeLine: described(z.array(lineupPlayerSchema), 'starters: 11 in football, 5 in basketball'),
  homeBackup: z.array(lineupPlayerSchema),
  awayLine: z.array(lineupPlayerSchema),
  awayBackup: z.array(lineupPlayerSchema),
  homeFormation: described(z.array(int()), 'outfield lines from defence to attack, e.g. [4, 3, 3]; empty in basketball'),
  awayFormation: z.array(int()),
  incidentArr: z.array(lineupIncidentSchema),
  logoArr: z.object({ home: z.string(), away: z.string() }),
});
export type LineupData = z.infer<typeof lineupSchema>;

/** POST /api/forehead/system/sports/lineup: the line-up with the request's eventId and type. */
export const sportsLineupSchema = z.extend(lineupSchema, { eventId: int(), type: int() });

// ---------------------------------------------------------------------------------------------------------------
// Statistics (GET /api/match/zq/matchInfo, GET /api/score/lq/teahnic)

export const statRowSchema = z.object({
  key: described(z.string(), 'stable key, e.g. possession, corners, rebounds'),
  name: described(z.string(), 'the label in the request language'),
  home: z.number(),
  away: z.number(),
});
export type StatRow = z.infer<typeof statRowSchema>;

export const pairSchema = z.object({ home: z.number(), away: z.number() });
export type Pair = z.infer<typeof pairSchema>;

/** GET /api/score/lq/teahnic */
export const basketballTechnicSchema = z.object({
  matchId: int(),
  matchStatus: int(),
  period: described(int(), 'basketball match period id (staticList matchPeriod, sport 3)'),
  homeScore: int(),
  awayScore: int(),
  sections: described(
    z.array(z.object({ period: int(), name: z.string(), home: int(), away: int() })),
    'points per quarter, half or overtime played so far',
  ),
  stats: described(z.array(statRowSchema), 'empty before the start'),
});
export type BasketballTechnic = z.infer<typeof basketballTechnicSchema>;

export const weatherSchema = z.object({
  temperature: described(z.number(), '°C'),
  wind: described(z.number(), 'm/s'),
  pressure: described(z.number(), 'hPa'),
  humidity: described(z.number(), '%'),
  weather: described(z.string(), 'the conditions in the request language'),
  weather_image: described(z.string(), 'icon key: sunny, partly-cloudy, overcast, light-rain, rain, thunderstorm, fog, snow'),
  weather_id: int(),
});
export type WeatherData = z.infer<typeof weatherSchema>;

/** The live technical statistics the spec names for football, in the order they are shown. */
export const TECHNIC_KEYS = ['possession', 'attacks', 'dangerousAttacks', 'shotsOnTarget', 'shotsOffTarget', 'corners', 'yellowCards', 'redCards'] as const;
export type TechnicKey = (typeof TECHNIC_KEYS)[number];

export const technicSchema = z.object(Object.fromEntries(TECHNIC_KEYS.map((k) => [k, pairSchema])) as Record<TechnicKey, typeof pairSchema>);
export type Technic = z.infer<typeof technicSchema>;

/** GET /api/match/zq/matchInfo */
export const footballInfoSchema = z.object({
  matchId: int(),
  weather: described(z.nullable(weatherSchema), 'null for e-football (no venue)'),
  technic: described(z.nullable(technicSchema), 'possession in %, the rest are counts; null before the start'),
  stats: described(z.array(statRowSchema), 'every statistic the feed keeps, labelled; empty before the start'),
});
export type FootballInfo = z.infer<typeof footballInfoSchema>;

// ---------------------------------------------------------------------------------------------------------------
// History (GET /api/match/history)

/** The spec's schedule row, names in the request language. */
export const scheduleRowSchema = z.object({
  homeName: z.string(),
  awayName: z.string(),
  matchTime: described(int(), 'start, epoch ms'),
  homeScore: int(),
  awayScore: int(),
  homeHalfScore: int(),
  awayHalfScore: int(),
  homeLogo: z.string(),
  awayLogo: z.string(),
  isHome: described(z.boolean(), 'whether the team the list is about played at home'),
  status: described(z.enum(['win', 'draw', 'lose']), 'for that team (head-to-head: for the current home team)'),
  league: z.string(),
});
export type ScheduleRow = z.infer<typeof scheduleRowSchema>;

export const futureRowSchema = z.object({
  matchId: int(),
  homeName: z.string(),
  awayName: z.string(),
  matchTime: int(),
  homeLogo: z.string(),
  awayLogo: z.string(),
  isHome: z.boolean(),
  league: z.string(),
});
export type FutureRow = z.infer<typeof futureRowSchema>;

export const rankingRowSchema = z.object({
  rank: int(),
  teamId: int(),
  teamName: z.string(),
  played: int(),
  won: int(),
  drawn: int(),
  lost: int(),
  goalsFor: int(),
  goalsAgainst: int(),
  points: int(),
});
export type RankingRow = z.infer<typeof rankingRowSchema>;

const bands = () => described(z.array(int()), 'per 15-minute band: 0-15, 15-30, 30-45, 45-60, 60-75, 75-90');
export const goalBandsSchema = z.object({ scored: bands(), conceded: bands() });
export type GoalBands = z.infer<typeof goalBandsSchema>;

export const injurySchema = z.object({
  teamId: int(),
  side: side(),
  player: z.object({ id: int(), name: z.string(), number: int() }),
  reason: z.string(),
  expectedReturn: z.string(),
});
export type Injury = z.infer<typeof injurySchema>;

/** GET /api/match/history */
export const historySchema = z.object({
  matchId: int(),
  historyMatch: described(z.array(scheduleRowSchema), 'head-to-head, newest first'),
  homeLastMatch: described(z.array(scheduleRowSchema), "the home team's recent matches, newest first"),
  awayLastMatch: z.array(scheduleRowSchema),
  leagueRanking: z.array(rankingRowSchema),
  homeFutureMatch: described(z.array(futureRowSchema), "the home team's next matches (up to 5), soonest first"),
  awayFutureMatch: z.array(futureRowSchema),
  goalDist: z.object({ home: goalBandsSchema, away: goalBandsSchema }),
  injury: z.array(injurySchema),
});
export type History = z.infer<typeof historySchema>;

/** Analysis and intelligence: one text per line. */
export const textsSchema = z.array(z.string());

/** Football text live: newest first. */
export const footballTextsSchema = z.array(footballTextSchema);
/** Basketball play-by-play: newest first. */
export const basketballTextsSchema = z.array(basketballTextSchema);

// Requests: every match-data route is a GET naming its match (`id` or `matchId`) with the spec's `plat`, `t` and
// `language` (contract/fields.ts matchQuery); basketball's play-by-play adds its section.

export { matchQuery };

/** Basketball play-by-play sections: staticList period ids (1 full game, 2-3 halves, 4-7 quarters, 8 overtime). */
export const SECTIONS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export type Section = (typeof SECTIONS)[number];

const sectionField = z.optional(
  z.pipe(
    z.string().check(z.regex(/^[1-8]$/, { error: expecting('a section: 1 full game, 2 first half, 3 second half, 4-7 quarters 1-4, 8 overtime') })),
    z.transform((s) => Number(s) as Section),
  ),
);

/** GET /api/score/lq/TextLive. */
export const basketballTextQuery = request(z.pipe(z.strictObject({ ...matchQueryShape, section: sectionField }), z.transform(resolveMatchQuery)));
export type BasketballTextQuery = z.input<typeof basketballTextQuery>;
/** A match-data GET's query as the app sends it. */
export type MatchQuery = z.input<typeof matchQuery>;
