import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OrderStatus } from '../src/betting/codes';
import { buildTestApp, login, type TestApp } from './helpers';
import { auth, bookProblems, placeSingle, play, selections } from './betting.support';

/** A seeded random source, so a failure replays. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('the books after a random concurrent workload', () => {
  let t: TestApp;
  const accepted: string[] = [];
  /** Orders an edit answered as done (issue 33), old id to new id. */
  const edited = new Map<string, string>();
  let editsTried = 0;

  beforeAll(async () => {
    t = await buildTestApp({ feed: { speed: 600 } });
    const tokens = [await login(t), await login(t, 'demo2')];
    const rand = random(42);
    const pool = [...selections(t, 'today'), ...selections(t, 'inplay')];
    const parlayPool = selections(t, 'today', { parlay: true });
    // Bet builders: home win with the main over/under of football matches, pre-match and in play.
    const builderPool = [...t.feed.matches({ type: 'inplay', sportId: 1 }), ...t.feed.matches({ type: 'today', sportId: 1 }).slice(0, 10)].flatMap((match) => {
      const markets = t.feed.markets(match.matchId);
      const win = markets.find((m) => m.kind === 'win1x2' && m.period === 'ft');
      const ou = markets.find((m) => m.kind === 'overUnder' && m.period === 'ft');
      return win && ou ? [[{ market: win, type: 'home' }, { market: ou, type: 'over' }]] : [];
    });
    for (let round = 0; round < 6; round++) {
      // Each round fires a burst of requests at once: singles (some far beyond the balance) and doubles.
      const burst = Array.from({ length: 25 }, async (_, i) => {
        const token = tokens[i % 2]!;
        if (rand() < 0.15 && builderPool.length > 0) {
          const legs = builderPool[Math.floor(rand() * builderPool.length)]!;
          const quote = await t.inject({
            method: 'POST',
            url: '/v1/order/builder/quote',
            headers: auth(token),
            payload: { betMatchMarketList: legs.map((l) => ({ marketId: l.market.marketId, matchId: l.market.matchId, type: l.type })) },
          });
          const odds = (quote.json().data?.odds as string | null | undefined) ?? '2.00';
          return t.inject({
            method: 'POST',
            url: '/v1/order/bet/builder',
            headers: auth(token),
            payload: {
              betOptionList: legs.map((l) => ({ marketId: l.market.marketId, optionType: l.type, odds: l.market.options.find((o) => o.type === l.type)!.odd, oddsFormat: 1 })),
              odds,
              unitStake: rand() < 0.15 ? '4000.00' : (10 + Math.floor(rand() * 100)).toFixed(2),
              oddsChange: 2,
            },
          });
        }
        if (rand() < 0.3 && parlayPool.length >= 2) {
          const a = Math.floor(rand() * (parlayPool.length - 1));
          const legs = [parlayPool[a]!, parlayPool[a + 1]!];
          const res = await t.inject({
            method: 'POST',
            url: '/v1/order/betMultiple',
            headers: auth(token),
            payload: {
              betMultipleData: [{ itemCount: 2, seriesValue: 2001, unitStake: '15.00', oddsChange: 2 }],
              betOptionList: legs.map((s) => ({ marketId: s.market.marketId, optionType: s.option.type, odds: s.option.odd, oddsFormat: 1 })),
            },
          });
          return res;
        }
        const s = pool[Math.floor(rand() * pool.length)]!;
        const stake = rand() < 0.15 ? '9000.00' : (10 + Math.floor(rand() * 200)).toFixed(2);
        return placeSingle(t, token, s, stake, { oddsChange: 2, requestId: `burst-${round}-${i}-${Math.floor(rand() * 3)}` });
      });
      for (const res of await Promise.all(burst)) {
        if (res.statusCode === 200) for (const o of res.json().data.orders) accepted.push(o.orderId);
        else expect([409, 422]).toContain(res.statusCode);
      }
      // Cash outs (full and partial, racing each other) and pre-bets on what was just placed.
      const recent = accepted.slice(-10);
      const quotes = await t.inject({ method: 'POST', url: '/v1/order/cashOut/price', headers: auth(tokens[0]!), payload: { orderIds: recent } });
      const offers = (quotes.json().data?.pr ?? []) as Array<{ oid: string; amt: string; st: number }>;
      const rows = await t.db.selectFrom('orders').select(['id', 'remaining_stake_minor']).where('id', 'in', recent.length ? recent : ['0']).execute();
      await Promise.all(
        offers
          .filter((o) => o.st === 1)
          .flatMap((o) => {
            const remaining = Number(rows.find((r) => r.id === o.oid)?.remaining_stake_minor ?? 0) / 100;
            const half = (Math.floor(remaining * 50) / 100).toFixed(2);
            const cashOut = (stake: string) =>
              t.inject({ method: 'POST', url: '/v1/order/cashOut/execute', headers: auth(tokens[0]!), payload: { orderId: o.oid, cashOutStake: stake, expectedAmount: '0.01' } });
            return rand() < 0.5 ? [cashOut(remaining.toFixed(2)), cashOut(half)] : [cashOut(half)];
          }),
      );
      // Edits (issue 33): each previewed, then confirmed racing a full cash out of the same order and the feed step
      // that may settle it; whichever commits first wins, the other is refused.
      const left = ((await t.inject({ method: 'POST', url: '/v1/order/cashOut/price', headers: auth(tokens[0]!), payload: { orderIds: accepted.slice(-25) } })).json().data?.pr ??
        []) as Array<{ oid: string; amt: string; st: number }>;
      const races: Array<Promise<unknown>> = [];
      for (const o of left.filter((e) => e.st === 1).slice(0, 3)) {
        const change = rand() < 0.5 ? '10.00' : '-5.00';
        const preview = await t.inject({ method: 'POST', url: '/v1/order/bet/edit/preview', headers: auth(tokens[0]!), payload: { orderId: o.oid, stakeChange: change } });
        if (preview.statusCode !== 200) continue;
        const p = preview.json().data;
        editsTried += 1;
        races.push(
          t
            .inject({
              method: 'POST',
              url: '/v1/order/bet/edit/confirm',
              headers: auth(tokens[0]!),
              payload: { orderId: o.oid, betOptionList: p.betOptionList, stakeChange: p.stakeChange, cashOutValue: p.cashOutValue, oddsChange: 2 },
            })
            .then((res) => {
              if (res.statusCode === 200) {
                edited.set(o.oid, res.json().data.newOrderId);
                accepted.push(res.json().data.newOrderId);
              } else expect([409, 422]).toContain(res.statusCode);
            }),
          t.inject({ method: 'POST', url: '/v1/order/cashOut/execute', headers: auth(tokens[0]!), payload: { orderId: o.oid, cashOutStake: p.cashOutValue, expectedAmount: '0.01' } }),
        );
      }
      races.push(play(t, 1_000));
      await Promise.all(races);
      const target = pool[Math.floor(rand() * pool.length)]!;
      await t.inject({
        method: 'POST',
        url: '/v1/order/reserve/bet',
        headers: auth(tokens[1]!),
        payload: { matchId: target.match.matchId, marketId: target.market.marketId, optionType: target.option.type, odds: (Number(target.option.odd) + 0.02).toFixed(2), unitStake: '20.00' },
      });
      // Ten simulated minutes between bursts (one feed step): odds move, in-play bets come out of their delay, pre-bets
      // trigger and matches end while the next burst comes in.
      await play(t, 1_000);
    }
    // Three simulated hours, an hour a step: the in-play matches of the workload end and settle (about a third of the
    // orders); the rest are on today's later kick-offs and stay running, which the checks below allow. The five hours
    // this once played settled a few more orders of the same kinds at twice the cost.
    await play(t, 18_000, 6_000);
  }, 180_000);
  afterAll(async () => t?.app.close());

  it('placed bet builders in the workload, one stake and at most one payout each', async () => {
    const builders = await t.db.selectFrom('orders').select(['id', 'status', 'payout_minor']).where('bet_type', '=', 3).execute();
    expect(builders.length).toBeGreaterThan(0);
    const stakes = await t.db.selectFrom('ledger').select('ref_id').where('kind', '=', 'bet_stake').where('ref_id', 'in', builders.map((b) => b.id)).execute();
    expect(stakes).toHaveLength(builders.length);
  });

  it('keeps every wallet equal to its ledger and never below zero', async () => {
    expect(await bookProblems(t)).toEqual([]);
  });

  it('keeps every accepted order, settled once its legs are, rejected, cashed out in full, or still running', async () => {
    const unique = [...new Set(accepted)];
    const rows = await t.db.selectFrom('orders').select(['id', 'status']).where('id', 'in', unique).execute();
    expect(rows).toHaveLength(unique.length);
    const legs = await t.db.selectFrom('order_legs').select(['order_id', 'settled_at']).where('order_id', 'in', unique).execute();
    const unsettledLegs = new Set(legs.filter((leg) => leg.settled_at === null).map((leg) => leg.order_id));
    // Nothing left waiting (Created, Confirming, a cash out confirming); an order is Settled exactly when every leg is,
    // and still Confirmed exactly while one is not (a match of today's list that kicks off after the workload).
    const wrong = rows.filter((row) => {
      if (row.status === OrderStatus.Rejected || row.status === OrderStatus.CashOut) return false;
      return unsettledLegs.has(row.id) ? row.status !== OrderStatus.Confirmed : row.status !== OrderStatus.Settled;
    });
    expect(wrong).toEqual([]);
    expect(rows.filter((row) => row.status === OrderStatus.Settled).length).toBeGreaterThan(0);
    const credits = await t.db
      .selectFrom('ledger')
      .select(['ref_id', 'kind', (eb) => eb.fn.countAll<number>().as('n')])
      .where('kind', 'in', ['bet_payout', 'bet_refund', 'bet_stake', 'cash_out'])
      .groupBy(['ref_id', 'kind'])
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    expect(credits).toEqual([]);
  });

  it('ran cash outs and pre-bets in the workload, each cash out paid at most once', async () => {
    const paid = await t.db.selectFrom('cash_outs').select(['id', 'payout_minor']).where('status', '=', 5).execute();
    expect(paid.length).toBeGreaterThan(0);
    const ledger = await t.db.selectFrom('ledger').select(['ref_id', 'amount_minor']).where('kind', '=', 'cash_out').execute();
    expect(ledger.map((l) => [l.ref_id, Number(l.amount_minor)]).sort()).toEqual(paid.map((c) => [c.id, Number(c.payout_minor)]).sort());
    const reservations = await t.db.selectFrom('reservations').select('status').execute();
    expect(reservations.length).toBeGreaterThan(0);
  });

  it('ran edits racing cash outs and settlement: each old bet either stands or was replaced by exactly one new bet', async () => {
    expect(editsTried).toBeGreaterThan(0);
    expect(edited.size).toBeGreaterThan(0);
    const replacements = await t.db.selectFrom('orders').select(['id', 'request_id']).where('request_id', 'like', 'edit-%').execute();
    // One new bet per edit answered as done, and none for an edit refused.
    expect(replacements.map((r) => [r.request_id, r.id]).sort()).toEqual([...edited].map(([old, id]) => [`edit-${old}`, id]).sort());
    const olds = await t.db.selectFrom('orders').select(['id', 'status', 'remaining_stake_minor']).where('id', 'in', [...edited.keys()]).execute();
    for (const o of olds) expect({ id: o.id, status: o.status, remaining: Number(o.remaining_stake_minor) }).toEqual({ id: o.id, status: OrderStatus.CashOut, remaining: 0 });
  });
});
