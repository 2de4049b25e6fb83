import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { ECONOMY_PATHS, EconomyChannel, RewardType } from '../../contract/economy';
import type { Anchor } from '../../contract/live';
import { COIN, toMinor } from '../src/money';
import type { TestApp } from './helpers';
import { economyRoom, expectCoinBooksBalance, newMember, pushListener, type EconomyRoom, type TestMember } from './economy.support';

/** A small seeded generator (mulberry32): the workload is random but the same on every run, so a failure replays. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) };
}

const sumOf = async (t: TestApp, kind: string, memberId: number): Promise<number> =>
  Number((await t.db.selectFrom('ledger').select(sql<number>`coalesce(sum(amount_minor), 0)`.as('s')).where('member_id', '=', memberId).where('asset', '=', COIN).where('kind', '=', kind).executeTakeFirst())?.s ?? 0);

/**
 * The coin books under a random concurrent workload over real HTTP (presents, transfers, red-envelope receives and
 * lottery entries from several members at once, the draw racing itself), and what one member cannot see or do of
 * another's records beyond what economyCoins/economyEvents already check (docs/api.md "Coins, gifts and room events").
 */
describe('economy invariants', () => {
  let t: TestApp;
  let room: Anchor;
  let post: EconomyRoom['post'];
  let data: EconomyRoom['data'];
  let start: EconomyRoom['start'];

  beforeAll(async () => ({ t, room, post, data, start } = await economyRoom({ dailyLimit: { spend: '100000.00', receive: '10000.00' } })), 60_000);
  afterAll(async () => t?.app.close());

  for (const seed of [1, 2, 3]) {
    it(`keeps every coin wallet equal to its ledger, none negative, each reward once and the envelopes within budget (seed ${seed})`, async () => {
      const random = seeded(seed);
      const members = await Promise.all(Array.from({ length: 6 }, () => newMember(t, `${random.int(0, 40)}.00`, 'CNY', `${random.int(0, 30)}.00`)));
      const rain = await start({ kind: 3, budget: '30.00', envelopes: 8, countdownSeconds: 0, durationSeconds: 600 });
      const draw = await start({ kind: 1, winners: 3, reward: { type: RewardType.Coin, amount: '2.50' }, question: 'Next goal?', options: ['Home', 'Away'], countdownSeconds: 0, durationSeconds: 60 });

      const actions: Array<() => Promise<{ statusCode: number; json: () => any }>> = [];
      for (const m of members) {
        for (let i = random.int(6, 12); i > 0; i -= 1) {
          const pick = random.int(0, 3);
          if (pick === 0) actions.push(() => post(ECONOMY_PATHS.giftPresent, { roomId: room.liveRoomId, hostId: room.hostId, giftId: random.int(1, 3), count: random.int(1, 3) }, m.token));
          else if (pick === 1) actions.push(() => post(ECONOMY_PATHS.transfer, { amount: `${random.int(1, 12)}.00` }, m.token));
          else if (pick === 2) actions.push(() => post(ECONOMY_PATHS.redEnvelopeReceive, { recordId: rain.recordId, roomId: room.liveRoomId }, m.token));
          else actions.push(() => post(ECONOMY_PATHS.voteSubmit, { recordId: draw.recordId, roomId: room.liveRoomId, voteResult: random.int(0, 1) }, m.token));
        }
      }
      // All at once, in a seeded order.
      const shuffled = actions.map((a) => ({ a, k: random.next() })).sort((x, y) => x.k - y.k);
      const answers = await Promise.all(shuffled.map(({ a }) => a()));
      // Only refusals the rules allow: short of coins or main balance (422), a second entry (409).
      for (const res of answers) expect([200, 409, 422]).toContain(res.statusCode);
      // The workload did race: some envelopes and some presents went through.
      expect(answers.filter((res) => res.statusCode === 200).length).toBeGreaterThan(members.length);

      // The end of the lottery, with the economy's clock run several times at once (as two instances' loops could).
      t.clock.advance(60_000);
      await Promise.all([t.app.economy.tick(), t.app.economy.tick(), t.app.economy.tick()]);
      await t.app.economy.tick();

      await expectCoinBooksBalance(t);
      const winners = await t.db.selectFrom('live_event_winners').select('member_id').where('event_id', '=', draw.recordId).execute();
      const entrants = await t.db.selectFrom('live_event_entries').select('member_id').where('event_id', '=', draw.recordId).execute();
      expect(winners).toHaveLength(Math.min(3, entrants.length));
      expect(new Set(winners.map((w) => Number(w.member_id))).size).toBe(winners.length);
      const prizes = await t.db.selectFrom('ledger').select('member_id').where('kind', '=', 'lottery_prize').where('ref_id', 'like', `${draw.recordId}:%`).execute();
      expect(prizes.map((p) => Number(p.member_id)).sort()).toEqual(winners.map((w) => Number(w.member_id)).sort());

      const envelopes = await t.db.selectFrom('red_envelopes').select(['member_id', 'amount_minor']).where('event_id', '=', rain.recordId).execute();
      const taken = envelopes.filter((e) => e.member_id !== null);
      expect(envelopes.reduce((s, e) => s + Number(e.amount_minor), 0)).toBeLessThanOrEqual(toMinor('30.00'));
      expect(new Set(taken.map((e) => Number(e.member_id))).size).toBe(taken.length);
      const paid = await t.db.selectFrom('ledger').select(['member_id', 'amount_minor']).where('kind', '=', 'red_envelope').where('ref_id', 'like', `${rain.recordId}:%`).execute();
      expect(paid.map((p) => [Number(p.member_id), Number(p.amount_minor)]).sort()).toEqual(taken.map((e) => [Number(e.member_id), Number(e.amount_minor)]).sort());

      // Each member's coins: what they had, plus what they bought, received and won, less what they presented.
      for (const m of members) {
        const presented = Number((await t.db.selectFrom('gift_presents').select(sql<number>`coalesce(sum(total_minor), 0)`.as('s')).where('member_id', '=', m.id).executeTakeFirst())?.s ?? 0);
        const bought = Number((await t.db.selectFrom('coin_transfers').select(sql<number>`coalesce(sum(coins_minor), 0)`.as('s')).where('member_id', '=', m.id).where('status', '=', 'succeeded').executeTakeFirst())?.s ?? 0);
        expect(presented + (await sumOf(t, 'gift', m.id))).toBe(0);
        expect(await sumOf(t, 'coin_purchase', m.id)).toBe(bought);
        expect(await t.app.wallet.getBalance(m.id, 'CNY')).toBeGreaterThanOrEqual(0);
      }
      // The rain ends at its end; the next seed's rain may then start in the room.
      t.clock.advance(600_000);
      await t.app.economy.tick();
      await t.app.economy.events.idle();
    }, 60_000);
  }

  it("keeps one member's coupons, coin pushes and lottery reward from another", async () => {
    const [a, b] = [await newMember(t), await newMember(t)];
    const quiz = await start({ kind: 4, winners: 5, reward: { type: RewardType.DepositCoupon, amount: '8.00' }, question: '1 + 1?', options: ['2', '3'], answer: 0, countdownSeconds: 0, durationSeconds: 30 });
    const info = await data(ECONOMY_PATHS.approvalInfo, { roomId: room.liveRoomId }, a.token);
    const answer = (m: TestMember, approvalResult: number) => data(ECONOMY_PATHS.approvalSubmit, { roomId: room.liveRoomId, matchId: room.matchId, messageId: info.messageId, approvalResult }, m.token);
    await answer(a, 0);
    await answer(b, 1);
    t.clock.advance(30_000);
    await t.app.economy.tick();
    expect(await data(ECONOMY_PATHS.coupons, {}, a.token)).toEqual([expect.objectContaining({ type: RewardType.DepositCoupon, amount: '8.00', recordId: quiz.recordId })]);
    // b's list is b's own (empty), and b's result shows no reward, not a's.
    expect(await data(ECONOMY_PATHS.coupons, {}, b.token)).toEqual([]);
    expect(await data(ECONOMY_PATHS.lotteryWin, { recordId: quiz.recordId, roomId: room.liveRoomId }, b.token)).toMatchObject({ joined: true, won: false, reward: null });

    // a's coin channel is a's: b's socket is refused it and hears nothing of a's present.
    const coins = await newMember(t, '10.00');
    const own = await pushListener(t, [EconomyChannel.memberCoins(coins.id)], coins.token);
    const other = await pushListener(t, [EconomyChannel.memberCoins(coins.id)], b.token);
    const visitor = await pushListener(t, [EconomyChannel.memberCoins(coins.id)]);
    await data(ECONOMY_PATHS.giftPresent, { roomId: room.liveRoomId, hostId: room.hostId, giftId: 1, count: 1 }, coins.token);
    await own.waitFor((m) => m.chId === EconomyChannel.memberCoins(coins.id) && m.data.coinBalance === '9.00', "the member's own balance push");
    expect(other.messages).toEqual([]);
    expect(visitor.messages).toEqual([]);
    for (const l of [own, other, visitor]) l.close();
  });
});
