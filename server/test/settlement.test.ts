import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BetResult } from '../../domain/series';
import { BetType, CashOutFailure, CashOutStatus, OrderStatus } from '../src/betting/codes';
import type { MarketSnapshot } from '../src/betting/orders';
import { NEW_ORDER_OUTCOME } from '../src/betting/orderDrafts';
import { builderReturn } from '../src/betting/builder';
import { createSettlementService, orderResult, singleReturn, type SettlementHook, type SettlementService } from '../src/betting/settlement';
import { snapshotRow, storeSnapshots } from '../src/betting/snapshots';
import { MatchStatus, type MatchResult } from '../src/feed';
import { Money } from '../src/money';
import { buildTestApp, type TestApp } from './helpers';
import { bookProblems } from './betting.support';

const MATCH = 990_001;

function market(kind: MarketSnapshot['kind'], line?: string): MarketSnapshot {
  return { key: kind === 'win1x2' ? '1x2' : kind === 'handicap' ? 'ah' : 'ou', kind, marketType: 1000, period: 'ft', unit: 'goals', optionTypes: [], allowParley: true, ...(line ? { line } : {}) };
}

function result(home: number, away: number, matchStatus: number = MatchStatus.Ended, matchId = MATCH): MatchResult {
  return {
    matchId,
    matchStatus,
    winnerTeamId: undefined,
    final: { periods: { ft: { goals: { home, away } } }, completed: ['ft'], winner: home > away ? 'home' : away > home ? 'away' : 'draw' },
  } as unknown as MatchResult;
}

describe('result codes and returns (DOMAIN.md section 2)', () => {
  it.each([
    [BetResult.Won, '190.00'],
    [BetResult.Lost, '0.00'],
    [BetResult.Return, '100.00'],
    [BetResult.WinReturn, '145.00'],
    [BetResult.LoseReturn, '50.00'],
    [BetResult.Cancel, '100.00'],
  ])('a 100 stake at 1.90 with result %i returns %s', (code, expected) => {
    expect(singleReturn(100, '1.90', code).toFixed(2)).toBe(expected);
  });

  it.each([
    [[BetResult.Won, BetResult.Won, BetResult.Won], '340.00'],
    [[BetResult.Won, BetResult.Lost, BetResult.Won], '0.00'],
    // A pushed leg pushes the bet (the price counted that score as a push, not a win).
    [[BetResult.Won, BetResult.Return, BetResult.Won], '100.00'],
    // Half won: half the stake at 3.40, half pushed.
    [[BetResult.WinReturn, BetResult.Won, BetResult.Won], '220.00'],
    // Half lost, the other half pushed.
    [[BetResult.Won, BetResult.LoseReturn, BetResult.Won], '50.00'],
    [[BetResult.WinReturn, BetResult.LoseReturn, BetResult.Won], '50.00'],
    // A called-off match voids every leg: the stake back.
    [[BetResult.Cancel, BetResult.Cancel, BetResult.Cancel], '100.00'],
  ])('a 100 bet builder at 3.40 with legs %j returns %s', (codes, expected) => {
    expect(builderReturn(100, '3.40', codes).toFixed(2)).toBe(expected);
  });

  it('names a multiple by what it returns against its stake', () => {
    const stake = new Money(40);
    expect(orderResult(BetType.Multiple, [BetResult.Won, BetResult.Lost], new Money(0), stake)).toBe(BetResult.Lost);
    expect(orderResult(BetType.Multiple, [BetResult.Cancel, BetResult.Cancel], stake, stake)).toBe(BetResult.Cancel);
    expect(orderResult(BetType.Multiple, [BetResult.Won, BetResult.Cancel], new Money('130.09'), stake)).toBe(BetResult.Won);
    expect(orderResult(BetType.Multiple, [BetResult.LoseReturn, BetResult.Return], new Money(20), stake)).toBe(BetResult.LoseReturn);
    expect(orderResult(BetType.Single, [BetResult.WinReturn], new Money(145), new Money(100))).toBe(BetResult.WinReturn);
  });
});

