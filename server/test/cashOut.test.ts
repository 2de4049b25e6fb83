import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import path from 'node:path';
import { cashOutPayout, quoteCashOut, type PricingLeg, type PricingOrder } from '../src/betting/cashOutPricing';
import { CashOutFailure } from '../src/betting/codes';
import { loadPlatformConfig } from '../src/config/platformConfig';
import type { Feed, Market } from '../src/feed';
import { auth, balanceOf, bookProblems, placeSingle, selections, type Selection } from './betting.support';
import { buildTestApp, login, REPO_ROOT, type TestApp } from './helpers';

/** Cash out through HTTP: offers, full and partial cash outs, the in-play delay, rejections, auto rules and access. */

const config = loadPlatformConfig(path.join(REPO_ROOT, 'config', 'platform.json'));

describe('cash-out pricing (DOMAIN.md section 4 example)', () => {
  const market = (odd: string, status = 1) =>
    ({ marketId: 1, status, line: undefined, replacedBy: undefined, options: [{ type: 'home', odd, isLock: status !== 1 }] }) as unknown as Market;
  const feedWith = (m: Market) => ({ market: () => m }) as unknown as Feed;
  const order: PricingOrder = { bet_type: 1, series_number: 0, item_count: 1, status: 4, odds: '3.00', remaining_stake_minor: 10_000, cash_out_count: 0 };
  const legs: PricingLeg[] = [{ market_id: 1, option_type: 'home', line: null, odds: '3.00', result: 0 }];

  it('S 100 at 3.00, odds now 1.80, margin 5%: 158.33; a 40% partial pays 63.33 and 60 keeps running', () => {
    const quote = quoteCashOut(feedWith(market('1.80')), { ...config, betting: { ...config.betting, cashOut: { ...config.betting.cashOut, margin: '0.05' } } }, order, legs);
    expect(quote.available).toBe(true);
    expect(quote.price.toFixed(2)).toBe('158.33');
    expect(cashOutPayout(quote.rate, '40').toFixed(2)).toBe('63.33');
    // The 60 left at 3.00 is worth 60 x 3.00 / 1.80 x 0.95 = 95.00 now.
    const rest = quoteCashOut(feedWith(market('1.80')), config, { ...order, remaining_stake_minor: 6_000, cash_out_count: 1 }, legs);
    expect(rest.price.toFixed(2)).toBe('95.00');
  });

  it('offers nothing on a suspended market, at the count limit, or for a series bet', () => {
    expect(quoteCashOut(feedWith(market('1.80', 0)), config, order, legs)).toMatchObject({ available: false, reason: CashOutFailure.MarketSuspend });
    expect(quoteCashOut(feedWith(market('1.80')), config, { ...order, cash_out_count: config.betting.cashOut.maxCount }, legs)).toMatchObject({
      available: false,
      reason: CashOutFailure.PositionLimit,
    });
    expect(quoteCashOut(feedWith(market('1.80')), config, { ...order, bet_type: 2, series_number: 3004, item_count: 3 }, legs)).toMatchObject({
      available: false,
      reason: CashOutFailure.SettleRefused,
    });
  });
});

