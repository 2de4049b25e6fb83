import { describe, it, expect } from '@jest/globals';
import Decimal from 'decimal.js';
import {
  DECIMAL_ODDS_PLACES,
  DEFAULT_BET_ODDS_FORMAT,
  DEFAULT_HANDICAP_FORMAT,
  DEFAULT_LIST_ODDS_FORMAT,
  ODDS_FORMATS,
  OddsFormat,
  displayOddsFormat,
  formatOdds,
  formatPrice,
  priceKindOf,
  fromFormat,
  isOddsFormat,
  parseDecimalOdds,
  riskAndWin,
  toFormat,
} from './odds';

const { Europe, HongKong, Malay, Indonesian } = OddsFormat;

describe('OddsFormat ids and defaults', () => {
  it('uses the spec ids', () => {
    expect([Europe, HongKong, Malay, Indonesian]).toEqual([1, 2, 3, 4]);
  });

  it('lists every format once with its i18n key', () => {
    expect(ODDS_FORMATS).toEqual([
      { id: 1, i18nKey: 'odds.format.europe' },
      { id: 2, i18nKey: 'odds.format.hongKong' },
      { id: 3, i18nKey: 'odds.format.malay' },
      { id: 4, i18nKey: 'odds.format.indonesian' },
    ]);
  });

  it('has the spec defaults', () => {
    expect(DEFAULT_BET_ODDS_FORMAT).toBe(Europe);
    expect(DEFAULT_LIST_ODDS_FORMAT).toBe(HongKong);
    expect(DEFAULT_HANDICAP_FORMAT).toBe(Europe);
  });

  it('recognises format ids', () => {
    expect(isOddsFormat(3)).toBe(true);
    expect(isOddsFormat(0)).toBe(false);
    expect(isOddsFormat(5)).toBe(false);
    expect(isOddsFormat('1')).toBe(false);
  });
});

describe('toFormat', () => {
  it('converts d 1.95 (DOMAIN.md example)', () => {
    expect(toFormat('1.95', Europe).toString()).toBe('1.95');
    expect(toFormat('1.95', HongKong).toString()).toBe('0.95');
    expect(toFormat('1.95', Malay).toString()).toBe('0.95');
    expect(toFormat('1.95', Indonesian).toDecimalPlaces(6).toString()).toBe('-1.052632');
  });

  it('converts d 2.40 (DOMAIN.md example)', () => {
    expect(toFormat('2.40', HongKong).toString()).toBe('1.4');
    expect(toFormat('2.40', Malay).toDecimalPlaces(6).toString()).toBe('-0.714286');
    expect(toFormat('2.40', Indonesian).toString()).toBe('1.4');
  });

  it('switches sign exactly at d = 2', () => {
    expect(toFormat(2, Malay).toString()).toBe('1');
    expect(toFormat(2, Indonesian).toString()).toBe('1');
    expect(toFormat('2.001', Malay).isNeg()).toBe(true);
    expect(toFormat('1.999', Indonesian).isNeg()).toBe(true);
  });

  it('keeps Malay within -1..1', () => {
    for (const d of ['1.01', '1.5', '2', '2.01', '3', '50']) {
      const m = toFormat(d, Malay);
      expect(m.abs().lte(1)).toBe(true);
    }
  });

  it('accepts numbers and Decimal values as input', () => {
    expect(toFormat(1.95, HongKong).toString()).toBe('0.95');
    expect(toFormat(new Decimal('3.1'), HongKong).toString()).toBe('2.1');
  });

  it('does not suffer floating-point error', () => {
    expect(toFormat(1.1, HongKong).toString()).toBe('0.1');
    expect(toFormat('1.3', HongKong).toString()).toBe('0.3');
  });

  it('rejects odds of 1 or less, NaN and non-numbers with a RangeError', () => {
    for (const bad of [1, '1.00', '0.5', 0, -2, NaN, Infinity, 'abc', '', '0x10', 'Infinity']) {
      expect(() => toFormat(bad, HongKong)).toThrow(RangeError);
    }
    expect(() => toFormat(1, Europe)).toThrow(/greater than 1/);
  });

  it('rejects unknown formats', () => {
    expect(() => toFormat('1.95', 9 as OddsFormat)).toThrow(RangeError);
  });
});

