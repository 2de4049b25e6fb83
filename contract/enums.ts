import * as z from 'zod/mini';

/**
 * The numbers both halves speak, written once with their names. The platform writes them, the app reads them; the
 * names are the spec's (betting-core section 4, data-and-live section 4) or, where the spec gives none, the
 * platform's own (docs/api.md).
 */

/** The values of a `{ Name: code }` table, as a zod schema that accepts exactly those codes. */
export function codeOf<const T extends Record<string, number>>(table: T) {
  const values = Object.values(table) as Array<T[keyof T]>;
  return z.union(values.map((v) => z.literal(v)) as unknown as [z.ZodMiniLiteral<T[keyof T]>, ...Array<z.ZodMiniLiteral<T[keyof T]>>]);
}

/** getList's `orderBy`: kick-off time first, or league order first (both group rows by league). */
export const ORDER_BY = { time: 0, league: 1 } as const;

/** The spec's order statuses (section 4). */
export const OrderStatus = {
  Created: 0,
  Confirming: 1,
  Rejected: 2,
  Canceled: 3,
  Confirmed: 4,
  Settled: 5,
  /** A cash out of the order is being confirmed (in-play delay). */
  ReserveCashOut: 101,
  /** Closed by a full cash out (early settlement). */
  CashOut: 102,
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

/** An order still waiting for the book's decision: the app's status poll runs while any is in one of these. */
export const isWaitingStatus = (status: number): boolean => status === OrderStatus.Created || status === OrderStatus.Confirming;

/** The spec's bet result codes of a settled order or leg (DOMAIN.md section 2). */
export const BetResult = {
  NoResulted: 0,
  Return: 2,
  Lost: 3,
  Won: 4,
  WinReturn: 5,
  LoseReturn: 6,
  Cancel: 7,
} as const;
export type BetResult = (typeof BetResult)[keyof typeof BetResult];

/** Status of one cash out: the order statuses of the spec's early-settlement polling. */
export const CashOutStatus = { Confirming: 1, Rejected: 2, Canceled: 3, Settled: 5 } as const;
export type CashOutStatus = (typeof CashOutStatus)[keyof typeof CashOutStatus];

/** The spec's settlement (cash-out) failure reasons, in its order: a rejected cash out's `cancelReason`. */
export const CashOutFailure = {
  SystemError: 1,
  ParamError: 2,
  PositionLimit: 3,
  MarketSuspend: 4,
  TraderReject: 5,
  FailPaid: 6,
  SettleRefused: 7,
} as const;
export type CashOutFailure = (typeof CashOutFailure)[keyof typeof CashOutFailure];

/** The i18n name (cashOut namespace `reason.<name>`) of each failure reason. */
export const CASH_OUT_FAILURE_NAMES = {
  [CashOutFailure.SystemError]: 'systemError',
  [CashOutFailure.ParamError]: 'paramError',
  [CashOutFailure.PositionLimit]: 'positionLimit',
  [CashOutFailure.MarketSuspend]: 'marketSuspend',
  [CashOutFailure.TraderReject]: 'traderReject',
  [CashOutFailure.FailPaid]: 'failPaid',
  [CashOutFailure.SettleRefused]: 'settleRefused',
} as const satisfies Record<CashOutFailure, string>;

/** An automatic cash-out rule's state. */
export const AutoCashOutStatus = { Active: 0, Fired: 1, Cancelled: 2, Failed: 3 } as const;
export type AutoCashOutStatus = (typeof AutoCashOutStatus)[keyof typeof AutoCashOutStatus];

/** Pre-bet states: the spec's user texts booked, in progress, settled, cancelled, no longer valid. */
export const ReservationStatus = { Booked: 0, InProgress: 1, Settled: 2, Cancelled: 3, Invalid: 4 } as const;
export type ReservationStatus = (typeof ReservationStatus)[keyof typeof ReservationStatus];

/** Market state (spec): on sale, suspended (odds shown, no bets), off (hidden). */
export const MarketStatus = { On: 1, Suspended: 0, Off: -1 } as const;
export type MarketStatus = (typeof MarketStatus)[keyof typeof MarketStatus];

/**
 * Match status: 0-2 the spec's live status, 3-9 the named statuses with the codes staticList publishes
 * (server/src/static/tables.ts; a platform test keeps the two equal).
 */
export const MatchStatus = {
  Upcoming: 0,
  Live: 1,
  Ended: 2,
  Postponed: 3,
  Interrupted: 4,
  Cancelled: 5,
  Delayed: 6,
  Abandoned: 7,
  Suspended: 8,
  CoverageLost: 9,
} as const;
export type MatchStatus = (typeof MatchStatus)[keyof typeof MatchStatus];

/** Statuses a match shows while it is in play (the in-play list keeps them). */
export const IN_PLAY_STATUSES: ReadonlySet<number> = new Set([MatchStatus.Live, MatchStatus.Interrupted, MatchStatus.Suspended, MatchStatus.CoverageLost]);

/** The spec's list types as the getList `type` codes. */
export const ListType = {
  InPlay: 1,
  Today: 2,
  Early: 3,
  Outright: 4,
  Parlay: 5,
  TodayAndInPlay: 6,
} as const;
export type ListType = (typeof ListType)[keyof typeof ListType];

/** Builder: several selections of one match priced together from its score model (docs/api.md "Bet builder"). */
export const BetType = { Single: 1, Multiple: 2, Builder: 3 } as const;
export type BetType = (typeof BetType)[keyof typeof BetType];

/** Odds-change acceptance (spec section 5; DOMAIN.md section 5). */
export const OddsChange = { None: 0, Better: 1, Any: 2 } as const;
export type OddsChange = (typeof OddsChange)[keyof typeof OddsChange];

/** The languages forehead, match and results calls carry (`language`), in the staticList's order. */
export const LANGUAGES = ['CMN', 'zh-TW', 'ENG', 'VIE', 'THA'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The spec's currencies (section 9 of both documents); a request's `currencyId` is the position here, from 1 (CNY 1, USD 2, ... USDT 17). */
export const CURRENCIES = [
  'CNY', 'USD', 'EUR', 'GBP', 'HKD', 'TWD', 'MYR', 'SGD', 'THB',
  'VND', 'KRW', 'JPY', 'PHP', 'IDR', 'INR', 'AUD', 'USDT',
] as const;
export type Currency = (typeof CURRENCIES)[number];

// In a module of their own: the app imports them only from lazy chunks (the live room), and a value of this module
// (which the first download holds) would be pulled into the first download with it (docs/architecture.md "Bundle").
export { BookingStatus, EnterEffect, FirstBetCoverStatus } from './liveRoomEnums';

/** Spec 001 section 4: event kinds live lottery 1, red envelope rain 3, answer lottery 4. */
export const ActivityKind = { LiveLottery: 1, RedEnvelopeRain: 3, AnswerLottery: 4 } as const;
export type ActivityKind = (typeof ActivityKind)[keyof typeof ActivityKind];

/** Spec 001 section 4: an event or lottery is not started 0, in progress 1, finished 2. */
export const ActivityStatus = { NotStarted: 0, InProgress: 1, Finished: 2 } as const;
export type ActivityStatus = (typeof ActivityStatus)[keyof typeof ActivityStatus];


/** Chat message kinds (spec 001 section 3); `auto` and `act` are written by the platform, never by a member. */
export const ChatMessageKind = {
  Text: 'text',
  Image: 'image',
  ImageText: 'image-text',
  Reply: 'reply',
  Order: 'order',
  Auto: 'auto',
  Act: 'act',
} as const;
export type ChatMessageKind = (typeof ChatMessageKind)[keyof typeof ChatMessageKind];
/** The kinds a member may send on /chat. */
export const MEMBER_CHAT_KINDS = ['text', 'image', 'image-text', 'reply', 'order'] as const;

/** Chat user types (spec 001 sections 3 and 6): an agent moderates the rooms of their live group. */
export const ChatUserType = { User: 0, Agent: 1 } as const;
export type ChatUserType = (typeof ChatUserType)[keyof typeof ChatUserType];
