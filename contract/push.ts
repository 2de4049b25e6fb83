import * as z from 'zod/mini';
import { PushChannel } from './channels';
import { MarketStatus } from './enums';
import { memberCoinsPushSchema, roomEventPushSchema, type MemberCoinsPush, type RoomEventPush } from './economyPush';
import { matchClockSchema, scoreRowSchema } from './shapes';

export { PushChannel };

/**
 * The `data` of every push channel (`/push` frames are `{ chId, seq, epoch, data }`, docs/api.md "Push"). The
 * platform's publishers are typed from these; the app parses each message's data with its channel's schema before
 * any subscriber sees it, and drops (and logs) one that fails. They use only zod functions the app's first download
 * already holds, plus z.literal (z.enum, z.nullable and z.discriminatedUnion would each add to it: zod lives in the
 * main chunk, so every function the lazily loaded schemas call is kept there). A field not written here is stripped rather than
 * refused: a platform that adds one does not break the apps already in the field, and no app reads it before the
 * contract names it.
 */

const int = () => z.int();
/** The market state: MarketStatus's codes. */
const marketStatus = z.literal([MarketStatus.On, MarketStatus.Suspended, MarketStatus.Off]);
/** A text in every wire language at once (`{ CMN, 'zh-TW', ENG, VIE, THA }`): a push serves every client language. */
const texts = z.record(z.string(), z.string());
const pair = z.object({ home: int(), away: int() });

export const scoreChangeSchema = z.object({
  kind: z.literal('score'),
  matchId: int(),
  homeScore: int(),
  awayScore: int(),
  score: z.array(scoreRowSchema),
  period: int(),
  /** Who serves the next point (0 nobody, 1 home, 2 away), so serve markers follow each point. */
  serveIn: z.literal([0, 1, 2]),
});
export const clockChangeSchema = z.object({ kind: z.literal('clock'), matchId: int(), clock: matchClockSchema, matchTime: int() });
export const statusChangeSchema = z.object({ kind: z.literal('status'), matchId: int(), matchStatus: int(), period: int(), matchPeriod: texts });

export const matchEventSchema = z.object({
  /** Position in the match's event list, from 1. */
  seq: int(),
  matchId: int(),
  /** Football: the spec's event type; other sports: the platform's sport event codes. */
  type: int(),
  /** Stable key of the event's wording (the platform's server/src/feed/texts/events.ts). */
  code: z.string(),
  /** Simulated epoch ms. */
  time: z.number(),
  /** Match clock seconds when it happened. */
  second: int(),
  period: int(),
  /** The side the event belongs to; for a goal or an own goal the side it counts for (whose score rose). */
  team: z.literal(['home', 'away', null]),
  player: z.optional(z.object({ id: int(), name: texts, number: int() })),
  homeScore: int(),
  awayScore: int(),
  text: texts,
  /** Dangerous events (goal, red card, penalty) suspend the match's markets. */
  dangerous: z.boolean(),
  /** Basketball: quarter (or half) number and the game clock as mm:ss. */
  section: z.optional(int()),
  clockText: z.optional(z.string()),
});
export type MatchEvent = z.infer<typeof matchEventSchema>;
export const eventChangeSchema = z.object({ kind: z.literal('event'), matchId: int(), event: matchEventSchema });
export const endedChangeSchema = z.object({ kind: z.literal('ended'), matchId: int(), matchStatus: int(), totalScore: pair, scores: z.array(scoreRowSchema) });

/** `match:<id>:score`: score, clock, period and status of one match. */
export const scorePushSchema = z.union([scoreChangeSchema, clockChangeSchema, statusChangeSchema, eventChangeSchema, endedChangeSchema]);
export type ScorePush = z.infer<typeof scorePushSchema>;

/** One market of an odds push: prices and states, not names (a client holds those from the list or detail call). */
export const oddsMarketSchema = z.object({
  marketId: int(),
  oldMarketId: z.optional(int()),
  marketType: int(),
  period: z.string(),
  line: z.optional(z.string()),
  status: marketStatus,
  allowParley: z.boolean(),
  options: z.array(z.object({ type: z.string(), line: z.optional(z.string()), odd: z.string(), isLock: z.boolean() })),
});
export type OddsMarket = z.infer<typeof oddsMarketSchema>;

/** `match:<id>:odds`: market and odds changes of one match. */
export const oddsPushSchema = z.object({ kind: z.literal('odds'), matchId: int(), markets: z.array(oddsMarketSchema) });
export type OddsPush = z.infer<typeof oddsPushSchema>;

/** `matches`: what changes the match lists (a status, an end, new fixtures). */
export const matchesPushSchema = z.union([
  statusChangeSchema,
  endedChangeSchema,
  z.object({ kind: z.literal('scheduled'), matchIds: z.array(int()) }),
]);
export type MatchesPush = z.infer<typeof matchesPushSchema>;

