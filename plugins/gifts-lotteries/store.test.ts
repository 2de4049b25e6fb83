import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { destroy } from 'mobx-state-tree';
import { createScheduler } from '../../src/sdk/testing';
import { EconomyError, ECONOMY_PATHS, RED_ENVELOPE_FAILURE } from './codes';
import { GIFT_ANIMATION_MS, GIFT_TIP_DELAY_MS, GIFT_TIP_MS, RoomEconomy, type EconomyEnv } from './store';
import { apiError, fakePost, giftEvent, GIFTS, HOST, lottery, rain, ROOM, T0, wallet, type Routes } from './testData';

const made: Array<{ destroy(): void }> = [];

async function make(routes: Routes = {}, { isLogin = true } = {}) {
  const post = fakePost(routes);
  const moneyMoved = jest.fn();
  let local = T0;
  const env: EconomyEnv = { post: post as EconomyEnv['post'], now: () => local, moneyMoved, scheduler: createScheduler() };
  const store = RoomEconomy.create({ roomId: ROOM, hostId: HOST }, env);
  made.push({ destroy: () => destroy(store) });
  store.start(isLogin);
  await flush();
  return { store, post, moneyMoved, advanceLocal: (ms: number) => (local += ms) };
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};
const calls = (post: ReturnType<typeof fakePost>, path: string) => post.mock.calls.filter(([p]) => p === path).map(([, body]) => body);

afterEach(() => {
  for (const m of made.splice(0)) m.destroy();
  jest.useRealTimers();
});

describe('RoomEconomy: coins and gifts', () => {
  it('reads the coin balance for a member and not for a visitor', async () => {
    const member = await make({ coinBalance: () => wallet('120.00') });
    expect(member.store.coinBalance).toBe('120.00');
    const visitor = await make({ coinBalance: () => wallet('120.00') }, { isLogin: false });
    expect(visitor.store.coinBalance).toBeUndefined();
    // Member routes answer a visitor "no user", which the app takes for an ended session: a visitor never calls them.
    for (const path of [ECONOMY_PATHS.coinBalance, ECONOMY_PATHS.redEnvelope, ECONOMY_PATHS.voteInfo, ECONOMY_PATHS.approvalInfo]) expect(calls(visitor.post, path)).toHaveLength(0);
    expect(calls(visitor.post, ECONOMY_PATHS.lotteryStartInfo)).toHaveLength(1);
  });

  it("a visitor sees a rain's ball from the room event itself", async () => {
    const { store, post } = await make({}, { isLogin: false });
    store.apply({ kind: 'rainStarted', roomId: ROOM, recordId: 33, status: 1, startCountDownTime: T0, startTime: T0, endTime: T0 + 60_000, envelopeCount: 5, seedHash: 'ef', now: T0 });
    await flush();
    expect(store.isShowFloatingBall).toBe(true);
    expect(store.sendRecordId).toBe(33);
    expect(calls(post, ECONOMY_PATHS.redEnvelope)).toHaveLength(0);
  });

  it("sends a gift to the room's anchor and takes the balance the platform answers; the app is told money moved", async () => {
    const { store, post, moneyMoved } = await make({
      gifts: () => GIFTS,
      giftPresent: (body) => ({ presentId: 1, giftId: body.giftId, count: body.count, hostId: HOST, roomId: ROOM, total: '150.00', coinBalance: '-50.00', spentToday: '150.00', createdAt: T0 }),
    });
    await store.loadGifts();
    expect(store.gifts.map((g) => g.name)).toEqual(['Rose', 'Rocket']);
    await store.send(2, 3);
    expect(calls(post, ECONOMY_PATHS.giftPresent)).toEqual([{ giftId: 2, count: 3, hostId: HOST, roomId: ROOM }]);
    expect(store.coinBalance).toBe('-50.00');
    expect(store.sendRefusal).toBeUndefined();
    expect(moneyMoved).toHaveBeenCalledTimes(1);
  });

  it.each([
    [EconomyError.InsufficientBalance, 'insufficient'],
    [EconomyError.DailyLimit, 'dailyLimit'],
    [500, 'failed'],
  ] as const)('a refusal with code %s says %s and leaves the balance as it was', async (code, refusal) => {
    const { store, moneyMoved } = await make({
      coinBalance: () => wallet('10.00'),
      giftPresent: () => {
        throw apiError(code);
      },
    });
    await store.send(2, 1);
    expect(store.sendRefusal).toBe(refusal);
    expect(store.coinBalance).toBe('10.00');
    expect(moneyMoved).not.toHaveBeenCalled();
    expect(store.sending).toBe(false);
  });

  it('converts main balance to coins, asking about a pending transfer until it settles', async () => {
    jest.useFakeTimers();
    const transfer = { transferId: 5, amount: '10.00', currency: 'CNY', coins: '100.00', rate: '10', failReason: null, coinBalance: '200.00', balance: '90.00', createdAt: T0 };
    const statuses = ['pending', 'succeeded'];
    const { store, post, moneyMoved } = await make({
      transfer: () => ({ ...transfer, status: 'pending' }),
      transferStatus: () => ({ ...transfer, status: statuses.shift() }),
    });
    const done = store.convert('10.00');
    await flush();
    expect(store.transfer?.status).toBe('pending');
    expect(moneyMoved).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1000);
    await jest.advanceTimersByTimeAsync(1000);
    await done;
    expect(calls(post, ECONOMY_PATHS.transferStatus)).toEqual([{ transferId: 5 }, { transferId: 5 }]);
    expect(store.transfer?.status).toBe('succeeded');
    expect(store.coinBalance).toBe('200.00');
    expect(moneyMoved).toHaveBeenCalledTimes(1);
  });

  it('a failed transfer moves no coins', async () => {
    const { store, moneyMoved } = await make({
      coinBalance: () => wallet('5.00'),
      transfer: () => ({ transferId: 6, status: 'failed', amount: '10.00', currency: 'CNY', coins: '0.00', rate: '10', failReason: 'insufficientBalance', coinBalance: '5.00', balance: '1.00', createdAt: T0 }),
    });
    await store.convert('10.00');
    expect(store.transfer?.status).toBe('failed');
    expect(store.coinBalance).toBe('5.00');
    expect(moneyMoved).not.toHaveBeenCalled();
  });
});

