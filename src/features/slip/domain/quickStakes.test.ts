import { describe, expect, it } from '@jest/globals';
import Decimal from 'decimal.js';
import { maxStake, quickStakes, roundUp } from './quickStakes';

/** The platform's 10.00 CNY minimum in a currency, as it converts it (config/platform.json rates; minimums round up). */
const minimumIn = (rate: string) => new Decimal('10').dividedBy(rate).toDecimalPlaces(2, Decimal.ROUND_UP).toFixed(2);
/** The 50,000.00 CNY single maximum likewise (maximums round down). */
const maximumIn = (rate: string) => new Decimal('50000').dividedBy(rate).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);

describe('quick stakes follow the currency', () => {
  it.each([
    // currency, CNY per unit, quick stakes
    ['CNY', '1', ['50', '100', '500', '1000']],
    ['VND', '0.000281', ['200000', '500000', '2000000', '5000000']],
    ['THB', '0.197', ['500', '1000', '5000', '10000']],
    ['USD', '7.12', ['10', '20', '100', '200']],
    ['IDR', '0.000437', ['200000', '500000', '2000000', '5000000']],
    ['KRW', '0.00515', ['10000', '20000', '100000', '200000']],
    ['JPY', '0.0472', ['2000', '5000', '20000', '50000']],
    ['EUR', '7.75', ['10', '20', '100', '200']],
    ['USDT', '7.12', ['10', '20', '100', '200']],
  ] as const)('%s (%s CNY): %j', (_currency, rate, expected) => {
    const stakes = quickStakes(minimumIn(rate), maximumIn(rate));
    expect(stakes).toEqual(expected);
    // Each at least the minimum, at most the maximum, each above the one before.
    for (const [i, amount] of stakes.entries()) {
      expect(new Decimal(amount).gte(minimumIn(rate))).toBe(true);
      expect(new Decimal(amount).lte(maximumIn(rate))).toBe(true);
      if (i > 0) expect(new Decimal(amount).gt(stakes[i - 1]!)).toBe(true);
    }
  });

  it('rounds to 1, 2 or 5 times a power of ten, and steps past an amount taken already', () => {
    expect(['0.3', '1', '1.01', '2', '7.05', '10', '177935.9', '3558719'].map((v) => roundUp(v).toString())).toEqual(['0.5', '1', '2', '2', '10', '10', '200000', '5000000']);
    // 5 x 0.4 = 2 and 10 x 0.4 = 4 both round to 2 and 5; 50 x 0.4 = 20, 100 x 0.4 = 40 -> 50.
    expect(quickStakes('0.40')).toEqual(['2', '5', '20', '50']);
    // A minimum whose multiples round to the same amount still gives four different ones.
    expect(quickStakes('0.21')).toEqual(['2', '5', '20', '50']);
  });

  it('leaves out amounts above the maximum, and offers none without a minimum', () => {
    expect(quickStakes('10.00', '600.00')).toEqual(['50', '100', '500']);
    expect(quickStakes('10.00', '0.00')).toEqual(['50', '100', '500', '1000']);
    expect(quickStakes('0.00', '50000.00')).toEqual([]);
  });
});

describe('the Max stake', () => {
  it('is the smaller of the maximum and what the member has, to the cent', () => {
    expect(maxStake('50000.00', '1234.567')?.toFixed(2)).toBe('1234.56');
    expect(maxStake('3200.00', '10000.00')?.toFixed(2)).toBe('3200.00');
    expect(maxStake(undefined, '99.99')?.toFixed(2)).toBe('99.99');
    // A maximum of 0 sets none.
    expect(maxStake('0.00', '500.00')?.toFixed(2)).toBe('500.00');
    expect(maxStake('3200.00', undefined)?.toFixed(2)).toBe('3200.00');
  });

  it('is nothing when nothing is known or nothing is left', () => {
    expect(maxStake(undefined, undefined)).toBeUndefined();
    expect(maxStake('50000.00', '0.00')).toBeUndefined();
    expect(maxStake('50000.00', '-20.00')).toBeUndefined();
  });
});
