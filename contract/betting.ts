import * as z from 'zod/mini';
import { BUILDER_REASONS, type BuilderReason } from '../domain/builder';
import { OddsFormat } from '../domain/odds';
import { described } from './described';
import { CURRENCIES } from './enums';
import { cashOutOfferSchema } from './push';
import { languageField, request } from './fields';
import { expecting } from './issues';

/**
 * The betting service (`/v1/order/...`, docs/api.md "Betting"): what the app sends and what the platform answers.
 * Money and odds are decimal strings; neither half turns them into JavaScript numbers.
 */

const int = () => z.int();
/** The failure reasons as route descriptions name them. */
export const CASH_OUT_REASONS_TEXT = 'reason: 1 system error, 2 param error, 3 position limit, 4 market suspend, 5 trader reject, 6 fail paid, 7 settle refused';


// Requests: the platform validates with these (each field's message names what was expected), the app types what it
// sends from them (z.input: what a client may send; defaults and number-or-string fields show as such).

/** A positive integer id; `what` names it in the message. */
const idNumber = (what: string) =>
  z.number({ error: expecting(what) }).check(
    z.int({ error: expecting(what) }),
    z.minimum(1, { error: expecting(what) }),
    z.maximum(Number.MAX_SAFE_INTEGER, { error: expecting(what) }),
  );

/** A decimal string, also taken as a JSON number (read through its text, never used as a float), that `valid` accepts. */
export const decimalText = (description: string, valid: (text: string) => boolean) =>
  z.pipe(z.union([z.string(), z.number()], { error: expecting(description) }), z.transform(String)).check(z.refine(valid, { error: expecting(description) }));

const AMOUNT = 'an amount above 0 with at most 2 decimals, like "100.00"';
/** Money: a decimal string (a JSON number is read through its text, never used as a float). */
export const amountField = decimalText(AMOUNT, (v) => /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/.test(v) && Number(v) > 0);

/** Odds as the member saw them, in the oddsFormat sent. */
export const oddsField = decimalText('odds as a decimal number in the oddsFormat sent, like "1.95" or "-0.87"', (v) => /^-?\d{1,6}(\.\d{1,10})?$/.test(v));

/** A pre-bet's asked odds: decimal (Europe) odds above 1. */
export const decimalOddsField = decimalText('decimal odds above 1 with at most 2 decimals, like "2.10"', (v) => /^\d{1,6}(\.\d{1,2})?$/.test(v) && Number(v) > 1);

export const oddsChangeField = z._default(
  z.union([z.literal(0), z.literal(1), z.literal(2)], { error: expecting('0 (none), 1 (better) or 2 (any)') }),
  1,
);

export const oddsFormatField = z.pipe(
  z._default(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: expecting('1 Europe, 2 Hong Kong, 3 Malay or 4 Indonesian') }), OddsFormat.Europe),
  z.transform((v) => v as OddsFormat),
);

export const currencyIdField = z.optional(
  z.number({ error: expecting(`a currency id 1-${CURRENCIES.length} (CNY 1, USD 2, ...)`) }).check(
    z.int(),
    z.minimum(1, { error: expecting(`a currency id 1-${CURRENCIES.length}`) }),
    z.maximum(CURRENCIES.length, { error: expecting(`a currency id 1-${CURRENCIES.length}`) }),
  ),
);

const REQUEST_ID = 'a request id of 8-64 letters, digits, "-" or "_"';
export const requestIdField = z.optional(z.string({ error: expecting(REQUEST_ID) }).check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, { error: expecting(REQUEST_ID) })));

/** Digits of an order (or cash-out, or pre-bet) id; `what` names it in the message. */
const digitsId = (what: string) => z.string({ error: expecting(what) }).check(z.regex(/^\d{1,32}$/, { error: expecting(what) }));

export const orderIdField = digitsId('an order id (digits)');
export const cashOutIdField = digitsId('a cash-out or order id (digits)');
export const reserveIdField = digitsId('a pre-bet id (digits)');

const timeField = (what: string) => z.number({ error: expecting(what) }).check(z.int({ error: expecting(what) }), z.minimum(0, { error: expecting(what) }));