describe('RoomEconomy: room events', () => {
  it("plays a gift every viewer sees, shows the tip 100 ms later for 3 s, and ends the animation; another room's gift is ignored", async () => {
    const { store } = await make();
    jest.useFakeTimers();
    store.apply(giftEvent({ roomId: ROOM + 1, presentId: 1 }));
    expect(store.playing).toHaveLength(0);
    store.apply(giftEvent());
    expect(store.playing.map((p) => p.presentId)).toEqual([500]);
    jest.advanceTimersByTime(GIFT_TIP_DELAY_MS - 1);
    expect(store.tip).toBeUndefined();
    jest.advanceTimersByTime(1);
    expect(store.tip).toEqual({ nickname: 'Lucky', giftId: 1, count: 3 });
    jest.advanceTimersByTime(GIFT_TIP_MS - 1);
    expect(store.tip).toBeDefined();
    jest.advanceTimersByTime(1);
    expect(store.tip).toBeUndefined();
    jest.advanceTimersByTime(GIFT_ANIMATION_MS);
    expect(store.playing).toHaveLength(0);
  });

  it('folds one viewer\'s repeated sends of a gift into a combo that plays on from the last send; other viewers and gifts play apart', async () => {
    const { store } = await make();
    jest.useFakeTimers();
    store.apply(giftEvent({ presentId: 1, count: 3 }));
    jest.advanceTimersByTime(GIFT_ANIMATION_MS - 1000);
    store.apply(giftEvent({ presentId: 2, count: 1 }));
    store.apply(giftEvent({ presentId: 3, count: 1, uid: 78, nickname: 'Other' }));
    store.apply(giftEvent({ presentId: 4, count: 2, giftId: 2 }));
    expect(store.playing.map(({ presentId, count, sends }) => ({ presentId, count, sends }))).toEqual([
      { presentId: 1, count: 4, sends: 2 },
      { presentId: 3, count: 1, sends: 1 },
      { presentId: 4, count: 2, sends: 1 },
    ]);
    // The first send's own end passes: the combo plays on, GIFT_ANIMATION_MS from its last send.
    jest.advanceTimersByTime(1000);
    expect(store.playing.map((p) => p.presentId)).toEqual([1, 3, 4]);
    jest.advanceTimersByTime(GIFT_ANIMATION_MS - 1001);
    expect(store.playing.map((p) => p.presentId)).toEqual([1, 3, 4]);
    jest.advanceTimersByTime(1);
    expect(store.playing).toHaveLength(0);
    // After it ended, the same gift again starts a new one.
    store.apply(giftEvent({ presentId: 5, count: 1 }));
    expect(store.playing.map(({ presentId, count, sends }) => ({ presentId, count, sends }))).toEqual([{ presentId: 5, count: 1, sends: 1 }]);
  });

  it('queues win marquee lines and drops the shown one', async () => {
    const { store } = await make();
    const reward = { type: 5 as const, amount: '8.00', currency: null, titleId: null };
    store.apply({ kind: 'winMarquee', roomId: ROOM, recordId: 1, activityKind: 3, uid: 1, nickname: 'A', reward, at: T0 });
    store.apply({ kind: 'winMarquee', roomId: ROOM, recordId: 1, activityKind: 3, uid: 2, nickname: 'B', reward, at: T0 });
    expect(store.marquee.map((l) => l.nickname)).toEqual(['A', 'B']);
    store.nextMarqueeLine();
    expect(store.marquee.map((l) => l.nickname)).toEqual(['B']);
  });

  it('counts down on the platform clock, not the local one', async () => {
    const { store, advanceLocal } = await make({ redEnvelope: () => rain({ now: T0 + 5_000 }) });
    expect(store.eventNow(T0)).toBe(T0 + 5_000);
    advanceLocal(2_000);
    expect(store.eventNow(T0 + 2_000)).toBe(T0 + 7_000);
  });
});

