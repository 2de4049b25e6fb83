import * as z from 'zod/mini';
import { described } from './described';
import { codeOf, MarketStatus } from './enums';
import { matchClockSchema, scoreRowSchema } from './shapes';

/** Answers of /api/match/... (the spec's list-view match, section 3), as /openapi.json shows them. */

const int = () => z.int();

export const optionSchema = z.object({
  type: described(z.string(), 'home, draw, away, over, under, odd, even, a score like "1:0", t<teamId> for outrights ...'),
  name: described(z.string(), 'in the request language'),
  line: described(z.optional(z.string()), 'this side\'s own line: home "-0.75" is away "0.75"'),
  odd: described(z.string(), 'decimal (Europe) odds as stored, 2 decimals'),
  showOdd: described(z.string(), 'the odd in the requested odds format, 2 decimals truncated towards zero; "" when there is no price'),
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
  bo: int(),
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
