import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Decimal from 'decimal.js';
import { loadPlatformConfig } from '../src/config/platformConfig';
import { buildTestApp, login, playOut, REPO_ROOT, type TestApp } from './helpers';
import { auth, bettingApp, balanceOf, bookProblems, placeSingle, play, selections, type Selection } from './betting.support';

/** Pre-bets (reservations) through HTTP: parameters, booking, modify, cancel, trigger, expiry and the reserved view. */

const DAY_MS = 86_400_000;

function post(t: TestApp, token: string, url: string, payload: unknown) {
  return t.inject({ method: 'POST', url: `/v1/order${url}`, headers: auth(token), payload });
}

/** The next 0.01 step above the current odds: the lowest a pre-bet may ask. */
function above(odd: string): string {
  return new Decimal(odd).toDecimalPlaces(2, Decimal.ROUND_DOWN).plus('0.01').toFixed(2);
}

/** A pre-match football 1X2 selection kicking off at least `minMinutes` (simulated) from now. */
function prematch(t: TestApp, minMinutes: number, skip: readonly number[] = []): Selection {
  const now = t.feed.now();
  const found = selections(t, 'today', { sportId: 1, kind: 'win1x2' })
    .filter((s) => s.match.beginTime - now >= minMinutes * 60_000 && !skip.includes(s.match.matchId))
    .sort((a, b) => a.match.beginTime - b.match.beginTime);
  if (!found[0]) throw new Error(`no football match kicking off ${minMinutes} minutes from now or later`);
  return found[0];
}

function bookBody(s: Selection, extra: { odds?: string; unitStake?: string; requestId?: string } = {}) {
  return {
    matchId: s.match.matchId,
    marketId: s.market.marketId,
    optionType: s.option.type,
    odds: extra.odds ?? above(s.option.odd),
    unitStake: extra.unitStake ?? '100.00',
    ...(extra.requestId ? { requestId: extra.requestId } : {}),
  };
}

