import * as z from 'zod/mini';
import { amountField } from './betting';
import { described } from './described';
import { ActivityKind, ActivityStatus } from './enums';
import { codeField, idField, intField, languageField, request } from './fields';
import { CouponStatus, CouponType, FairAlgorithm, RED_ENVELOPE_FAILURE, RewardType } from './economyCodes';
import { rewardSchema } from './economyPush';

export * from './economyPush';

/**
 * Coins, gifts and room events (spec 001 sections 3, 4 and 7; docs/api.md "Coins, gifts and room events"): the coin
 * balance, daily limits and conversion of main balance to coins, the gift shop, red-envelope rains, live and answer
 * lotteries with their votes and answers, rewards, the provably fair proof of each draw and split, and the operator's
 * route that starts an event. Requests are POST bodies, JSON or form-encoded, so ids arrive as numbers or digit
 * strings. Coins and money are decimal strings with 2 decimals.
 */

const int = () => z.int();
const money = (text: string) => described(z.string(), text);
const codes = <T extends Readonly<Record<string, number>>>(values: T) => z.literal(Object.values(values) as Array<T[keyof T]>);
const language = languageField;

// The economy's codes, paths and channel names live in economyCodes.ts (no zod: the app's lazy chunks import them).
export * from './economyCodes';

// Requests.

/** Calls that name nothing but may carry the language (balance, limits, coupons, gift list). */
export const economyEmptyRequestSchema = request(z.nullish(z.strictObject({ language })));
export type EconomyEmptyRequest = z.input<typeof economyEmptyRequestSchema>;

/** live/room/gift/top10, live/get/room/redEnvelope, live/lottery/startInfo, winList, vote/info, approval/info. */
export const economyRoomRequestSchema = request(z.strictObject({ roomId: idField('the live room (liveRoomId)'), language }));
export type EconomyRoomRequest = z.input<typeof economyRoomRequestSchema>;

/** activity/goldmall/transfer: `amount` of the member's main balance (their currency) to turn into coins. */
export const coinTransferRequestSchema = request(z.strictObject({ amount: amountField, language }));
export type CoinTransferRequest = z.input<typeof coinTransferRequestSchema>;

/** activity/goldmall/transfer/status. */
export const coinTransferStatusRequestSchema = request(z.strictObject({ transferId: idField('a transfer id (activity/goldmall/transfer)'), language }));
export type CoinTransferStatusRequest = z.input<typeof coinTransferStatusRequestSchema>;

/** GET the gift icon: `<giftId>.svg`. */
export const giftIconParams = request(z.strictObject({ file: described(z.string().check(z.regex(/^\d{1,10}\.svg$/, { error: 'expected "<giftId>.svg"' })), 'e.g. "3.svg"') }));

/** live/submit/gift/present: `count` of gift `giftId` to the room's anchor `hostId`. */
export const giftPresentRequestSchema = request(
  z.strictObject({
    giftId: idField('a gift of live/load/gift'),
    count: intField(1, 999, 'how many of the gift to send'),
    hostId: idField("the room's anchor (hostId)"),
    roomId: idField('the live room (liveRoomId)'),
    language,
  }),
);
export type GiftPresentRequest = z.input<typeof giftPresentRequestSchema>;

/** live/submit/receive/redEnvelope. */
export const redEnvelopeReceiveRequestSchema = request(
  z.strictObject({ recordId: idField('the rain (sendRecordId of live/get/room/redEnvelope)'), roomId: idField('the live room (liveRoomId)'), language }),
);
export type RedEnvelopeReceiveRequest = z.input<typeof redEnvelopeReceiveRequestSchema>;

/** activity/coupon/redeem: one of the member's coupons (activity/coupon/list couponId). */
export const couponRedeemRequestSchema = request(z.strictObject({ couponId: idField('a coupon of activity/coupon/list'), language }));
export type CouponRedeemRequest = z.input<typeof couponRedeemRequestSchema>;

/** live/lottery/win: the member's result in one event. */
export const lotteryWinRequestSchema = request(z.strictObject({ recordId: idField('the event (recordId)'), roomId: idField('the live room (liveRoomId)'), language }));
export type LotteryWinRequest = z.input<typeof lotteryWinRequestSchema>;