describe('fromFormat', () => {
  it('reads each format back to decimal odds', () => {
    expect(fromFormat('1.95', Europe).toString()).toBe('1.95');
    expect(fromFormat('0.95', HongKong).toString()).toBe('1.95');
    expect(fromFormat('0.95', Malay).toString()).toBe('1.95');
    expect(fromFormat('-0.5', Malay).toString()).toBe('3');
    expect(fromFormat('1.40', Indonesian).toString()).toBe('2.4');
    expect(fromFormat('-2', Indonesian).toString()).toBe('1.5');
  });

  it('maps Malay -1 and Indonesian -1 to even money', () => {
    expect(fromFormat(-1, Malay).toString()).toBe('2');
    expect(fromFormat(-1, Indonesian).toString()).toBe('2');
    expect(fromFormat(1, Malay).toString()).toBe('2');
  });

  it('reads a truncated display price to the odds it stands for', () => {
    expect(fromFormat('-0.71', Malay).toString()).toBe('2.4084507042');
    expect(fromFormat('-1.05', Indonesian).toString()).toBe('1.9523809524');
  });

  it('round-trips every format exactly', () => {
    const odds = ['1.01', '1.5', '1.87', '1.95', '2', '2.35', '2.40', '3.333', '7.40', '101'];
    for (const d of odds) {
      for (const f of [Europe, HongKong, Malay, Indonesian]) {
        expect(fromFormat(toFormat(d, f), f).eq(d)).toBe(true);
      }
    }
  });

  it('rounds to DECIMAL_ODDS_PLACES', () => {
    expect(fromFormat('-0.3', Malay).decimalPlaces()).toBeLessThanOrEqual(DECIMAL_ODDS_PLACES);
    expect(fromFormat('-0.3', Malay).toString()).toBe('4.3333333333');
  });

  it('rejects prices outside each format', () => {
    expect(() => fromFormat(1, Europe)).toThrow(RangeError);
    expect(() => fromFormat(0, HongKong)).toThrow(RangeError);
    expect(() => fromFormat('-0.5', HongKong)).toThrow(RangeError);
    expect(() => fromFormat(0, Malay)).toThrow(RangeError);
    expect(() => fromFormat('1.01', Malay)).toThrow(RangeError);
    expect(() => fromFormat('-1.5', Malay)).toThrow(RangeError);
    expect(() => fromFormat('0.99', Indonesian)).toThrow(RangeError);
    expect(() => fromFormat('-0.5', Indonesian)).toThrow(RangeError);
    expect(() => fromFormat('x', Indonesian)).toThrow(RangeError);
    expect(() => fromFormat(NaN, Europe)).toThrow(RangeError);
    expect(() => fromFormat('1.5', 0 as OddsFormat)).toThrow(RangeError);
  });
});