const optionType = z.string({ error: expecting('an option type like "home", "over" or "1:0"') }).check(z.minLength(1), z.maxLength(32));

/** Bet lists the unsettled view answers at most (and by default). */
export const UNSETTLED_PAGE = 200;

export const betMatchMarketSchema = z.strictObject({ marketId: idNumber('a market id'), matchId: idNumber('a match id'), type: optionType });
export type BetMatchMarket = z.input<typeof betMatchMarketSchema>;

/** POST /v1/order/batchBetMatchMarketOfJumpLine. */
export const betInfoRequestSchema = request(
  z.strictObject({
    betMatchMarketList: z.array(betMatchMarketSchema).check(z.minLength(1), z.maxLength(20)),
    isSelectSeries: z._default(z.boolean(), false),
    currencyId: currencyIdField,
    language: languageField,
  }),
);
export type BetInfoRequest = z.input<typeof betInfoRequestSchema>;

/** One selection as the placing calls send it (the leg of a bet record is domain/betRecord's BetOption). */
export const betOptionRequestSchema = z.strictObject({
  marketId: idNumber('a market id'),
  /** The price the member accepted, in `oddsFormat`, as shown. */
  odds: oddsField,
  optionType,
  oddsFormat: oddsFormatField,
});
export type BetOptionRequest = z.input<typeof betOptionRequestSchema>;

/** POST /v1/order/bet/singlePass. */
export const singleBetRequestSchema = request(
  z.strictObject({
    singleBetList: z
      .array(
        z.strictObject({
          unitStake: amountField,
          oddsChange: oddsChangeField,
          betOptionList: z.array(betOptionRequestSchema).check(z.length(1, { error: 'expected exactly one option per single bet' })),
        }),
      )
      .check(z.minLength(1), z.maxLength(10)),
    currencyId: currencyIdField,
    requestId: requestIdField,
    language: languageField,
  }),
);
export type SingleBetRequest = z.input<typeof singleBetRequestSchema>;

/** POST /v1/order/betMultiple. */
export const multipleBetRequestSchema = request(
  z.strictObject({
    betMultipleData: z
      .array(
        z.strictObject({
          itemCount: z.number().check(z.int(), z.minimum(2), z.maximum(20)),
          seriesValue: z.number().check(z.int(), z.minimum(2001), z.maximum(10_999)),
          unitStake: amountField,
          oddsChange: oddsChangeField,
        }),
      )
      .check(z.minLength(1), z.maxLength(20)),
    betOptionList: z.array(betOptionRequestSchema).check(z.minLength(2), z.maxLength(20)),
    currencyId: currencyIdField,
    requestId: requestIdField,
    language: languageField,
  }),
);
export type MultipleBetRequest = z.input<typeof multipleBetRequestSchema>;

/** Selections of one bet builder at most on the wire (config betting.builder.maxLegs may allow fewer). */
export const BUILDER_WIRE_LEGS = 12;

/** POST /v1/order/builder/quote: the combined price of selections of one match (docs/api.md "Bet builder"). */
export const builderQuoteRequestSchema = request(
  z.strictObject({
    betMatchMarketList: z.array(betMatchMarketSchema).check(z.minLength(1), z.maxLength(BUILDER_WIRE_LEGS)),
    currencyId: currencyIdField,
    language: languageField,
  }),
);
export type BuilderQuoteRequest = z.input<typeof builderQuoteRequestSchema>;

/** POST /v1/order/bet/builder: one builder bet on 2..maxLegs selections of one match. */
export const builderBetRequestSchema = request(
  z.strictObject({
    betOptionList: z.array(betOptionRequestSchema).check(z.minLength(2, { error: 'expected at least 2 selections of one match' }), z.maxLength(BUILDER_WIRE_LEGS)),
    /** The combined decimal odds the member accepted (the quote's odds). */
    odds: decimalOddsField,
    unitStake: amountField,
    oddsChange: oddsChangeField,
    currencyId: currencyIdField,
    requestId: requestIdField,
    language: languageField,
  }),
);
export type BuilderBetRequest = z.input<typeof builderBetRequestSchema>;

