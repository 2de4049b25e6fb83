import { MARKET_TYPES } from '../static/tables';

/**
 * The numbers the feed speaks. Where the spec gives a number it is used verbatim; the rest are the
 * platform's own choices, shared with staticList (server/src/static/tables.ts) so the app, orders
 * and the feed agree.
 */

/**
 * Match status, bet result and the in-play set come from the contract (written once for both halves). 0-2 of the
 * match status are the spec's live status (not started, live, ended); the named statuses (spec 001 section 4) take
 * the codes staticList publishes (a platform test keeps the two equal). How the feed uses each:
 *
 * | code | name         | when the feed uses it                                              |
 * |------|--------------|--------------------------------------------------------------------|
 * | 0    | Upcoming     | published, not started                                             |
 * | 1    | Live         | in play                                                            |
 * | 2    | Ended        | finished normally                                                  |
 * | 3    | Postponed    | called off before the start (~1% of fixtures); markets void        |
 * | 4    | Interrupted  | play stopped for a while (~1.5% of live matches); markets suspended |
 * | 5    | Cancelled    | cancelled before the start (~0.6%); markets void                   |
 * | 6    | Delayed      | past its kick-off time, start delayed 10-30 min (~2%)              |
 * | 7    | Abandoned    | an interruption that never resumed; finished periods settle        |
 * | 8    | Suspended    | not produced by the simulation (reserved for an operator action)   |
 * | 9    | CoverageLost | live data lost for 1-3 min (~3% of live matches); markets suspended |
 */
export { BetResult, IN_PLAY_STATUSES, MatchStatus } from '../../../contract/enums';

/**
 * Score type group (`tyg` of a score row). The spec names the field, not the values:
 *
 * | tyg | meaning                                                               |
 * |-----|-----------------------------------------------------------------------|
 * | 1   | goals / points / runs: the sport's scoring unit (per set: its points)  |
 * | 2   | corners (football)                                                    |
 * | 3   | yellow cards (football)                                               |
 * | 4   | red cards (football)                                                  |
 * | 5   | sets won (tennis, volleyball, beach volleyball, badminton, table tennis) |
 * | 6   | games (tennis, per set)                                               |
 * | 7   | points of the current tennis game (0, 15, 30, 40; 50 = advantage)    |
 * | 8   | frames won (snooker)                                                  |
 * | 9   | rounds won on the judges' cards (boxing, MMA)                         |
 * | 10  | penalty shootout goals (football, hockey)                             |
 */
export const Tyg = {
  Goals: 1,
  Corners: 2,
  Yellow: 3,
  Red: 4,
  Sets: 5,
  Games: 6,
  GamePoints: 7,
  Frames: 8,
  Rounds: 9,
  Shootout: 10,
} as const;

/**
 * `pe` of a score row is the match period id of the sport (see texts/periods.ts); pe 0 (the "not
 * started" id, which can own no score) carries the whole-match total so far.
 */
export const PE_TOTAL = 0;

/** Football event types, verbatim from the spec (spec 000 section 3). */
export const FootballEvent = {
  Goal: 1,
  Corner: 2,
  YellowCard: 3,
  RedCard: 4,
  ThrowIn: 5,
  FreeKick: 6,
  GoalKick: 7,
  Penalty: 8,
  Substitution: 9,
  Start: 10,
  Midfield: 11,
  End: 12,
  HalftimeScore: 13,
  TwoYellowsToRed: 15,
  PenaltyMissed: 16,
  OwnGoal: 17,
  InjuryTime: 19,
  ShotOnTarget: 21,
  ShotOffTarget: 22,
  Attack: 23,
  DangerousAttack: 24,
  Possession: 25,
  ExtraTimeEnd: 26,
  PenaltyEnd: 27,
} as const;

/**
 * Event types of the other sports (and the match-level ones every sport shares). The spec only
 * numbers football's, so these start at 100 to never collide with them.
 */