describe('cash out through HTTP', () => {
  let t: TestApp;
  let token: string;
  let other: string;
  let prematch: Selection[];
  let inplay: Selection[];
  let used = 0;

  beforeAll(async () => {
    t = await buildTestApp({ feed: { speed: 600 } });
    token = await login(t);
    other = await login(t, 'demo2');
    prematch = selections(t, 'today').filter((s) => Number(s.option.odd) >= 1.3);
    inplay = selections(t, 'inplay').filter((s) => Number(s.option.odd) >= 1.3);
  }, 30_000);
  afterAll(async () => t?.app.close());

  const post = (url: string, payload: unknown, who = token) => t.inject({ method: 'POST', url: `/v1/order${url}`, headers: auth(who), payload });
  const price = async (orderId: string, who = token) => (await post('/cashOut/price', { orderIds: [orderId] }, who)).json().data;
  const execute = (orderId: string, cashOutStake: string, expectedAmount: string, who = token) => post('/cashOut/execute', { orderId, cashOutStake, expectedAmount }, who);
  const orderRow = (id: string) => t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const cashOutLedger = (refId: string) => t.db.selectFrom('ledger').selectAll().where('kind', '=', 'cash_out').where('ref_id', '=', refId).execute();

  /** A fresh pre-match selection per test, so tests never share a market. */
  function nextPrematch(): Selection {
    const s = prematch[used++];
    if (!s) throw new Error('ran out of pre-match selections');
    return s;
  }

  async function bet(s: Selection, stake = '100.00'): Promise<string> {
    const res = await placeSingle(t, token, s, stake);
    expect(res.statusCode).toBe(200);
    return res.json().data.orders[0].orderId as string;
  }

  /** Waits out the in-play acceptance delay on the fake clock (the feed does not move). */
  async function endDelay(): Promise<void> {
    t.clock.advance(t.config.betting.inPlayDelaySeconds * 1000);
    await t.app.betting.tick();
    await t.app.betting.idle();
  }

  /** An in-play single of 100, confirmed after its acceptance delay. */
  async function inplayOrder(): Promise<{ s: Selection; orderId: string }> {
    const s = inplay.shift();
    if (!s) throw new Error('no in-play selection left');
    const orderId = await bet(s);
    expect((await orderRow(orderId)).status).toBe(1);
    await endDelay();
    expect((await orderRow(orderId)).status).toBe(4);
    return { s, orderId };
  }

  /** Replaces an option's odds (and optionally the market status) in the running feed; answers the undo. */
  function setMarket(marketId: number, change: { odd?: string; status?: 0 | 1 }, type?: string): () => void {
    const m = t.feed.market(marketId)!;
    const { options, status } = m;
    if (change.odd !== undefined) m.options = m.options.map((o) => (type === undefined || o.type === type ? { ...o, odd: change.odd! } : o));
    if (change.status !== undefined) m.status = change.status;
    return () => {
      if (change.odd !== undefined) m.options = options;
      if (change.status !== undefined) m.status = status;
    };
  }

  it('full cash out pre-match: credited at once, ledger under the cash-out id, order CashOut 102, history shows it', async () => {
    const s = nextPrematch();
    const orderId = await bet(s);
    const data = await price(orderId);
    expect(data.mxc).toBe(3);
    const [entry] = data.pr;
    expect(entry).toMatchObject({ oid: orderId, st: 1, smis: '10.00', pmis: '10.00' });
    // Same odds as placed: 100 x 0.95 = 95.00.
    expect(entry.amt).toBe('95.00');
    const before = await balanceOf(t, 'demo');

    const res = await execute(orderId, '100.00', entry.amt);
    expect(res.statusCode).toBe(200);
    const result = res.json().data;
    expect(result).toMatchObject({ status: 5, payout: '95.00', remainingStake: '0.00', orderStatus: 102 });
    expect(await balanceOf(t, 'demo')).toBe(before + 9_500);
    const ledger = await cashOutLedger(result.cashOutId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ amount_minor: 9_500, ref_type: 'cash_out' });

    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: 102, result: 3, remaining_stake_minor: 0, cash_out_count: 1, cash_out_stake_minor: 10_000, cash_out_payout_minor: 9_500, max_win_minor: 0 });
    expect(order.settled_at).toBe(t.clock.now());

    const history = await post('/new/bet/list', { isSettled: true });
    const record = history.json().data.records.find((r: { id: string }) => r.id === orderId);
    expect(record).toMatchObject({ st: 102, sat: '95.00', rpp: '0.00', cots: '95.00', cops: '100.00', coc: 1 });
    expect(record.col).toEqual([expect.objectContaining({ id: result.cashOutId, amount: '100.00', payout: '95.00', orderId, orderStatus: 5, refundAmount: '0.00', cancelReason: null })]);

    // Nothing more to cash out, and a repeat moves no money.
    const again = await execute(orderId, '100.00', '95.00');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 15021, errcode: 15021 });
    expect(again.json().msg).toMatch(/settle refused/);
    expect(await balanceOf(t, 'demo')).toBe(before + 9_500);
    expect(await bookProblems(t)).toEqual([]);
  });

  it('partial cash outs: remaining principal keeps running at the placed odds, until the count limit', async () => {
    const s = nextPrematch();
    const orderId = await bet(s);
    const start = await balanceOf(t, 'demo');
    const odds = Number(s.option.odd);

    const first = (await execute(orderId, '40.00', '38.00')).json().data;
    expect(first).toMatchObject({ status: 5, payout: '38.00', remainingStake: '60.00', orderStatus: 4 });
    let order = await orderRow(orderId);
    expect(order).toMatchObject({ status: 4, remaining_stake_minor: 6_000, cash_out_count: 1, cash_out_stake_minor: 4_000, cash_out_payout_minor: 3_800, odds: s.option.odd });
    expect(order.max_win_minor).toBe(Math.floor(60 * odds * 100 + 1e-6));
    expect((await price(orderId)).pr[0]).toMatchObject({ st: 1, amt: '57.00' });

    // A part that would leave less than the minimum running is refused.
    const tooMuch = await execute(orderId, '55.00', '1.00');
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({ code: 15006 });
    expect(tooMuch.json().msg).toMatch(/leave 5\.00 running, below the minimum 10\.00/);
    const tooLittle = await execute(orderId, '9.99', '1.00');
    expect(tooLittle.statusCode).toBe(422);
    expect(tooLittle.json().msg).toMatch(/below the minimum cash out 10\.00/);

    expect((await execute(orderId, '20.00', '19.00')).json().data).toMatchObject({ payout: '19.00', remainingStake: '40.00' });
    expect((await execute(orderId, '10.00', '9.50')).json().data).toMatchObject({ payout: '9.50', remainingStake: '30.00', orderStatus: 4 });

    const limit = await execute(orderId, '10.00', '9.50');
    expect(limit.statusCode).toBe(409);
    expect(limit.json().code).toBe(15021);
    expect(limit.json().msg).toMatch(/position limit \(reason 3\)/);
    expect((await price(orderId)).pr[0]).toMatchObject({ st: 0, reason: 3, amt: '0.00' });

    order = await orderRow(orderId);
    expect(order).toMatchObject({ status: 4, remaining_stake_minor: 3_000, cash_out_count: 3, cash_out_stake_minor: 7_000, cash_out_payout_minor: 6_650 });
    expect(await balanceOf(t, 'demo')).toBe(start + 6_650);
    const entries = (await post('/getCashOutsByIds', { ids: [orderId] })).json().data;
    expect(entries.map((e: { amount: string }) => e.amount)).toEqual(['40.00', '20.00', '10.00']);
    expect(entries.every((e: { orderStatus: number; refundAmount: string }) => e.orderStatus === 5 && e.refundAmount === '30.00')).toBe(true);
    expect(await bookProblems(t)).toEqual([]);
  });

  it('refuses a lower offer than the one shown (trader reject) and names the new amount; no money moves', async () => {
    const orderId = await bet(nextPrematch());
    const before = await balanceOf(t, 'demo');
    const res = await execute(orderId, '100.00', '95.01');
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/trader reject \(reason 5\).*is 95\.00 now, below the 95\.01 expected/);
    expect(await balanceOf(t, 'demo')).toBe(before);
    expect((await orderRow(orderId)).status).toBe(4);
    // A better offer than expected is taken: the member gets the offer of the moment.
    expect((await execute(orderId, '100.00', '90.00')).json().data).toMatchObject({ payout: '95.00', orderStatus: 102 });
  });

  it('a suspended market offers nothing and cashes out nothing', async () => {
    const s = nextPrematch();
    const orderId = await bet(s);
    const undo = setMarket(s.market.marketId, { status: 0 });
    try {
      expect((await price(orderId)).pr[0]).toMatchObject({ st: 0, reason: 4 });
      const res = await execute(orderId, '100.00', '1.00');
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toMatch(/market suspend \(reason 4\)/);
    } finally {
      undo();
    }
    expect((await orderRow(orderId)).status).toBe(4);
  });

  describe('in play: the acceptance delay', () => {
    it('waits Confirming (order 101), then pays at the offer of that moment', async () => {
      const { orderId } = await inplayOrder();
      const offer = (await price(orderId)).pr[0];
      expect(offer.st).toBe(1);
      const before = await balanceOf(t, 'demo');
      const res = (await execute(orderId, '100.00', offer.amt)).json().data;
      expect(res).toMatchObject({ status: 1, payout: offer.amt, remainingStake: '100.00', orderStatus: 101 });
      expect(await balanceOf(t, 'demo')).toBe(before);
      expect((await price(orderId)).pr[0]).toMatchObject({ st: 0, reason: 7 });
      expect((await execute(orderId, '100.00', '1.00')).json().msg).toMatch(/is being confirmed/);
      const pending = (await post('/getCashOutsByIds', { ids: [res.cashOutId] })).json().data;
      expect(pending).toEqual([expect.objectContaining({ id: res.cashOutId, orderStatus: 1, refundAmount: '100.00', cancelReason: null })]);
      const list = (await post('/new/bet/list', { isSettled: false })).json().data.records.find((r: { id: string }) => r.id === orderId);
      expect(list).toMatchObject({ st: 101, ipl: true });

      // Before the delay ends nothing happens.
      t.clock.advance(1000);
      await t.app.betting.tick();
      await t.app.betting.idle();
      expect((await orderRow(orderId)).status).toBe(101);

      await endDelay();
      const done = (await post('/getCashOutsByIds', { ids: [orderId] })).json().data;
      expect(done).toEqual([expect.objectContaining({ orderStatus: 5, payout: offer.amt, refundAmount: '0.00' })]);
      expect(await orderRow(orderId)).toMatchObject({ status: 102, remaining_stake_minor: 0 });
      expect(await balanceOf(t, 'demo')).toBe(before + Math.round(Number(offer.amt) * 100));
      expect(await cashOutLedger(res.cashOutId)).toHaveLength(1);
      // Another tick does nothing twice.
      await endDelay();
      expect(await cashOutLedger(res.cashOutId)).toHaveLength(1);
      expect(await bookProblems(t)).toEqual([]);
    });

    it('rejects when the market suspends during the delay (reason 4) or the offer falls (reason 5); the order runs on', async () => {
      const { s, orderId } = await inplayOrder();
      const before = await balanceOf(t, 'demo');
      const first = (await execute(orderId, '50.00', '1.00')).json().data;
      expect(first.status).toBe(1);
      let undo = setMarket(s.market.marketId, { status: 0 });
      try {
        await endDelay();
      } finally {
        undo();
      }
      let entries = (await post('/getCashOutsByIds', { ids: [first.cashOutId] })).json().data;
      expect(entries[0]).toMatchObject({ orderStatus: 2, cancelReason: 4, refundAmount: '100.00' });
      expect(await orderRow(orderId)).toMatchObject({ status: 4, remaining_stake_minor: 10_000, cash_out_count: 0 });

      const second = (await execute(orderId, '50.00', '1.00')).json().data;
      expect(second.status).toBe(1);
      // The odds of the backed option lengthen: the offer for the stake falls below the one recorded.
      undo = setMarket(s.market.marketId, { odd: (Number(s.option.odd) * 2).toFixed(3) }, s.option.type);
      try {
        await endDelay();
      } finally {
        undo();
      }
      entries = (await post('/getCashOutsByIds', { ids: [orderId] })).json().data;
      expect(entries.map((e: { orderStatus: number; cancelReason: number | null }) => [e.orderStatus, e.cancelReason])).toEqual([
        [2, 4],
        [2, 5],
      ]);
      expect(await orderRow(orderId)).toMatchObject({ status: 4, remaining_stake_minor: 10_000 });
      expect(await balanceOf(t, 'demo')).toBe(before);
      expect(await bookProblems(t)).toEqual([]);
    });
  });

  describe('auto cash out', () => {
    const rulesOf = (orderId: string) => t.db.selectFrom('auto_cash_outs').selectAll().where('order_id', '=', orderId).orderBy('id').execute();

    it('fires on an odds change once the offer reaches the threshold, paying the offer of that moment; never while suspended', async () => {
      const s = nextPrematch();
      const orderId = await bet(s);
      const offer = (await price(orderId)).pr[0].amt;
      expect(offer).toBe('95.00');

      const low = await post('/cashOut/auto', { orderId, cashOutStake: '100.00', threshold: '95.00' });
      expect(low.statusCode).toBe(422);
      expect(low.json().msg).toMatch(/not above the current offer 95\.00/);

      const old = (await post('/cashOut/auto', { orderId, cashOutStake: '100.00', threshold: '150.00' })).json().data;
      const rule = (await post('/cashOut/auto', { orderId, cashOutStake: '100.00', threshold: '110.00' })).json().data;
      expect(rule).toMatchObject({ orderId, stake: '100.00', threshold: '110.00', status: 0, cashOutId: null });
      expect((await rulesOf(orderId)).map((r) => [r.id, r.status])).toEqual([
        [old.id, 2],
        [rule.id, 0],
      ]);
      const record = (await post('/new/bet/list', { isSettled: false })).json().data.records.find((r: { id: string }) => r.id === orderId);
      expect(record.crl).toHaveLength(2);
      expect(record.rss).toBe(1);

      const before = await balanceOf(t, 'demo');
      // Unchanged odds: 95.00 is below 110.00.
      await t.app.betting.cashOut.onOdds(t.feed.markets(s.match.matchId));
      expect((await rulesOf(orderId))[1]!.status).toBe(0);

      // The backed option shortens so the offer passes the threshold, but the market is suspended: nothing.
      const shorter = (Number(s.option.odd) * 0.75).toFixed(3);
      const undoSuspend = setMarket(s.market.marketId, { status: 0 });
      const undoOdds = setMarket(s.market.marketId, { odd: shorter }, s.option.type);
      try {
        await t.app.betting.cashOut.onOdds(t.feed.markets(s.match.matchId));
        expect((await rulesOf(orderId))[1]!.status).toBe(0);
        undoSuspend();
        const now = (await price(orderId)).pr[0].amt;
        expect(Number(now)).toBeGreaterThan(110);
        await t.app.betting.cashOut.onOdds(t.feed.markets(s.match.matchId));
        const fired = (await rulesOf(orderId))[1]!;
        expect(fired.status).toBe(1);
        expect(fired.cash_out_id).not.toBeNull();
        const entries = (await post('/getCashOutsByIds', { ids: [fired.cash_out_id!] })).json().data;
        expect(entries).toEqual([expect.objectContaining({ orderStatus: 5, amount: '100.00', payout: now, auto: 1 })]);
        expect(await balanceOf(t, 'demo')).toBe(before + Math.round(Number(now) * 100));
        expect((await orderRow(orderId)).status).toBe(102);
        // Firing again does nothing.
        await t.app.betting.cashOut.onOdds(t.feed.markets(s.match.matchId));
        expect(await cashOutLedger(fired.cash_out_id!)).toHaveLength(1);
      } finally {
        undoOdds();
      }
      expect(await bookProblems(t)).toEqual([]);
    });

    it('cashes out what remains when a partial cash out left less than the rule’s stake; cancel stops a rule', async () => {
      const s = nextPrematch();
      const orderId = await bet(s);
      await post('/cashOut/auto', { orderId, cashOutStake: '60.00', threshold: '60.00' });
      expect((await execute(orderId, '50.00', '47.50')).json().data.remainingStake).toBe('50.00');
      const undo = setMarket(s.market.marketId, { odd: (Number(s.option.odd) * 0.75).toFixed(3) }, s.option.type);
      try {
        await t.app.betting.cashOut.onOdds([t.feed.market(s.market.marketId)!]);
      } finally {
        undo();
      }
      const [rule] = await rulesOf(orderId);
      expect(rule!.status).toBe(1);
      expect(await orderRow(orderId)).toMatchObject({ status: 102, remaining_stake_minor: 0, cash_out_count: 2, cash_out_stake_minor: 10_000 });

      const other = nextPrematch();
      const second = await bet(other);
      await post('/cashOut/auto', { orderId: second, cashOutStake: '100.00', threshold: '99.00' });
      expect((await post('/cashOut/auto/cancel', { orderId: second })).json().data).toEqual({ cancelled: 1 });
      expect((await post('/cashOut/auto/cancel', { orderId: second })).json().data).toEqual({ cancelled: 0 });
      const undo2 = setMarket(other.market.marketId, { odd: '1.01' }, other.option.type);
      try {
        await t.app.betting.cashOut.onOdds([t.feed.market(other.market.marketId)!]);
      } finally {
        undo2();
      }
      expect((await orderRow(second)).status).toBe(4);
      expect(await bookProblems(t)).toEqual([]);
    });

    it('in play the fired cash out waits the delay; if it is rejected the rule is active again and fires later', async () => {
      const { s, orderId } = await inplayOrder();
      const offer = Number((await price(orderId)).pr[0].amt);
      const threshold = (offer + 5).toFixed(2);
      expect((await post('/cashOut/auto', { orderId, cashOutStake: '100.00', threshold })).statusCode).toBe(200);
      const before = await balanceOf(t, 'demo');
      const shorter = setMarket(s.market.marketId, { odd: (Number(s.option.odd) * 0.75).toFixed(3) }, s.option.type);
      try {
        await t.app.betting.cashOut.onOdds([t.feed.market(s.market.marketId)!]);
        let [rule] = await rulesOf(orderId);
        expect(rule).toMatchObject({ status: 1 });
        expect(await orderRow(orderId)).toMatchObject({ status: 101 });
        // Suspended when the delay ends: rejected, the order runs on and the rule waits for the next odds change.
        const suspend = setMarket(s.market.marketId, { status: 0 });
        try {
          await endDelay();
        } finally {
          suspend();
        }
        expect((await post('/getCashOutsByIds', { ids: [rule!.cash_out_id!] })).json().data[0]).toMatchObject({ orderStatus: 2, cancelReason: 4, auto: 1 });
        [rule] = await rulesOf(orderId);
        expect(rule).toMatchObject({ status: 0, cash_out_id: null });
        expect(await orderRow(orderId)).toMatchObject({ status: 4 });
        expect(await balanceOf(t, 'demo')).toBe(before);

        await t.app.betting.cashOut.onOdds([t.feed.market(s.market.marketId)!]);
        await endDelay();
        [rule] = await rulesOf(orderId);
        expect(rule!.status).toBe(1);
        const [paid] = (await post('/getCashOutsByIds', { ids: [rule!.cash_out_id!] })).json().data;
        expect(paid).toMatchObject({ orderStatus: 5, amount: '100.00', auto: 1 });
        expect(Number(paid.payout)).toBeGreaterThanOrEqual(Number(threshold));
        expect(await balanceOf(t, 'demo')).toBe(before + Math.round(Number(paid.payout) * 100));
        expect((await orderRow(orderId)).status).toBe(102);
      } finally {
        shorter();
      }
      expect(await bookProblems(t)).toEqual([]);
    });
  });

  it('another member reaches nothing: left out of prices and records, 404 on execute and rules', async () => {
    const orderId = await bet(nextPrematch());
    const paid = (await execute(orderId, '20.00', '19.00')).json().data;
    const before = await balanceOf(t, 'demo2');

    expect((await price(orderId, other)).pr).toEqual([]);
    expect((await post('/getCashOutsByIds', { ids: [orderId, paid.cashOutId] }, other)).json().data).toEqual([]);
    for (const [url, body] of [
      ['/cashOut/execute', { orderId, cashOutStake: '10.00', expectedAmount: '1.00' }],
      ['/cashOut/auto', { orderId, cashOutStake: '10.00', threshold: '50.00' }],
      ['/cashOut/auto/cancel', { orderId }],
    ] as const) {
      const res = await post(url, body, other);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 15020, errcode: 15020 });
    }
    expect(await balanceOf(t, 'demo2')).toBe(before);
    const anonymous = await t.inject({ method: 'POST', url: '/v1/order/cashOut/price', payload: { orderIds: [orderId] } });
    expect(anonymous.statusCode).toBe(401);
    expect((await orderRow(orderId)).remaining_stake_minor).toBe(8_000);
  });

  it('bad input answers 4xx with a message and moves no money', async () => {
    const orderId = await bet(nextPrematch());
    const before = await balanceOf(t, 'demo');
    const cases: Array<[unknown, number, RegExp]> = [
      [{ orderId, cashOutStake: '-10.00', expectedAmount: '1.00' }, 400, /cashOutStake/],
      [{ orderId, cashOutStake: '10.001', expectedAmount: '1.00' }, 400, /cashOutStake/],
      [{ orderId, cashOutStake: '10.00' }, 400, /expectedAmount/],
      [{ orderId: 'abc', cashOutStake: '10.00', expectedAmount: '1.00' }, 400, /orderId/],
      [{ orderId, cashOutStake: '100.01', expectedAmount: '1.00' }, 422, /above the remaining stake 100\.00/],
      [{ orderId: '123456789', cashOutStake: '10.00', expectedAmount: '1.00' }, 404, /no order 123456789/],
    ];
    for (const [body, status, message] of cases) {
      const res = await post('/cashOut/execute', body);
      expect([res.statusCode, res.json().msg]).toEqual([status, expect.stringMatching(message)]);
    }
    expect((await post('/cashOut/price', { orderIds: [] })).statusCode).toBe(400);
    expect((await post('/getCashOutsByIds', { ids: ['x'] })).statusCode).toBe(400);
    expect((await post('/cashOut/auto', { orderId, cashOutStake: '0', threshold: '100.00' })).statusCode).toBe(400);
    expect(await balanceOf(t, 'demo')).toBe(before);
    expect(await orderRow(orderId)).toMatchObject({ status: 4, remaining_stake_minor: 10_000, cash_out_count: 0 });
    expect(await bookProblems(t)).toEqual([]);
  });
});