/** POST /v1/order/getStakeOrderStatus. */
export const orderStatusRequestSchema = request(z.strictObject({ orderIds: z.array(orderIdField).check(z.minLength(1), z.maxLength(100)), language: languageField }));
export type OrderStatusRequest = z.input<typeof orderStatusRequestSchema>;

const historyShape = {
  isSettled: z.boolean({ error: expecting('true (settled) or false (unsettled)') }),
  startTime: z.optional(timeField('a start time in epoch ms')),
  endTime: z.optional(timeField('an end time in epoch ms')),
  currencyId: currencyIdField,
  language: languageField,
};

/** POST /v1/order/new/bet/list. */
export const betListRequestSchema = request(
  z.strictObject({
    ...historyShape,
    current: z._default(z.number().check(z.int(), z.minimum(1)), 1),
    size: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(UNSETTLED_PAGE))),
  }),
);
export type BetListRequest = z.input<typeof betListRequestSchema>;

/** POST /v1/order/bet/list, the older variant: no paging. */
export const oldBetListRequestSchema = request(z.strictObject(historyShape));
export type OldBetListRequest = z.input<typeof oldBetListRequestSchema>;

/** POST /v1/order/cashOut/price. */
export const cashOutPriceRequestSchema = request(z.strictObject({ orderIds: z.array(orderIdField).check(z.minLength(1), z.maxLength(200)), language: languageField }));
export type CashOutPriceRequest = z.input<typeof cashOutPriceRequestSchema>;

/** POST /v1/order/cashOut/execute. */
export const cashOutExecuteRequestSchema = request(
  z.strictObject({ orderId: orderIdField, cashOutStake: amountField, expectedAmount: amountField, language: languageField }),
);
export type CashOutExecuteRequest = z.input<typeof cashOutExecuteRequestSchema>;

/** POST /v1/order/cashOut/auto. */
export const autoCashOutRequestSchema = request(z.strictObject({ orderId: orderIdField, cashOutStake: amountField, threshold: amountField, language: languageField }));
export type AutoCashOutRequest = z.input<typeof autoCashOutRequestSchema>;

/** POST /v1/order/cashOut/auto/cancel. */
export const autoCashOutCancelRequestSchema = request(z.strictObject({ orderId: orderIdField, language: languageField }));
export type AutoCashOutCancelRequest = z.input<typeof autoCashOutCancelRequestSchema>;

/** POST /v1/order/getCashOutsByIds. */
export const cashOutsByIdsRequestSchema = request(z.strictObject({ ids: z.array(cashOutIdField).check(z.minLength(1), z.maxLength(200)), language: languageField }));
export type CashOutsByIdsRequest = z.input<typeof cashOutsByIdsRequestSchema>;

/** POST /v1/order/reserve/getBetParameter. */
export const reservationParameterRequestSchema = request(
  z.strictObject({
    matchId: idNumber('a match id'),
    marketId: idNumber('a market id'),
    optionType: z.optional(optionType),
    currencyId: currencyIdField,
    language: languageField,
  }),
);
export type ReservationParameterRequest = z.input<typeof reservationParameterRequestSchema>;

/** POST /v1/order/reserve/bet. */
export const reserveBetRequestSchema = request(
  z.strictObject({
    matchId: idNumber('a match id'),
    marketId: idNumber('a market id'),
    optionType,
    odds: decimalOddsField,
    unitStake: amountField,
    currencyId: currencyIdField,
    requestId: requestIdField,
    language: languageField,
  }),
);
export type ReserveBetRequest = z.input<typeof reserveBetRequestSchema>;

/** POST /v1/order/reserve/modify. */
export const reserveModifyRequestSchema = request(
  z.strictObject({ reserveId: reserveIdField, odds: z.optional(decimalOddsField), unitStake: z.optional(amountField), language: languageField }),
);
export type ReserveModifyRequest = z.input<typeof reserveModifyRequestSchema>;

/** POST /v1/order/reserve/cancel. */
export const reserveCancelRequestSchema = request(z.strictObject({ reserveId: reserveIdField, language: languageField }));
export type ReserveCancelRequest = z.input<typeof reserveCancelRequestSchema>;

