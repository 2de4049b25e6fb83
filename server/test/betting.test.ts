import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildTestApp, login, type TestApp } from './helpers';
import { balanceOf, bookProblems, placeSingle, selections } from './betting.support';

describe('single bets through HTTP', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp({ feed: { speed: 600 } });
    token = await login(t);
  });
  afterAll(async () => t.app.close());

  it('places a pre-match single: confirmed at once, stake debited with its ledger row', async () => {
    const [s] = selections(t, 'today');
    const before = await balanceOf(t, 'demo');
    const res = await placeSingle(t, token, s!, '100.00');
    expect(res.statusCode).toBe(200);
    const { orders } = res.json().data;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: 4, betAmount: '100.00', odds: s!.option.odd });
    expect(await balanceOf(t, 'demo')).toBe(before - 10_000);
    expect(await bookProblems(t)).toEqual([]);
  });
});
