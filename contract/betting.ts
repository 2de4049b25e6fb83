import * as z from 'zod/mini';
import { described } from './described';

/**
 * The betting service (`/v1/order/...`, docs/api.md "Betting"): what the app sends and what the platform answers.
 * Money and odds are decimal strings; neither half turns them into JavaScript numbers.
 */

const int = () => z.int();
/** The failure reasons as route descriptions name them. */
export const CASH_OUT_REASONS_TEXT = 'reason: 1 system error, 2 param error, 3 position limit, 4 market suspend, 5 trader reject, 6 fail paid, 7 settle refused';


// Requests. The platform validates them with its own messages per field (server/src/routes/betting/fields.ts);
// these give the app the shape it sends.

export const betMatchMarketSchema = z.object({ marketId: int(), matchId: int(), type: described(z.string(), 'the option type ("home", "over", "1:0"...)') });
export type BetMatchMarket = z.infer<typeof betMatchMarketSchema>;

export const betInfoRequestSchema = z.object({
  betMatchMarketList: z.array(betMatchMarketSchema),
  isSelectSeries: z.boolean(),
  currencyId: z.optional(int()),
  language: z.optional(z.string()),
});
export type BetInfoRequest = z.infer<typeof betInfoRequestSchema>;

/** One selection as the placing calls send it (the leg of a bet record is domain/betRecord's BetOption). */
export const betOptionRequestSchema = z.object({
  marketId: int(),
  optionType: z.string(),
  /** The price the member accepted, in `oddsFormat`, as shown. */
  odds: z.string(),
  oddsFormat: int(),
});
export type BetOptionRequest = z.infer<typeof betOptionRequestSchema>;

export const singleBetRequestSchema = z.object({
  singleBetList: z.array(z.object({ unitStake: z.string(), oddsChange: int(), betOptionList: z.tuple([betOptionRequestSchema]) })),
  currencyId: z.optional(int()),
  requestId: z.string(),
});
export type SingleBetRequest = z.infer<typeof singleBetRequestSchema>;

export const multipleBetRequestSchema = z.object({
  betMultipleData: z.array(z.object({ itemCount: int(), seriesValue: int(), unitStake: z.string(), oddsChange: int() })),
  betOptionList: z.array(betOptionRequestSchema),
  currencyId: z.optional(int()),
  requestId: z.string(),
});
export type MultipleBetRequest = z.infer<typeof multipleBetRequestSchema>;

// Answers.

/** One selection's current state (the spec's "bet market as returned by the pre-bet info call"). */
export const betInfoEntrySchema = z.object({
  marketId: int(),
  oldMarketId: described(z.nullable(int()), 'set when the market was replaced by a line move: the id asked for; marketId is the one on sale now'),
  matchId: int(),
  sportId: int(),
  allowParley: z.boolean(),
  isInPlay: z.boolean(),
  minBet: z.string(),
  maxBet: z.string(),
  status: int(),
  marketType: int(),
  period: z.string(),
  line: z.nullable(z.string()),
  option: z.object({ name: z.string(), odd: z.string(), type: z.string(), isLock: z.boolean() }),
  optionOdd: z.string(),
  optionBetName: z.string(),
  homeName: z.string(),
  awayName: z.string(),
  leagueName: z.string(),
  beginTime: int(),
});
export type BetInfoEntry = z.infer<typeof betInfoEntrySchema>;

/** A series the selections allow (seriesNumber N x 1000 + M; betCount = bets the unit stake is placed on). */
export const seriesInfoEntrySchema = z.object({
  seriesNumber: int(),
  name: z.string(),
  combination: int(),
  seriesOdd: z.string(),
  betCount: int(),
  minBet: z.string(),
  maxBet: z.string(),
});
export type SeriesInfoEntry = z.infer<typeof seriesInfoEntrySchema>;

export const betInfoAnswerSchema = z.object({ betInfo: z.array(betInfoEntrySchema), seriesInfo: z.array(seriesInfoEntrySchema) });
export type BetInfoAnswer = z.infer<typeof betInfoAnswerSchema>;

export const placedOrderSchema = z.object({
  orderId: z.string(),
  oid: described(z.string(), 'the same id under the short key getStakeOrderStatus uses'),
  status: described(int(), '0 Created, 1 Confirming (in-play delay), 4 Confirmed'),
  betAmount: z.string(),
  odds: described(z.string(), 'decimal odds accepted (for a series: its seriesOdd)'),
  seriesNumber: int(),
});
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

export const placeAnswerSchema = z.object({
  orders: z.array(placedOrderSchema),
  repeated: described(z.boolean(), 'true when the requestId had been seen: these are the orders it made'),
});
export type PlaceAnswer = z.infer<typeof placeAnswerSchema>;

export const orderStatusRowSchema = z.object({
  oid: z.string(),
  st: int(),
  rt: described(z.optional(int()), 'rejectType of a rejected order: the refusal code (an extension of the spec\'s { oid, st })'),
});
export type OrderStatusRow = z.infer<typeof orderStatusRowSchema>;

export const orderStatusAnswerSchema = z.array(orderStatusRowSchema);

export const betHistoryAnswerSchema = z.object({
  records: described(z.array(z.record(z.string(), z.unknown())), 'bet records under short keys: src/domain/betRecord.ts'),
  total: int(),
  current: int(),
  size: int(),
  tamt: z.string(),
  tsamt: z.string(),
  sts: z.array(z.object({ coinId: int(), coinName: z.string(), count: int(), stakeAmount: z.string(), payoutAmount: z.string(), winLose: z.string() })),
});
export type BetHistoryAnswer = z.infer<typeof betHistoryAnswerSchema>;

