import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BetResult } from '../../src/domain/series';
import { BetType, OrderStatus } from '../src/betting/codes';
import type { MarketSnapshot } from '../src/betting/orders';
import { orderResult, singleReturn } from '../src/betting/settlement';
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
          odds_change: 1, status: OrderStatus.Confirmed, result: 0, payout_minor: 0, cash_out_count: 0, cash_out_stake_minor: 0, cash_out_payout_minor: 0, reject_type: null,
          reject_reason: null, is_in_play: 0, accept_at: null, reserve_id: null, created_at: now, confirmed_at: now, settled_at: null, cancelled_at: null, modified_at: now,
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

  it('settles quarter lines in halves and pays each code (DOMAIN.md examples, stake 100 at 1.90)', async () => {
    const ids = {
      homeMinus075Wins10: await order([{ market: market('handicap', '-0.75'), option: 'home', odds: '1.90' }], '100'),
      homeMinus025Draw: await order([{ matchId: MATCH + 1, market: market('handicap', '-0.25'), option: 'home', odds: '1.90' }], '100'),
      homePlus025Draw: await order([{ matchId: MATCH + 1, market: market('handicap', '0.25'), option: 'home', odds: '1.90' }], '100'),
      over225TwoGoals: await order([{ matchId: MATCH + 2, market: market('overUnder', '2.25'), option: 'over', odds: '1.90' }], '100'),
      homeWin: await order([{ market: market('win1x2'), option: 'home', odds: '1.90' }], '100'),
      awayWin: await order([{ market: market('win1x2'), option: 'away', odds: '1.90' }], '100'),
      levelDraw: await order([{ matchId: MATCH + 1, market: market('handicap', '0'), option: 'home', odds: '1.90' }], '100'),
    };
    await t.app.betting.settlement.settleMatch(result(1, 0));
    await t.app.betting.settlement.settleMatch(result(1, 1, MatchStatus.Ended, MATCH + 1));
    await t.app.betting.settlement.settleMatch(result(2, 0, MatchStatus.Ended, MATCH + 2));
    const expected: Record<keyof typeof ids, [BetResult, number]> = {
      homeMinus075Wins10: [BetResult.WinReturn, 14_500],
      homeMinus025Draw: [BetResult.LoseReturn, 5_000],
      homePlus025Draw: [BetResult.WinReturn, 14_500],
      over225TwoGoals: [BetResult.LoseReturn, 5_000],
      homeWin: [BetResult.Won, 19_000],
      awayWin: [BetResult.Lost, 0],
      levelDraw: [BetResult.Return, 10_000],
    };
    for (const [name, id] of Object.entries(ids)) {
      const row = await settled(id);
      expect({ name, status: row.status, result: row.result, payout: Number(row.payout_minor) }).toEqual({ name, status: OrderStatus.Settled, result: expected[name as keyof typeof ids][0], payout: expected[name as keyof typeof ids][1] });
    }
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
});
