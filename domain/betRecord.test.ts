import { describe, expect, it } from '@jest/globals';
import { wireOption, wireRecord } from '../src/testing/betRecordFixtures';
import {
  BET_OPTION_KEYS,
  BET_RECORD_KEYS,
  displayResultOf,
  displayStatusOf,
  earlySettlementResult,
  mapBetOption,
  mapBetRecord,
  mapStatisticsRow,
  OrderStatus,
  resultOf,
} from './betRecord';

describe('mapBetRecord', () => {
  it('maps every short key to the spec field name with its type', () => {
    // The record as sent, in spec names: what mapBetRecord gives back must carry each field unchanged.
    const sent = {
      id: '1763700000000000042',
      seriesType: 3004,
      betCount: 4,
      matchCount: 3,
      betAmount: '40.00',
      orderStatus: 5,
      settledTime: Date.UTC(2026, 10, 21, 9),
      allowSettleInAdvance: true,
      autoBet: true,
      cashOutList: [{ id: '9', createdTime: 5, amount: '20.00', payout: '18.50', orderId: '1763700000000000042', orderStatus: 5, refundAmount: '20.00', cancelReason: null }],
      reserveCashOutList: [{ id: 3, stake: '10.00', threshold: '12.00', status: 0, createdTime: 6 }],
      rejectReason: 'Odds changed',
      rejectType: 15005,
      result: 4,
    };
    const record = mapBetRecord(wireRecord(sent));
    expect(record).toMatchObject({ ...sent, cancelledTime: null, currency: 'CNY', currencyId: 1 });
    expect(record.options).toHaveLength(1);
    expect(record.options[0]).toMatchObject({ matchName: 'Arsenal vs Chelsea', leagueName: 'Premier League', marketTypeName: '1X2', optionName: 'Arsenal', betOdds: '2.100', isInPlay: false });
    // Every field of the key table is there, nothing else.
    expect(Object.keys(record).sort()).toEqual(Object.keys(BET_RECORD_KEYS).sort());
    expect(Object.keys(record.options[0]!).sort()).toEqual(Object.keys(BET_OPTION_KEYS).sort());
  });

  it('reads odd or missing fields as neutral values instead of failing', () => {
    const record = mapBetRecord({ id: 7, sa: 12.5, sat: 'n/a', st: '5', asa: 1, ops: 'x', col: null, [BET_RECORD_KEYS.settledTime]: '' });
    expect(record).toMatchObject({ id: '7', betAmount: '12.5', settledAmount: '0', orderStatus: 5, allowSettleInAdvance: true, options: [], cashOutList: [], settledTime: null, rejectReason: null });
    expect(mapBetRecord(null).id).toBe('');
    expect(mapBetRecord({ unknown: 1 })).not.toHaveProperty('unknown');
  });

  it('maps a leg with its teams, score and result', () => {
    const leg = mapBetOption(wireOption({ resultScore: '2:1', settledResult: 4, linear: '-0.5', inPlay: true, isInPlay: 1, away: null }));
    expect(leg).toMatchObject({ resultScore: '2:1', settledResult: 4, linear: '-0.5', inPlay: true, isInPlay: true, away: null, home: { id: 1, logoUrl: '', name: 'Arsenal' } });
  });

  it('maps a statistics row, with payout and win/lose only when sent', () => {
    expect(mapStatisticsRow({ coinId: 1, coinName: 'CNY', count: 3, stakeAmount: '300.00', payoutAmount: '410.00', winLose: '110.00' })).toEqual({
      coinId: 1,
      coinName: 'CNY',
      count: 3,
      stakeAmount: '300.00',
      payoutAmount: '410.00',
      winLose: '110.00',
    });
    expect(mapStatisticsRow({ coinId: 2, coinName: 'USD', count: 1, stakeAmount: '5.00' })).toEqual({ coinId: 2, coinName: 'USD', count: 1, stakeAmount: '5.00' });
  });
});

describe('display status', () => {
  it.each([
    [OrderStatus.Created, 'waiting'],
    [OrderStatus.Confirming, 'waiting'],
    [OrderStatus.Confirmed, 'confirm'],
    [OrderStatus.ReserveCashOut, 'confirm'],
    [OrderStatus.Rejected, 'failure'],
    [OrderStatus.Canceled, 'cancel'],
    [OrderStatus.Settled, 'settlement'],
    [OrderStatus.CashOut, 'earlySettlement'],
  ])('order status %i shows as %s', (status, expected) => {
    expect(displayStatusOf(status)).toBe(expected);
  });
});

describe('results', () => {
  it.each([
    [0, undefined],
    [2, 'draw'],
    [3, 'lose'],
    [4, 'win'],
    [5, 'halfWin'],
    [6, 'halfLose'],
    [7, 'cancel'],
    [99, undefined],
  ])('bet result %i shows as %s', (code, expected) => {
    expect(resultOf(code)).toBe(expected);
  });

  it('judges an early settlement by its payout against the stake', () => {
    expect(earlySettlementResult('95.00', '100.00')).toBe('lose');
    expect(earlySettlementResult('100.01', '100.00')).toBe('win');
    expect(earlySettlementResult('100', '100.00')).toBe('draw');
  });

  it('gives a settled order its result, a cashed-out one the early-settlement result, others none', () => {
    const base = { betAmount: '100.00', settledAmount: '0.00', result: 0 };
    expect(displayResultOf({ ...base, orderStatus: OrderStatus.Settled, result: 5, settledAmount: '150.00' })).toBe('halfWin');
    expect(displayResultOf({ ...base, orderStatus: OrderStatus.CashOut, settledAmount: '80.00' })).toBe('lose');
    expect(displayResultOf({ ...base, orderStatus: OrderStatus.CashOut, settledAmount: '120.00' })).toBe('win');
    expect(displayResultOf({ ...base, orderStatus: OrderStatus.CashOut, settledAmount: '100.00' })).toBe('draw');
    expect(displayResultOf({ ...base, orderStatus: OrderStatus.Confirmed })).toBeUndefined();
    expect(displayResultOf({ ...base, orderStatus: OrderStatus.Rejected })).toBeUndefined();
  });
});
