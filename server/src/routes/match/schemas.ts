import { z } from 'zod';

/** Response shapes of /api/match/... (the spec's list-view match, section 3), as they appear in /openapi.json. */

const int = () => z.number().int();

export const optionSchema = z.object({
  type: z.string().describe('home, draw, away, over, under, odd, even, a score like "1:0", t<teamId> for outrights ...'),
  name: z.string().describe('in the request language'),
  line: z.string().optional().describe('this side\'s own line: home "-0.75" is away "0.75"'),
  odd: z.string().describe('decimal (Europe) odds as stored, 2 decimals'),
  showOdd: z.string().describe('the odd in the requested odds format, 2 decimals truncated towards zero; "" when there is no price'),
  isLock: z.boolean().describe('the market is not on sale or the odd is 0 or less'),
});

export const marketSchema = z.object({
  marketId: int(),
  oldMarketId: int().optional().describe('the market this one replaced when its line moved'),
  matchId: int(),
  sportId: int(),
  key: z.string().describe('spec odds market key: ah, ou, oe, cs, tg, 1x2, ml ...'),
  kind: z.string().describe('staticList market kind'),
  marketType: int(),
  period: z.string().describe('ft, 1h, 2h, q1..q4, set1.., frame1..'),
  line: z.string().optional().describe("home's handicap or the total"),
  status: z.union([z.literal(1), z.literal(0), z.literal(-1)]).describe('1 on sale, 0 suspended, -1 off'),
  allowParley: z.boolean(),
  isInPlay: z.boolean(),
  unit: z.string(),
  name: z.string(),
  options: z.array(optionSchema),
});

export const betGroupSchema = z.object({
  name: z.string(),
  groupType: z.string(),
  marketType: int(),
  period: z.string(),
  moneyHandicap: z.array(marketSchema),
});

export const matchSchema = z.object({
  matchId: int(),
  sportId: int().describe('scheme A'),
  matchStatus: int().describe('0 Upcoming, 1 Live, 2 Ended, 3-9 the other named statuses (docs/api.md)'),
  isNeutral: z.boolean(),
  beginTime: int().describe('epoch ms; for an outright, when it settles'),
  matchInfo: z.object({
    homeName: z.string(),
    awayName: z.string(),
    homeIcon: z.string(),
    awayIcon: z.string(),
    homeId: int(),
    awayId: int(),
    matchPeriod: z.string().describe('period or status text'),
    period: int(),
    homeScore: int(),
    awayScore: int(),
    matchTime: int().describe('clock seconds'),
  }),
  leagueInfo: z.object({ id: int(), name: z.string(), icon: z.string(), sportId: int() }),
  score: z.array(z.object({ pe: int(), tyg: int(), home: int(), away: int() })),
  matchCount: int().describe('bet groups the match offers'),
  marketCount: int().describe('markets on sale or suspended'),
  betGroup: z.array(betGroupSchema).describe('list rows: main lines of winner, handicap and total; the parlay list keeps only allowParley markets'),
  media: z.object({
    videos: z.array(z.object({ pc: z.string(), h5: z.string(), line: int() })),
    animation: z.string().nullable(),
  }),
  bo: int(),
  serveIn: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  matchClock: z.object({ running: z.boolean(), period: int(), second: int(), type: z.enum(['up', 'down', 'none']) }),
  isOutright: z.boolean(),
});

export const pageSchema = z.object({
  current: int(),
  pageTotal: int(),
  size: int(),
  total: int(),
  records: z.array(matchSchema),
});

export const leagueSchema = z.object({
  id: int(),
  name: z.string(),
  matchCount: int(),
  logoUrl: z.string(),
  order: int().describe('order within its sport'),
  sportId: int(),
  hot: z.boolean(),
});

export const statisticsSchema = z.object({
  ht: int().describe('hotCount: matches in hot leagues (in-play, today and early)'),
  tc: int().describe('totalCount: in-play, today and early matches'),
  hls: z
    .array(z.object({ id: int(), logoUrl: z.string(), count: int(), name: z.string(), sportId: int() }))
    .describe('hotList: the hot leagues with their match counts'),
  sl: z
    .array(
      z.object({
        type: int().describe('the getList type code'),
        name: z.string(),
        count: int(),
        sports: z.array(z.object({ sportId: int(), count: int() })).describe('sports with matches, in the spec sport order'),
      }),
    )
    .describe('playTypeMap: per list type (getList codes 1-6), its count and per-sport counts'),
});

export const searchSchema = z.object({
  groups: z.array(z.object({ sportId: int(), matches: z.array(matchSchema) })).describe('by sport in the spec sport order; live matches first in each'),
});

export const detailSchema = matchSchema.extend({
  betGroups: z.array(betGroupSchema).describe('every bet group of the match, every line'),
});
