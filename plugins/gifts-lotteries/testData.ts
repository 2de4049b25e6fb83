import { jest } from '@jest/globals';
import type { CoinBalance, CoinLimit, Coupon, Gift, LotteryInfo, RedEnvelope, RoomEventPush } from '../../contract/economy';
import { ECONOMY_PATHS } from './codes';

/** Test answers shaped as the contract's answers (contract/economy.ts). */

export const ROOM = 8001;
export const HOST = 9001;
export const T0 = Date.UTC(2026, 10, 27, 12, 0, 0);

export const GIFTS: Gift[] = [
  { giftId: 2, name: 'Rocket', icon: '/api/forehead/live/gift/icon/2.svg', price: '50.00', animation: 'fullscreen', sort: 2 },
  { giftId: 1, name: 'Rose', icon: '/api/forehead/live/gift/icon/1.svg', price: '1.00', animation: 'float', sort: 1 },
];

export function rain(over: Partial<RedEnvelope> = {}): RedEnvelope {
  return {
    sendRecordId: 31,
    roomId: ROOM,
    status: 0,
    isShowFloatingBall: true,
    startCountDownTime: T0,
    startTime: T0 + 10_000,
    endTime: T0 + 70_000,
    endBettingTime: null,
    endBettingTimestamp: null,
    envelopeCount: 10,
    remaining: 10,
    hasReceived: false,
    obtainPrize: null,
    seedHash: 'ab'.repeat(32),
    now: T0,
    ...over,
  };
}

export function lottery(over: Partial<LotteryInfo> = {}): LotteryInfo {
  return {
    recordId: 41,
    roomId: ROOM,
    matchId: 7,
    kind: 1,
    status: 1,
    title: 'Who scores next?',
    question: 'Who scores next?',
    options: [
      { option: 0, text: 'Home', votes: 3 },
      { option: 1, text: 'Away', votes: 1 },
    ],
    startTime: T0 - 60_000,
    endTime: T0 + 120_000,
    winnerCount: 2,
    reward: { type: 5, amount: '20.00', currency: null, titleId: null },
    entries: 4,
    joined: false,
    myChoice: null,
    condition: 'vote',
    messageId: null,
    seedHash: 'cd'.repeat(32),
    seed: null,
    entriesHash: null,
    answer: null,
    now: T0,
    ...over,
  };
}

export const giftEvent = (over: Partial<Extract<RoomEventPush, { kind: 'gift' }>> = {}): RoomEventPush => ({
  kind: 'gift',
  roomId: ROOM,
  presentId: 500,
  giftId: 1,
  count: 3,
  uid: 77,
  nickname: 'Lucky',
  hostId: HOST,
  animation: 'float',
  total: '3.00',
  createdAt: T0,
  ...over,
});

export type Routes = Partial<Record<keyof typeof ECONOMY_PATHS, (body: Record<string, unknown>) => unknown>>;

/** A forehead `post` answering each economy path from `routes` (an Error thrown rejects, as the http client does). */
export function fakePost(routes: Routes) {
  const byPath = new Map<string, keyof typeof ECONOMY_PATHS>(Object.entries(ECONOMY_PATHS).map(([key, path]) => [path, key as keyof typeof ECONOMY_PATHS]));
  return jest.fn(async (path: string, body: object) => {
    const key = byPath.get(path);
    const route = key && routes[key];
    if (!route) return key === 'gifts' || key === 'lotteryWinList' || key === 'giftTop10' || key === 'coupons' ? [] : key === 'coinBalance' ? wallet('100.00') : null;
    return route(body as Record<string, unknown>);
  });
}

/** A rejection as the http client makes it: the failure envelope's code and message. */
export const apiError = (code: number, message = 'refused') => Object.assign(new Error(message), { code });

/** activity/goldmall/dailyLimit's answer: spend (gifts) and receive (envelopes) as [used, limit, remaining]. */
export const dailyLimit = (spend: [string, string, string], receive: [string, string, string] = ['0.00', '100.00', '100.00']) => {
  const line = (type: CoinLimit['type'], [used, limit, remaining]: [string, string, string]): CoinLimit => ({ type, limit, used, remaining, resetAt: T0 + 43_200_000 });
  return { configs: [line('spend', spend), line('receive', receive)] };
};

/** One coupon of activity/coupon/list (an unused cash coupon unless told). */
export const coupon = (over: Partial<Coupon> = {}): Coupon => ({
  couponId: 61,
  type: 1,
  amount: '10.00',
  currency: 'CNY',
  status: 0,
  recordId: 41,
  createdAt: T0 - 86_400_000,
  expiresAt: T0 + 29 * 86_400_000,
  redeemsInto: 'balance',
  condition: 'none',
  required: '0.00',
  progress: '0.00',
  usable: true,
  usedAt: null,
  ...over,
});

/** activity/goldmall/balance's answer: the coins, and a CNY main balance at 1 coin per CNY unless told. */
export function wallet(coinBalance: string, over: Partial<CoinBalance> = {}): CoinBalance {
  return { coinBalance, balance: '1000.00', currency: 'CNY', rate: '1', ...over };
}
