import { describe, it, expect } from '@jest/globals';
import Decimal from 'decimal.js';
import {
  CURRENCIES,
  CURRENCY_CODES,
  DEFAULT_CURRENCY,
  type CurrencyCode,
  type MoneyLocale,
  cashOutPrice,
  currencyInfo,
  floorAmount,
  floorMoney,
  formatMoney,
  isCurrency,
  parseStake,
  roundMoney,
  roundRate,
} from './money';

describe('currencies', () => {
  it('lists the 17 spec currencies in spec order', () => {
    expect(CURRENCIES.map((c) => c.code)).toEqual([
      'CNY', 'USD', 'EUR', 'GBP', 'HKD', 'TWD', 'MYR', 'SGD', 'THB', 'VND', 'KRW', 'JPY', 'PHP', 'IDR', 'INR', 'AUD', 'USDT',
    ]);
    expect(CURRENCY_CODES).toHaveLength(17);
  });

  it('gives every currency a symbol and 2 minor digits', () => {
    for (const c of CURRENCIES) {
      expect(c.symbol.length).toBeGreaterThan(0);
      expect(c.minorDigits).toBe(2);
    }
    expect(currencyInfo('CNY').symbol).toBe('¥');
    expect(currencyInfo('JPY').symbol).not.toBe(currencyInfo('CNY').symbol);
  });

  it('defaults to CNY', () => {
    expect(DEFAULT_CURRENCY).toBe('CNY');
  });

  it('recognises only spec currencies', () => {
    expect(isCurrency('USDT')).toBe(true);
    expect(isCurrency('cny')).toBe(false);
    expect(isCurrency('BTC')).toBe(false);
    expect(isCurrency(undefined)).toBe(false);
    expect(() => currencyInfo('BTC')).toThrow(RangeError);
  });
});

describe('rounding', () => {
  it('rounds money half up to 2 decimals', () => {
    expect(roundMoney('1.005').toString()).toBe('1.01');
    expect(roundMoney('1.004999').toString()).toBe('1');
    expect(roundMoney('-1.005').toString()).toBe('-1.01');
    expect(roundMoney(1.005).toString()).toBe('1.01');
    expect(roundMoney('130.09').toString()).toBe('130.09');
  });

  it('rounds rates half up to 3 decimals', () => {
    expect(roundRate('0.8335').toString()).toBe('0.834');
    expect(roundRate('0.83349').toString()).toBe('0.833');
  });

  it('floors money to 2 decimals', () => {
    expect(floorMoney('49.999').toString()).toBe('49.99');
    expect(floorMoney('10').toString()).toBe('10');
    expect(floorMoney('-1.001').toString()).toBe('-1.01');
  });

  it('rounds amounts to 3 decimals before flooring to 2', () => {
    expect(floorAmount('12.3496').toString()).toBe('12.35');
    expect(floorAmount('12.3494').toString()).toBe('12.34');
    expect(floorAmount('12.349').toString()).toBe('12.34');
    expect(floorAmount('0.0099999').toString()).toBe('0.01');
  });

  it('rejects non-numbers', () => {
    for (const fn of [roundMoney, roundRate, floorMoney, floorAmount]) {
      expect(() => fn('abc')).toThrow(RangeError);
      expect(() => fn(NaN)).toThrow(RangeError);
      expect(() => fn('')).toThrow(RangeError);
    }
  });
});

describe('cashOutPrice', () => {
  it('is rate x remaining stake, floored to 2 decimals', () => {
    expect(cashOutPrice('0.8333', 60).toString()).toBe('49.99');
    expect(cashOutPrice('1.58333', 100).toString()).toBe('158.33');
    expect(cashOutPrice('1.5', '40').toString()).toBe('60');
  });

  it('rounds to 3 decimals first', () => {
    expect(cashOutPrice('0.123496', 100).toString()).toBe('12.35');
  });

  it('is 0 when nothing remains', () => {
    expect(cashOutPrice('1.2', 0).toString()).toBe('0');
    expect(cashOutPrice('1.2', -5).toString()).toBe('0');
  });

  it('rejects a negative or non-numeric rate', () => {
    expect(() => cashOutPrice('-0.1', 10)).toThrow(RangeError);
    expect(() => cashOutPrice('x', 10)).toThrow(RangeError);
    expect(() => cashOutPrice('1', 'y')).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('groups thousands and shows 2 decimals', () => {
    expect(formatMoney('1234567.891', 'CNY')).toBe('¥1,234,567.89');
    expect(formatMoney(0, 'USD')).toBe('$0.00');
    expect(formatMoney('999.995', 'EUR')).toBe('€1,000.00');
    expect(formatMoney('100', 'GBP')).toBe('£100.00');
    expect(formatMoney('1000', 'HKD')).toBe('HK$1,000.00');
    expect(formatMoney('123456', 'KRW')).toBe('₩123,456.00');
  });

  it('puts the sign before the symbol', () => {
    expect(formatMoney('-1234.5', 'CNY')).toBe('-¥1,234.50');
  });

  it('does not show a negative zero', () => {
    expect(formatMoney('-0.001', 'CNY')).toBe('¥0.00');
  });

  it('spaces a symbol that is a code', () => {
    expect(formatMoney('5', 'USDT')).toBe('USDT 5.00');
  });

  it('uses Vietnamese separators for VIE', () => {
    expect(formatMoney('1234567.5', 'VND', 'VIE')).toBe('₫1.234.567,50');
    expect(formatMoney('1234567.5', 'THB', 'THA')).toBe('฿1,234,567.50');
  });

  it('keeps digits beyond float precision', () => {
    expect(formatMoney('12345678901234567.89', 'CNY')).toBe('¥12,345,678,901,234,567.89');
  });

  it('rejects bad input', () => {
    expect(() => formatMoney('abc', 'CNY')).toThrow(RangeError);
    expect(() => formatMoney('1', 'BTC' as CurrencyCode)).toThrow(RangeError);
    expect(() => formatMoney('1', 'CNY', 'FRA' as MoneyLocale)).toThrow(RangeError);
  });
});

describe('parseStake', () => {
  it('accepts non-negative numbers with up to 2 decimals', () => {
    expect(parseStake('10')?.toString()).toBe('10');
    expect(parseStake('10.5')?.toString()).toBe('10.5');
    expect(parseStake('0.01')?.toString()).toBe('0.01');
    expect(parseStake(' 25.50 ')?.toString()).toBe('25.5');
    expect(parseStake('0')?.toString()).toBe('0');
    expect(parseStake('100')).toBeInstanceOf(Decimal);
  });

  it('refuses anything else', () => {
    for (const bad of ['', ' ', 'abc', '-1', '+1', '1.234', '1e5', '1.', '.5', '1,000', '0x10', 'Infinity', 'NaN', '1 000']) {
      expect(parseStake(bad)).toBeNull();
    }
    expect(parseStake(undefined as unknown as string)).toBeNull();
  });
});