/** live/lottery/vote/submitInfo (spec: recordId, voteResult, roomId): joins a live lottery by voting for an option. */
export const voteSubmitRequestSchema = request(
  z.strictObject({
    recordId: idField('the live lottery (recordId)'),
    voteResult: intField(0, 9, "the chosen option's index"),
    roomId: idField('the live room (liveRoomId)'),
    language,
  }),
);
export type VoteSubmitRequest = z.input<typeof voteSubmitRequestSchema>;

/** live/lottery/approval/submitInfo (spec: approvalResult, roomId, matchId, messageId): answers an answer lottery. */
export const approvalSubmitRequestSchema = request(
  z.strictObject({
    approvalResult: intField(0, 9, "the chosen answer's index"),
    roomId: idField('the live room (liveRoomId)'),
    matchId: idField("the room's match"),
    messageId: described(
      z.union([z.int().check(z.minimum(1)), z.string().check(z.regex(/^\d{1,19}$/, { error: 'expected the question message id (digits)' }))]),
      'the chat message that asked the question (approval/info messageId)',
    ),
    language,
  }),
);
export type ApprovalSubmitRequest = z.input<typeof approvalSubmitRequestSchema>;

/** live/lottery/fair: an event's proof. */
export const fairProofRequestSchema = request(z.strictObject({ recordId: idField('the event (recordId)'), language }));
export type FairProofRequest = z.input<typeof fairProofRequestSchema>;

/** A reward as an event's definition gives it (operator route and the events config). */
export const rewardInputSchema = z.strictObject({
  type: codeField(Object.values(RewardType), '1 cash coupon, 2 deposit coupon, 3 flow coupon, 4 title, 5 coin'),
  amount: z.optional(amountField),
  titleId: z.optional(idField('a title of user/membertitlemanagement/listpc')),
});

/**
 * Operator: start an event in a room now. A rain takes budget and envelopes; a lottery takes winners, reward, and for
 * kind 1 the vote options, for kind 4 the question's options and the right answer. Durations in seconds.
 */
export const operatorStartEventRequestSchema = request(
  z.strictObject({
    roomId: idField('the live room (liveRoomId)'),
    kind: codeField([ActivityKind.LiveLottery, ActivityKind.RedEnvelopeRain, ActivityKind.AnswerLottery], '1 live lottery, 3 red-envelope rain, 4 answer lottery'),
    title: z.optional(z.string().check(z.minLength(1), z.maxLength(80))),
    countdownSeconds: z.optional(intField(0, 3600, 'seconds of countdown before it opens')),
    durationSeconds: z.optional(intField(5, 86_400, 'seconds it stays open')),
    budget: z.optional(amountField),
    envelopes: z.optional(intField(1, 100_000, 'envelopes of a rain')),
    winners: z.optional(intField(1, 1000, 'winners of a lottery')),
    reward: z.optional(rewardInputSchema),
    question: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
    options: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(60))).check(z.minLength(2), z.maxLength(10))),
    answer: z.optional(intField(0, 9, 'the right option of an answer lottery')),
    language,
  }),
);
export type OperatorStartEventRequest = z.input<typeof operatorStartEventRequestSchema>;

// Answers.

/**
 * activity/goldmall/balance: the coins, and what the conversion dialog shows before the member confirms (issue 31):
 * the main balance, its currency and the rate a transfer would use now.
 */
export const coinBalanceSchema = z.object({
  coinBalance: money('coins, 2 decimals'),
  balance: money("main balance, in the member's currency"),
  currency: z.string(),
  rate: described(z.nullable(z.string()), 'coins per 1 unit of the currency a transfer would use now; null without an exchange rate'),
});
export type CoinBalance = z.infer<typeof coinBalanceSchema>;

/** One daily limit (activity/goldmall/dailyLimit `configs`). The day is the platform's UTC day. */
export const coinLimitSchema = z.object({
  type: described(z.enum(['spend', 'receive']), 'spend: gifts; receive: red envelopes'),
  limit: money('coins a day'),
  used: money('coins so far today'),
  remaining: money('coins left today'),
  resetAt: described(int(), 'epoch ms the day ends'),
});
export type CoinLimit = z.infer<typeof coinLimitSchema>;

