import Decimal from 'decimal.js';

/**
 * Private Decimal constructor for all domain arithmetic.
 *
 * A separate clone means a `Decimal.set()` anywhere else in the app cannot change
 * the precision or rounding of money and odds maths. 100 significant digits keep
 * sums and products exact for everything the domain multiplies (ten legs of
 * 3-decimal odds need about 40 digits), so rounding only ever happens where a
 * rule asks for it.
 */
export const Exact = Decimal.clone({ precision: 100, rounding: Decimal.ROUND_HALF_UP });

// Plain decimal notation only: decimal.js would also take hex, binary and
// "Infinity", none of which is a sane odds or money value.
const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Reads a value into an exact Decimal, or throws a RangeError naming `what`.
 * JavaScript numbers are accepted as input (their shortest decimal text is what
 * gets used) but no arithmetic is ever done on them.
 */
export function toExact(value: Decimal.Value, what: string): Decimal {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`${what} must be a finite number, got ${String(value)}`);
    return new Exact(value);
  }
  if (typeof value === 'string') {
    const text = value.trim();
    if (!NUMERIC.test(text)) throw new RangeError(`${what} must be a decimal number, got "${value}"`);
    return new Exact(text);
  }
  if (Decimal.isDecimal(value) && value.isFinite()) return new Exact(value);
  throw new RangeError(`${what} must be a finite decimal, got ${String(value)}`);
}

/** Hands a result out as an ordinary `Decimal`, digits unchanged. */
export function toPublic(value: Decimal): Decimal {
  return new Decimal(value);
}
