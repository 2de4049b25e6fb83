import * as z from 'zod/mini';

/**
 * The economy's push messages (docs/api.md "Coins, gifts and room events"): what a room's viewers see happen (a gift
 * on the stage, a red-envelope rain, a lottery start and draw, vote results, the win marquee) and a member's own coin
 * and win notices. Apart from contract/economy.ts so that the push client's schemas (contract/push.ts) take these
 * without the economy's request schemas; like push.ts they use only the zod functions the app's first download holds.
 */

const int = () => z.int();
/** A value or null, without z.nullable (which the app's first download does not hold). */
const orNull = <T extends z.ZodMiniType>(schema: T) => z.union([schema, z.literal(null)]);
/** Event kinds (ActivityKind): 1 live lottery, 3 red-envelope rain, 4 answer lottery. */
const activityKind = z.literal([1, 3, 4]);
/** Reward types (RewardType): 1 cash coupon, 2 deposit coupon, 3 flow coupon, 4 title, 5 coin. */
const rewardType = z.literal([1, 2, 3, 4, 5]);

/**
 * A prize: coins (`amount` in coins), a coupon (`amount` in `currency`) or a title (`titleId`). Amounts are decimal
 * strings with 2 decimals.
 */
export const rewardSchema = z.object({
  type: rewardType,
  amount: orNull(z.string()),
  currency: orNull(z.string()),
  titleId: orNull(int()),
});
export type Reward = z.infer<typeof rewardSchema>;

/** One winner as the room sees them: the nickname only (never the username). */
export const roomWinnerSchema = z.object({ uid: int(), nickname: z.string(), reward: rewardSchema });
export type RoomWinner = z.infer<typeof roomWinnerSchema>;

/** A gift presented in the room: the stage plays `animation`. */
export const roomGiftEventSchema = z.object({
  kind: z.literal('gift'),
  roomId: int(),
  presentId: int(),
  giftId: int(),
  count: int(),
  uid: int(),
  nickname: z.string(),
  hostId: int(),
  /** The gift's animation name (live/load/gift `animation`). */
  animation: z.string(),
  /** Coins the present cost, 2 decimals. */
  total: z.string(),
  createdAt: int(),
});

/** A rain was scheduled or started: the floating ball counts down to startTime, receiving is open until endTime. */
export const roomRainStartedSchema = z.object({
  kind: z.literal('rainStarted'),
  roomId: int(),
  recordId: int(),
  status: z.literal([0, 1]),
  startCountDownTime: int(),
  startTime: int(),
  endTime: int(),
  envelopeCount: int(),
  /** SHA-256 (hex) of the server seed, published before the rain starts. */
  seedHash: z.string(),
  /** The platform's event clock when sent (the feed's simulated time): count down by startTime - now. */
  now: int(),
});

/** A rain ended (time up or every envelope taken); the seed is now revealed. */
export const roomRainEndedSchema = z.object({
  kind: z.literal('rainEnded'),
  roomId: int(),
  recordId: int(),
  envelopeCount: int(),
  received: int(),
  seed: z.string(),
});

/** A lottery (kind 1) or answer lottery (kind 4) was scheduled or opened. */
export const roomLotteryStartedSchema = z.object({
  kind: z.literal('lotteryStarted'),
  roomId: int(),
  recordId: int(),
  activityKind: z.literal([1, 4]),
  status: z.literal([0, 1]),
  /** The title in every language (CMN, zh-TW, ENG, VIE, THA): one push reaches viewers of every language. */
  title: z.record(z.string(), z.string()),
  startTime: int(),
  endTime: int(),
  seedHash: z.string(),
  /** The platform's event clock when sent. */
  now: int(),
});

/** A lottery was drawn at its end: its winners (possibly none), the closed entry list's hash and the revealed seed. */
export const roomLotteryDrawnSchema = z.object({
  kind: z.literal('lotteryDrawn'),
  roomId: int(),
  recordId: int(),
  activityKind: z.literal([1, 4]),
  entries: int(),
  winners: z.array(roomWinnerSchema),
  seed: z.string(),
  /** SHA-256 of the closed entry list the draw was keyed with (docs/api.md "Provably fair"); null for a v1 event. */
  entriesHash: orNull(z.string()),
  /** Answer lottery: the right option; null for a live lottery. */
  answer: orNull(int()),
});

/** The votes of a live lottery, after each vote (throttled) and at its end. */
export const roomVoteResultsSchema = z.object({
  kind: z.literal('voteResults'),
  roomId: int(),
  recordId: int(),
  options: z.array(z.object({ option: int(), votes: int() })),
  total: int(),
  final: z.boolean(),
});

/** One line of the win marquee: a member won something in the room (a draw, or a large red envelope). */
export const roomWinMarqueeSchema = z.object({
  kind: z.literal('winMarquee'),
  roomId: int(),
  recordId: int(),
  activityKind: activityKind,
  uid: int(),
  nickname: z.string(),
  reward: rewardSchema,
  at: int(),
});

/** `live:room:<roomId>` (EconomyChannel.room): what every viewer of a room sees happen. */
export const roomEventPushSchema = z.union([
  roomGiftEventSchema,
  roomRainStartedSchema,
  roomRainEndedSchema,
  roomLotteryStartedSchema,
  roomLotteryDrawnSchema,
  roomVoteResultsSchema,
  roomWinMarqueeSchema,
]);
export type RoomEventPush = z.infer<typeof roomEventPushSchema>;

/**
 * `member:<uid>:coins` (EconomyChannel.memberCoins, private like every `member:` channel): the member's coin balance
 * after each change, and each prize they won. The app hands coinBalance to the host's onBalanceChange.
 */
export const memberCoinsPushSchema = z.union([
  z.object({
    kind: z.literal('coins'),
    coinBalance: z.string(),
    /** What moved the balance. */
    reason: z.literal(['gift', 'transfer', 'redEnvelope', 'reward', 'coupon']),
    /** The signed change, 2 decimals ("-10.00"). */
    change: z.string(),
  }),
  z.object({ kind: z.literal('won'), roomId: int(), recordId: int(), activityKind: activityKind, reward: rewardSchema }),
]);
export type MemberCoinsPush = z.infer<typeof memberCoinsPushSchema>;

export { EconomyChannel } from './economyCodes';