/** POST /v1/order/new/reserve/betList. */
export const reservationListRequestSchema = request(
  z.strictObject({
    isFailed: z.boolean({ error: expecting('true (failed) or false (booked and in progress)') }),
    startTime: z.optional(timeField('a start time in epoch ms')),
    endTime: z.optional(timeField('an end time in epoch ms')),
    currencyId: currencyIdField,
    language: languageField,
  }),
);
export type ReservationListRequest = z.input<typeof reservationListRequestSchema>;

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
  outcomeCount: described(int(), 'outcomes of the market (2 = two-way, shown in the member\'s odds format; more = decimal); 0 when the market is gone'),
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

/** POST /v1/order/cashOut/auto/cancel: how many active rules were cancelled (0 when none: safe to repeat). */
export const autoCashOutCancelAnswerSchema = z.object({ cancelled: int() });
export type AutoCashOutCancelAnswer = z.infer<typeof autoCashOutCancelAnswerSchema>;

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

const builderReasonField = described(
  z.nullable(z.enum(BUILDER_REASONS as unknown as [BuilderReason, ...BuilderReason[]])),
  'why it cannot be priced or combined (domain/builder.ts BuilderReason), null when it can',
);

export const builderQuoteAnswerSchema = z.object({
  matchId: int(),
  odds: described(z.nullable(z.string()), 'combined decimal odds with the builder margin, null when refused'),
  reason: builderReasonField,
  message: described(z.string(), 'the refusal in words (English), "" when priced'),
  legs: z.array(z.object({ marketId: int(), type: z.string(), reason: builderReasonField })),
  minBet: z.string(),
  maxBet: z.string(),
  maxLegs: int(),
});
export type BuilderQuoteAnswer = z.infer<typeof builderQuoteAnswerSchema>;

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
  records: described(z.array(z.record(z.string(), z.unknown())), 'bet records under short keys: domain/betRecord.ts'),
  total: int(),
  current: int(),
  size: int(),
  /** Total stake and total returned (settlement and cash outs) of the matching orders in the asked currency. */
  tamt: z.string(),
  tsamt: z.string(),
  sts: z.array(z.object({ coinId: int(), coinName: z.string(), count: int(), stakeAmount: z.string(), payoutAmount: z.string(), winLose: z.string() })),
});
export type BetHistoryAnswer = z.infer<typeof betHistoryAnswerSchema>;

// Cash out.

/**
 * An order's offer with its minimums: the offer itself is the one the member's push channel carries as prices move
 * (contract/push.ts cashOutOfferSchema, written there so the push client's schemas stay apart from these).
 */
const offer = cashOutOfferSchema.shape;
export const cashOutPriceEntrySchema = z.object({
  oid: offer.oid,
  amt: described(offer.amt, 'cash-out price of the whole remaining stake ("0.00" when unavailable)'),
  st: described(offer.st, '1 available, 0 not'),
  smis: described(z.string(), 'minimum cash-out stake of a single, in the order’s currency'),
  pmis: described(z.string(), 'minimum cash-out stake of a parlay, in the order’s currency'),
  rate: described(offer.rate, 'quote rate: payout per unit of stake, floored to 6 decimals; payout of a stake s = floor2(round3(rate x s))'),
  reason: described(offer.reason, `why not, when st is 0 (${CASH_OUT_REASONS_TEXT})`),
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

/** One option of the market as getBetParameter answers it; a locked option has no bounds. */
export const reservationOptionSchema = z.object({
  type: z.string(),
  name: z.string(),
  odd: z.string(),
  isLock: z.boolean(),
  minOdds: z.nullable(z.string()),
  maxOdds: z.nullable(z.string()),
});
export type ReservationOption = z.infer<typeof reservationOptionSchema>;

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
  currentOdds: z.array(reservationOptionSchema),
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

/** POST /v1/order/getCashOutsByIds: the member's cash-out records, oldest first per order. */
export const cashOutEntriesSchema = z.array(cashOutEntrySchema);
