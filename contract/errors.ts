/**
 * Envelope codes (docs/api.md "Codes"). Codes from the spec keep its meaning: 400 "no user" and 405 "session
 * expired" (forehead family; clients hand both to the host's login flow), 14010 session expired (betting family).
 * Everything else is the platform's own, in the 4xxx/5xxx range so it never collides with them.
 */
export const ErrorCode = {
  OK: 0,
  NO_USER: 400,
  SESSION_EXPIRED: 405,
  /** Spec section 8 "403 forbidden": a call that needs a credential the caller does not hold (operator routes). */
  FORBIDDEN: 403,
  BETTING_SESSION_EXPIRED: 14010,
  INVALID_INPUT: 4001,
  NOT_FOUND: 4004,
  WRONG_CREDENTIALS: 4010,
  PAYLOAD_TOO_LARGE: 4013,
  UNSUPPORTED_MEDIA_TYPE: 4015,
  UPGRADE_REQUIRED: 4026,
  TOO_MANY_REQUESTS: 4029,
  INTERNAL: 5000,
  UNAVAILABLE: 5003,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * Why a bet, cash out or pre-bet was refused: the betting family's `errcode` (HTTP 409 for a state of the market or
 * order that has moved on, 422 for a rule of the book, 404 for an unknown id) and a rejected order's `rejectType`.
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