describe('formatOdds', () => {
  // Each row a worked example: [decimal odds, format, what the price shows].
  type Shown = [string, keyof typeof OddsFormat, string];
  const showsAs = (decimalOdds: string, format: keyof typeof OddsFormat, shown: string) => {
    expect(formatOdds(decimalOdds, OddsFormat[format])).toBe(shown);
  };

  it.each<Shown>([
    ['1.95', 'Europe', '1.95'],
    ['1.95', 'HongKong', '0.95'],
    ['1.95', 'Malay', '0.95'],
    ['1.95', 'Indonesian', '-1.05'],
    ['2.40', 'Europe', '2.40'],
    ['2.40', 'HongKong', '1.40'],
    ['2.40', 'Malay', '-0.71'],
    ['2.40', 'Indonesian', '1.40'],
  ])('shows the DOMAIN.md example d %s in %s as %s', showsAs);

  it.each<Shown>([
    ['1.959', 'Europe', '1.95'],
    ['1.959', 'HongKong', '0.95'],
    ['1.959', 'Malay', '0.95'],
    // -1/0.959 = -1.04275...: truncation towards zero keeps -1.04
    ['1.959', 'Indonesian', '-1.04'],
    // -1/1.1 = -0.90909...
    ['2.1', 'Malay', '-0.90'],
  ])('truncates instead of rounding, in every format: d %s in %s shows %s', showsAs);

  it('always prints two decimals', () => {
    expect(formatOdds(2, Europe)).toBe('2.00');
    expect(formatOdds(3, Malay)).toBe('-0.50');
    expect(formatOdds(11, HongKong)).toBe('10.00');
  });

  it('never shows a price as zero: a Malay price beyond decimal 101 keeps decimals up to its first digit', () => {
    // -1/100 exactly: the last Malay price two decimals can show.
    expect(formatOdds(101, Malay)).toBe('-0.01');
    // -1/101 = -0.0099..., -1/999 = -0.001001..., -1/500 = -0.002 (the feed's longest price).
    expect(formatOdds(102, Malay)).toBe('-0.009');
    expect(formatOdds(1000, Malay)).toBe('-0.001');
    expect(formatOdds(501, Malay)).toBe('-0.002');
    // A three-decimal price just above 1 (a bet record's odds) in Hong Kong and Malay.
    expect(formatOdds('1.005', HongKong)).toBe('0.005');
    expect(formatOdds('1.005', Malay)).toBe('0.005');
    for (const d of ['1.001', '1.01', '101', '102', '150', '501', '1000']) {
      for (const f of [Europe, HongKong, Malay, Indonesian]) expect(formatOdds(d, f)).not.toMatch(/^-?0\.0+$/);
    }
  });

  it('shows even money as +1.00 in Malay and Indonesian', () => {
    expect(formatOdds(2, Malay)).toBe('1.00');
    expect(formatOdds(2, Indonesian)).toBe('1.00');
    expect(formatOdds('2.00', HongKong)).toBe('1.00');
  });

  it('never carries a price across +-1 when it truncates', () => {
    // Malay just above evens: -1/1.005 = -0.995..., -1/1.01 = -0.990...; rounding would give -1.00.
    expect(formatOdds('2.005', Malay)).toBe('-0.99');
    expect(formatOdds('2.01', Malay)).toBe('-0.99');
    // Malay just below evens: 0.999 and 0.99.
    expect(formatOdds('1.999', Malay)).toBe('0.99');
    expect(formatOdds('1.99', Malay)).toBe('0.99');
    // Indonesian just below evens: -1/0.999 = -1.001..., -1/0.99 = -1.0101...; truncation keeps them at or past -1.
    expect(formatOdds('1.999', Indonesian)).toBe('-1.00');
    expect(formatOdds('1.99', Indonesian)).toBe('-1.01');
    expect(formatOdds('2.009', Indonesian)).toBe('1.00');
    for (const d of ['1.5', '1.99', '1.999', '2', '2.001', '2.01', '3', '101', '501']) {
      const m = new Decimal(formatOdds(d, Malay));
      const i = new Decimal(formatOdds(d, Indonesian));
      expect(m.abs().lte(1) && !m.isZero()).toBe(true);
      expect(i.abs().gte(1)).toBe(true);
    }
  });

  it('rejects invalid odds', () => {
    expect(() => formatOdds('1', Europe)).toThrow(RangeError);
    expect(() => formatOdds('abc', Malay)).toThrow(RangeError);
  });
});

