/**
 * The economy's plain values (docs/api.md "Coins, gifts and room events"): codes, paths and push channel names. No
 * zod here, apart from contract/economy.ts: the app's lazy chunks take these values, and a value a lazy chunk imports
 * from a module with top-level zod calls would keep those calls (and the zod functions they use) in the first download.
 */

/** Spec 001 section 3 reward types (the platform's codes). */
export const RewardType = { CashCoupon: 1, DepositCoupon: 2, FlowCoupon: 3, Title: 4, Coin: 5 } as const;
export type RewardType = (typeof RewardType)[keyof typeof RewardType];

/** Spec 001 section 4 transfer status. */
export const TransferStatus = { Pending: 'pending', Failed: 'failed', Succeeded: 'succeeded' } as const;
export type TransferStatus = (typeof TransferStatus)[keyof typeof TransferStatus];

/** The coupon reward types (RewardType's coupon codes) and what a coupon is for. */
export const CouponType = { Cash: RewardType.CashCoupon, Deposit: RewardType.DepositCoupon, Flow: RewardType.FlowCoupon } as const;
export type CouponType = (typeof CouponType)[keyof typeof CouponType];

/** A coupon's state: unused, used, expired. */
export const CouponStatus = { Unused: 0, Used: 1, Expired: 2 } as const;
export type CouponStatus = (typeof CouponStatus)[keyof typeof CouponStatus];

/** What unlocks a coupon (docs/api.md "Coupons"): none (cash), coin conversions (deposit), settled turnover (flow). */
export const CouponCondition = { None: 'none', Conversion: 'conversion', Turnover: 'turnover' } as const;
export type CouponCondition = (typeof CouponCondition)[keyof typeof CouponCondition];

/** The daily limits of activity/goldmall/dailyLimit. */
export const CoinLimitType = { Spend: 'spend', Receive: 'receive' } as const;
export type CoinLimitType = (typeof CoinLimitType)[keyof typeof CoinLimitType];

/**
 * Why an economy call was refused: the `code` of the failure envelope (HTTP 409 for a state that does not allow it,
 * 422 for a rule such as a balance or a limit, 404 for an unknown id). The 17xxx range is the economy's own.
 */
export const EconomyError = {
  /** Not enough coins (gift) or main balance (transfer). */
  InsufficientBalance: 17001,
  /** The gift would pass the member's daily spend limit (or a receive its receive limit). */
  DailyLimit: 17002,
  GiftNotFound: 17003,
  /** The room is not live, or hostId is not the room's anchor. */
  RoomNotLive: 17004,
  /** The event is unknown in that room, or of another kind than the call is for. */
  EventNotFound: 17005,
  /** The event is not in progress (not started yet, or finished). */
  EventNotOpen: 17006,
  /** The member already voted or answered in this event. */
  AlreadyEntered: 17007,
  /** voteResult or approvalResult is not one of the event's options. */
  BadOption: 17008,
  /** The member does not meet the event's join condition (docs/api.md). */
  NotEligible: 17009,
  TransferNotFound: 17010,
  /** The member's currency has no coin rate configured. */
  NoCoinRate: 17011,
  /** Operator: the room already has an event of that kind not finished. */
  EventBusy: 17012,
  /** activity/coupon/redeem: no such coupon of the member's (another member's is unknown too). */
  CouponNotFound: 17013,
  /** The coupon was redeemed already. */
  CouponUsed: 17014,
  /** The coupon's expiry passed before it was redeemed. */
  CouponExpired: 17015,
  /** A deposit or flow coupon whose condition is not met yet (docs/api.md "Coupons"). */
  CouponLocked: 17016,
} as const;
export type EconomyError = (typeof EconomyError)[keyof typeof EconomyError];

/** The string live/submit/receive/redEnvelope answers as data when no envelope was received (spec 001 section 7). */
export const RED_ENVELOPE_FAILURE = 'failure';

/**
 * The provably fair algorithms (docs/api.md "Provably fair", domain/fair.ts); a proof names the one its event used.
 * V1: events announced before issue 29 (the seed stored from the announcement), still verified. V2: every new event.
 */
export const FairAlgorithm = { V1: 'hmac-sha256-v1', V2: 'hmac-sha256-v2' } as const;
export type FairAlgorithm = (typeof FairAlgorithm)[keyof typeof FairAlgorithm];
/** The algorithm new events use. */
export const FAIR_ALGORITHM = FairAlgorithm.V2;

// Paths.

/** Paths of the economy's routes; the spec's where it names them (section 7), the platform's otherwise. */
export const ECONOMY_PATHS = {
  coinBalance: '/api/forehead/activity/goldmall/balance',
  dailyLimit: '/api/forehead/activity/goldmall/dailyLimit',
  /** Main balance to coins (the platform's path). */
  transfer: '/api/forehead/activity/goldmall/transfer',
  /** One transfer's state (the platform's path). */
  transferStatus: '/api/forehead/activity/goldmall/transfer/status',
  /** The member's coupons (the platform's path). */
  coupons: '/api/forehead/activity/coupon/list',
  /** Redeem one of the member's coupons (the platform's path). */
  couponRedeem: '/api/forehead/activity/coupon/redeem',
  gifts: '/api/forehead/live/load/gift',
  /** GET <giftIcon>/<giftId>.svg (the platform's path). */
  giftIcon: '/api/forehead/live/gift/icon',
  giftPresent: '/api/forehead/live/submit/gift/present',
  giftTop10: '/api/forehead/live/room/gift/top10',
  redEnvelope: '/api/forehead/live/get/room/redEnvelope',
  redEnvelopeReceive: '/api/forehead/live/submit/receive/redEnvelope',
  lotteryStartInfo: '/api/forehead/live/lottery/startInfo',
  lotteryWin: '/api/forehead/live/lottery/win',
  lotteryWinList: '/api/forehead/live/lottery/winList',
  voteSubmit: '/api/forehead/live/lottery/vote/submitInfo',
  voteInfo: '/api/forehead/live/lottery/vote/info',
  approvalSubmit: '/api/forehead/live/lottery/approval/submitInfo',
  approvalInfo: '/api/forehead/live/lottery/approval/info',
  /** The provably fair proof of one event (the platform's path; open to anyone). */
  fairProof: '/api/forehead/live/lottery/fair',
  /** Operator: start an event in a room now (the platform's path). */
  operatorStartEvent: '/api/forehead/operator/live/event/start',
} as const;

/**
 * The economy's push channels, named the way contract/channels.ts names the others (kept here, not there, so the
 * app's first download does not grow). contract/push.ts's pushSchemaOf knows both.
 */
export const EconomyChannel = {
  room: (roomId: number) => `live:room:${roomId}`,
  memberCoins: (uid: number) => `member:${uid}:coins`,
} as const;