async function reservationRow(t: TestApp, id: string) {
  return t.db.selectFrom('reservations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function ordersOf(t: TestApp, username: string) {
  return t.db
    .selectFrom('orders')
    .innerJoin('members', 'members.id', 'orders.member_id')
    .selectAll('orders')
    .where('members.username', '=', username)
    .execute();
}

/** Stands in for the market reaching the asked price: the stored asked odds become the current odds. */
async function priceReached(t: TestApp, reserveId: string, odd: string) {
  await t.db.updateTable('reservations').set({ odds: odd }).where('id', '=', reserveId).execute();
}

describe('pre-bets through HTTP', () => {
  let t: TestApp;
  let token: string;
  let other: string;

  beforeAll(async () => ({ t, tokens: [token, other] } = await bettingApp({ feed: { speed: 600 } }, 'demo', 'demo2')));
  afterAll(async () => t?.app.close());

  it('answers the reserve limit of a market: stake range, options with odds bounds, kick-off as expiry', async () => {
    const s = prematch(t, 30);
    const res = await post(t, token, '/reserve/getBetParameter', { matchId: s.match.matchId, marketId: s.market.marketId });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ matchId: s.match.matchId, marketId: s.market.marketId, minBet: '10.00', maxBet: '20000.00', status: 1, isInPlay: false, expiresAt: s.match.beginTime, line: null });
    expect(data.currentOdds.map((o: { type: string }) => o.type)).toEqual(s.market.options.map((o) => o.type));
    const option = data.currentOdds.find((o: { type: string }) => o.type === s.option.type);
    expect(option).toMatchObject({ odd: s.option.odd, isLock: false, minOdds: above(s.option.odd) });
    expect(new Decimal(option.maxOdds).toNumber()).toBeCloseTo(Math.min(100, Math.floor(Number(s.option.odd) * 300) / 100), 2);

    const one = (await post(t, token, '/reserve/getBetParameter', { matchId: s.match.matchId, marketId: s.market.marketId, optionType: s.option.type })).json().data;
    expect(one).toMatchObject({ minOdds: option.minOdds, maxOdds: option.maxOdds });

    // Limits in another currency are for a member who bets from a wallet in it (docs/api.md, currencyId).
    const eur = await post(t, token, '/reserve/getBetParameter', { matchId: s.match.matchId, marketId: s.market.marketId, currencyId: 3 });
    expect(eur.statusCode).toBe(422);
    const member = await t.db.selectFrom('members').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow();
    await t.db.transaction().execute((trx) => t.app.wallet.openWallet(trx, Number(member.id), 'USD'));
    const usd = (await post(t, token, '/reserve/getBetParameter', { matchId: s.match.matchId, marketId: s.market.marketId, currencyId: 2 })).json().data;
    expect(usd).toMatchObject({ currencyId: 2, minBet: '1.41', maxBet: '2808.98' });

    const unknown = await post(t, token, '/reserve/getBetParameter', { matchId: s.match.matchId, marketId: 1 });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json()).toMatchObject({ code: 15002, errcode: 15002 });
    const elsewhere = await post(t, token, '/reserve/getBetParameter', { matchId: s.match.matchId + 1, marketId: s.market.marketId });
    expect(elsewhere.json().code).toBe(15002);
  });

  it('books a pre-bet without moving money and lists it as booked', async () => {
    const s = prematch(t, 30);
    const before = await balanceOf(t, 'demo');
    const res = await post(t, token, '/reserve/bet', bookBody(s, { unitStake: '120.50' }));
    expect(res.statusCode).toBe(200);
    const r = res.json().data;
    expect(r).toMatchObject({
      status: 0,
      repeated: false,
      matchId: s.match.matchId,
      marketId: s.market.marketId,
      type: s.option.type,
      optionOdd: above(s.option.odd),
      bookedOdds: s.option.odd,
      unitStake: '120.50',
      currency: 'CNY',
      orderId: null,
      failReason: null,
      isInPlay: false,
      matchType: 1,
      sportId: 1,
      homeName: s.match.matchInfo.homeName,
      awayName: s.match.matchInfo.awayName,
      beginTime: s.match.beginTime,
    });
    expect(r.reserveId).toMatch(/^\d{19}$/);
    expect(r.optionTeam).toBe(s.option.type === 'home' ? s.match.matchInfo.homeName : s.option.type === 'away' ? s.match.matchInfo.awayName : '');
    expect(await balanceOf(t, 'demo')).toBe(before);
    expect(await ordersOf(t, 'demo')).toHaveLength(0);

    const list = (await post(t, token, '/new/reserve/betList', { isFailed: false })).json().data;
    expect(list.ods.map((o: { reserveId: string }) => o.reserveId)).toContain(r.reserveId);
    expect(list.sts).toEqual([{ coinId: 1, coinName: 'CNY', count: list.ods.length, stakeAmount: expect.any(String) }]);

    const english = (await post(t, token, '/new/reserve/betList', { isFailed: false, language: 'ENG' })).json().data;
    const mine = english.ods.find((o: { reserveId: string }) => o.reserveId === r.reserveId);
    expect(mine.homeName).toBe(t.feed.match(s.match.matchId, 'ENG')!.matchInfo.homeName);
    expect(await bookProblems(t)).toEqual([]);
  });

  it('answers a repeated requestId with the first booking', async () => {
    const s = prematch(t, 30);
    const body = bookBody(s, { requestId: 'reserve-repeat-0001' });
    const first = (await post(t, token, '/reserve/bet', body)).json().data;
    const again = await post(t, token, '/reserve/bet', { ...body, unitStake: '999.00' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ reserveId: first.reserveId, repeated: true, unitStake: '100.00' });
    const rows = await t.db.selectFrom('reservations').select('id').where('market_id', '=', s.market.marketId).execute();
    expect(rows.filter((row) => row.id === first.reserveId)).toHaveLength(1);
  });

  it('refuses bad bookings with a message and books nothing', async () => {
    const s = prematch(t, 30);
    const count = async () => Number((await t.db.selectFrom('reservations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const balance = await balanceOf(t, 'demo');

    const atCurrent = await post(t, token, '/reserve/bet', bookBody(s, { odds: s.option.odd }));
    expect(atCurrent.statusCode).toBe(422);
    expect(atCurrent.json()).toMatchObject({ code: 15032, errcode: 15032 });
    expect(atCurrent.json().msg).toContain(`ask at least ${above(s.option.odd)}`);

    const tooHigh = await post(t, token, '/reserve/bet', bookBody(s, { odds: '100.01' }));
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().msg).toMatch(/^odds: asked 100\.01, at most/);

    const zero = await post(t, token, '/reserve/bet', bookBody(s, { unitStake: '0' }));
    expect(zero.statusCode).toBe(400);
    expect(zero.json().msg).toContain('unitStake');

    const small = await post(t, token, '/reserve/bet', bookBody(s, { unitStake: '9.99' }));
    expect(small.statusCode).toBe(422);
    expect(small.json()).toMatchObject({ code: 15006 });
    expect(small.json().msg).toContain('Below the range');

    const large = await post(t, token, '/reserve/bet', bookBody(s, { unitStake: '20000.01' }));
    expect(large.json()).toMatchObject({ code: 15007 });

    const poor = await post(t, token, '/reserve/bet', bookBody(s, { unitStake: '15000.00' }));
    expect(poor.json()).toMatchObject({ code: 15008 });

    const noOption = await post(t, token, '/reserve/bet', { ...bookBody(s), optionType: 'nobody' });
    expect(noOption.statusCode).toBe(400);
    expect(noOption.json().msg).toContain('optionType');

    const closedMarket = await post(t, token, '/reserve/bet', { ...bookBody(s), marketId: 1 });
    expect(closedMarket.json()).toMatchObject({ code: 15002 });

    const extra = await post(t, token, '/reserve/bet', { ...bookBody(s), surprise: 1 });
    expect(extra.statusCode).toBe(400);

    const anonymous = await t.inject({ method: 'POST', url: '/v1/order/reserve/bet', payload: bookBody(s) });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 14010 });

    expect(await count()).toBe(before);
    expect(await balanceOf(t, 'demo')).toBe(balance);
  });

  it('modifies a booked pre-bet; bad changes leave it as it was', async () => {
    const s = prematch(t, 30);
    const r = (await post(t, token, '/reserve/bet', bookBody(s))).json().data;
    const higher = new Decimal(above(s.option.odd)).plus('0.25').toFixed(2);
    const res = await post(t, token, '/reserve/modify', { reserveId: r.reserveId, odds: higher, unitStake: '250' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ reserveId: r.reserveId, status: 0, optionOdd: higher, unitStake: '250.00' });

    const stakeOnly = await post(t, token, '/reserve/modify', { reserveId: r.reserveId, unitStake: '260.00' });
    expect(stakeOnly.json().data).toMatchObject({ optionOdd: higher, unitStake: '260.00' });

    const low = await post(t, token, '/reserve/modify', { reserveId: r.reserveId, odds: s.option.odd });
    expect(low.statusCode).toBe(422);
    expect(low.json().code).toBe(15032);
    const zero = await post(t, token, '/reserve/modify', { reserveId: r.reserveId, unitStake: '0.00' });
    expect(zero.statusCode).toBe(400);
    const nothing = await post(t, token, '/reserve/modify', { reserveId: r.reserveId });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().msg).toContain('expected odds, unitStake or both');
    const unknown = await post(t, token, '/reserve/modify', { reserveId: '123', odds: higher });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 15030, errcode: 15030 });

    const row = await reservationRow(t, r.reserveId);
    expect(row).toMatchObject({ odds: higher, status: 0 });
    expect(Number(row.unit_stake_minor)).toBe(26_000);
  });

  it('keeps pre-bets to their member: another member gets 404 and sees nothing', async () => {
    const s = prematch(t, 30);
    const r = (await post(t, token, '/reserve/bet', bookBody(s))).json().data;
    const modify = await post(t, other, '/reserve/modify', { reserveId: r.reserveId, unitStake: '50' });
    expect(modify.statusCode).toBe(404);
    expect(modify.json().code).toBe(15030);
    const cancel = await post(t, other, '/reserve/cancel', { reserveId: r.reserveId });
    expect(cancel.statusCode).toBe(404);
    for (const isFailed of [false, true]) {
      const list = (await post(t, other, '/new/reserve/betList', { isFailed })).json().data;
      expect(list).toEqual({ ods: [], sts: [] });
    }
    expect(await reservationRow(t, r.reserveId)).toMatchObject({ status: 0, unit_stake_minor: 10_000 });
  });

  it('cancels a booked pre-bet: status 3, listed as failed, no longer changeable', async () => {
    const s = prematch(t, 30);
    const r = (await post(t, token, '/reserve/bet', bookBody(s))).json().data;
    const res = await post(t, token, '/reserve/cancel', { reserveId: r.reserveId });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ reserveId: r.reserveId, status: 3 });
    const again = await post(t, token, '/reserve/cancel', { reserveId: r.reserveId });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.status).toBe(3);
    const modify = await post(t, token, '/reserve/modify', { reserveId: r.reserveId, unitStake: '50' });
    expect(modify.statusCode).toBe(409);
    expect(modify.json().code).toBe(15031);

    const open = (await post(t, token, '/new/reserve/betList', { isFailed: false })).json().data;
    expect(open.ods.map((o: { reserveId: string }) => o.reserveId)).not.toContain(r.reserveId);
    const failed = (await post(t, token, '/new/reserve/betList', { isFailed: true })).json().data;
    expect(failed.ods.find((o: { reserveId: string }) => o.reserveId === r.reserveId)).toMatchObject({ status: 3 });
    const later = (await post(t, token, '/new/reserve/betList', { isFailed: true, startTime: t.clock.now() + 1 })).json().data;
    expect(later.ods.map((o: { reserveId: string }) => o.reserveId)).not.toContain(r.reserveId);
    const reversed = await post(t, token, '/new/reserve/betList', { isFailed: true, startTime: 10, endTime: 5 });
    expect(reversed.statusCode).toBe(400);
  });

  it('places a pre-bet when its odds are reached: order at the current odds, stake debited, in progress, then settled', async () => {
    const s = prematch(t, 5);
    const before = await balanceOf(t, 'demo');
    const r = (await post(t, token, '/reserve/bet', bookBody(s, { unitStake: '200.00' }))).json().data;

    // Not reached yet: the trigger leaves it booked.
    await t.app.betting.reservations.onOdds(t.feed.markets(s.match.matchId));
    expect((await reservationRow(t, r.reserveId)).status).toBe(0);

    const current = t.feed.market(s.market.marketId)!.options.find((o) => o.type === s.option.type)!.odd;
    await priceReached(t, r.reserveId, current);
    await t.app.betting.reservations.onOdds(t.feed.markets(s.match.matchId));

    const row = await reservationRow(t, r.reserveId);
    expect(row.status).toBe(1);
    expect(row.order_id).toMatch(/^\d+$/);
    const order = await t.db.selectFrom('orders').selectAll().where('id', '=', row.order_id!).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ reserve_id: r.reserveId, status: 4, odds: current, bet_type: 1 });
    expect(Number(order.stake_minor)).toBe(20_000);
    expect(await balanceOf(t, 'demo')).toBe(before - 20_000);

    const list = (await post(t, token, '/new/reserve/betList', { isFailed: false })).json().data;
    expect(list.ods.find((o: { reserveId: string }) => o.reserveId === r.reserveId)).toMatchObject({ status: 1, orderId: row.order_id });
    const history = (await post(t, token, '/new/bet/list', { isSettled: false })).json().data;
    expect(history.records.some((rec: Record<string, unknown>) => Object.values(rec).includes(row.order_id))).toBe(true);

    // A second trigger does not place it twice.
    await t.app.betting.reservations.onOdds(t.feed.markets(s.match.matchId));
    expect((await ordersOf(t, 'demo')).filter((o) => o.reserve_id === r.reserveId)).toHaveLength(1);

    // The match plays out (the feed's test controls, the rest of the world standing still) and settles the order, and
    // with it the pre-bet.
    playOut(t, s.match.matchId);
    await t.app.betting.tick();
    await t.app.betting.idle();
    expect((await reservationRow(t, r.reserveId)).status).toBe(2);
    const settled = await t.db.selectFrom('orders').selectAll().where('id', '=', row.order_id!).executeTakeFirstOrThrow();
    expect(settled.status).toBe(5);
    const listed = (await post(t, token, '/new/reserve/betList', { isFailed: false })).json().data;
    expect(listed.ods.map((o: { reserveId: string }) => o.reserveId)).not.toContain(r.reserveId);
    expect(await bookProblems(t)).toEqual([]);
  }, 120_000);

  it('makes a pre-bet no longer valid when it cannot be placed (insufficient balance)', async () => {
    const s = prematch(t, 30);
    const r = (await post(t, token, '/reserve/bet', bookBody(s, { unitStake: '5000.00' }))).json().data;
    // Spend most of the balance on an ordinary bet: the pre-bet's stake is no longer there when it triggers.
    const balance = await balanceOf(t, 'demo');
    const spend = ((balance - 100_000) / 100).toFixed(2);
    const [bet] = selections(t, 'today', { kind: 'win1x2', limit: 2 }).filter((x) => x.match.matchId !== s.match.matchId);
    expect((await placeSingle(t, token, bet!, spend)).statusCode).toBe(200);
    const after = await balanceOf(t, 'demo');

    const current = t.feed.market(s.market.marketId)!.options.find((o) => o.type === s.option.type)!.odd;
    await priceReached(t, r.reserveId, current);
    await t.app.betting.reservations.onOdds(t.feed.markets(s.match.matchId));
    const row = await reservationRow(t, r.reserveId);
    expect(row).toMatchObject({ status: 4, order_id: null });
    expect(row.fail_reason).toContain('Insufficient balance');
    expect(await balanceOf(t, 'demo')).toBe(after);
    const failed = (await post(t, token, '/new/reserve/betList', { isFailed: true })).json().data;
    expect(failed.ods.find((o: { reserveId: string }) => o.reserveId === r.reserveId)).toMatchObject({ status: 4, failReason: row.fail_reason });
    expect(await bookProblems(t)).toEqual([]);
  });

  it('lapses a pre-match pre-bet at kick-off', async () => {
    const s = prematch(t, 10);
    const r = (await post(t, other, '/reserve/bet', bookBody(s))).json().data;
    await t.app.betting.tick();
    await t.app.betting.idle();
    expect((await reservationRow(t, r.reserveId)).status).toBe(0);

    const wait = Math.ceil((s.match.beginTime - t.feed.now()) / 600) + 500;
    await play(t, wait, 500);
    const row = await reservationRow(t, r.reserveId);
    expect(row.status).toBe(4);
    expect(row.fail_reason).toMatch(/^Match started/);
    const failed = (await post(t, other, '/new/reserve/betList', { isFailed: true })).json().data;
    expect(failed.ods.map((o: { reserveId: string }) => o.reserveId)).toEqual([r.reserveId]);
    expect(failed.sts).toEqual([{ coinId: 1, coinName: 'CNY', count: 1, stakeAmount: '100.00' }]);
    const modify = await post(t, other, '/reserve/modify', { reserveId: r.reserveId, unitStake: '50' });
    expect(modify.statusCode).toBe(409);
  }, 60_000);

  it('places in-play pre-bets as the live odds move to them, through the in-play delay', async () => {
    // A level football match early in its first half: both sides' odds drift up while the score stays level.
    const live = selections(t, 'inplay', { sportId: 1, kind: 'win1x2' })
      .filter((x) => x.match.matchInfo.homeScore === x.match.matchInfo.awayScore && x.market.options.every((o) => !o.isLock) && x.match.matchInfo.matchTime < 30 * 60)
      .sort((a, b) => a.match.matchInfo.matchTime - b.match.matchInfo.matchTime);
    const s = live[0]!;
    const booked: string[] = [];
    for (const type of ['home', 'away']) {
      const option = s.market.options.find((o) => o.type === type)!;
      const res = await post(t, other, '/reserve/bet', { matchId: s.match.matchId, marketId: s.market.marketId, optionType: type, odds: above(option.odd), unitStake: '50' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ isInPlay: true, status: 0 });
      booked.push(res.json().data.reserveId);
    }
    const params = (await post(t, other, '/reserve/getBetParameter', { matchId: s.match.matchId, marketId: s.market.marketId })).json().data;
    expect(params.expiresAt).toBeNull();

    // The feed's own odds changes drive the trigger (no direct call).
    const placed = async () => (await t.db.selectFrom('reservations').selectAll().where('id', 'in', booked).execute()).filter((row) => row.order_id !== null);
    for (let i = 0; i < 30 && (await placed()).length === 0; i++) await play(t, 500, 500);
    const rows = await placed();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const order = await t.db.selectFrom('orders').selectAll().where('id', '=', row.order_id!).executeTakeFirstOrThrow();
      expect(order.reserve_id).toBe(row.id);
      expect(order.is_in_play).toBe(1);
      expect(order.status).toBe(1);
      expect(row.status).toBe(1);
      expect(new Decimal(order.odds).greaterThanOrEqualTo(row.odds)).toBe(true);
    }
    // After the acceptance delay the order is confirmed (pre-bet in progress) or rejected (pre-bet no longer valid).
    await play(t, 6000, 1000);
    for (const row of await placed()) {
      const order = await t.db.selectFrom('orders').selectAll().where('id', '=', row.order_id!).executeTakeFirstOrThrow();
      expect([2, 4, 5]).toContain(order.status);
      if (order.status === 2) expect(row).toMatchObject({ status: 4, fail_reason: order.reject_reason });
      else expect([1, 2]).toContain(row.status);
    }
    expect(await bookProblems(t)).toEqual([]);
  }, 120_000);
});

