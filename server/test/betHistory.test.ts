import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OrderStatus } from '../src/betting/codes';
import type { TestApp } from './helpers';
import { auth, bettingApp, balanceOf, placeSingle, selections } from './betting.support';

/** The bet history's statistics: only the orders the book took count, never a rejected and refunded one. */
describe('bet history statistics', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => ({ t, tokens: [token] } = await bettingApp({}, 'demo2')), 30_000);
  afterAll(async () => t.app.close());

  const list = async (isSettled: boolean) =>
    (await t.inject({ method: 'POST', url: '/v1/order/new/bet/list', headers: auth(token), payload: { isSettled } })).json().data;

  it('counts two accepted bets (2 · ¥30) and leaves out a third the book rejected and refunded', async () => {
    const [a, b] = selections(t, 'today', { limit: 2 });
    expect((await placeSingle(t, token, a!, '10.00')).json().data.orders[0].status).toBe(OrderStatus.Confirmed);
    expect((await placeSingle(t, token, b!, '20.00')).json().data.orders[0].status).toBe(OrderStatus.Confirmed);

    // An in-play bet waits out the acceptance delay; a goal in the meantime rejects it and returns the stake.
    const [live] = selections(t, 'inplay', { limit: 1 });
    const before = await balanceOf(t, 'demo2');
    const placed = (await placeSingle(t, token, live!, '10.00')).json().data.orders[0];
    expect(placed.status).toBe(OrderStatus.Confirming);
    t.app.betting.orders.noteDanger(live!.match.matchId);
    t.clock.advance(t.config.betting.inPlayDelaySeconds * 1000 + 1000);
    await t.app.betting.tick();
    const rejected = await t.db.selectFrom('orders').select('status').where('id', '=', placed.orderId).executeTakeFirstOrThrow();
    expect(rejected.status).toBe(OrderStatus.Rejected);
    expect(await balanceOf(t, 'demo2')).toBe(before);

    const open = await list(false);
    expect(open.total).toBe(2);
    expect(open.sts).toEqual([expect.objectContaining({ coinName: 'CNY', count: 2, stakeAmount: '30.00' })]);
    expect(open.tamt).toBe('30.00');

    // The settled view still lists the rejection (with its reason) but counts no bet, stake or loss for it.
    const closed = await list(true);
    expect(closed.total).toBe(1);
    expect(closed.records).toHaveLength(1);
    expect(closed.sts).toEqual([]);
    expect(closed.tamt).toBe('0.00');
  });
});
