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
  /** A match of a sport the request's merchant switched off (docs/api.md "Merchants"): HTTP 403. */
  SPORT_NOT_OFFERED: 4003,
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
  /** A selection of a sport the member's merchant switched off (HTTP 403; docs/api.md "Merchants"). */
  SportNotOffered: 15015,
  /** Bet builder: the selections cannot be combined (other match, a market not on the final score, contradictory); the message says why. */
  BuilderRefused: 15016,
  OrderNotFound: 15020,
  CashOutUnavailable: 15021,
  ReservationNotFound: 15030,
  ReservationClosed: 15031,
  ReservationOddsTooLow: 15032,
  TooManyReservations: 15033,
  /** Edit bet: the order cannot be edited this way (in play under the acceptance delay, a leg settled, nothing changed). */
  EditUnavailable: 15040,
} as const;
export type BetError = (typeof BetError)[keyof typeof BetError];

/**
 * Why the chat refused something: the `code` of a /chat `error` frame and of the chat routes' failure envelopes
 * (docs/api.md "Chat"). The 16xxx range is the chat's own.
 */
export const ChatError = {
  /** A visitor (no chat token) tried to send or moderate. */
  SignInToChat: 16001,
  /** The member is muted (chatBanInfo says until when and why). */
  Banned: 16002,
  /** The room's chat is blocked (chatBlock). */
  RoomBlocked: 16003,
  TooLong: 16004,
  RateLimited: 16005,
  /** Moderation by a member who is not an agent of the room's live group. */
  NotAgent: 16006,
  /** Unknown room, or a room the member may not see (exclusive and agent rooms). */
  RoomNotFound: 16007,
  /** The frame names a room the connection has not joined. */
  NotInRoom: 16008,
  MessageNotFound: 16009,
  /** The order cannot be shared: not the member's, or not meeting the order show rule. */
  OrderNotShareable: 16010,
  ImageNotFound: 16011,
  AlreadyReported: 16012,
  /** The chat token is unknown or expired: fetch a new one. */
  TokenExpired: 16013,
  /** Slow mode: the member sent within the room's slowSeconds; retryAfterSeconds says when the next may go. */
  SlowMode: 16014,
} as const;
export type ChatError = (typeof ChatError)[keyof typeof ChatError];
