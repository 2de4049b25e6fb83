import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Decimal from 'decimal.js';
import { mapBetRecord } from '../../domain/betRecord';
import { BetResult } from '../../domain/series';
import { OrderStatus } from '../src/betting/codes';
import { auth, balanceOf, bookProblems, placeSingle, play, type Selection } from './betting.support';
import { createFakeClock } from '../src/clock';
import { buildTestApp, login, quietFeed, type TestApp } from './helpers';

/**
 * A bet on an outright runner goes through the same placement as any single (issue 13) and settles by the champion
 * the feed draws at the season's end. The outright that closes first is used, on a feed started just before its end.
 */
describe('betting on an outright over HTTP', () => {
  let t: TestApp;
  let token: string;
  let pick: Selection;
  let orderId: string;

  beforeAll(async () => {
    // The season that ends first in the test world (seed 7 on the test clock, the file's quiet feed), and a platform
    // whose feed starts half an hour before that end: the same seasons, drifts and champion (a season's calendar and
    // draws never depend on when the process started), without simulating the hours of every sport before it.
    const end = Math.min(...quietFeed().matches({ type: 'outright' }).map((o) => o.beginTime));
    t = await buildTestApp({ feed: { speed: 600, origin: { realStart: createFakeClock().now(), simStart: end - 30 * 60_000 } } });
    token = await login(t);
    const first = [...t.feed.matches({ type: 'outright' })].sort((a, b) => a.beginTime - b.beginTime)[0]!;
    expect(first.beginTime).toBe(end);
    const market = t.feed.markets(first.matchId).find((m) => m.key === 'outright')!;
    // The favourite, so the settled bet is as likely to win as the feed makes it.
    const option = [...market.options].filter((o) => !o.isLock).sort((a, b) => new Decimal(a.odd).comparedTo(b.odd))[0]!;
    pick = { match: first, market, option };
  });
  afterAll(async () => t?.app.close());

  const records = async (isSettled: boolean) =>
    ((await t.inject({ method: 'POST', url: '/v1/order/new/bet/list', headers: auth(token), payload: { isSettled } })).json().data.records as unknown[]).map(mapBetRecord);

  // The history answers in the member's language (Chinese by default), as the list (matches() defaults to CMN) does.
  it('accepts a single on a runner at once, and the history names the competition and the runner', async () => {
    const before = await balanceOf(t, 'demo');
    const res = await placeSingle(t, token, pick, '10.00');
    expect(res.statusCode).toBe(200);
    const [order] = res.json().data.orders;
    expect(order).toMatchObject({ status: OrderStatus.Confirmed, betAmount: '10.00', odds: pick.option.odd });
    orderId = order.orderId;
    expect(await balanceOf(t, 'demo')).toBe(before - 1_000);

    const open = (await records(false)).find((r) => r.id === orderId)!;
    const [leg] = open.options;
    expect(leg).toMatchObject({ matchType: 2, optionName: pick.option.name.CMN, matchId: pick.match.matchId });
    expect(leg!.matchName).toBe(pick.match.matchInfo.homeName);
    expect(leg!.matchName).not.toMatch(/ vs /);
  });

  it('settles the bet by the champion drawn at the season end and keeps the books balanced', async () => {
    const simulatedMs = pick.match.beginTime - t.feed.now() + 60_000;
    // At 600x a real second is ten simulated minutes: a step each.
    await play(t, Math.ceil(simulatedMs / 600 / 1_000) * 1_000);
    const order = await t.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order.status).toBe(OrderStatus.Settled);
    const leg = await t.db.selectFrom('order_legs').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
    const expected = t.feed.outcomeOf(pick.market.marketId, pick.option.type);
    expect([BetResult.Won, BetResult.Lost]).toContain(expected);
    expect(leg.result).toBe(expected);
    expect(Number(order.payout_minor)).toBe(expected === BetResult.Won ? new Decimal(pick.option.odd).times(1_000).toNumber() : 0);
    expect((await records(true)).map((r) => r.id)).toContain(orderId);
    expect(await bookProblems(t)).toEqual([]);
  });
});