describe('displayOddsFormat: where each format applies', () => {
  it('reads a market of exactly two outcomes as two-way, every other count as multi-way', () => {
    expect(priceKindOf(2)).toBe('twoWay');
    expect(priceKindOf(3)).toBe('multiWay');
    expect(priceKindOf(26)).toBe('multiWay');
    // A market the app knows nothing of shows decimal odds, which are never wrong.
    expect(priceKindOf(0)).toBe('multiWay');
    expect(priceKindOf(1)).toBe('multiWay');
  });

  it('gives two-way markets the chosen format', () => {
    for (const f of [Europe, HongKong, Malay, Indonesian]) expect(displayOddsFormat(f, 'twoWay')).toBe(f);
  });

  it('gives multi-way markets and parlays decimal odds whatever was chosen', () => {
    for (const f of [Europe, HongKong, Malay, Indonesian]) {
      expect(displayOddsFormat(f, 'multiWay')).toBe(Europe);
      expect(displayOddsFormat(f, 'parlay')).toBe(Europe);
    }
  });

  it('formats the DOMAIN.md examples by what the price is on', () => {
    // A handicap at 1.95 and 2.40 in Malay; the same prices on a 1X2 stay decimal.
    expect(formatPrice('1.95', Malay, 'twoWay')).toBe('0.95');
    expect(formatPrice('2.40', Malay, 'twoWay')).toBe('-0.71');
    expect(formatPrice('1.95', Indonesian, 'twoWay')).toBe('-1.05');
    expect(formatPrice('2.40', Malay, 'multiWay')).toBe('2.40');
    expect(formatPrice('1.95', Indonesian, 'multiWay')).toBe('1.95');
    // The Thai list: a 1X2 favourite at 1.02 read -50.00 in Indonesian.
    expect(formatPrice('1.02', Indonesian, 'multiWay')).toBe('1.02');
    expect(formatPrice('1.02', Indonesian, 'twoWay')).toBe('-50.00');
    // A parlay's combined odds: 1.95 x 2.40 = 4.68.
    expect(formatPrice('4.68', HongKong, 'parlay')).toBe('4.68');
  });
});

describe('riskAndWin', () => {
  it('Malay -0.96, amount 10: win 10, lose 9.60 (DOMAIN.md)', () => {
    const d = fromFormat('-0.96', Malay);
    const { risk, win } = riskAndWin(10, d, Malay);
    expect(win.toFixed(2)).toBe('10.00');
    expect(risk.toFixed(2)).toBe('9.60');
  });

  it('uses the entered amount as the win for negative Indonesian', () => {
    const { risk, win } = riskAndWin('100', '1.5', Indonesian);
    expect(win.toString()).toBe('100');
    expect(risk.toString()).toBe('200');
  });

  it('uses the amount as the risk for positive prices', () => {
    expect(riskAndWin(100, '2.40', Indonesian)).toEqual({ risk: new Decimal(100), win: new Decimal(140) });
    expect(riskAndWin(100, '1.95', Malay)).toEqual({ risk: new Decimal(100), win: new Decimal(95) });
    expect(riskAndWin(100, '1.95', HongKong)).toEqual({ risk: new Decimal(100), win: new Decimal(95) });
  });

  it('pays stake x (d - 1) in Europe', () => {
    const { risk, win } = riskAndWin('10', '1.87', Europe);
    expect(risk.toString()).toBe('10');
    expect(win.toString()).toBe('8.7');
  });

  it('rounds money half up to 2 decimals', () => {
    // 3 x 0.955 = 2.865 -> 2.87
    expect(riskAndWin(3, '1.955', HongKong).win.toString()).toBe('2.87');
    // Malay at 2.40: 10 x 0.714285... = 7.142857 -> 7.14
    expect(riskAndWin(10, '2.40', Malay).risk.toString()).toBe('7.14');
  });

  it('gives zero for a zero stake', () => {
    const { risk, win } = riskAndWin(0, '2.5', Malay);
    expect(risk.isZero() && win.isZero()).toBe(true);
  });

  it('rejects bad stakes and odds', () => {
    expect(() => riskAndWin(-1, '1.95', Europe)).toThrow(RangeError);
    expect(() => riskAndWin('ten', '1.95', Europe)).toThrow(RangeError);
    expect(() => riskAndWin(10, '0.95', Europe)).toThrow(RangeError);
    expect(() => riskAndWin(10, '1.95', 7 as OddsFormat)).toThrow(RangeError);
  });
});

describe('parseDecimalOdds', () => {
  it('returns valid odds unchanged', () => {
    expect(parseDecimalOdds(' 1.875 ').toString()).toBe('1.875');
  });

  it('rejects invalid odds', () => {
    expect(() => parseDecimalOdds('1')).toThrow(RangeError);
    expect(() => parseDecimalOdds(undefined as unknown as string)).toThrow(RangeError);
  });
});
