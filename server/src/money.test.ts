import { describe, expect, it } from '@jest/globals';
import { Money, convert, formatMoney, fromMinor, toMinor } from './money';

describe('money', () => {
  it('converts decimal strings to minor units exactly', () => {
    expect(toMinor('10000.00')).toBe(1_000_000);
    expect(toMinor('0.1')).toBe(10);
    expect(toMinor('19.99')).toBe(1999);
    expect(() => toMinor('0.001')).toThrow('more than 2 decimals');
    expect(() => toMinor('1e20')).toThrow('too large');
  });

  it('formats minor units with two decimals, negatives included', () => {
    expect(fromMinor(1_000_000)).toBe('10000.00');
    expect(fromMinor(5)).toBe('0.05');
    expect(fromMinor(-5)).toBe('-0.05');
    expect(fromMinor(0)).toBe('0.00');
  });

  it('converts between currencies through CNY without float error', () => {
    // 0.1 + 0.2 style errors would show up here with numbers.
    const usd = convert(new Money('0.30'), '7.12', '1');
    expect(usd.toString()).toBe('2.136');
    expect(formatMoney(usd)).toBe('2.14');
    expect(formatMoney(convert(new Money('100'), '1', '7.12'))).toBe('14.04');
    expect(formatMoney(new Money('0.005'))).toBe('0.01');
  });
});
