/**
 * Wire types of the betting service (`/v1/order/...`, docs/api.md "Betting") as the app reads and sends them.
 * Money and odds are decimal strings; the app never turns them into JavaScript numbers.
 */

import { OrderStatus } from '../../domain/orderStatus';

export { OrderStatus };

/** An order still waiting for the book's decision: the status poll runs while any is in one of these. */
export const isWaitingStatus = (status: number): boolean => status === OrderStatus.Created || status === OrderStatus.Confirming;

/**
 * The platform's refusal codes (server/src/betting/codes.ts `BetError`; a test keeps the two equal). They come back
 * as `errcode` of a refused call and as `rejectType` of a rejected order.
 */
export const BetErrorCode = {
  MarketSuspended: 15001,
  HandicapClosed: 15002,
  MarketLineChanged: 15003,
  HandicapChanged: 15004,
  OddsChanged: 15005,
  BelowRange: 15006,
  ExceedRange: 15007,
  InsufficientBalance: 15008,
  ParlayNotAllowed: 15009,
  TooManyMatches: 15010,
  SameMatchTwice: 15011,
  SeriesNotOffered: 15012,
  MatchStarted: 15013,
  ScoreChanged: 15014,
  OrderNotFound: 15020,
} as const;

/** Market state (spec: on 1, suspend 0, off -1). */
export type BetMarketStatus = 1 | 0 | -1;

export interface BetMatchMarket {
  marketId: number;
  matchId: number;
  /** The option type ("home", "over", "1:0"...). */
  type: string;
}

export interface BetInfoRequest {
  betMatchMarketList: BetMatchMarket[];
  isSelectSeries: boolean;
  currencyId?: number;
  language?: string;
}

/** One selection's current state (the spec's "bet market as returned by the pre-bet info call"). */
export interface BetInfoEntry {
  marketId: number;
  /** Set when the market was replaced by a line move: the id asked for; `marketId` is the one on sale now. */
  oldMarketId: number | null;
  matchId: number;
  sportId: number;
  allowParley: boolean;
  isInPlay: boolean;
  minBet: string;
  maxBet: string;
  status: number;
  marketType: number;
  period: string;
  line: string | null;
  option: { name: string; odd: string; type: string; isLock: boolean };
  optionOdd: string;
  optionBetName: string;
  homeName: string;
  awayName: string;
  leagueName: string;
  beginTime: number;
}

/** A series the selections allow (seriesNumber N x 1000 + M; betCount = bets the unit stake is placed on). */
export interface SeriesInfoEntry {
  seriesNumber: number;
  name: string;
  combination: number;
  seriesOdd: string;
  betCount: number;
  minBet: string;
  maxBet: string;
}

export interface BetInfoAnswer {
  betInfo: BetInfoEntry[];
  seriesInfo: SeriesInfoEntry[];
}

/** One selection as the placing calls send it (the leg of a bet record is domain/betRecord's BetOption). */
export interface BetOptionRequest {
  marketId: number;
  optionType: string;
  /** The price the member accepted, in `oddsFormat`, as shown. */
  odds: string;
  oddsFormat: number;
}

export interface SingleBetRequest {
  singleBetList: Array<{ unitStake: string; oddsChange: number; betOptionList: [BetOptionRequest] }>;
  currencyId?: number;
  requestId: string;
}

export interface MultipleBetRequest {
  betMultipleData: Array<{ itemCount: number; seriesValue: number; unitStake: string; oddsChange: number }>;
  betOptionList: BetOptionRequest[];
  currencyId?: number;
  requestId: string;
}

export interface PlacedOrder {
  orderId: string;
  oid: string;
  status: number;
  betAmount: string;
  odds: string;
  seriesNumber: number;
}

export interface PlaceAnswer {
  orders: PlacedOrder[];
  /** True when the requestId had been seen: these are the orders the first request made. */
  repeated: boolean;
}

export interface OrderStatusRow {
  oid: string;
  st: number;
  /** rejectType of a rejected order: the refusal code (an extension of the spec's { oid, st }). */
  rt?: number;
}

export const BETTING_PATHS = {
  betInfo: '/v1/order/batchBetMatchMarketOfJumpLine',
  singlePass: '/v1/order/bet/singlePass',
  betMultiple: '/v1/order/betMultiple',
  orderStatus: '/v1/order/getStakeOrderStatus',
} as const;

/** A pre-bet as the reserved view shows it: the spec's reservation summary plus its state. */
export interface ReservationSummary {
  reserveId: string;
  marketId: number;
  matchId: number;
  /** The option type. */
  type: string;
  sportId: number;
  marketType: number;
  period: string;
  line: string | null;
  leagueName: string;
  homeName: string;
  awayName: string;
  /** 1 a match, 2 an outright (as bet records). */
  matchType: number;
  /** The market's name. */
  betName: string;
  /** The option's name. */
  optionBetName: string;
  /** The requested decimal odds. */
  optionOdd: string;
  /** The team the option backs (home or away name), '' for other options. */
  optionTeam: string;
  homeScore: number | null;
  awayScore: number | null;
  isInPlay: boolean;
  status: number;
  unitStake: string;
  currencyId: number;
  currency: string;
  /** The odds when it was booked. */
  bookedOdds: string;
  /** The option's odds now; null when the market is no longer on offer. */
  currentOdd: string | null;
  beginTime: number;
  orderId: string | null;
  createdTime: number;
  modifiedTime: number;
  failReason: string | null;
}
