import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Decimal from 'decimal.js';
import { BET_OPTION_KEYS, BET_RECORD_KEYS } from '../../domain/betRecord';
import { BetError, OrderStatus } from '../src/betting/codes';
import { buildTestApp, login, playOut, type TestApp } from './helpers';
import { auth, bettingApp, balanceOf, bookProblems, placeSingle, play, selections, singleBody, type Selection } from './betting.support';

const R = BET_RECORD_KEYS;
const O = BET_OPTION_KEYS;

function multipleBody(legs: Selection[], series: Array<{ seriesValue: number; unitStake: string }>, oddsChange = 1) {
  return {
    betMultipleData: series.map((s) => ({ itemCount: legs.length, oddsChange, ...s })),
    betOptionList: legs.map((s) => ({ marketId: s.market.marketId, optionType: s.option.type, odds: s.option.odd, oddsFormat: 1 })),
  };
}

describe('placing bets through HTTP', () => {
  let t: TestApp;
  let token: string;
  let other: string;

  beforeAll(async () => ({ t, tokens: [token, other] } = await bettingApp({ feed: { speed: 600 } }, 'demo', 'demo2')));
  afterAll(async () => t?.app.close());

  it('places a pre-match single: confirmed at once, stake debited with its ledger row', async () => {
    const [s] = selections(t, 'today', { limit: 1 });
    const before = await balanceOf(t, 'demo');
    const res = await placeSingle(t, token, s!, '100.00');
    expect(res.statusCode).toBe(200);
    const { orders } = res.json().data;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: OrderStatus.Confirmed, betAmount: '100.00', odds: s!.option.odd });
    expect(await balanceOf(t, 'demo')).toBe(before - 10_000);
    const ledger = await t.db.selectFrom('ledger').selectAll().where('ref_id', '=', orders[0].orderId).execute();
    expect(ledger).toEqual([expect.objectContaining({ kind: 'bet_stake', amount_minor: -10_000, ref_type: 'order' })]);
    expect(await bookProblems(t)).toEqual([]);
  });

  it('answers the first orders for a repeated request id and debits once', async () => {
    const [, s] = selections(t, 'today', { limit: 2 });
    const before = await balanceOf(t, 'demo');
    const first = await placeSingle(t, token, s!, '20.00', { requestId: 'req-repeat-0001' });
    const again = await placeSingle(t, token, s!, '20.00', { requestId: 'req-repeat-0001' });
    expect(first.json().data.repeated).toBe(false);
    expect(again.json().data).toEqual({ ...first.json().data, repeated: true });
    expect(await balanceOf(t, 'demo')).toBe(before - 2_000);
    // The same id from another member is their own request.
    const theirs = await placeSingle(t, other, s!, '20.00', { requestId: 'req-repeat-0001' });
    expect(theirs.json().data.orders[0].orderId).not.toBe(first.json().data.orders[0].orderId);
  });

  it('refuses stakes outside the range and more than the balance, moving no money', async () => {
    const [s] = selections(t, 'today', { limit: 1 });
    const before = await balanceOf(t, 'demo');
    const low = await placeSingle(t, token, s!, '5.00');
    expect(low.statusCode).toBe(422);
    expect(low.json()).toMatchObject({ code: BetError.BelowRange, errcode: BetError.BelowRange, msg: expect.stringMatching(/^Below the range: singleBetList\[0\]\.unitStake 5\.00 is below 10\.00/) });
    const high = await placeSingle(t, token, s!, '60000.00');
    expect(high.json()).toMatchObject({ code: BetError.ExceedRange, msg: expect.stringContaining('Exceed the range') });
    const broke = await placeSingle(t, token, s!, '20000.00');
    expect(broke.statusCode).toBe(422);
    expect(broke.json()).toMatchObject({ code: BetError.InsufficientBalance, msg: expect.stringContaining('CNY balance') });
    expect(await balanceOf(t, 'demo')).toBe(before);
    expect(await bookProblems(t)).toEqual([]);
  });

  it('applies the odds-change setting: none only at the quoted price, better at the current when higher, any at the current', async () => {
    const [s] = selections(t, 'today', { limit: 1 });
    const current = new Decimal(s!.option.odd);
    const higher = current.plus('0.05').toFixed(2);
    const lower = current.minus('0.05').toFixed(2);
    const none = await placeSingle(t, token, s!, '10.00', { oddsChange: 0, odds: lower });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: BetError.OddsChanged, msg: expect.stringContaining('Odds changed') });
    const betterUp = await placeSingle(t, token, s!, '10.00', { oddsChange: 1, odds: higher });
    expect(betterUp.json().code).toBe(BetError.OddsChanged);
    const betterDown = await placeSingle(t, token, s!, '10.00', { oddsChange: 1, odds: lower });
    expect(betterDown.json().data.orders[0].odds).toBe(s!.option.odd);
    const any = await placeSingle(t, token, s!, '10.00', { oddsChange: 2, odds: higher });
    expect(any.json().data.orders[0].odds).toBe(s!.option.odd);
    const exact = await placeSingle(t, token, s!, '10.00', { oddsChange: 0 });
    expect(exact.statusCode).toBe(200);
  });

  it('reads a price quoted in Hong Kong odds as the app shows it (truncated to 2 places)', async () => {
    const [s] = selections(t, 'today', { limit: 1 });
    const hk = new Decimal(s!.option.odd).minus(1).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
    const body = singleBody(s!, '10.00', { oddsChange: 0 });
    body.singleBetList[0]!.betOptionList[0] = { ...body.singleBetList[0]!.betOptionList[0]!, odds: hk, oddsFormat: 2 };
    const res = await t.inject({ method: 'POST', url: '/v1/order/bet/singlePass', headers: auth(token), payload: body });
    expect(res.statusCode).toBe(200);
  });

  it('reads a Malay price beyond two decimals as the app shows it, to its first significant digit', async () => {
    // A two-way price of 150: Malay -1/149 = -0.0067..., which the app shows (and sends) as -0.006, never -0.00.
    const s = selections(t, 'early', { sportId: 1, kind: 'handicap' }).at(-1)!;
    const market = t.scenario.overrideMarket(s.market.marketId, { odds: { [s.option.type]: '150.00' } });
    expect(Number(market?.options.find((o) => o.type === s.option.type)?.odd)).toBe(150);
    const body = singleBody(s, '10.00', { oddsChange: 0 });
    body.singleBetList[0]!.betOptionList[0] = { ...body.singleBetList[0]!.betOptionList[0]!, odds: '-0.006', oddsFormat: 3 };
    const res = await t.inject({ method: 'POST', url: '/v1/order/bet/singlePass', headers: auth(token), payload: body });
    expect(res.statusCode).toBe(200);
    expect(Number(res.json().data.orders[0].odds)).toBe(150);
  });

  it('answers bad input with 4001 and a message naming the field', async () => {
    const [s] = selections(t, 'today', { limit: 1 });
    const cases: Array<[unknown, RegExp]> = [
      [{}, /singleBetList/],
      [{ singleBetList: [{ unitStake: '10.001', betOptionList: [{ marketId: 1, optionType: 'home', odds: '1.9' }] }] }, /unitStake: expected an amount above 0 with at most 2 decimals/],
      [{ singleBetList: [{ unitStake: '-5', betOptionList: [{ marketId: 1, optionType: 'home', odds: '1.9' }] }] }, /unitStake/],
      [singleBodyWith(s!, { optionType: 'nope' }), /optionType: market \d+ has no option "nope"/],
      [singleBodyWith(s!, { odds: '0.5' }), /betOptionList\[0\]\.odds: Europe odds must be greater than 1, got 0\.5/],
    ];
    const before = await balanceOf(t, 'demo');
    for (const [payload, message] of cases) {
      const res = await t.inject({ method: 'POST', url: '/v1/order/bet/singlePass', headers: auth(token), payload });
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 400, code: 4001 });
      expect(res.json().msg).toMatch(message);
    }
    expect(await balanceOf(t, 'demo')).toBe(before);
  });

  it('bets in another currency from that wallet, with the limits converted at the configured rate', async () => {
    const member = await t.db.selectFrom('members').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow();
    await t.db.transaction().execute((trx) => t.app.wallet.credit(trx, { memberId: Number(member.id), asset: 'USD', amountMinor: 50_000, kind: 'adjustment' }));
    const [s] = selections(t, 'today', { limit: 1 });
    const body = (stake: string) => ({ ...singleBody(s!, stake), currencyId: 2 });
    // 10 CNY at 7.12 CNY per USD is 1.41 USD, rounded up.
    const low = await t.inject({ method: 'POST', url: '/v1/order/bet/singlePass', headers: auth(token), payload: body('1.40') });
    expect(low.json().msg).toContain('below 1.41');
    const res = await t.inject({ method: 'POST', url: '/v1/order/bet/singlePass', headers: auth(token), payload: body('25.00') });
    expect(res.statusCode).toBe(200);
    expect(await balanceOf(t, 'demo', 'USD')).toBe(47_500);
    const list = await t.inject({ method: 'POST', url: '/v1/order/new/bet/list', headers: auth(token), payload: { isSettled: false, currencyId: 2 } });
    const usd = list.json().data;
    expect(usd.tamt).toBe('25.00');
    expect(usd.sts.map((r: { coinName: string }) => r.coinName).sort()).toEqual(['CNY', 'USD']);
  });

  it('turns away a caller without a live token with 14010', async () => {
    const [s] = selections(t, 'today', { limit: 1 });
    for (const headers of [{}, auth('not-a-token')]) {
      const res = await t.inject({ method: 'POST', url: '/v1/order/bet/singlePass', headers, payload: singleBody(s!, '10.00') });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 14010, errcode: 14010 });
    }
  });

  it('offers the series of a selection and places a Trixie and a double, one order per series', async () => {
    const legs = selections(t, 'early', { parlay: true, limit: 3 });
    expect(legs).toHaveLength(3);
    const info = await t.inject({
      method: 'POST',
      url: '/v1/order/batchBetMatchMarketOfJumpLine',
      headers: auth(token),
      payload: { betMatchMarketList: legs.map((s) => ({ marketId: s.market.marketId, matchId: s.match.matchId, type: s.option.type })), isSelectSeries: true },
    });
    expect(info.statusCode).toBe(200);
    const { betInfo, seriesInfo } = info.json().data;
    expect(betInfo.map((b: { status: number; allowParley: boolean }) => [b.status, b.allowParley])).toEqual([[1, true], [1, true], [1, true]]);
    expect(seriesInfo.map((s: { seriesNumber: number; name: string; betCount: number }) => [s.seriesNumber, s.name, s.betCount])).toEqual([
      [2001, '2串1', 3],
      [3001, '3串1', 1],
      [3004, '3串4', 4],
      [3007, '3串7', 7],
    ]);
    const before = await balanceOf(t, 'demo');
    const res = await t.inject({ method: 'POST', url: '/v1/order/betMultiple', headers: auth(token), payload: multipleBody(legs, [{ seriesValue: 3004, unitStake: '10.00' }, { seriesValue: 2001, unitStake: '10.00' }]) });
    expect(res.statusCode).toBe(200);
    const orders = res.json().data.orders as Array<{ betAmount: string; seriesNumber: number; odds: string }>;
    expect(orders.map((o) => [o.seriesNumber, o.betAmount])).toEqual([[3004, '40.00'], [2001, '30.00']]);
    const trixie = seriesInfo.find((s: { seriesNumber: number }) => s.seriesNumber === 3004);
    expect(new Decimal(orders[0]!.odds).toDecimalPlaces(4, Decimal.ROUND_DOWN).toString()).toBe(trixie.seriesOdd);
    expect(await balanceOf(t, 'demo')).toBe(before - 7_000);
  });

  it('judges a parlay under "better only" on its total odds: one leg may drift when another rises more', async () => {
    const legs = selections(t, 'early', { parlay: true, limit: 2 });
    const [a, b] = legs.map((s) => new Decimal(s.option.odd));
    // Leg 1 is asked 0.05 above its price (it drifted since); leg 2 below or above what keeps the asked total under today's.
    const first = a!.plus('0.05');
    const even = a!.times(b!).dividedBy(first);
    const ask = (second: Decimal) => {
      const body = multipleBody(legs, [{ seriesValue: 2001, unitStake: '10.00' }]);
      body.betOptionList[0]!.odds = first.toFixed(2);
      body.betOptionList[1]!.odds = second.toFixed(2);
      return body;
    };
    const place = async (body: ReturnType<typeof ask>, oddsChange: number) => {
      for (const series of body.betMultipleData) series.oddsChange = oddsChange;
      return t.inject({ method: 'POST', url: '/v1/order/betMultiple', headers: auth(token), payload: body });
    };
    const before = await balanceOf(t, 'demo');
    const risen = ask(even.minus('0.01').toDecimalPlaces(2, Decimal.ROUND_DOWN));
    const fallen = ask(even.plus('0.01').toDecimalPlaces(2, Decimal.ROUND_UP));

    const taken = await place(risen, 1);
    expect(taken.statusCode).toBe(200);
    expect(new Decimal(taken.json().data.orders[0].odds).toString()).toBe(a!.times(b!).toString());
    const refused = await place(fallen, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: BetError.OddsChanged, msg: expect.stringContaining("the parlay's total odds are") });
    expect((await place(risen, 0)).json().code).toBe(BetError.OddsChanged);
    expect((await place(fallen, 2)).statusCode).toBe(200);
    expect(await balanceOf(t, 'demo')).toBe(before - 2_000);
  });

  it('refuses a parlay with two selections of one match, a series not offered or a wrong item count', async () => {
    const legs = selections(t, 'early', { parlay: true, limit: 2 });
    const sameMatch = t.feed.markets(legs[0]!.match.matchId).filter((m) => m.status === 1 && m.allowParley && m.marketId !== legs[0]!.market.marketId)[0]!;
    const twin = { ...legs[0]!, market: sameMatch, option: sameMatch.options.find((o) => !o.isLock)! };
    const same = await t.inject({ method: 'POST', url: '/v1/order/betMultiple', headers: auth(token), payload: multipleBody([legs[0]!, twin], [{ seriesValue: 2001, unitStake: '10.00' }]) });
    expect(same.json()).toMatchObject({ code: BetError.SameMatchTwice });
    const notOffered = await t.inject({ method: 'POST', url: '/v1/order/betMultiple', headers: auth(token), payload: multipleBody(legs, [{ seriesValue: 3004, unitStake: '10.00' }]) });
    expect(notOffered.statusCode).toBe(422);
    expect(notOffered.json()).toMatchObject({ code: BetError.SeriesNotOffered, msg: expect.stringContaining('offered for 2 selections: 2001') });
    const body = multipleBody(legs, [{ seriesValue: 2001, unitStake: '10.00' }]);
    body.betMultipleData[0]!.itemCount = 3;
    const wrongCount = await t.inject({ method: 'POST', url: '/v1/order/betMultiple', headers: auth(token), payload: body });
    expect(wrongCount.statusCode).toBe(400);
    expect(wrongCount.json().msg).toMatch(/itemCount: expected 2/);
    const tooMany = selections(t, 'early', { parlay: true, limit: 11 });
    const eleven = await t.inject({ method: 'POST', url: '/v1/order/betMultiple', headers: auth(token), payload: multipleBody(tooMany, [{ seriesValue: 2001, unitStake: '10.00' }]) });
    expect(eleven.json()).toMatchObject({ code: BetError.TooManyMatches });
  });

  it('confirms in-play bets after the delay, rejecting those whose match had a goal or red card meanwhile', async () => {
    const live = selections(t, 'inplay', { sportId: 1, limit: 12 });
    expect(live.length).toBeGreaterThan(3);
    const dangers = new Map<number, number>();
    const stop = t.feed.on((c) => {
      if (c.kind === 'event' && c.event.dangerous && !dangers.has(c.matchId)) dangers.set(c.matchId, t.clock.now());
    });
    const placed: Array<{ orderId: string; matchId: number }> = [];
    for (const s of live) {
      const res = await placeSingle(t, token, s, '10.00', { oddsChange: 2 });
      if (res.statusCode !== 200) continue;
      expect(res.json().data.orders[0].status).toBe(OrderStatus.Confirming);
      placed.push({ orderId: res.json().data.orders[0].orderId, matchId: s.match.matchId });
    }
    expect(placed.length).toBeGreaterThan(3);
    await play(t, 5_000);
    stop();
    const statuses = await t.inject({ method: 'POST', url: '/v1/order/getStakeOrderStatus', headers: auth(token), payload: { orderIds: placed.map((p) => p.orderId) } });
    const answered = statuses.json().data as Array<{ oid: string; st: number; rt?: number }>;
    const st = new Map(answered.map((s) => [s.oid, s.st]));
    // The status answer says why a rejected order was rejected (rt = its rejectType); others carry no rt.
    const rejectType = new Map(answered.map((s) => [s.oid, s.rt]));
    for (const p of placed) {
      expect([OrderStatus.Confirmed, OrderStatus.Rejected, OrderStatus.Settled]).toContain(st.get(p.orderId));
      if (st.get(p.orderId) !== OrderStatus.Rejected) expect(rejectType.get(p.orderId)).toBeUndefined();
      if (dangers.has(p.matchId)) expect({ match: p.matchId, st: st.get(p.orderId), why: rejectType.get(p.orderId) }).toEqual({ match: p.matchId, st: OrderStatus.Rejected, why: BetError.ScoreChanged });
    }
    expect(await bookProblems(t)).toEqual([]);
  });

  it('shows a member only their own orders', async () => {
    const [s] = selections(t, 'today', { limit: 1 });
    const mine = (await placeSingle(t, token, s!, '10.00')).json().data.orders[0].orderId as string;
    const theirs = await t.inject({ method: 'POST', url: '/v1/order/getStakeOrderStatus', headers: auth(other), payload: { orderIds: [mine] } });
    expect(theirs.json().data).toEqual([]);
    const list = await t.inject({ method: 'POST', url: '/v1/order/new/bet/list', headers: auth(other), payload: { isSettled: false } });
    expect(list.json().data.records.map((r: Record<string, unknown>) => r[R.id])).not.toContain(mine);
  });

  it('lists unsettled orders as bet records under short keys with statistics', async () => {
    const res = await t.inject({ method: 'POST', url: '/v1/order/new/bet/list', headers: auth(token), payload: { isSettled: false, language: 'ENG' } });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.size).toBe(200);
    expect(data.total).toBe(data.records.length);
    const record = data.records[0];
    expect(record).toEqual(expect.objectContaining({ [R.id]: expect.stringMatching(/^\d{19}$/), [R.orderStatus]: expect.any(Number), [R.betAmount]: expect.stringMatching(/^\d+\.\d{2}$/), [R.currency]: 'CNY', [R.currencyId]: 1 }));
    const option = record[R.options][0];
    expect(option).toEqual(expect.objectContaining({ [O.matchName]: expect.stringContaining(' vs '), [O.optionName]: expect.any(String), [O.settledResult]: 0 }));
    const cny = data.records.filter((r: Record<string, string>) => r[R.currency] === 'CNY');
    const stake = cny.reduce((sum: Decimal, r: Record<string, string>) => sum.plus(r[R.betAmount]!), new Decimal(0));
    expect(data.tamt).toBe(stake.toFixed(2));
    expect(data.sts).toContainEqual(expect.objectContaining({ coinId: 1, coinName: 'CNY', count: cny.length, stakeAmount: data.tamt }));
  });

  it("names each selection's outcome count in the bet info and the bet record, from which the app picks the odds format", async () => {
    const [handicap] = selections(t, 'today', { sportId: 1, kind: 'handicap', limit: 1 });
    const [winner] = selections(t, 'today', { sportId: 1, kind: 'win1x2', limit: 1 });
    const picked = [handicap!, winner!];
    const info = await t.inject({
      method: 'POST',
      url: '/v1/order/batchBetMatchMarketOfJumpLine',
      headers: auth(token),
      payload: { betMatchMarketList: picked.map((s) => ({ marketId: s.market.marketId, matchId: s.match.matchId, type: s.option.type })) },
    });
    expect(info.json().data.betInfo.map((b: { outcomeCount: number }) => b.outcomeCount)).toEqual([2, 3]);
    for (const s of picked) expect((await placeSingle(t, token, s, '20.00')).statusCode).toBe(200);
    const res = await t.inject({ method: 'POST', url: '/v1/order/new/bet/list', headers: auth(token), payload: { isSettled: false } });
    const legs = (res.json().data.records as Array<Record<string, Array<Record<string, number>>>>).flatMap((r) => r[R.options]!);
    const countOf = (s: Selection) => legs.find((o) => o[O.marketId] === s.market.marketId)?.[O.outcomeCount];
    expect(picked.map(countOf)).toEqual([2, 3]);
  });

  it('keeps history queries within 45 days', async () => {
    const now = t.clock.now();
    const far = await t.inject({ method: 'POST', url: '/v1/order/new/bet/list', headers: auth(token), payload: { isSettled: true, startTime: now - 50 * 86_400_000, endTime: now } });
    expect(far.statusCode).toBe(400);
    expect(far.json().msg).toMatch(/45 days/);
    const backwards = await t.inject({ method: 'POST', url: '/v1/order/new/bet/list', headers: auth(token), payload: { isSettled: true, startTime: now, endTime: now - 1 } });
    expect(backwards.json().msg).toMatch(/endTime/);
  });

  function singleBodyWith(s: Selection, leg: Partial<{ optionType: string; odds: string }>) {
    const body = singleBody(s, '10.00');
    body.singleBetList[0]!.betOptionList[0] = { ...body.singleBetList[0]!.betOptionList[0]!, ...leg };
    return body;
  }
});