/** `football:tec`: a football match's technical statistics after an event that changed them. */
export const footballTecPushSchema = z.object({
  matchId: int(),
  stats: z.array(z.object({ key: z.string(), name: texts, home: z.number(), away: z.number() })),
});
export type FootballTecPush = z.infer<typeof footballTecPushSchema>;

/**
 * `football:js1`: every football event as it happens, with the teams' names (in every language), so a goal push can
 * name a match the page has not loaded.
 */
export const footballEventPushSchema = z.object({
  kind: z.literal('event'),
  matchId: int(),
  event: matchEventSchema,
  teams: z.optional(z.object({ home: texts, away: texts })),
});
export type FootballEventPush = z.infer<typeof footballEventPushSchema>;

/** `lineup:status`: a match's line-up was published or changed; clients refetch it. */
export const lineupStatusPushSchema = z.object({ kind: z.literal('lineup'), matchId: int() });
export type LineupStatusPush = z.infer<typeof lineupStatusPushSchema>;

/** `system:maintenance`: the operator's maintenance flag, each time it is set. */
export const maintenancePushSchema = z.object({ underMaintenance: z.boolean() });
export type MaintenancePush = z.infer<typeof maintenancePushSchema>;

/** `member:<uid>:live`: a room the member booked went live on the booked match (sent once per booking). */
export const memberLivePushSchema = z.object({
  kind: z.literal('bookingLive'),
  liveRoomId: int(),
  hostId: int(),
  hostName: z.string(),
  matchId: int(),
});
export type MemberLivePush = z.infer<typeof memberLivePushSchema>;

/**
 * One bet's cash-out offer for its whole remaining stake: the part of the cash-out price answer's entry
 * (`/v1/order/cashOut/price`, contract/betting.ts cashOutPriceEntrySchema) that moves with prices. Money and the rate
 * are decimal strings.
 */
export const cashOutOfferSchema = z.object({
  /** The order id. */
  oid: z.string(),
  /** Cash-out price of the whole remaining stake, 2 decimals ("0.00" when unavailable). */
  amt: z.string(),
  /** 1 available, 0 not (a market suspended or closed, a lost leg, the cash-out count reached). */
  st: z.literal([0, 1]),
  /** Payout per unit of stake, floored to 6 decimals. */
  rate: z.string(),
  /** Why not (CashOutFailure) when st is 0. */
  reason: z.optional(int()),
});
export type CashOutOffer = z.infer<typeof cashOutOfferSchema>;

/**
 * `member:<uid>:cashOut`: the offers of the member's open bets that changed since the last message, after a price
 * change on one of their matches. Coalesced: a bet is in at most one message per second, with its latest offer.
 */
export const memberCashOutPushSchema = z.object({ kind: z.literal('offers'), offers: z.array(cashOutOfferSchema) });
export type MemberCashOutPush = z.infer<typeof memberCashOutPushSchema>;

/**
 * The schema of a channel's data, by its name; undefined for a channel this contract does not know (its messages
 * are dropped like malformed ones: nothing may apply data no schema checked).
 */
export function pushSchemaOf(chId: string): z.ZodMiniType | undefined {
  if (chId.startsWith('match:')) {
    if (chId.endsWith(':odds')) return oddsPushSchema;
    if (chId.endsWith(':score')) return scorePushSchema;
    return undefined;
  }
  if (chId.startsWith('member:')) {
    if (chId.endsWith(':live')) return memberLivePushSchema;
    if (chId.endsWith(':coins')) return memberCoinsPushSchema;
    return chId.endsWith(':cashOut') ? memberCashOutPushSchema : undefined;
  }
  if (chId.startsWith('live:room:')) return roomEventPushSchema;
  switch (chId) {
    case PushChannel.matches:
      return matchesPushSchema;
    case PushChannel.footballTec:
      return footballTecPushSchema;
    case PushChannel.footballEvent:
      return footballEventPushSchema;
    case PushChannel.lineupStatus:
      return lineupStatusPushSchema;
    case PushChannel.maintenance:
      return maintenancePushSchema;
    default:
      return undefined;
  }
}

/** What the platform may publish on a channel: the hub's `publish` takes exactly these. */
export interface PushData {
  score: ScorePush;
  odds: OddsPush;
  matches: MatchesPush;
  footballTec: FootballTecPush;
  footballEvent: FootballEventPush;
  lineupStatus: LineupStatusPush;
  maintenance: MaintenancePush;
  memberLive: MemberLivePush;
  memberCashOut: MemberCashOutPush;
  roomEvents: RoomEventPush;
  memberCoins: MemberCoinsPush;
}