/** activity/goldmall/dailyLimit. */
export const coinDailyLimitSchema = z.object({ configs: z.array(coinLimitSchema) });
export type CoinDailyLimit = z.infer<typeof coinDailyLimitSchema>;

/** A conversion of main balance to coins (activity/goldmall/transfer and transfer/status). */
export const coinTransferSchema = z.object({
  transferId: int(),
  status: described(z.enum(['pending', 'failed', 'succeeded']), 'TransferStatus'),
  amount: money("debited from the main balance, in the member's currency"),
  currency: z.string(),
  coins: money('credited coins'),
  rate: described(z.string(), 'coins per 1 unit of the currency'),
  failReason: described(
    z.nullable(z.enum(['insufficientBalance', 'noRate', 'interrupted'])),
    'why it failed (interrupted: the platform stopped before the money moved; nothing moved), null otherwise',
  ),
  coinBalance: money('coins after it'),
  balance: money('main balance after it'),
  createdAt: int(),
});
export type CoinTransfer = z.infer<typeof coinTransferSchema>;

/** One gift of the catalogue (live/load/gift). */
export const giftSchema = z.object({
  giftId: int(),
  name: described(z.string(), 'in the request language'),
  icon: described(z.string(), 'path of the icon (GET, SVG)'),
  price: money('coins per gift'),
  animation: described(z.string(), 'the stage animation: "float", "burst" or "fullscreen"'),
  sort: int(),
});
export type Gift = z.infer<typeof giftSchema>;
export const giftListSchema = z.array(giftSchema);

/** live/submit/gift/present. */
export const giftPresentSchema = z.object({
  presentId: int(),
  giftId: int(),
  count: int(),
  hostId: int(),
  roomId: int(),
  total: money('coins spent'),
  coinBalance: money('coins after it'),
  spentToday: money('coins spent on gifts today, this one included'),
  createdAt: int(),
});
export type GiftPresent = z.infer<typeof giftPresentSchema>;

/** live/room/gift/top10: the room's senders ranked by coins given. */
export const giftRankSchema = z.object({
  rank: int(),
  uid: int(),
  nickname: z.string(),
  vipLevel: int(),
  total: money('coins given in the room'),
  gifts: described(int(), 'gifts given (counts summed)'),
});
export const giftTop10Schema = z.array(giftRankSchema);
export type GiftRank = z.infer<typeof giftRankSchema>;

/** live/get/room/redEnvelope: the room's current or next rain, and the member's floating-ball state of it. */
export const redEnvelopeSchema = z.object({
  sendRecordId: described(int(), 'the rain (recordId)'),
  roomId: int(),
  status: described(codes(ActivityStatus), '0 counting down, 1 open, 2 finished'),
  isShowFloatingBall: described(z.boolean(), 'the rain is counting down or open and the member has not received'),
  startCountDownTime: described(int(), 'epoch ms the countdown starts'),
  startTime: described(int(), 'epoch ms receiving opens'),
  endTime: described(int(), 'epoch ms receiving closes'),
  endBettingTime: described(z.nullable(int()), 'epoch ms after which bets no longer qualify; null: no bet condition'),
  endBettingTimestamp: described(z.nullable(int()), 'the same instant as endBettingTime (the spec names both)'),
  envelopeCount: int(),
  remaining: described(int(), 'envelopes not received yet'),
  hasReceived: described(z.boolean(), 'true once the member received one (the app drops the envelope)'),
  obtainPrize: described(z.nullable(z.string()), 'coins the member received, null before'),
  seedHash: described(z.string(), 'SHA-256 (hex) of the server seed, published before it opens'),
  now: described(int(), "the platform's event clock now, epoch ms: count down by startTime - now (events run on the feed's simulated time)"),
});
export type RedEnvelope = z.infer<typeof redEnvelopeSchema>;

/** live/submit/receive/redEnvelope data when an envelope was received (otherwise the string "failure"). */
export const redEnvelopeReceivedSchema = z.object({
  sendRecordId: int(),
  envelopeIndex: described(int(), 'the envelope taken, from 0 (the fair proof lists every one)'),
  amount: money('coins received'),
  coinBalance: money('coins after it'),
});
export type RedEnvelopeReceived = z.infer<typeof redEnvelopeReceivedSchema>;
export const redEnvelopeReceiveSchema = z.union([redEnvelopeReceivedSchema, z.literal(RED_ENVELOPE_FAILURE)]);