describe('settlement when matches end', () => {
  let t: TestApp;
  let token: string;
  const placed: Array<{ orderId: string; matchId: number; market: Selection['market']; optionType: string }> = [];

  beforeAll(async () => {
    t = await buildTestApp({ feed: { speed: 600 } });
    token = await login(t);
    const soon = selections(t, 'today', { sportId: 1 }).filter((s) => s.match.beginTime < t.feed.now() + 60 * 60_000);
    for (const s of soon.slice(0, 10)) {
      const res = await placeSingle(t, token, s, '100.00');
      if (res.statusCode === 200) placed.push({ orderId: res.json().data.orders[0].orderId, matchId: s.match.matchId, market: s.market, optionType: s.option.type });
    }
    const parlay = soon.slice(0, 2);
    const multi = await t.inject({ method: 'POST', url: '/v1/order/betMultiple', headers: auth(token), payload: multipleBody(parlay, [{ seriesValue: 2001, unitStake: '50.00' }]) });
    expect(multi.statusCode).toBe(200);
    // Every match above played from kick-off to its end by the feed's test controls (the rest of the world standing
    // still, where three simulated hours of every sport once played them), then the settlement queue drained.
    for (const matchId of new Set([...placed.map((p) => p.matchId), ...parlay.map((s) => s.match.matchId)])) playOut(t, matchId);
    await t.app.betting.tick();
    await t.app.betting.idle();
  });
  afterAll(async () => t?.app.close());

  it('settles every order once, pays by the result code and keeps the books balanced', async () => {
    expect(placed.length).toBeGreaterThan(3);
    const orders = await t.db.selectFrom('orders').selectAll().execute();
    for (const o of orders) expect({ id: o.id, status: o.status }).toEqual({ id: o.id, status: OrderStatus.Settled });
    for (const p of placed) {
      const order = orders.find((o) => o.id === p.orderId)!;
      const leg = await t.db.selectFrom('order_legs').selectAll().where('order_id', '=', p.orderId).executeTakeFirstOrThrow();
      const expected = t.feed.outcomeOf(p.market.marketId, p.optionType);
      if (expected !== undefined) expect({ id: p.orderId, result: leg.result }).toEqual({ id: p.orderId, result: expected });
      const factor: Record<number, string> = { 4: leg.odds, 3: '0', 2: '1', 7: '1', 5: new Decimal(leg.odds).plus(1).div(2).toString(), 6: '0.5' };
      expect(Number(order.payout_minor)).toBe(new Decimal(100).times(factor[leg.result]!).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber());
      const payouts = await t.db.selectFrom('ledger').select('amount_minor').where('ref_id', '=', p.orderId).where('kind', '=', 'bet_payout').execute();
      expect(payouts.map((r) => Number(r.amount_minor))).toEqual(Number(order.payout_minor) > 0 ? [Number(order.payout_minor)] : []);
    }
    expect(await bookProblems(t)).toEqual([]);
  });

  it('does nothing on a second settlement of the same result', async () => {
    const before = await t.db.selectFrom('ledger').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const matchId of new Set(placed.map((p) => p.matchId))) {
      const result = await t.app.matchResults.get(matchId);
      expect(await t.app.betting.settlement.settleMatch(result!)).toBe(0);
    }
    expect(await t.app.betting.settlement.settleStored()).toBe(0);
    const after = await t.db.selectFrom('ledger').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('lists the settled orders with their results', async () => {
    const res = await t.inject({ method: 'POST', url: '/v1/order/new/bet/list', headers: auth(token), payload: { isSettled: true, language: 'ENG' } });
    const data = res.json().data;
    expect(data.total).toBe(placed.length + 1);
    expect(data.size).toBe(50);
    for (const r of data.records) expect(r[R.options].every((o: Record<string, number>) => o[O.settledResult] !== 0)).toBe(true);
    const stake = data.sts[0].stakeAmount;
    expect(new Decimal(data.sts[0].winLose).toFixed(2)).toBe(new Decimal(data.sts[0].payoutAmount).minus(stake).toFixed(2));
  });
});