// Cash out.

export const cashOutPriceEntrySchema = z.object({
  oid: z.string(),
  amt: described(z.string(), 'cash-out price of the whole remaining stake ("0.00" when unavailable)'),
  st: described(z.union([z.literal(0), z.literal(1)]), '1 available, 0 not'),
  smis: described(z.string(), 'minimum cash-out stake of a single, in the order’s currency'),
  pmis: described(z.string(), 'minimum cash-out stake of a parlay, in the order’s currency'),
  rate: described(z.string(), 'quote rate: payout per unit of stake, floored to 6 decimals; payout of a stake s = floor2(round3(rate x s))'),
  reason: described(z.optional(int()), `why not, when st is 0 (${CASH_OUT_REASONS_TEXT})`),
});
export type CashOutPriceEntry = z.infer<typeof cashOutPriceEntrySchema>;

export const cashOutPriceAnswerSchema = z.object({ pr: z.array(cashOutPriceEntrySchema), mxc: int() });
export type CashOutPriceAnswer = z.infer<typeof cashOutPriceAnswerSchema>;

export const cashOutResultSchema = z.object({
  cashOutId: z.string(),
  status: described(int(), 'cash-out status: 5 settled (paid now), 1 confirming (in-play delay; poll getCashOutsByIds)'),
  payout: described(z.string(), 'paid; while confirming, the offer recorded (the least that will be paid)'),
  remainingStake: described(z.string(), 'stake of the order still running (unchanged while confirming)'),
  orderStatus: described(int(), '4 Confirmed (partial), 102 CashOut (full), 101 ReserveCashOut (confirming)'),
});
export type CashOutResult = z.infer<typeof cashOutResultSchema>;

export const autoCashOutRuleSchema = z.object({
  id: int(),
  orderId: z.string(),
  stake: z.string(),
  threshold: z.string(),
  status: described(int(), '0 active, 1 fired, 2 cancelled, 3 failed'),
  cashOutId: z.nullable(z.string()),
  createdTime: int(),
});
export type AutoCashOutRule = z.infer<typeof autoCashOutRuleSchema>;

export const cashOutEntrySchema = z.object({
  id: z.string(),
  createdTime: int(),
  amount: described(z.string(), 'stake cashed out'),
  payout: z.string(),
  orderId: z.string(),
  orderStatus: described(int(), 'cash-out status: 1 confirming, 5 settled, 2 rejected, 3 cancelled'),
  refundAmount: described(z.string(), 'remaining stake of the order'),
  cancelReason: described(z.nullable(int()), `when rejected or cancelled; ${CASH_OUT_REASONS_TEXT}`),
  auto: described(int(), '1 when an auto cash-out rule made it'),
});
export type CashOutEntry = z.infer<typeof cashOutEntrySchema>;

// Pre-bets (reservations).

/** A pre-bet as the reserved view shows it: the spec's reservation summary plus its state. */
export const reservationSchema = z.object({
  reserveId: z.string(),
  marketId: int(),
  matchId: int(),
  type: described(z.string(), 'the option type'),
  sportId: int(),
  marketType: int(),
  period: z.string(),
  line: z.nullable(z.string()),
  leagueName: z.string(),
  homeName: z.string(),
  awayName: z.string(),
  matchType: described(int(), '1 a match, 2 an outright'),
  betName: described(z.string(), 'the market name'),
  optionBetName: described(z.string(), 'the option name'),
  optionOdd: described(z.string(), 'the requested decimal odds'),
  optionTeam: described(z.string(), 'the team the option backs (home or away name), "" otherwise'),
  homeScore: z.nullable(int()),
  awayScore: z.nullable(int()),
  isInPlay: z.boolean(),
  status: described(int(), '0 booked, 1 in progress (placed: orderId), 2 settled, 3 cancelled, 4 no longer valid (failReason)'),
  unitStake: z.string(),
  currencyId: int(),
  currency: z.string(),
  bookedOdds: described(z.string(), 'the odds when it was booked'),
  currentOdd: described(z.nullable(z.string()), 'the option’s odds now; null once the market is gone'),
  beginTime: int(),
  orderId: z.nullable(z.string()),
  createdTime: int(),
  modifiedTime: int(),
  failReason: z.nullable(z.string()),
});
export type ReservationSummary = z.infer<typeof reservationSchema>;

export const reservationPlacedSchema = z.extend(reservationSchema, { repeated: z.boolean() });

export const reservationParameterSchema = z.object({
  matchId: int(),
  marketId: int(),
  sportId: int(),
  marketType: int(),
  period: z.string(),
  line: z.nullable(z.string()),
  status: described(int(), '1 on sale, 0 suspended (every option locked)'),
  isInPlay: z.boolean(),
  minBet: z.string(),
  maxBet: z.string(),
  currencyId: int(),
  currentOdds: z.array(
    z.object({ type: z.string(), name: z.string(), odd: z.string(), isLock: z.boolean(), minOdds: z.nullable(z.string()), maxOdds: z.nullable(z.string()) }),
  ),
  minOdds: z.nullable(z.string()),
  maxOdds: z.nullable(z.string()),
  expiresAt: z.nullable(int()),
});
export type ReservationParameter = z.infer<typeof reservationParameterSchema>;

export const reservationListSchema = z.object({
  ods: z.array(reservationSchema),
  sts: z.array(z.object({ coinId: int(), coinName: z.string(), count: int(), stakeAmount: z.string() })),
});
export type ReservationList = z.infer<typeof reservationListSchema>;
