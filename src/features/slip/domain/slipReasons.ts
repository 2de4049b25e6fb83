import { BetError } from '../../../../contract/errors';

/**
 * Every reason the bet slip cannot be placed, whether the app sees it first (a view of the slip) or the platform
 * refuses the bet with one of its codes. The value is the message's key in the `betSlip` namespace
 * (`reason.<value>`), in all five languages.
 */
export enum SlipReason {
  NotLoggedIn = 'notLoggedIn',
  EmptySlip = 'emptySlip',
  /** Spec: "Please enter stake" (per option it must be non-empty; in a multiple, at least one series). */
  EnterStake = 'enterStake',
  /** Spec: "Below the range". */
  BelowRange = 'belowRange',
  /** Spec: "Exceed the range". */
  ExceedRange = 'exceedRange',
  MarketSuspended = 'marketSuspended',
  HandicapClosed = 'handicapClosed',
  MarketLineChanged = 'marketLineChanged',
  HandicapChanged = 'handicapChanged',
  OddsChanged = 'oddsChanged',
  ParlayNotAllowed = 'parlayNotAllowed',
  TooManyMatches = 'tooManyMatches',
  SameMatch = 'sameMatch',
  SeriesNotOffered = 'seriesNotOffered',
  NeedTwoSelections = 'needTwoSelections',
  InsufficientBalance = 'insufficientBalance',
  /** Selections of the slip wait for the book's decision on their orders. */
  Confirming = 'confirming',
  MatchStarted = 'matchStarted',
  ScoreChanged = 'scoreChanged',
  /** The merchant switched the selection's sport off (the slip refuses it; the platform too, 15015). */
  SportNotOffered = 'sportNotOffered',
  /** A refusal the slip has no better words for (spec: "Bet failed"). */
  BetFailed = 'betFailed',
}

export const SLIP_REASONS: readonly SlipReason[] = Object.values(SlipReason);

/** The betting service's "session expired" (spec section 8): the member has to log in again. */
const BETTING_EXPIRED = 14010;

const BY_CODE: ReadonlyMap<number, SlipReason> = new Map<number, SlipReason>([
  [BETTING_EXPIRED, SlipReason.NotLoggedIn],
  [BetError.MarketSuspended, SlipReason.MarketSuspended],
  [BetError.HandicapClosed, SlipReason.HandicapClosed],
  [BetError.MarketLineChanged, SlipReason.MarketLineChanged],
  [BetError.HandicapChanged, SlipReason.HandicapChanged],
  [BetError.OddsChanged, SlipReason.OddsChanged],
  [BetError.BelowRange, SlipReason.BelowRange],
  [BetError.ExceedRange, SlipReason.ExceedRange],
  [BetError.InsufficientBalance, SlipReason.InsufficientBalance],
  [BetError.ParlayNotAllowed, SlipReason.ParlayNotAllowed],
  [BetError.TooManyMatches, SlipReason.TooManyMatches],
  [BetError.SameMatchTwice, SlipReason.SameMatch],
  [BetError.SeriesNotOffered, SlipReason.SeriesNotOffered],
  [BetError.MatchStarted, SlipReason.MatchStarted],
  [BetError.ScoreChanged, SlipReason.ScoreChanged],
  [BetError.SportNotOffered, SlipReason.SportNotOffered],
]);

/** The slip's reason for a platform refusal code (errcode or rejectType); unknown codes read as "Bet failed". */
export function reasonOfCode(code: number | undefined): SlipReason {
  return (code !== undefined && BY_CODE.get(code)) || SlipReason.BetFailed;
}

/** The message key of a reason in the `betSlip` namespace. */
export const reasonKey = (reason: SlipReason): string => `reason.${reason}`;

/**
 * Reasons the member clears in the slip with one click ("accept the changes"): the price or the line moved since
 * they picked it. Every other reason needs them to change the slip or wait.
 */
export const ACCEPTABLE_REASONS: ReadonlySet<SlipReason> = new Set([SlipReason.OddsChanged, SlipReason.HandicapChanged, SlipReason.MarketLineChanged]);
