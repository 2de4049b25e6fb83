import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Decimal from 'decimal.js';
import { auth, balanceOf, bookProblems, placeSingle, selections, type Selection } from './betting.support';
import { buildTestApp, login, playOut, type TestApp } from './helpers';

/**
 * Edit bet through HTTP (issue 33): the preview's figures are the cash-out offer and today's prices; the confirm cashes
 * the old bet out and places the new one in one transaction, with both in the ledger; every refusal changes nothing.
 */
describe('edit bet', () => {
  let t: TestApp;
  let token: string;
  let other: string;
  let pool: Selection[];
  let inplay: Selection[];

  beforeAll(async () => {
    t = await buildTestApp({ feed: { speed: 600 } });
    token = await login(t);
    other = await login(t, 'demo2');
    pool = selections(t, 'today', { parlay: true }).filter((s) => Number(s.option.odd) >= 1.3);
    inplay = selections(t, 'inplay').filter((s) => Number(s.option.odd) >= 1.3);
  }, 30_000);
  afterAll(async () => t?.app.close());

  const post = (url: string, payload: unknown, who = token) => t.inject({ method: 'POST', url: `/v1/order${url}`, headers: auth(who), payload });
  const option = (s: Selection, odds = s.option.odd) => ({ marketId: s.market.marketId, optionType: s.option.type, odds, oddsFormat: 1 });
  const take = (n: number) => {
    const out = pool.splice(0, n);
    if (out.length < n) throw new Error('ran out of selections');
    return out;
  };
  const orderRow = (id: string) => t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const offerOf = async (orderId: string) => (await post('/cashOut/price', { orderIds: [orderId] })).json().data.pr[0] as { amt: string; st: number };

  async function parlay(legs: Selection[], stake = '100.00'): Promise<string> {
    const res = await post('/betMultiple', {
      betMultipleData: [{ itemCount: legs.length, seriesValue: legs.length * 1000 + 1, unitStake: stake, oddsChange: 1 }],
      betOptionList: legs.map((s) => option(s)),
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.orders[0].orderId as string;
  }

  async function single(s: Selection, stake = '100.00', who = token): Promise<string> {
    const res = await placeSingle(t, who, s, stake);
    expect(res.statusCode).toBe(200);
    return res.json().data.orders[0].orderId as string;
  }

  /** What a refusal must leave as it was: the order, its legs, the member's balance and the ledger's length. */
  async function unchanged(orderId: string, run: () => Promise<{ statusCode: number; json(): any }>, status: number, code: number) {
    const before = { order: await orderRow(orderId), balance: await balanceOf(t, 'demo'), ledger: (await t.db.selectFrom('ledger').select('id').execute()).length };
    const res = await run();
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code });
    expect(await orderRow(orderId)).toEqual(before.order);
    expect(await balanceOf(t, 'demo')).toBe(before.balance);
    expect((await t.db.selectFrom('ledger').select('id').execute()).length).toBe(before.ledger);
    return res.json();
  }

  it('removes a leg of a parlay and raises the stake: old cashed out, new placed at today’s prices, both in the ledger', async () => {
    const legs = take(3);
    const oldId = await parlay(legs);
    const offer = await offerOf(oldId);
    expect(offer.st).toBe(1);

    const preview = await post('/bet/edit/preview', { orderId: oldId, removeLegNos: [2], stakeChange: '20.00' });
    expect(preview.statusCode).toBe(200);
    const p = preview.json().data;
    // The cash-out offer is the cash-out route's own; the new stake is that plus the change.
    expect(p.cashOutValue).toBe(offer.amt);
    expect(p.newStake).toBe(new Decimal(offer.amt).plus(20).toFixed(2));
    expect(p.legNos).toEqual([1, 3]);
    const odds = new Decimal(legs[0]!.option.odd).times(legs[2]!.option.odd);
    expect(new Decimal(p.odds).toDecimalPlaces(4).toString()).toBe(odds.toDecimalPlaces(4).toString());
    expect(p.potentialReturn).toBe(new Decimal(p.newStake).times(p.odds).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2));

    const before = await balanceOf(t, 'demo');
    const res = await post('/bet/edit/confirm', { orderId: oldId, betOptionList: p.betOptionList, stakeChange: p.stakeChange, cashOutValue: p.cashOutValue, oddsChange: 0 });
    expect(res.statusCode).toBe(200);
    const r = res.json().data;
    expect(r).toMatchObject({ oldOrderId: oldId, cashOutValue: p.cashOutValue, newStake: p.newStake, status: 4 });
    // The wallet moved by the stake change only; the ledger shows the old bet's cash out and the new bet's stake.
    expect(await balanceOf(t, 'demo')).toBe(before - 2_000);
    const ledger = await t.db.selectFrom('ledger').select(['kind', 'ref_id', 'amount_minor']).where('ref_id', 'in', [r.cashOutId, r.newOrderId]).orderBy('id').execute();
    expect(ledger.map((l) => [l.kind, l.ref_id, Number(l.amount_minor)])).toEqual([
      ['cash_out', r.cashOutId, Math.round(Number(p.cashOutValue) * 100)],
      ['bet_stake', r.newOrderId, -Math.round(Number(p.newStake) * 100)],
    ]);
    expect(await orderRow(oldId)).toMatchObject({ status: 102, remaining_stake_minor: 0 });
    const created = await orderRow(r.newOrderId);
    expect(created).toMatchObject({ status: 4, bet_type: 2, series_number: 2001, item_count: 2, request_id: `edit-${oldId}` });
    const newLegs = await t.db.selectFrom('order_legs').select(['market_id', 'option_type']).where('order_id', '=', r.newOrderId).orderBy('leg_no').execute();
    expect(newLegs.map((l) => Number(l.market_id))).toEqual([legs[0]!.market.marketId, legs[2]!.market.marketId]);

    // Confirming the same edit again finds the old bet closed: refused, nothing paid twice.
    const again = await post('/bet/edit/confirm', { orderId: oldId, betOptionList: p.betOptionList, stakeChange: p.stakeChange, cashOutValue: p.cashOutValue, oddsChange: 0 });
    expect({ status: again.statusCode, code: again.json().code }).toEqual({ status: 409, code: 15021 });
    expect(await balanceOf(t, 'demo')).toBe(before - 2_000);
    expect(await bookProblems(t)).toEqual([]);
  });

  it('adds a selection to a single (now a double) and lowers the stake: the difference is returned', async () => {
    const [a, b] = take(2);
    const oldId = await single(a!);
    const p = (await post('/bet/edit/preview', { orderId: oldId, addBetOptionList: [option(b!)], stakeChange: '-30.00' })).json().data;
    expect(p.newStake).toBe(new Decimal(p.cashOutValue).minus(30).toFixed(2));
    expect(p.legNos).toEqual([1, null]);
    const before = await balanceOf(t, 'demo');
    const res = await post('/bet/edit/confirm', { orderId: oldId, betOptionList: p.betOptionList, stakeChange: '-30.00', cashOutValue: p.cashOutValue, oddsChange: 1 });
    expect(res.statusCode).toBe(200);
    expect(await balanceOf(t, 'demo')).toBe(before + 3_000);
    expect(await orderRow(res.json().data.newOrderId)).toMatchObject({ bet_type: 2, item_count: 2, stake_minor: Math.round(Number(p.newStake) * 100) });
    expect(await bookProblems(t)).toEqual([]);
  });

  it('refuses, changing nothing, when the offer fell, a price moved past the acceptance, the stake breaks the range or the balance is short', async () => {
    const [a, b] = take(2);
    const oldId = await parlay([a!, b!]);
    const p = (await post('/bet/edit/preview', { orderId: oldId, removeLegNos: [2], stakeChange: '5.00' })).json().data;
    const confirm = (change: Partial<Record<string, unknown>>) => () =>
      post('/bet/edit/confirm', { orderId: oldId, betOptionList: p.betOptionList, stakeChange: p.stakeChange, cashOutValue: p.cashOutValue, oddsChange: 0, ...change });

    // The member was shown more than the offer now.
    const fell = await unchanged(oldId, confirm({ cashOutValue: new Decimal(p.cashOutValue).plus(1).toFixed(2) }), 409, 15021);
    expect(fell.msg).toMatch(/below the .* previewed/);
    // A price above today's with "none": odds changed (as placing refuses it); "any" would take today's price.
    const higher = [{ ...p.betOptionList[0], odds: new Decimal(p.betOptionList[0].odds).plus('0.5').toFixed(2) }];
    await unchanged(oldId, confirm({ betOptionList: higher }), 409, 15005);
    // The range: the new stake (value + change) above the single maximum, or at most 0.
    const above = await unchanged(oldId, confirm({ stakeChange: '60000.00' }), 422, 15007);
    // Named as the member set it, not by a placing field the edit never sent.
    expect(above.msg).toMatch(/^Exceed the range: the new stake \(the cash-out value [\d.]+ with the stake change 60000\.00\) [\d.]+ is above [\d.]+$/);
    await unchanged(oldId, confirm({ stakeChange: new Decimal(p.cashOutValue).negated().toFixed(2) }), 422, 15006);
    // More than the balance (the single range allows it).
    const short = await unchanged(oldId, confirm({ stakeChange: '20000.00' }), 422, 15008);
    expect(short.msg).toMatch(/balance/);
    expect((await post('/bet/edit/preview', { orderId: oldId, stakeChange: '20000.00' })).json().code).toBe(15008);

    // Nothing to change, a leg it does not have, another member's order.
    expect((await post('/bet/edit/preview', { orderId: oldId })).json().code).toBe(15040);
    expect((await post('/bet/edit/preview', { orderId: oldId, removeLegNos: [7] })).statusCode).toBe(400);
    expect((await post('/bet/edit/preview', { orderId: oldId, stakeChange: '1.00' }, other)).json().code).toBe(15020);
  });

  it('refuses to edit an order that cannot be cashed out, and an in-play one (both paths wait the delay)', async () => {
    const [a, b] = take(2);
    const oldId = await single(a!);
    const offer = await offerOf(oldId);
    expect((await post('/cashOut/execute', { orderId: oldId, cashOutStake: '100.00', expectedAmount: offer.amt })).statusCode).toBe(200);
    const closed = await post('/bet/edit/preview', { orderId: oldId, addBetOptionList: [option(b!)] });
    expect({ status: closed.statusCode, code: closed.json().code }).toEqual({ status: 409, code: 15021 });

    const s = inplay.shift();
    if (!s) throw new Error('no in-play selection');
    const liveId = await single(s);
    t.clock.advance(t.config.betting.inPlayDelaySeconds * 1000);
    await t.app.betting.tick();
    await t.app.betting.idle();
    expect((await orderRow(liveId)).status).toBe(4);
    const live = await unchanged(liveId, () => post('/bet/edit/preview', { orderId: liveId, stakeChange: '10.00' }), 409, 15040);
    expect(live.msg).toMatch(/in play/);
    // A pre-match bet with an in-play selection added is refused too.
    const preId = await single(b!);
    await unchanged(preId, () => post('/bet/edit/preview', { orderId: preId, addBetOptionList: [option(inplay.shift()!)] }), 409, 15040);
    expect(await bookProblems(t)).toEqual([]);
  });

  it('an edit and the settlement of the old bet: whichever comes first wins, the other pays nothing', async () => {
    // Edit first: the old parlay is cashed out and replaced; its match ending afterwards pays it nothing.
    const [a, b, c, d] = take(4);
    const first = await parlay([a!, b!]);
    const p = (await post('/bet/edit/preview', { orderId: first, removeLegNos: [2], stakeChange: '0.00', addBetOptionList: [option(c!)] })).json().data;
    const edited = await post('/bet/edit/confirm', { orderId: first, betOptionList: p.betOptionList, stakeChange: '0.00', cashOutValue: p.cashOutValue, oddsChange: 2 });
    expect(edited.statusCode).toBe(200);
    playOut(t, b!.match.matchId);
    await t.app.betting.idle();
    expect(await orderRow(first)).toMatchObject({ status: 102, payout_minor: 0 });
    expect(await t.db.selectFrom('ledger').select('id').where('kind', '=', 'bet_payout').where('ref_id', '=', first).execute()).toEqual([]);
    expect((await orderRow(edited.json().data.newOrderId)).status).toBe(4);

    // Settlement first: a leg of the old bet is settled (or the bet lost), and the edit is refused with nothing changed.
    const second = await parlay([d!, take(1)[0]!]);
    const q = (await post('/bet/edit/preview', { orderId: second, stakeChange: '5.00' })).json().data;
    playOut(t, d!.match.matchId);
    await t.app.betting.idle();
    const settled = await orderRow(second);
    const refused = await unchanged(second, () => post('/bet/edit/confirm', { orderId: second, betOptionList: q.betOptionList, stakeChange: '5.00', cashOutValue: q.cashOutValue, oddsChange: 2 }), 409, settled.status === 4 ? 15040 : 15021);
    expect(refused.msg).toMatch(settled.status === 4 ? /already settled/ : /closed|lost leg/);
    expect(await t.db.selectFrom('orders').select('id').where('request_id', '=', `edit-${second}`).execute()).toEqual([]);
    expect(await bookProblems(t)).toEqual([]);
  });
});
