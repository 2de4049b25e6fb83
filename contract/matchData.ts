import * as z from 'zod/mini';
import { described } from './described';

/** Answers of the match-data routes (/api/score/..., /api/forehead/system/sports/lineup; docs/api.md "Routes"). */

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
  section: described(int(), 'quarter 1-4 (half 1-2 in leagues that play halves); overtimes count on from there'),
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

export const lineupIncidentSchema = z.object({
  type: described(int(), 'football event type: 3 yellow, 4 red, 9 substitution, 15 two yellows to red'),
  second: described(int(), 'match clock seconds'),
  team: side(),
  playerId: described(int(), 'the booked player, or the player coming on'),
  relatedPlayerId: described(z.optional(int()), 'substitution: the player going off'),
});

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