/** The options of a live lottery's vote or an answer lottery's question. */
const optionSchema = z.object({ option: described(int(), 'index, sent as voteResult or approvalResult'), text: z.string(), votes: described(int(), 'members who chose it') });

/** live/lottery/startInfo: the room's current or next lottery (kind 1 or 4); null when none is scheduled. */
export const lotteryInfoSchema = z.object({
  recordId: int(),
  roomId: int(),
  matchId: int(),
  kind: described(z.literal([ActivityKind.LiveLottery, ActivityKind.AnswerLottery]), '1 live lottery, 4 answer lottery'),
  status: described(codes(ActivityStatus), '0 not started, 1 in progress, 2 finished'),
  title: z.string(),
  question: z.string(),
  options: z.array(optionSchema),
  startTime: int(),
  endTime: described(int(), 'epoch ms the draw happens'),
  winnerCount: int(),
  reward: rewardSchema,
  entries: described(int(), 'members who entered'),
  joined: described(z.boolean(), 'the member entered'),
  myChoice: described(z.nullable(int()), "the member's option, null before"),
  condition: described(z.enum(['vote', 'answer']), 'how to enter: vote (kind 1, any option) or answer (kind 4, only right answers are drawn)'),
  messageId: described(z.nullable(z.string()), 'answer lottery: the chat message that asked the question (sent with approval/submitInfo)'),
  seedHash: z.string(),
  seed: described(z.nullable(z.string()), 'revealed once finished'),
  entriesHash: described(z.nullable(z.string()), 'SHA-256 of the closed entry list (uids ascending, joined by ","), once entries closed; the draw is keyed with it'),
  answer: described(z.nullable(int()), 'answer lottery: the right option, once finished'),
  now: described(int(), "the platform's event clock now, epoch ms (count down by endTime - now)"),
});
export type LotteryInfo = z.infer<typeof lotteryInfoSchema>;

/** live/lottery/win: the member's result in one event. */
export const lotteryWinSchema = z.object({
  recordId: int(),
  kind: codes(ActivityKind),
  status: codes(ActivityStatus),
  joined: z.boolean(),
  won: z.boolean(),
  reward: described(z.nullable(rewardSchema), 'what the member won, null when not'),
  drawnAt: described(z.nullable(int()), 'epoch ms, null before the draw'),
});
export type LotteryWin = z.infer<typeof lotteryWinSchema>;

/** One line of live/lottery/winList: the room's latest winners, newest first. */
export const lotteryWinnerSchema = z.object({
  recordId: int(),
  kind: codes(ActivityKind),
  uid: int(),
  nickname: z.string(),
  reward: rewardSchema,
  wonAt: int(),
});
export type LotteryWinner = z.infer<typeof lotteryWinnerSchema>;
export const lotteryWinListSchema = z.array(lotteryWinnerSchema);

/** live/lottery/vote/info: the room's current or latest live lottery's vote; null when none. */
export const voteInfoSchema = z.object({
  recordId: int(),
  roomId: int(),
  status: codes(ActivityStatus),
  question: z.string(),
  options: z.array(optionSchema),
  total: int(),
  myVote: z.nullable(int()),
  endTime: int(),
  now: described(int(), "the platform's event clock now, epoch ms"),
});
export type VoteInfo = z.infer<typeof voteInfoSchema>;

/** live/lottery/vote/submitInfo. */
export const voteSubmittedSchema = z.object({ recordId: int(), voteResult: int(), options: z.array(optionSchema), total: int() });
export type VoteSubmitted = z.infer<typeof voteSubmittedSchema>;

/** live/lottery/approval/info: the room's current or latest answer lottery; null when none. */
export const approvalInfoSchema = z.object({
  recordId: int(),
  roomId: int(),
  matchId: int(),
  messageId: z.string(),
  status: codes(ActivityStatus),
  question: z.string(),
  options: described(z.array(optionSchema), 'votes are 0 until it is finished (answers stay secret while open)'),
  myAnswer: z.nullable(int()),
  answer: described(z.nullable(int()), 'the right option, once finished'),
  endTime: int(),
  now: described(int(), "the platform's event clock now, epoch ms"),
});
export type ApprovalInfo = z.infer<typeof approvalInfoSchema>;

