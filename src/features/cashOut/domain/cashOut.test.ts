import { describe, expect, it } from '@jest/globals';
import { PARTIAL_CASH_OUT_OF_100_AT_3 } from '../../../testing/betRecordFixtures';
import {
  afterPartialCashOut,
  canSettleEarly,
  checkCashOutStake,
  failureReasonOf,
  isFullCashOut,
  minimumFor,
  partialRange,
  partPayout,
  sameOrderId,
} from './cashOut';

describe('the early-settlement permission rule (spec section 5)', () => {
  it('allows a price above 0 with principal remaining on an order not polling', () => {
    expect(canSettleEarly({ cashOutPrice: '95.00', remainingPrincipal: '100.00', inPolling: false })).toBe(true);
  });

  it.each([
    ['price 0', { cashOutPrice: '0.00', remainingPrincipal: '100.00', inPolling: false }],
    ['price below 0', { cashOutPrice: '-1', remainingPrincipal: '100.00', inPolling: false }],
    ['no principal left', { cashOutPrice: '95.00', remainingPrincipal: '0.00', inPolling: false }],
    ['already polling', { cashOutPrice: '95.00', remainingPrincipal: '100.00', inPolling: true }],
    ['a price that is not a number', { cashOutPrice: 'n/a', remainingPrincipal: '100.00', inPolling: false }],
    ['no price', { cashOutPrice: undefined, remainingPrincipal: '100.00', inPolling: false }],
  ])('refuses %s', (_, input) => {
    expect(canSettleEarly(input)).toBe(false);
  });
});

describe('order ids', () => {
  it('match on their first 15 characters', () => {
    // A 19-digit id read as a JavaScript number comes back with its last digits changed.
    expect(sameOrderId('1763700000000000001', String(Number('1763700000000000001')))).toBe(true);
    expect(sameOrderId('1763700000000000001', '1763700000000009999')).toBe(true);
    expect(sameOrderId('1763700000000000001', '1763700000000100001')).toBe(false);
    expect(sameOrderId('', '')).toBe(false);
    expect(sameOrderId('42', '42')).toBe(true);
  });
});

describe('cash-out amounts', () => {
  it('pay rate x stake rounded to 3 decimals, then floored to 2', () => {
    // DOMAIN.md section 4: 40 of a 100 stake at 3.00 with odds now 1.80 and a 5 % margin pays 63.33.
    expect(partPayout('1.583333', '40').toFixed(2)).toBe('63.33');
    // Round first: 12.3496 -> 12.350 -> 12.35 (flooring straight away would give 12.34).
    expect(partPayout('0.123496', '100').toFixed(2)).toBe('12.35');
    expect(partPayout('0.95', '33.33').toFixed(2)).toBe('31.66');
    expect(partPayout('0.95', '0').toFixed(2)).toBe('0.00');
  });

  it('take the single or the parlay minimum', () => {
    expect(minimumFor(1, { single: '10.00', parlay: '20.00' }).toFixed(2)).toBe('10.00');
    expect(minimumFor(2, { single: '10.00', parlay: '20.00' }).toFixed(2)).toBe('20.00');
  });

  it('allow a partial stake from the minimum to what leaves the minimum running', () => {
    expect(partialRange('100.00', '10.00')).toEqual({ min: expect.anything(), max: expect.anything() });
    const range = partialRange('100.00', '10.00')!;
    expect([range.min.toFixed(2), range.max.toFixed(2)]).toEqual(['10.00', '90.00']);
    expect(partialRange('19.99', '10.00')).toBeUndefined();
    expect(partialRange('20.00', '10.00')!.max.toFixed(2)).toBe('10.00');
    expect(partialRange('5.00', '0')!.min.toFixed(2)).toBe('0.01');
  });

  it('check a stake: the whole remaining stake always, a part within the range', () => {
    expect(checkCashOutStake('100.00', '100.00', '10.00')).toBeUndefined();
    expect(checkCashOutStake('5.00', '5.00', '10.00')).toBeUndefined();
    expect(checkCashOutStake('40', '100.00', '10.00')).toBeUndefined();
    expect(checkCashOutStake('100.01', '100.00', '10.00')).toBe('aboveRemaining');
    expect(checkCashOutStake('9.99', '100.00', '10.00')).toBe('belowMinimum');
    expect(checkCashOutStake('95.00', '100.00', '10.00')).toBe('leavesTooLittle');
    expect(checkCashOutStake('12.00', '15.00', '10.00')).toBe('leavesTooLittle');
    expect(checkCashOutStake('abc', '100.00', '10.00')).toBe('invalid');
    expect(checkCashOutStake('0', '100.00', '10.00')).toBe('invalid');
    expect(checkCashOutStake('1.234', '100.00', '0')).toBe('invalid');
  });

  it('tell a full cash out by the remaining principal equal to the cash-out stake', () => {
    expect(isFullCashOut('100.00', '100')).toBe(true);
    expect(isFullCashOut('100.00', '40.00')).toBe(false);
    expect(isFullCashOut('0.00', '0.00')).toBe(false);
    expect(isFullCashOut('100.00', 'x')).toBe(false);
  });
});

describe('after a partial cash out', () => {
  it('recalculates the six fields the spec names', () => {
    // 100 at 3.00 (would win 200); 40 cashed out for 63.33 at a rate of 1.583333.
    const patch = afterPartialCashOut(
      { remainingPrincipal: '100.00', cashOutPayoutStake: '0.00', cashOutTotalAmount: '0.00', lastWinAmount: '200.00', rate: '1.583333' },
      { amount: '40.00', payout: '63.33' },
    );
    expect(patch).toEqual(PARTIAL_CASH_OUT_OF_100_AT_3);
  });

  it('adds to earlier cash outs and floors what the running stake would win', () => {
    const patch = afterPartialCashOut(
      { remainingPrincipal: '60.00', cashOutPayoutStake: '40.00', cashOutTotalAmount: '63.33', lastWinAmount: '100.01', rate: '0.5' },
      { amount: '20.00', payout: '10.00' },
    );
    expect(patch.cashOutPayoutStake).toBe('60.00');
    expect(patch.cashOutTotalAmount).toBe('73.33');
    expect(patch.remainingPrincipal).toBe('40.00');
    // 100.01 x 40 / 60 = 66.6733... -> 66.673 -> 66.67
    expect(patch.lastWinAmount).toBe('66.67');
    expect(patch.cashOutPrice).toBe('20.00');
  });
});

describe('failure reasons', () => {
  it('read the platform numbers as the spec names', () => {
    expect(failureReasonOf(3)).toBe('positionLimit');
    expect(failureReasonOf('5')).toBe('traderReject');
    expect(failureReasonOf(99)).toBeUndefined();
    expect(failureReasonOf(null)).toBeUndefined();
  });
});