export const SportEvent = {
  PeriodStart: 100,
  PeriodEnd: 101,
  MatchEnd: 102,
  Score: 103,
  PointWon: 104,
  GameWon: 105,
  SetWon: 106,
  FrameWon: 107,
  Break: 108,
  Run: 109,
  Out: 110,
  Timeout: 112,
  Foul: 113,
  Rebound: 114,
  Miss: 115,
  Turnover: 116,
  Ace: 117,
  DoubleFault: 118,
  Knockdown: 119,
  RoundScored: 120,
  Stoppage: 121,
  Interrupted: 130,
  Resumed: 131,
  CoverageLost: 132,
  CoverageRestored: 133,
  Abandoned: 134,
} as const;

/** The spec's odds market keys. `outright` is the platform's for champion bets (the spec lists none). */
export type MarketKey = 'ah' | 'ou' | 'oe' | 'cs' | 'tg' | '1x2' | 'ml' | 'hf' | 'tts1st' | 'ttslast' | 'jqs' | 'outright';

/** Market kinds: the staticList name keys; a market type id is looked up from sport and kind. */
export type MarketKind =
  | 'win1x2'
  | 'handicap'
  | 'overUnder'
  | 'oddEven'
  | 'correctScore'
  | 'totalGoals'
  | 'halfTimeFullTime'
  | 'firstGoal'
  | 'lastGoal'
  | 'cornersHandicap'
  | 'cornersOverUnder'
  | 'moneyLine'
  | 'spread'
  | 'total'
  | 'outright';

/**
 * Market type ids come from staticList's table (sportId x 1000 + kind), so the ids the feed puts
 * on markets are the ones the app names. The spec gives football's three (1005 1X2, 1000 handicap,
 * 1007 over/under) and basketball's 3004/3002/3003 "in that order" without saying which is which;
 * the shared table reads them as 3004 money line, 3002 spread, 3003 total. What the feed offers:
 *
 * | sport                                   | 1x2  | ml   | ah (handicap/spread) | ou (total) | oe   | cs   | tg   | hf   | tts1st | ttslast | jqs (corners ah / ou) | outright |
 * |-----------------------------------------|------|------|----------------------|------------|------|------|------|------|--------|---------|-----------------------|----------|
 * | football 1                              | 1005 |      | 1000                 | 1007       | 1008 | 1010 | 1011 | 1012 | 1013   | 1014    | 1015 / 1016           | 1099     |
 * | e-football 177                          |177005|      | 177000               | 177007     |177008|      |      |      |        |         |                       | 177099   |
 * | basketball 3, e-basketball 178          |      | x004 | x002                 | x003       | x005 |      |      |      |        |         |                       | x099     |
 * | hockey 2, rugby 4, handball 8           | x005 | x004 | x002                 | x003       |      |      |      |      |        |         |                       | x099     |
 * | tennis, snooker, volleyball, badminton, table tennis, baseball, american football, beach volleyball | | x004 | x002 | x003 | | | | | | | | x099 |
 * | MMA 18, boxing 19                       |      | x004 |                      | x003       |      |      |      |      |        |         |                       | x099     |
 *
 * (x = the sport id, e.g. hockey's money line is 2004.) Outright markets use sportId x 1000 + 99,
 * which staticList does not list yet.
 */
const OUTRIGHT_KIND = 99;

const marketTypeCache = new Map<string, number>();

/**
 * The market type id of a kind in a sport, from staticList's table (football 1005/1000/1007,
 * basketball 3004/3002/3003, ...). Throws for a kind the table lacks so a market the app cannot
 * name never ships.
 */
export function marketTypeOf(sportId: number, kind: MarketKind): number {
  if (kind === 'outright') return sportId * 1000 + OUTRIGHT_KIND;
  const key = `${sportId}:${kind}`;
  const cached = marketTypeCache.get(key);
  if (cached !== undefined) return cached;
  const found = MARKET_TYPES.find((m) => m.sportId === sportId && m.nameKey === kind);
  if (!found) throw new Error(`no market type for sport ${sportId} kind ${kind}`);
  marketTypeCache.set(key, found.id);
  return found.id;
}