/** live/lottery/approval/submitInfo. */
export const approvalSubmittedSchema = z.object({ recordId: int(), approvalResult: int() });
export type ApprovalSubmitted = z.infer<typeof approvalSubmittedSchema>;

/** One coupon of the member (activity/coupon/list), newest first. */
export const couponSchema = z.object({
  couponId: int(),
  type: described(codes(CouponType), '1 cash, 2 deposit, 3 flow'),
  amount: money("in the coupon's currency"),
  currency: z.string(),
  status: described(codes(CouponStatus), '0 unused, 1 used, 2 expired'),
  recordId: described(int(), 'the event it was won in'),
  createdAt: int(),
  expiresAt: int(),
  redeemsInto: described(z.enum(['balance', 'coins']), 'cash and flow coupons pay into the main balance, deposit coupons into coins'),
  condition: described(
    z.enum(['none', 'conversion', 'turnover']),
    'what unlocks it: none (cash), conversion (deposit: main balance converted to coins since it was won), turnover (flow: stake of bets settled since it was won)',
  ),
  required: money("of the condition, in the coupon's currency (0.00 for none)"),
  progress: money('of the condition so far, capped at required'),
  usable: described(z.boolean(), 'unused, not expired and its condition met: activity/coupon/redeem accepts it'),
  usedAt: described(z.nullable(int()), 'epoch ms it was redeemed'),
});
export type Coupon = z.infer<typeof couponSchema>;
export const couponListSchema = z.array(couponSchema);

/** activity/coupon/redeem: the coupon, now used, what it paid and the balances after it. */
export const couponRedeemedSchema = z.object({
  coupon: couponSchema,
  asset: described(z.string(), 'what was credited: the currency (main balance) or "COIN"'),
  credited: money('credited to that asset'),
  balance: money("main balance after it, in the coupon's currency"),
  coinBalance: money('coins after it'),
});
export type CouponRedeemed = z.infer<typeof couponRedeemedSchema>;

/** live/lottery/fair: what anyone needs to recompute an event's winners or split (docs/api.md "Provably fair"). */
export const fairProofSchema = z.object({
  recordId: int(),
  kind: codes(ActivityKind),
  status: codes(ActivityStatus),
  algorithm: described(z.enum([FairAlgorithm.V1, FairAlgorithm.V2]), 'FairAlgorithm: hmac-sha256-v2, or v1 for events announced before it'),
  seedHash: z.string(),
  seed: described(z.nullable(z.string()), 'hex, revealed once finished'),
  /** Lotteries: the qualifying entrants' uids, ascending (the closed entry list); rains: the receivers in envelope order. */
  entries: z.array(int()),
  entriesHash: described(z.nullable(z.string()), 'lotteries (v2): SHA-256 of the closed entry list, fixed when entries closed; null before, for rains and v1'),
  receipts: described(
    z.array(z.object({ uid: int(), envelopeIndex: int(), seq: described(int(), 'envelopes of the rain the receive saw taken already') })),
    'rains, once finished: every envelope taken, in the order taken (seq, then envelopeIndex)',
  ),
  winnerCount: described(int(), 'lotteries: winners drawn; rains: 0'),
  winners: described(z.array(int()), 'lotteries: the drawn uids in draw order'),
  budget: described(z.nullable(z.string()), 'rains: coins split'),
  envelopes: described(z.array(z.string()), 'rains: the amount of each envelope in index order (empty before it is revealed)'),
});
export type FairProof = z.infer<typeof fairProofSchema>;

/** Operator: the event started (or scheduled for after its countdown). */
export const operatorEventSchema = z.object({
  recordId: int(),
  roomId: int(),
  kind: codes(ActivityKind),
  status: codes(ActivityStatus),
  startTime: int(),
  endTime: int(),
  seedHash: z.string(),
});
export type OperatorEvent = z.infer<typeof operatorEventSchema>;