describe('RoomEconomy: red-envelope rain', () => {
  it('shows the floating ball; a received envelope drops it, shows the prize and credits the coins once', async () => {
    const { store, post, moneyMoved } = await make({
      redEnvelope: () => rain({ status: 1 }),
      redEnvelopeReceive: () => ({ sendRecordId: 31, envelopeIndex: 4, amount: '12.34', coinBalance: '112.34' }),
    });
    expect(store.isShowFloatingBall).toBe(true);
    expect(store.sendRecordId).toBe(31);
    await store.grab();
    expect(calls(post, ECONOMY_PATHS.redEnvelopeReceive)).toEqual([{ recordId: 31, roomId: ROOM }]);
    expect(store.isShowFloatingBall).toBe(false);
    expect(store.rain?.hasReceived).toBe(true);
    expect(store.rain?.obtainPrize).toBe('12.34');
    expect(store.prizePopup).toBe(true);
    expect(store.coinBalance).toBe('112.34');
    await store.grab();
    expect(calls(post, ECONOMY_PATHS.redEnvelopeReceive)).toHaveLength(1);
    expect(moneyMoved).toHaveBeenCalledTimes(1);
    store.closePopup();
    expect(store.prizePopup).toBe(false);
  });

  it('"failure" shows the message popup and no prize', async () => {
    const { store } = await make({ redEnvelope: () => rain({ status: 1 }), redEnvelopeReceive: () => RED_ENVELOPE_FAILURE });
    await store.grab();
    expect(store.showMessagePopup).toBe(true);
    expect(store.prizePopup).toBe(false);
    expect(store.isShowFloatingBall).toBe(false);
  });

  it('a rain already received shows no ball; a new rain event loads the next one', async () => {
    const rains = [rain({ hasReceived: true, isShowFloatingBall: false, obtainPrize: '3.00' }), rain({ sendRecordId: 32 })];
    const { store } = await make({ redEnvelope: () => rains.shift() });
    expect(store.isShowFloatingBall).toBe(false);
    store.apply({ kind: 'rainStarted', roomId: ROOM, recordId: 32, status: 0, startCountDownTime: T0, startTime: T0 + 1, endTime: T0 + 2, envelopeCount: 5, seedHash: 'ef', now: T0 });
    await flush();
    expect(store.sendRecordId).toBe(32);
    expect(store.isShowFloatingBall).toBe(true);
    expect(store.seeds[32]).toEqual({ seedHash: 'ef' });
    store.apply({ kind: 'rainEnded', roomId: ROOM, recordId: 32, envelopeCount: 5, received: 5, seed: '00' });
    expect(store.seeds[32]).toEqual({ seedHash: 'ef', seed: '00' });
    expect(store.isShowFloatingBall).toBe(false);
  });
});

