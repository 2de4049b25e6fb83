import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Decimal from 'decimal.js';
import { EDIT_BET_PATHS } from '../../contract/editBet';
import { BetError, BetType, OrderStatus } from '../src/betting/codes';
import type { Market } from '../src/feed';
import { priceCombination } from '../src/feed/pricing/builder';
import { BetResult } from '../src/feed/codes';
import { settleOption } from '../src/feed/engine/settle';
import { buildTestApp, login, playOut, type TestApp } from './helpers';
import { auth, balanceOf, bookProblems } from './betting.support';

/** The platform's bet builder end to end: quote, place, refuse, cash-out offer, settle (docs/api.md "Bet builder"). */
describe('bet builder', () => {
  let t: TestApp;
  let token: string;
  let matchId: number;
  let markets: Market[];
  const byKind = (kind: string, period = 'ft') => markets.find((m) => m.kind === kind && m.period === period && m.status === 1 && !m.options.some((o) => o.isLock))!;
  const legOf = (m: Market, type: string) => ({ marketId: m.marketId, matchId: m.matchId, type });
  const optionOf = (m: Market, type: string) => ({ marketId: m.marketId, optionType: type, odds: m.options.find((o) => o.type === type)!.odd, oddsFormat: 1 });
  const quote = (legs: Array<{ marketId: number; matchId: number; type: string }>) =>
    t.inject({ method: 'POST', url: '/v1/order/builder/quote', headers: auth(token), payload: { betMatchMarketList: legs } });
  const place = (body: Record<string, unknown>) => t.inject({ method: 'POST', url: '/v1/order/bet/builder', headers: auth(token), payload: body });

  beforeAll(async () => {
    t = await buildTestApp({ feed: { speed: 600 } });
    token = await login(t);
    const match = t.feed.matches({ type: 'today', sportId: 1 }).find((m) => m.beginTime > t.feed.now() && t.feed.markets(m.matchId).some((k) => k.kind === 'correctScore'))!;
    matchId = match.matchId;
    markets = t.feed.markets(matchId);
  });
  afterAll(async () => t?.app.close());

  it('quotes home win + over + odd as the sum over the match score matrix with the builder margin', async () => {
    const win = byKind('win1x2');
    const ou = byKind('overUnder');
    const oe = byKind('oddEven');
    const res = await quote([legOf(win, 'home'), legOf(ou, 'over'), legOf(oe, 'odd')]);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const model = t.feed.scoreModel(matchId)!;
    const expected = priceCombination(model, [{ terms: win, optionType: 'home' }, { terms: ou, optionType: 'over' }, { terms: oe, optionType: 'odd' }], Number(t.config.betting.builder.margin));
    expect(expected.ok).toBe(true);
    expect(data).toMatchObject({ matchId, odds: expected.ok ? expected.odds : null, reason: null, maxLegs: t.config.betting.builder.maxLegs });
    expect(data.legs.map((l: { reason: unknown }) => l.reason)).toEqual([null, null, null]);
    expect(Number(data.minBet)).toBeGreaterThan(0);
  });

  it('marks the selections that cannot combine and refuses contradictions with the reason', async () => {
    const win = byKind('win1x2');
    const corners = markets.find((m) => m.kind === 'cornersOverUnder' && m.status === 1);
    const firstHalf = byKind('win1x2', '1h');
    const other = t.feed.matches({ type: 'today', sportId: 1 }).find((m) => m.matchId !== matchId)!;
    const otherWin = t.feed.markets(other.matchId).find((m) => m.kind === 'win1x2' && m.period === 'ft')!;
    const mixed = (await quote([legOf(win, 'home'), ...(corners ? [legOf(corners, 'over')] : []), legOf(firstHalf, 'home'), legOf(otherWin, 'home')])).json().data;
    expect(mixed.odds).toBeNull();
    expect(mixed.legs.map((l: { reason: unknown }) => l.reason)).toEqual([null, ...(corners ? ['notFinalScore'] : []), 'periodMarket', 'otherMatch']);
    const contradictory = (await quote([legOf(win, 'home'), legOf(win, 'draw')])).json().data;
    expect(contradictory).toMatchObject({ odds: null, reason: 'contradictory' });

    const before = await balanceOf(t, 'demo');
    const res = await place({ betOptionList: [optionOf(win, 'home'), optionOf(win, 'away')], odds: '5.00', unitStake: '10.00', oddsChange: 2 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: BetError.BuilderRefused });
    expect(res.json().msg).toMatch(/cannot all win together/);
    expect(await balanceOf(t, 'demo')).toBe(before);
  });

  it('prices basketball from the joint of margin and total, in play too', async () => {
    let priced = 0;
    for (const list of ['today', 'inplay'] as const) {
      const game = t.feed.matches({ type: list, sportId: 3 }).find((m) => {
        const ms = t.feed.markets(m.matchId);
        return ['moneyLine', 'total'].every((kind) => ms.some((k) => k.kind === kind && k.period === 'ft' && k.status === 1));
      });
      if (!game) continue;
      const ms = t.feed.markets(game.matchId);
      const ml = ms.find((k) => k.kind === 'moneyLine' && k.period === 'ft')!;
      const total = ms.find((k) => k.kind === 'total' && k.period === 'ft')!;
      const data = (await quote([legOf(ml, 'home'), legOf(total, 'over')])).json().data;
      const expected = priceCombination(t.feed.scoreModel(game.matchId)!, [{ terms: ml, optionType: 'home' }, { terms: total, optionType: 'over' }], Number(t.config.betting.builder.margin));
      expect({ list, odds: data.odds }).toEqual({ list, odds: expected.ok ? expected.odds : null });
      expect(data.odds).not.toBeNull();
      priced++;
      // A quarter is a period market: it cannot join.
      const quarter = ms.find((k) => k.kind === 'moneyLine' && k.period.startsWith('q') && k.status === 1);
      if (quarter) expect((await quote([legOf(ml, 'home'), legOf(quarter, 'home')])).json().data.legs[1].reason).toBe('periodMarket');
    }
    expect(priced).toBeGreaterThan(0);
  });

  it('refuses a changed price under "none", places at the builder odds, offers a cash out and settles as the matrix says', async () => {
    const win = byKind('win1x2');
    const ou = byKind('overUnder');
    const ah = byKind('handicap');
    const legs = [optionOf(win, 'home'), optionOf(ou, 'under'), optionOf(ah, 'home')];
    const quoted = (await quote([legOf(win, 'home'), legOf(ou, 'under'), legOf(ah, 'home')])).json().data;
    expect(quoted.odds).not.toBeNull();
    const before = await balanceOf(t, 'demo');

    const stale = await place({ betOptionList: legs, odds: new Decimal(quoted.odds).plus('0.5').toFixed(2), unitStake: '100.00', oddsChange: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: BetError.OddsChanged });
    const tooBig = await place({ betOptionList: legs, odds: quoted.odds, unitStake: '9999999.00', oddsChange: 0 });
    expect(tooBig.json()).toMatchObject({ code: BetError.ExceedRange });
    expect(await balanceOf(t, 'demo')).toBe(before);

    const res = await place({ betOptionList: legs, odds: quoted.odds, unitStake: '100.00', oddsChange: 0, requestId: 'builder-test-1' });
    expect(res.statusCode).toBe(200);
    const orderId = res.json().data.orders[0].orderId as string;
    expect(res.json().data.orders[0]).toMatchObject({ status: OrderStatus.Confirmed, odds: quoted.odds, betAmount: '100.00' });
    expect(await balanceOf(t, 'demo')).toBe(before - 10_000);
    const order = await t.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect({ type: order.bet_type, legs: order.item_count, bets: order.bet_count }).toEqual({ type: BetType.Builder, legs: 3, bets: 1 });
    const ledger = await t.db.selectFrom('ledger').select(['amount_minor', 'kind']).where('ref_id', '=', orderId).execute();
    expect(ledger.map((l) => [Number(l.amount_minor), l.kind])).toEqual([[-10_000, 'bet_stake']]);
    // The same request id again: the same order, no second debit.
    const again = await place({ betOptionList: legs, odds: quoted.odds, unitStake: '100.00', oddsChange: 0, requestId: 'builder-test-1' });
    expect(again.json().data).toMatchObject({ repeated: true, orders: [{ orderId }] });

    // Cash out from the same model: nothing moved, so fair value R x D / D less the cash-out margin.
    const offer = (await t.inject({ method: 'POST', url: '/v1/order/cashOut/price', headers: auth(token), payload: { orderIds: [orderId] } })).json().data.pr[0];
    expect(offer).toMatchObject({ oid: orderId, st: 1 });
    expect(offer.amt).toBe(new Decimal(100).times(new Decimal(1).minus(t.config.betting.cashOut.margin)).toFixed(2));
    // Edit bet takes singles and parlays only: a builder is cashed out and built again.
    const edit = await t.inject({ method: 'POST', url: EDIT_BET_PATHS.preview, headers: auth(token), payload: { orderId, stakeChange: '10.00' } });
    expect(edit.statusCode).toBeGreaterThanOrEqual(400);
    expect(edit.json()).toMatchObject({ code: BetError.EditUnavailable });
    expect(edit.json().msg ?? edit.json().message).toMatch(/bet builder/);

    // Listed in My bets with its three legs and its combined odds.
    const open = (await t.inject({ method: 'POST', url: '/v1/order/new/bet/list', headers: auth(token), payload: { isSettled: false } })).json().data;
    const record = open.records.find((r: Record<string, unknown>) => r.oid === orderId || Object.values(r).includes(orderId));
    expect(record).toBeDefined();

    playOut(t, matchId);
    await t.app.betting.tick();
    await t.app.betting.idle();
    const settled = await t.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(settled.status).toBe(OrderStatus.Settled);
    const result = (await t.app.matchResults.get(matchId))!;
    const goals = result.final.periods.ft!.goals!;
    const codes = [win, ou, ah].map((m, i) => settleOption(m, legs[i]!.optionType, result.final, result.matchStatus));
    // The matrix's rule per leg: won 1, half won 1/2; lost 1, half lost 1/2; the bet returns 100 (D W + N - W).
    const w = codes.reduce((p, c) => p * (c === BetResult.Won ? 1 : c === BetResult.WinReturn ? 0.5 : 0), 1);
    const n = codes.reduce((p, c) => p * (1 - (c === BetResult.Lost ? 1 : c === BetResult.LoseReturn ? 0.5 : 0)), 1);
    const payout = new Decimal(100).times(new Decimal(quoted.odds).times(w).plus(n - w)).times(100).toDecimalPlaces(0).toNumber();
    expect({ goals, payout: Number(settled.payout_minor) }).toEqual({ goals, payout });
    const legRows = await t.db.selectFrom('order_legs').select('result').where('order_id', '=', orderId).orderBy('leg_no').execute();
    expect(legRows.map((l) => l.result)).toEqual(codes);
    expect(await bookProblems(t)).toEqual([]);
  });
  it('holds an in-play builder for the acceptance delay, then takes it at the builder price of that moment or refuses it', async () => {
    const live = t.feed.matches({ type: 'inplay', sportId: 1 }).flatMap((m) => {
      const ms = t.feed.markets(m.matchId);
      const win = ms.find((k) => k.kind === 'win1x2' && k.period === 'ft' && k.status === 1);
      const ou = ms.find((k) => k.kind === 'overUnder' && k.period === 'ft' && k.status === 1);
      return win && ou ? [{ win, ou }] : [];
    });
    const placed: string[] = [];
    for (const { win, ou } of live.slice(0, 4)) {
      const quoted = (await quote([legOf(win, 'home'), legOf(ou, 'over')])).json().data;
      if (quoted.odds === null) continue;
      const res = await place({ betOptionList: [optionOf(win, 'home'), optionOf(ou, 'over')], odds: quoted.odds, unitStake: '20.00', oddsChange: 2 });
      expect(res.json().data.orders[0].status).toBe(OrderStatus.Confirming);
      placed.push(res.json().data.orders[0].orderId);
    }
    expect(placed.length).toBeGreaterThan(0);
    // The delay's end without moving the matches (feed.tick would play some 50 minutes of them at speed 600).
    t.clock.advance(t.config.betting.inPlayDelaySeconds * 1000 + 100);
    await t.app.betting.tick();
    await t.app.betting.idle();
    const rows = await t.db.selectFrom('orders').select(['id', 'status', 'odds', 'reject_type']).where('id', 'in', placed).execute();
    for (const row of rows) {
      expect([OrderStatus.Confirmed, OrderStatus.Rejected]).toContain(row.status);
      // Taken at a builder price (2 decimals), not the product of the legs' odds.
      if (row.status !== OrderStatus.Rejected) expect(row.odds).toMatch(/^\d+\.\d{2}$/);
    }
    // Nothing moved meanwhile: every one is taken, at the price it was placed at.
    expect(rows.map((row) => row.status)).toEqual(rows.map(() => OrderStatus.Confirmed));
    expect(await bookProblems(t)).toEqual([]);
  });
});