describe('settling stored orders from a match result', () => {
  let t: TestApp;
  let memberId: number;
  let seq = 0;

  beforeAll(async () => {
    t = await buildTestApp();
    memberId = Number((await t.db.selectFrom('members').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow()).id);
  });
  afterAll(async () => t?.app.close());

  /** A confirmed order written as placement writes one: stake debited with its ledger row in the same transaction. */
  async function order(legs: Array<{ matchId?: number; market: MarketSnapshot; option: string; odds: string }>, unitStake: string, seriesNumber = 0, betCount = 1): Promise<string> {
    const id = `9${String(++seq).padStart(18, '0')}`;
    const stakeMinor = new Money(unitStake).times(betCount).times(100).toNumber();
    await t.db.transaction().execute(async (trx) => {
      await t.app.wallet.debit(trx, { memberId, asset: 'CNY', amountMinor: stakeMinor, kind: 'bet_stake', refType: 'order', refId: id });
      const now = t.clock.now();
      await trx
        .insertInto('orders')
        .values({
          id, member_id: memberId, request_id: id, bet_type: seriesNumber ? BetType.Multiple : BetType.Single, series_number: seriesNumber, item_count: legs.length, bet_count: betCount,
          currency: 'CNY', exchange_rate: '1', unit_stake_minor: stakeMinor / betCount, stake_minor: stakeMinor, remaining_stake_minor: stakeMinor, odds: '1', max_win_minor: 0,
          odds_change: 1, status: OrderStatus.Confirmed, ...NEW_ORDER_OUTCOME, is_in_play: 0, accept_at: null, reserve_id: null, created_at: now, confirmed_at: now, settled_at: null, cancelled_at: null, modified_at: now,
        })
        .execute();
      const snapshots = legs.map((leg) => snapshotRow(JSON.stringify(leg.market), '{}'));
      await storeSnapshots(trx, snapshots);
      await trx
        .insertInto('order_legs')
        .values(
          legs.map((leg, i) => ({
            order_id: id, leg_no: i + 1, match_id: leg.matchId ?? MATCH, sport_id: 1, market_id: 1, market_type: 1000, option_type: leg.option, line: leg.market.line ?? null,
            odds: leg.odds, odds_format: 1, is_in_play: 0, begin_time: now, snapshot_hash: snapshots[i]!.hash, result: 0, result_score: null, settled_at: null,
          })),
        )
        .execute();
    });
    return id;
  }

  async function settled(id: string) {
    return t.db.selectFrom('orders').select(['status', 'result', 'payout_minor']).where('id', '=', id).executeTakeFirstOrThrow();
  }

  /** A worked example: an order placed and the result and payout (minor units) it must settle to. */
  interface Example {
    id: string;
    result: BetResult;
    payout: number;
  }

  /** Every example is settled to its result and payout; with `paid` (bet_payout ledger rows) also paid exactly that. */
  async function expectSettledAs(examples: Record<string, Example>, paid?: Map<string, number>) {
    for (const [name, { id, result, payout }] of Object.entries(examples)) {
      const row = await settled(id);
      const [ledger, paidOnce] = paid ? [{ ledger: paid.get(id) ?? 0 }, { ledger: payout }] : [{}, {}];
      expect({ name, status: row.status, result: row.result, payout: Number(row.payout_minor), ...ledger }).toEqual({ name, status: OrderStatus.Settled, result, payout, ...paidOnce });
    }
  }

  it('settles quarter lines in halves and pays each code (DOMAIN.md examples, stake 100 at 1.90)', async () => {
    const examples = {
      homeMinus075Wins10: { id: await order([{ market: market('handicap', '-0.75'), option: 'home', odds: '1.90' }], '100'), result: BetResult.WinReturn, payout: 14_500 },
      homeMinus025Draw: { id: await order([{ matchId: MATCH + 1, market: market('handicap', '-0.25'), option: 'home', odds: '1.90' }], '100'), result: BetResult.LoseReturn, payout: 5_000 },
      homePlus025Draw: { id: await order([{ matchId: MATCH + 1, market: market('handicap', '0.25'), option: 'home', odds: '1.90' }], '100'), result: BetResult.WinReturn, payout: 14_500 },
      over225TwoGoals: { id: await order([{ matchId: MATCH + 2, market: market('overUnder', '2.25'), option: 'over', odds: '1.90' }], '100'), result: BetResult.LoseReturn, payout: 5_000 },
      homeWin: { id: await order([{ market: market('win1x2'), option: 'home', odds: '1.90' }], '100'), result: BetResult.Won, payout: 19_000 },
      awayWin: { id: await order([{ market: market('win1x2'), option: 'away', odds: '1.90' }], '100'), result: BetResult.Lost, payout: 0 },
      levelDraw: { id: await order([{ matchId: MATCH + 1, market: market('handicap', '0'), option: 'home', odds: '1.90' }], '100'), result: BetResult.Return, payout: 10_000 },
    } satisfies Record<string, Example>;
    await t.app.betting.settlement.settleMatch(result(1, 0));
    await t.app.betting.settlement.settleMatch(result(1, 1, MatchStatus.Ended, MATCH + 1));
    await t.app.betting.settlement.settleMatch(result(2, 0, MatchStatus.Ended, MATCH + 2));
    await expectSettledAs(examples);
    expect(await bookProblems(t)).toEqual([]);
  });

  it('voids every leg of a cancelled match and refunds the stake', async () => {
    const id = await order([{ matchId: MATCH + 3, market: market('win1x2'), option: 'home', odds: '2.10' }], '80');
    await t.app.betting.settlement.settleMatch(result(0, 0, MatchStatus.Cancelled, MATCH + 3));
    expect(await settled(id)).toEqual({ status: OrderStatus.Settled, result: BetResult.Cancel, payout_minor: 8_000 });
  });

  it('pays a Trixie with a void leg 130.09 on a unit of 10, once its last leg settles', async () => {
    const legs = [
      { matchId: MATCH + 10, market: market('win1x2'), option: 'home', odds: '1.87' },
      { matchId: MATCH + 11, market: market('win1x2'), option: 'home', odds: '7.40' },
      { matchId: MATCH + 12, market: market('win1x2'), option: 'home', odds: '2.35' },
    ];
    const id = await order(legs, '10', 3004, 4);
    await t.app.betting.settlement.settleMatch(result(2, 0, MatchStatus.Ended, MATCH + 10));
    await t.app.betting.settlement.settleMatch(result(0, 0, MatchStatus.Cancelled, MATCH + 11));
    expect((await settled(id)).status).toBe(OrderStatus.Confirmed);
    await t.app.betting.settlement.settleMatch(result(3, 1, MatchStatus.Ended, MATCH + 12));
    expect(await settled(id)).toEqual({ status: OrderStatus.Settled, result: BetResult.Won, payout_minor: 13_009 });
    expect(await bookProblems(t)).toEqual([]);
  });

  it('loses a parlay with one lost leg and pays nothing', async () => {
    const id = await order(
      [
        { matchId: MATCH + 20, market: market('win1x2'), option: 'home', odds: '1.50' },
        { matchId: MATCH + 21, market: market('win1x2'), option: 'away', odds: '3.00' },
      ],
      '25',
      2001,
      1,
    );
    await t.app.betting.settlement.settleMatch(result(1, 0, MatchStatus.Ended, MATCH + 20));
    await t.app.betting.settlement.settleMatch(result(1, 0, MatchStatus.Ended, MATCH + 21));
    expect(await settled(id)).toEqual({ status: OrderStatus.Settled, result: BetResult.Lost, payout_minor: 0 });
  });

  /** A settlement service of its own that cuts a match into batches of a few orders (production's are 2,000). */
  /** Settlement in batches of `ordersPerTransaction`; `batchesInFlight` 1 runs them one after another, as SQLite does. */
  function smallBatches(ordersPerTransaction: number, batchesInFlight?: number): SettlementService {
    return createSettlementService({ db: t.db, clock: t.clock, feed: t.feed, wallet: t.app.wallet, config: t.config }, async () => undefined, {
      ordersPerTransaction,
      ...(batchesInFlight === undefined ? {} : { batchesInFlight }),
    });
  }

  async function payoutRows(ids: readonly string[]): Promise<Map<string, number>> {
    const rows = await t.db.selectFrom('ledger').select(['ref_id', 'amount_minor']).where('kind', '=', 'bet_payout').where('ref_id', 'in', ids).execute();
    const out = new Map<string, number>();
    for (const r of rows) {
      expect(out.has(r.ref_id!)).toBe(false);
      out.set(r.ref_id!, Number(r.amount_minor));
    }
    return out;
  }

  it('settles a match cut into batches: mixed results, half win and half loss, void and parlays whose legs fall in different batches, each once', async () => {
    const M = MATCH + 30;
    const examples = {
      homeWin: { id: await order([{ matchId: M, market: market('win1x2'), option: 'home', odds: '1.90' }], '100'), result: BetResult.Won, payout: 19_000 },
      awayLost: { id: await order([{ matchId: M, market: market('win1x2'), option: 'away', odds: '4.00' }], '100'), result: BetResult.Lost, payout: 0 },
      halfWin: { id: await order([{ matchId: M, market: market('handicap', '-0.75'), option: 'home', odds: '1.90' }], '100'), result: BetResult.WinReturn, payout: 14_500 },
      halfLoss: { id: await order([{ matchId: M, market: market('overUnder', '1.25'), option: 'over', odds: '1.90' }], '100'), result: BetResult.LoseReturn, payout: 5_000 },
      // Its other leg is on a match that ends later: it waits for it.
      doubleLater: { id: await order([{ matchId: M, market: market('win1x2'), option: 'home', odds: '2.00' }, { matchId: M + 1, market: market('win1x2'), option: 'home', odds: '1.50' }], '20', 2001), result: BetResult.Won, payout: 6_000 },
      // Its other leg is on a match already cancelled: void at odds 1; 20 x 1 (void) x the half-won leg ((2.00 + 1) / 2 = 1.50).
      doubleVoid: { id: await order([{ matchId: M + 2, market: market('win1x2'), option: 'home', odds: '3.00' }, { matchId: M, market: market('handicap', '-0.75'), option: 'home', odds: '2.00' }], '20', 2001), result: BetResult.Won, payout: 3_000 },
      doubleLost: { id: await order([{ matchId: M, market: market('win1x2'), option: 'draw', odds: '3.20' }, { matchId: M + 1, market: market('win1x2'), option: 'home', odds: '1.50' }], '20', 2001), result: BetResult.Lost, payout: 0 },
      underLost: { id: await order([{ matchId: M, market: market('overUnder', '0.5'), option: 'under', odds: '2.50' }], '30'), result: BetResult.Lost, payout: 0 },
    } satisfies Record<string, Example>;
    const all = Object.values(examples).map((e) => e.id);
    const settlement = smallBatches(3);
    expect(await settlement.settleMatch(result(0, 0, MatchStatus.Cancelled, M + 2))).toBe(0);
    expect(await settlement.settleMatch(result(1, 0, MatchStatus.Ended, M))).toBe(all.length - 2);
    expect((await settled(examples.doubleLater.id)).status).toBe(OrderStatus.Confirmed);
    expect((await settled(examples.doubleLost.id)).status).toBe(OrderStatus.Confirmed);
    expect(await settlement.settleMatch(result(2, 1, MatchStatus.Ended, M + 1))).toBe(2);
    const paid = await payoutRows(all);
    await expectSettledAs(examples, paid);
    // Settling again (a restart, a second instance) moves nothing and pays nothing.
    for (const r of [result(1, 0, MatchStatus.Ended, M), result(2, 1, MatchStatus.Ended, M + 1)]) expect(await settlement.settleMatch(r)).toBe(0);
    expect(await payoutRows(all)).toEqual(paid);
    expect(await bookProblems(t)).toEqual([]);
  });

  it('a crash in the middle of a match leaves whole batches only, and settling again finishes the rest exactly once', async () => {
    const M = MATCH + 40;
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await order([{ matchId: M, market: market('win1x2'), option: i % 2 ? 'away' : 'home', odds: '1.80' }], String(10 + i)));
    // One batch at a time, so the third batch is the one that fails (the next test has them side by side).
    const settlement = smallBatches(2, 1);
    let batches = 0;
    // The hook runs inside each batch's transaction after its payouts: throwing there is a crash before the commit.
    settlement.onSettled(async () => {
      batches += 1;
      if (batches === 3) throw new Error('the process died');
    });
    await expect(settlement.settleMatch(result(2, 0, MatchStatus.Ended, M))).rejects.toThrow('the process died');

    const orders = await t.db.selectFrom('orders').select(['id', 'status']).where('id', 'in', ids).execute();
    const legs = await t.db.selectFrom('order_legs').select(['order_id', 'result']).where('order_id', 'in', ids).execute();
    const done = new Set(orders.filter((o) => o.status === OrderStatus.Settled).map((o) => o.id));
    // Two batches of two committed; the third rolled back whole: its legs have no result and nothing was paid for it.
    expect(done.size).toBe(4);
    for (const leg of legs) expect({ id: leg.order_id, hasResult: leg.result !== BetResult.NoResulted }).toEqual({ id: leg.order_id, hasResult: done.has(leg.order_id) });
    expect([...(await payoutRows(ids)).keys()].every((id) => done.has(id))).toBe(true);
    expect(await bookProblems(t)).toEqual([]);

    batches = 0;
    expect(await settlement.settleMatch(result(2, 0, MatchStatus.Ended, M))).toBe(3);
    const paid = await payoutRows(ids);
    ids.forEach((id, i) => expect({ id, paid: paid.get(id) ?? 0 }).toEqual({ id, paid: i % 2 ? 0 : (10 + i) * 180 }));
    expect((await t.db.selectFrom('orders').select('id').where('id', 'in', ids).where('status', '=', OrderStatus.Settled).execute()).length).toBe(ids.length);
    expect(await bookProblems(t)).toEqual([]);
  });

  it('with batches in flight side by side (PostgreSQL), a crash still leaves whole batches only, and settling again pays the rest once', async () => {
    const M = MATCH + 42;
    const ids: string[] = [];
    for (let i = 0; i < 9; i++) ids.push(await order([{ matchId: M, market: market('win1x2'), option: 'home', odds: '2.00' }], '10'));
    const settlement = smallBatches(2, 2);
    let batches = 0;
    let crash = true;
    settlement.onSettled(async () => {
      batches += 1;
      if (crash && batches === 2) throw new Error('the process died');
    });
    await expect(settlement.settleMatch(result(1, 0, MatchStatus.Ended, M))).rejects.toThrow('the process died');
    // The batches are the orders in id order (one member), two at a time: each is settled whole or not at all.
    const status = new Map((await t.db.selectFrom('orders').select(['id', 'status']).where('id', 'in', ids).execute()).map((o) => [o.id, o.status]));
    const sorted = [...ids].sort();
    const whole: boolean[] = [];
    for (let start = 0; start < sorted.length; start += 2) {
      const batch = sorted.slice(start, start + 2).map((id) => status.get(id) === OrderStatus.Settled);
      expect(new Set(batch).size).toBe(1);
      whole.push(batch[0]!);
    }
    expect(whole.filter(Boolean).length).toBeLessThan(whole.length);
    expect(await bookProblems(t)).toEqual([]);

    crash = false;
    await settlement.settleMatch(result(1, 0, MatchStatus.Ended, M));
    const paid = await payoutRows(ids);
    expect(ids.map((id) => paid.get(id))).toEqual(ids.map(() => 2_000));
    expect(await bookProblems(t)).toEqual([]);
  });

  /**
   * Four singles of 100 at 2.00 on the home side of match M, settled two orders a batch on a home win, with `change`
   * run inside the first batch's transaction: what a cash out writes between the match's read and the next batch.
   */
  async function changedBetweenBatches(M: number, change: (trx: Parameters<SettlementHook>[0], ids: readonly string[]) => Promise<void>) {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await order([{ matchId: M, market: market('win1x2'), option: 'home', odds: '2.00' }], '100'));
    // One batch at a time: the change is made before the next batch starts, as a cash out committed between them.
    const settlement = smallBatches(2, 1);
    let batches = 0;
    settlement.onSettled(async (trx) => {
      batches += 1;
      if (batches === 1) await change(trx, ids);
    });
    return { ids, settledCount: await settlement.settleMatch(result(1, 0, MatchStatus.Ended, M)) };
  }

  it('pays an order cashed out in part while an earlier batch was written on what stays staked', async () => {
    // The third order (in the next batch) loses 60.00 of its stake to a partial cash out: the next batch must read it afresh.
    const { ids, settledCount } = await changedBetweenBatches(MATCH + 45, async (trx, orders) => {
      await trx.updateTable('orders').set({ remaining_stake_minor: 4_000, cash_out_count: 1, cash_out_stake_minor: 6_000 }).where('id', '=', orders[2]!).execute();
    });
    expect(settledCount).toBe(4);
    const paid = await payoutRows(ids);
    expect(ids.map((id) => paid.get(id))).toEqual([20_000, 20_000, 8_000, 20_000]);
    expect(Number((await settled(ids[2]!)).payout_minor)).toBe(8_000);
  });

  it('settles an order whose cash out is pending since its terms were read, refusing that cash out, and leaves one cashed out in full since', async () => {
    // The third order's cash out waits for its in-play delay; the fourth is cashed out in full.
    const { ids, settledCount } = await changedBetweenBatches(MATCH + 47, async (trx, orders) => {
      const now = t.clock.now();
      await trx.updateTable('orders').set({ status: OrderStatus.ReserveCashOut }).where('id', '=', orders[2]!).execute();
      await trx
        .insertInto('cash_outs')
        .values({ id: `c${orders[2]}`, order_id: orders[2]!, member_id: memberId, stake_minor: 10_000, payout_minor: 15_000, status: CashOutStatus.Confirming, auto: 0, cancel_reason: null, accept_at: now + 5_000, created_at: now, modified_at: now })
        .execute();
      await trx.updateTable('orders').set({ status: OrderStatus.CashOut, remaining_stake_minor: 0, cash_out_count: 1, cash_out_stake_minor: 10_000, cash_out_payout_minor: 15_000 }).where('id', '=', orders[3]!).execute();
    });
    expect(settledCount).toBe(3);
    const paid = await payoutRows(ids);
    expect(ids.map((id) => paid.get(id))).toEqual([20_000, 20_000, 20_000, undefined]);
    const cashOut = await t.db.selectFrom('cash_outs').select(['status', 'cancel_reason']).where('id', '=', `c${ids[2]}`).executeTakeFirstOrThrow();
    expect(cashOut).toEqual({ status: CashOutStatus.Canceled, cancel_reason: CashOutFailure.SettleRefused });
    const fourth = await t.db.selectFrom('orders').select(['status', 'payout_minor']).where('id', '=', ids[3]!).executeTakeFirstOrThrow();
    expect(fourth).toEqual({ status: OrderStatus.CashOut, payout_minor: 0 });
  });

  it('two settlements of the same match at once (two instances, a retry) settle and pay each order once', async () => {
    const M = MATCH + 50;
    const ids: string[] = [];
    for (let i = 0; i < 9; i++) ids.push(await order([{ matchId: M, market: market('win1x2'), option: 'home', odds: '2.00' }], '10'));
    const [a, b] = await Promise.all([smallBatches(2).settleMatch(result(1, 0, MatchStatus.Ended, M)), smallBatches(3).settleMatch(result(1, 0, MatchStatus.Ended, M))]);
    expect(a + b).toBe(ids.length);
    const paid = await payoutRows(ids);
    expect(ids.map((id) => paid.get(id))).toEqual(ids.map(() => 2_000));
    expect(await bookProblems(t)).toEqual([]);
  });
});