describe('pre-bet limits and the failed window', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    const loaded = loadPlatformConfig(path.join(REPO_ROOT, 'config', 'platform.json'));
    t = await buildTestApp({ feed: { speed: 600 }, config: { betting: { ...loaded.betting, reservation: { ...loaded.betting.reservation, maxOpenPerMember: 2 } } } });
    token = await login(t);
  });
  afterAll(async () => t?.app.close());

  it('books at most maxOpenPerMember at a time', async () => {
    const s = prematch(t, 30);
    const first = (await post(t, token, '/reserve/bet', bookBody(s))).json().data;
    expect((await post(t, token, '/reserve/bet', bookBody(s))).statusCode).toBe(200);
    const third = await post(t, token, '/reserve/bet', bookBody(s));
    expect(third.statusCode).toBe(422);
    expect(third.json()).toMatchObject({ code: 15033 });
    expect(third.json().msg).toContain('at most 2');
    await post(t, token, '/reserve/cancel', { reserveId: first.reserveId });
    expect((await post(t, token, '/reserve/bet', bookBody(s))).statusCode).toBe(200);
  });

  it('lists failed pre-bets of the last 7 days only', async () => {
    const list = async () => (await post(t, token, '/new/reserve/betList', { isFailed: true, startTime: 0 })).json().data;
    expect((await list()).ods).toHaveLength(1);
    t.clock.advance(6 * DAY_MS);
    token = await login(t);
    expect((await list()).ods).toHaveLength(1);
    t.clock.advance(DAY_MS + 60_000);
    token = await login(t);
    expect(await list()).toEqual({ ods: [], sts: [] });
  });
});
