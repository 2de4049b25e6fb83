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
  /** Closed by a full cash out. */
  CashOut: 102,
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

/** Statuses of an order whose stake is still running. */
export const OPEN_STATUSES: readonly number[] = [OrderStatus.Created, OrderStatus.Confirming, OrderStatus.Confirmed, OrderStatus.ReserveCashOut];
/** Statuses the settled history lists. */
export const CLOSED_STATUSES: readonly number[] = [OrderStatus.Settled, OrderStatus.CashOut, OrderStatus.Rejected, OrderStatus.Canceled];
/**
 * Statuses of an order the book took: the bet history's statistics count only these. A rejected or cancelled order
 * was refunded and never ran, and one still waiting for acceptance may yet be rejected.
 */
export const ACCEPTED_STATUSES: readonly number[] = [OrderStatus.Confirmed, OrderStatus.ReserveCashOut, OrderStatus.Settled, OrderStatus.CashOut];

export const BetType = { Single: 1, Multiple: 2 } as const;

/** Odds-change acceptance (spec section 5; DOMAIN.md section 5). */
export const OddsChange = { None: 0, Better: 1, Any: 2 } as const;
export type OddsChange = (typeof OddsChange)[keyof typeof OddsChange];

/**
 * Why a bet, cash out or pre-bet was refused. The betting family answers `{ code, errcode, msg }` with these codes
 * (HTTP 409 for a state of the market or order that has moved on, 422 for a rule of the book, 404 for an unknown
 * id), so a client can tell a retryable price change from bad input (4001). Rejected orders carry the same code as
 * their rejectType.
 */
export const BetError = {
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
  CashOutUnavailable: 15021,
  ReservationNotFound: 15030,
  ReservationClosed: 15031,
  ReservationOddsTooLow: 15032,
  TooManyReservations: 15033,
} as const;
export type BetError = (typeof BetError)[keyof typeof BetError];

/** The spec's settlement (cash-out) failure reasons, in its order. */
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

/** Cash-out entry statuses: the order statuses of the spec's early-settlement polling. */
export const CashOutStatus = { Confirming: 1, Rejected: 2, Canceled: 3, Settled: 5 } as const;

export const AutoCashOutStatus = { Active: 0, Fired: 1, Cancelled: 2, Failed: 3 } as const;

/** Pre-bet states: the spec's user texts booked, in progress, settled, cancelled, no longer valid. */
export const ReservationStatus = { Booked: 0, InProgress: 1, Settled: 2, Cancelled: 3, Invalid: 4 } as const;
export type ReservationStatus = (typeof ReservationStatus)[keyof typeof ReservationStatus];
