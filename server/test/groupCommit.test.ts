import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { BetError, OddsChange, OrderStatus } from '../src/betting/codes';
import type { PlaceContext } from '../src/betting/orders';
import { buildTestApp, login, type TestApp } from './helpers';
import { auth, balanceOf, bookProblems, selections, type Selection } from './betting.support';

/**
 * Group commit of bet placement: requests that arrive together are written in one transaction, each in its own
 * savepoint. A refused request (insufficient balance, even half way through a multiple) writes nothing while the
 * others of its group commit; request ids stay idempotent inside a group; legs share their stored snapshots.
 */
describe('group commit of bet placement', () => {
  let t: TestApp;
  let demo: PlaceContext;
  let demo2: PlaceContext;
  let poor: PlaceContext;
  let picks: Selection[];

  const leg = (s: Selection) => ({ marketId: s.market.marketId, optionType: s.option.type, odds: s.option.odd, oddsFormat: 1 as const });
  const single = (s: Selection, unitStake: string) => ({ unitStake, oddsChange: OddsChange.Any, leg: leg(s) });
  const memberId = async (username: string) => Number((await t.db.selectFrom('members').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id);
  const ordersOf = async (id: number) => t.db.selectFrom('orders').select('id').where('member_id', '=', id).execute();

  beforeAll(async () => {
    t = await buildTestApp();
    demo = { memberId: await memberId('demo'), currency: 'CNY' };
    demo2 = { memberId: await memberId('demo2'), currency: 'CNY' };
    // A member with 150.00 CNY: enough for one 100.00 stake, not for two.
    const row = await t.db.insertInto('members').values({ username: 'poor', password_hash: 'x', nickname: 'Poor', currency: 'CNY', vip_level: 0, created_at: t.clock.now() }).returning('id').executeTakeFirstOrThrow();
    poor = { memberId: Number(row.id), currency: 'CNY' };
    await t.db.transaction().execute((trx) => t.app.wallet.credit(trx, { memberId: poor.memberId, asset: 'CNY', amountMinor: 15_000, kind: 'opening_balance' }));
    picks = selections(t, 'today', { parlay: true, limit: 3 });
    expect(picks.length).toBeGreaterThanOrEqual(3);
  });
  afterAll(async () => t?.app.close());

  it('commits the accepted requests of a group and rolls back only the refused one, even a half-written multiple', async () => {
    const transactions = jest.spyOn(t.db, 'transaction');
    const poorBefore = await balanceOf(t, 'poor');
    const demoBefore = await balanceOf(t, 'demo');
    const [a, b, c] = picks as [Selection, Selection, Selection];
    // A double of 100.00 from the poor member (150.00), then two singles of 40.00 that do not both fit the 50.00 left.
    const settled = await Promise.allSettled([
      t.app.betting.orders.placeSingles({ ...demo, requestId: 'group-a' }, [single(a, '10.00')]),
      t.app.betting.orders.placeMultiple({ ...poor, requestId: 'group-poor' }, [leg(a), leg(b)], [{ seriesNumber: 2001, itemCount: 2, unitStake: '100.00', oddsChange: OddsChange.Any }]),
      t.app.betting.orders.placeSingles({ ...poor, requestId: 'group-poor-2' }, [single(a, '40.00'), single(b, '40.00')]),
      t.app.betting.orders.placeSingles({ ...demo2, requestId: 'group-b' }, [single(c, '10.00')]),
      t.app.betting.orders.placeMultiple({ ...demo }, [leg(b), leg(c)], [{ seriesNumber: 2001, itemCount: 2, unitStake: '10.00', oddsChange: OddsChange.Any }]),
    ]);
    // One transaction for the whole group (the repeat look-ups before it run outside any transaction).
    expect(transactions).toHaveBeenCalledTimes(1);
    transactions.mockRestore();
    const [first, poorMultiple, poorSingles, second, multiple] = settled;
    expect(first).toMatchObject({ status: 'fulfilled', value: { repeated: false, orders: [expect.objectContaining({ status: OrderStatus.Confirmed })] } });
    expect(second).toMatchObject({ status: 'fulfilled', value: { repeated: false } });
    expect(multiple).toMatchObject({ status: 'fulfilled', value: { orders: [expect.objectContaining({ seriesNumber: 2001 })] } });
    // The double fits the balance; of the two singles the first debit succeeds inside the savepoint, the second is
    // refused, and the savepoint takes the first back.
    expect(poorMultiple).toMatchObject({ status: 'fulfilled' });
    expect(poorSingles).toMatchObject({ status: 'rejected', reason: expect.objectContaining({ code: BetError.InsufficientBalance }) });
    expect(await balanceOf(t, 'poor')).toBe(poorBefore - 10_000);
    expect(await ordersOf(poor.memberId)).toHaveLength(1);
    const refusedRequest = await t.db.selectFrom('bet_requests').selectAll().where('member_id', '=', poor.memberId).where('request_id', '=', 'group-poor-2').execute();
    expect(refusedRequest).toEqual([]);
    expect(await balanceOf(t, 'demo')).toBe(demoBefore - 2_000);
    expect(await bookProblems(t)).toEqual([]);
  });

  it('refuses a multiple whose second series overdraws: its first debit and order are rolled back too', async () => {
    const [a, b, c] = picks as [Selection, Selection, Selection];
    const before = await balanceOf(t, 'poor');
    const ordersBefore = (await ordersOf(poor.memberId)).length;
    const ledgerBefore = await t.db.selectFrom('ledger').select('id').where('member_id', '=', poor.memberId).execute();
    expect(before).toBe(5_000);
    const settled = await Promise.allSettled([
      // A double and a treble of 30.00 each: 60.00 against 50.00, refused at the second debit.
      t.app.betting.orders.placeMultiple({ ...poor, requestId: 'poor-three' }, [leg(a), leg(b), leg(c)], [
        { seriesNumber: 3001, itemCount: 3, unitStake: '30.00', oddsChange: OddsChange.Any },
        { seriesNumber: 2001, itemCount: 3, unitStake: '10.00', oddsChange: OddsChange.Any },
      ]),
      t.app.betting.orders.placeSingles({ ...demo2 }, [single(a, '10.00')]),
    ]);
    expect(settled[0]).toMatchObject({ status: 'rejected', reason: expect.objectContaining({ code: BetError.InsufficientBalance }) });
    expect(settled[1]).toMatchObject({ status: 'fulfilled' });
    expect(await balanceOf(t, 'poor')).toBe(before);
    expect(await ordersOf(poor.memberId)).toHaveLength(ordersBefore);
    expect(await t.db.selectFrom('ledger').select('id').where('member_id', '=', poor.memberId).execute()).toEqual(ledgerBefore);
    expect(await bookProblems(t)).toEqual([]);
  });

  it('keeps request ids idempotent inside a group: the same id twice makes one order', async () => {
    const [a] = picks as [Selection];
    const before = await balanceOf(t, 'demo2');
    const [one, two] = await Promise.all([
      t.app.betting.orders.placeSingles({ ...demo2, requestId: 'same-in-group' }, [single(a, '10.00')]),
      t.app.betting.orders.placeSingles({ ...demo2, requestId: 'same-in-group' }, [single(a, '10.00')]),
    ]);
    expect([one.repeated, two.repeated].sort()).toEqual([false, true]);
    expect(two.orders.map((o) => o.orderId)).toEqual(one.orders.map((o) => o.orderId));
    expect(await balanceOf(t, 'demo2')).toBe(before - 1_000);
  });

  it('stores one snapshot for many legs on the same option, and the history and settlement still read it', async () => {
    const [a] = picks as [Selection];
    const token = await login(t, 'demo2');
    const results = await Promise.all(Array.from({ length: 12 }, () => t.app.betting.orders.placeSingles(demo2, [single(a, '10.00')])));
    const ids = results.map((r) => r.orders[0]!.orderId);
    const hashes = await t.db.selectFrom('order_legs').select('snapshot_hash').distinct().where('order_id', 'in', ids).execute();
    expect(hashes).toHaveLength(1);
    const snapshot = await t.db.selectFrom('leg_snapshots').selectAll().where('hash', '=', hashes[0]!.snapshot_hash).executeTakeFirstOrThrow();
    expect(JSON.parse(snapshot.market_json)).toMatchObject({ kind: a.market.kind, period: a.market.period });
    expect(JSON.parse(snapshot.names_json)).toMatchObject({ option: a.option.name });
    const all = await t.db.selectFrom('leg_snapshots').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const legs = await t.db.selectFrom('order_legs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(all.n)).toBeLessThan(Number(legs.n));
    const page = await t.inject({ method: 'POST', url: '/v1/order/new/bet/list', headers: auth(token), payload: { isSettled: false, current: 1, size: 200 } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(a.option.name.CMN);
  });
});