describe('RoomEconomy: catching up after missed pushes', () => {
  it('reads the rain, the lottery and the coins again when the room channel missed messages (issue 31: a lost connection)', async () => {
    // No rain when the room opened; one started while the connection was down, pushed to nobody.
    const rains = [rain({ hasReceived: true, isShowFloatingBall: false }), rain({ sendRecordId: 40, status: 1 })];
    const balances = ['100.00', '140.00'];
    const { store, post } = await make({ redEnvelope: () => rains.shift(), coinBalance: () => wallet(balances.shift() ?? '') });
    expect(store.isShowFloatingBall).toBe(false);
    expect(store.coinBalance).toBe('100.00');
    store.catchUp();
    await flush();
    expect(store.isShowFloatingBall).toBe(true);
    expect(store.sendRecordId).toBe(40);
    expect(store.coinBalance).toBe('140.00');
    expect(calls(post, ECONOMY_PATHS.lotteryStartInfo)).toHaveLength(2);
  });
});

describe('RoomEconomy: lotteries and votes', () => {
  it('a vote enters a live lottery (vote/submitInfo with recordId, voteResult, roomId) and takes the new counts', async () => {
    const { store, post } = await make({
      lotteryStartInfo: () => lottery(),
      voteSubmit: (body) => ({ recordId: 41, voteResult: body.voteResult, options: [{ option: 0, text: 'Home', votes: 3 }, { option: 1, text: 'Away', votes: 2 }], total: 5 }),
    });
    await store.enter(1);
    expect(calls(post, ECONOMY_PATHS.voteSubmit)).toEqual([{ recordId: 41, voteResult: 1, roomId: ROOM }]);
    expect(store.lottery?.joined).toBe(true);
    expect(store.lottery?.myChoice).toBe(1);
    expect(store.lottery?.options[1]?.votes).toBe(2);
  });

  it('an answer enters an answer lottery (approval/submitInfo with approvalResult, roomId, matchId, messageId)', async () => {
    const { store, post } = await make({
      lotteryStartInfo: () => lottery({ kind: 4, condition: 'answer', messageId: '777' }),
      approvalSubmit: (body) => ({ recordId: 41, approvalResult: body.approvalResult }),
    });
    await store.enter(0);
    expect(calls(post, ECONOMY_PATHS.approvalSubmit)).toEqual([{ approvalResult: 0, roomId: ROOM, matchId: 7, messageId: '777' }]);
    expect(store.lottery?.joined).toBe(true);
  });

  it('a refused entry is said and leaves the member out', async () => {
    const { store } = await make({
      lotteryStartInfo: () => lottery(),
      voteSubmit: () => {
        throw apiError(EconomyError.EventNotOpen);
      },
    });
    await store.enter(0);
    expect(store.enterRefusal).toBe(EconomyError.EventNotOpen);
    expect(store.lottery?.joined).toBe(false);
  });

  it('a draw shows its winners, reveals the seed and refreshes the coins', async () => {
    const balances = ['100.00', '120.00'];
    const { store, moneyMoved } = await make({ lotteryStartInfo: () => lottery(), coinBalance: () => wallet(balances.shift() ?? '120.00') });
    const reward = { type: 5 as const, amount: '20.00', currency: null, titleId: null };
    store.apply({ kind: 'lotteryDrawn', roomId: ROOM, recordId: 41, activityKind: 1, entries: 4, winners: [{ uid: 1, nickname: 'Ann', reward }], seed: '11', entriesHash: 'ee'.repeat(32), answer: null });
    await flush();
    expect(store.drawn?.winners.map((w) => w.nickname)).toEqual(['Ann']);
    expect(store.seeds[41]).toEqual({ seedHash: 'cd'.repeat(32), seed: '11' });
    expect(store.coinBalance).toBe('120.00');
    expect(moneyMoved).toHaveBeenCalled();
  });

  it('vote results pushed to the room update the counts of the current vote', async () => {
    const { store } = await make({
      voteInfo: () => ({ recordId: 41, roomId: ROOM, status: 1, question: 'q', options: [{ option: 0, text: 'Home', votes: 3 }], total: 3, myVote: null, endTime: T0, now: T0 }),
    });
    store.apply({ kind: 'voteResults', roomId: ROOM, recordId: 41, options: [{ option: 0, votes: 9 }], total: 9, final: false });
    expect(store.vote?.options[0]?.votes).toBe(9);
    expect(store.vote?.total).toBe(9);
  });
});
