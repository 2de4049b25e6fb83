import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { CouponStatus, CouponType, ECONOMY_PATHS, EconomyChannel, EconomyError, RewardType } from '../../contract/economy';
import { NEW_ORDER_OUTCOME } from '../src/betting/orderDrafts';
import { COIN, toMinor } from '../src/money';
import type { TestApp } from './helpers';
import { buildEconomyApp, expectCoinBooksBalance, newMember, poster, pushListener, type TestMember } from './economy.support';

const DAY = 86_400_000;

/** Coupons redeemed over real HTTP (docs/api.md "Coupons"): each type, once under races, owner only, expiry, ledger. */
describe('economy: coupons listed with their condition and redeemed once', () => {
  let t: TestApp;
  let post: ReturnType<typeof poster>['post'];
  let data: ReturnType<typeof poster>['data'];
  let events = 0;

  beforeAll(async () => {
    t = await buildEconomyApp({ flowCouponTurnover: 5, couponDays: 30 });
    ({ post, data } = poster(t));
  }, 60_000);
  afterAll(async () => t?.app.close());

  /** A coupon as a draw grants it (server/src/economy/events/lotteryDraw.ts grant): the fixture path, without running a lottery. */
  async function coupon(member: TestMember, type: CouponType, amount: string, currency = 'CNY', wonAt = t.clock.now()): Promise<number> {
    events += 1;
    const row = await t.db
      .insertInto('member_coupons')
      .values({ member_id: member.id, type, amount_minor: toMinor(amount), currency, event_id: 900_000 + events, created_at: wonAt, expires_at: wonAt + 30 * DAY, used_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** A settled bet of `stake` (orders as settlement leaves them): the turnover a flow coupon counts. */
  let orders = 0;
  async function settledBet(member: TestMember, stake: string, settledAt = t.clock.now(), status = 5): Promise<void> {
    orders += 1;
    const minor = toMinor(stake);
    const at = t.clock.now();
    await t.db
      .insertInto('orders')
      .values({
        id: `${at}${String(orders).padStart(6, '0')}`,
        member_id: member.id,
        request_id: `coupon-test-${orders}`,
        bet_type: 1,
        series_number: 0,
        item_count: 1,
        bet_count: 1,
        currency: 'CNY',
        exchange_rate: '1',
        unit_stake_minor: minor,
        stake_minor: minor,
        remaining_stake_minor: minor,
        odds: '2.000',
        max_win_minor: minor * 2,
        odds_change: 0,
        status,
        ...NEW_ORDER_OUTCOME,
        result: status === 5 ? 4 : 0,
        is_in_play: 0,
        accept_at: null,
        reserve_id: null,
        created_at: at,
        confirmed_at: at,
        settled_at: status === 5 ? settledAt : null,
        cancelled_at: null,
        modified_at: at,
      })
      .execute();
  }

  const redeem = (member: TestMember, couponId: unknown) => post(ECONOMY_PATHS.couponRedeem, { couponId }, member.token);
  const snapshot = async (member: TestMember) => ({
    coins: await t.app.wallet.getBalance(member.id, COIN),
    cny: await t.app.wallet.getBalance(member.id, 'CNY'),
    ledger: (await t.db.selectFrom('ledger').select('id').where('member_id', '=', member.id).execute()).length,
    used: (await t.db.selectFrom('member_coupons').select('used_at').where('member_id', '=', member.id).execute()).map((r) => r.used_at),
  });
  const ledgerOf = (couponId: number) =>
    t.db.selectFrom('ledger').select(['member_id', 'asset', 'amount_minor', 'kind']).where('ref_type', '=', 'coupon').where('ref_id', '=', String(couponId)).execute();

  it('redeems a cash coupon into the main balance once, with its ledger row, and lists it used', async () => {
    const m = await newMember(t, '0.00', 'CNY', '100.00');
    const id = await coupon(m, CouponType.Cash, '12.50');
    const [listed] = await data(ECONOMY_PATHS.coupons, {}, m.token);
    expect(listed).toMatchObject({ couponId: id, type: RewardType.CashCoupon, status: CouponStatus.Unused, redeemsInto: 'balance', condition: 'none', required: '0.00', usable: true, usedAt: null });

    const redeemed = await data(ECONOMY_PATHS.couponRedeem, { couponId: id }, m.token);
    expect(redeemed).toMatchObject({ asset: 'CNY', credited: '12.50', balance: '112.50', coinBalance: '0.00', coupon: { couponId: id, status: CouponStatus.Used, usable: false, usedAt: t.clock.now() } });
    expect((await ledgerOf(id)).map((r) => [Number(r.member_id), r.asset, Number(r.amount_minor), r.kind])).toEqual([[m.id, 'CNY', 1250, 'coupon_redeem']]);

    const again = await redeem(m, id);
    expect({ status: again.statusCode, code: again.json().code }).toEqual({ status: 409, code: EconomyError.CouponUsed });
    expect(again.json().msg).toMatch(/^couponId: .*redeemed already/);
    expect(await t.app.wallet.getBalance(m.id, 'CNY')).toBe(11_250);
  });

  it('pays a coupon once when 20 requests race for it', async () => {
    const m = await newMember(t, '0.00', 'CNY', '0.00');
    const id = await coupon(m, CouponType.Cash, '7.77');
    const answers = await Promise.all(Array.from({ length: 20 }, () => redeem(m, id)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await t.app.wallet.getBalance(m.id, 'CNY')).toBe(777);
    expect(await ledgerOf(id)).toHaveLength(1);
    // The main wallet equals its ledger: nothing credited beside the one row.
    const rows = await t.db.selectFrom('ledger').select('amount_minor').where('member_id', '=', m.id).where('asset', '=', 'CNY').execute();
    expect(rows.reduce((sum, r) => sum + Number(r.amount_minor), 0)).toBe(777);
  });

  it('backs paying once with a unique ledger index on (kind, ref_type, ref_id) for coupon_redeem rows (migration 0015)', async () => {
    const definition =
      t.app.dbDriver === 'postgres'
        ? await sql<{ def: string }>`select indexdef as def from pg_indexes where indexname = 'ledger_coupon_idx' and schemaname = current_schema()`.execute(t.db)
        : await sql<{ def: string }>`select sql as def from sqlite_master where type = 'index' and name = 'ledger_coupon_idx'`.execute(t.db);
    const def = definition.rows[0]?.def ?? '';
    expect(def).toMatch(/UNIQUE INDEX/i);
    expect(def).toMatch(/\(kind, ref_type, ref_id\)/i);
    expect(def).toMatch(/coupon_redeem/);
  });

  it("refuses another member's coupon as unknown and changes nothing", async () => {
    const owner = await newMember(t, '0.00', 'CNY', '10.00');
    const other = await newMember(t, '0.00', 'CNY', '10.00');
    const id = await coupon(owner, CouponType.Cash, '5.00');
    const before = [await snapshot(owner), await snapshot(other)];
    const res = await redeem(other, id);
    expect({ status: res.statusCode, code: res.json().code, msg: res.json().msg }).toEqual({ status: 404, code: EconomyError.CouponNotFound, msg: `couponId: no coupon ${id} of yours` });
    expect([await snapshot(owner), await snapshot(other)]).toEqual(before);
    expect(await data(ECONOMY_PATHS.coupons, {}, other.token)).toEqual([]);
  });

  it('refuses an expired coupon (409) and lists it expired', async () => {
    const m = await newMember(t, '0.00', 'CNY', '10.00');
    const id = await coupon(m, CouponType.Cash, '5.00', 'CNY', t.clock.now() - 31 * DAY);
    const before = await snapshot(m);
    const res = await redeem(m, id);
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 409, code: EconomyError.CouponExpired });
    expect(res.json().msg).toMatch(/^couponId: coupon \d+ expired at /);
    expect(await snapshot(m)).toEqual(before);
    expect(await data(ECONOMY_PATHS.coupons, {}, m.token)).toEqual([expect.objectContaining({ couponId: id, status: CouponStatus.Expired, usable: false })]);
  });

  it('expires a coupon on the platform clock: usable the ms before, refused at its expiry', async () => {
    const m = await newMember(t, '0.00', 'CNY', '0.00');
    // Won 30 days less 1 ms ago: they expire 1 ms from now.
    const wonAt = t.clock.now() - 30 * DAY + 1;
    const first = await coupon(m, CouponType.Cash, '1.00', 'CNY', wonAt);
    const second = await coupon(m, CouponType.Cash, '2.00', 'CNY', wonAt);
    expect((await redeem(m, first)).statusCode).toBe(200);
    t.clock.advance(1);
    expect((await redeem(m, second)).json().code).toBe(EconomyError.CouponExpired);
    expect(await t.app.wallet.getBalance(m.id, 'CNY')).toBe(100);
  });

  it('unlocks a deposit coupon with conversions made since it was won and pays it in coins, pushed on the coins channel', async () => {
    const m = await newMember(t, '3.00', 'CNY', '100.00');
    await data(ECONOMY_PATHS.transfer, { amount: '30.00' }, m.token); // before the coupon: does not count
    t.clock.advance(1);
    const id = await coupon(m, CouponType.Deposit, '20.00');
    await data(ECONOMY_PATHS.transfer, { amount: '15.00' }, m.token);
    expect((await data(ECONOMY_PATHS.coupons, {}, m.token))[0]).toMatchObject({ redeemsInto: 'coins', condition: 'conversion', required: '20.00', progress: '15.00', usable: false });
    const before = await snapshot(m);
    const locked = await redeem(m, id);
    expect({ status: locked.statusCode, code: locked.json().code, msg: locked.json().msg }).toEqual({
      status: 422,
      code: EconomyError.CouponLocked,
      msg: `couponId: coupon ${id} needs 20.00 CNY main balance converted to coins since it was won; 15.00 so far`,
    });
    expect(await snapshot(m)).toEqual(before);

    await data(ECONOMY_PATHS.transfer, { amount: '5.00' }, m.token);
    expect((await data(ECONOMY_PATHS.coupons, {}, m.token))[0]).toMatchObject({ progress: '20.00', usable: true });
    const pushes = await pushListener(t, [EconomyChannel.memberCoins(m.id)], m.token);
    // 3 + 30 + 15 + 5 converted coins, then the coupon's 20.00 CNY at 1 coin per CNY.
    expect(await data(ECONOMY_PATHS.couponRedeem, { couponId: id }, m.token)).toMatchObject({ asset: COIN, credited: '20.00', coinBalance: '73.00', balance: '50.00' });
    expect((await pushes.waitFor((p) => p.data.kind === 'coins' && p.data.reason === 'coupon', 'the coupon push')).data).toEqual({ kind: 'coins', coinBalance: '73.00', reason: 'coupon', change: '20.00' });
    pushes.close();
    expect((await ledgerOf(id)).map((r) => [r.asset, Number(r.amount_minor)])).toEqual([[COIN, 2000]]);
    await expectCoinBooksBalance(t);
  });

  it('pays a deposit coupon in another currency at the conversion rate, rounded down', async () => {
    const m = await newMember(t, '0.00', 'USD', '10.00');
    const id = await coupon(m, CouponType.Deposit, '1.01', 'USD');
    await data(ECONOMY_PATHS.transfer, { amount: '1.01' }, m.token);
    // 1.01 USD x 7.12 CNY/USD x 1 coin/CNY = 7.1912 -> 7.19 coins (as a conversion would pay).
    expect(await data(ECONOMY_PATHS.couponRedeem, { couponId: id }, m.token)).toMatchObject({ asset: COIN, credited: '7.19', coinBalance: '14.38', balance: '8.99' });
  });

  it('unlocks a flow coupon at its turnover multiple of settled stake since it was won, and pays the main balance', async () => {
    const m = await newMember(t, '0.00', 'CNY', '0.00');
    await settledBet(m, '100.00'); // settled before it was won: does not count
    t.clock.advance(1);
    const id = await coupon(m, CouponType.Flow, '10.00');
    await settledBet(m, '30.00');
    await settledBet(m, '500.00', undefined, 4); // confirmed, not settled: does not count
    expect((await data(ECONOMY_PATHS.coupons, {}, m.token))[0]).toMatchObject({ condition: 'turnover', required: '50.00', progress: '30.00', usable: false, redeemsInto: 'balance' });
    expect((await redeem(m, id)).json()).toMatchObject({ code: EconomyError.CouponLocked, msg: `couponId: coupon ${id} needs 50.00 CNY stake of bets settled since it was won; 30.00 so far` });
    await settledBet(m, '20.00');
    expect(await data(ECONOMY_PATHS.couponRedeem, { couponId: id }, m.token)).toMatchObject({ asset: 'CNY', credited: '10.00', balance: '10.00', coupon: { progress: '50.00', status: CouponStatus.Used } });
    expect((await ledgerOf(id)).map((r) => [r.asset, Number(r.amount_minor), r.kind])).toEqual([['CNY', 1000, 'coupon_redeem']]);
  });

  it('refuses bad input with a message naming couponId, and visitors with 401', async () => {
    const m = await newMember(t);
    for (const couponId of [undefined, 'abc', -1, 0, 1.5]) {
      const res = await redeem(m, couponId);
      expect({ couponId, status: res.statusCode }).toEqual({ couponId, status: 400 });
      expect(res.json().msg).toMatch(/couponId/);
    }
    const extra = await post(ECONOMY_PATHS.couponRedeem, { couponId: 1, amount: '5' }, m.token);
    expect(extra.statusCode).toBe(400);
    expect((await post(ECONOMY_PATHS.couponRedeem, { couponId: 1 })).statusCode).toBe(401);
    const unknown = await redeem(m, 987_654_321);
    expect({ status: unknown.statusCode, code: unknown.json().code }).toEqual({ status: 404, code: EconomyError.CouponNotFound });
  });
});
