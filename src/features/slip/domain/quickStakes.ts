import Decimal from 'decimal.js';
import { Exact, toExact, toPublic } from '../../../../domain/decimal';
import { floorMoney } from '../../../../domain/money';

/**
 * The quick stakes as multiples of a market's minimum stake: with the platform's 10 CNY minimum (config/platform.json
 * `betting`, in the member's currency at the configured rate) they are the familiar 50 / 100 / 500 / 1,000 CNY, and
 * in every other currency about the same value in round amounts of that currency.
 */
export const QUICK_STAKE_MULTIPLES = [5, 10, 50, 100] as const;

/** The mantissas of round amounts: 1, 2 and 5 times a power of ten (1, 2, 5, 10, 20, 50, ...). */
const ROUND_STEPS = [1, 2, 5] as const;

/** The smallest round amount (1, 2 or 5 times a power of ten) not below `value`. */
export function roundUp(value: Decimal.Value): Decimal {
  const v = toExact(value, 'Amount');
  if (v.lte(0)) throw new RangeError(`Amount must be above 0, got ${v.toString()}`);
  let power = new Exact(10).pow(v.log(10).floor());
  // log10 of an exact power of ten may land a hair below it: start one decade lower and step up.
  power = power.div(10);
  for (;;) {
    for (const step of ROUND_STEPS) {
      const candidate = power.times(step);
      if (candidate.gte(v)) return toPublic(candidate);
    }
    power = power.times(10);
  }
}

/** The round amount after `value` (itself round): 1 -> 2 -> 5 -> 10 -> 20 ... */
function nextRound(value: Decimal): Decimal {
  return roundUp(value.plus(toExact('0.000001', 'Amount')));
}

/**
 * The quick stakes for a market whose stakes run from `minimum` to `maximum` (both in the member's currency, as the
 * bet info call answers them): each multiple of the minimum rounded up to a round amount, each above the one before,
 * none above the maximum (a maximum of 0 or none sets no bound). Answered as decimal text, as a stake is typed.
 *
 * CNY (minimum 10): 50, 100, 500, 1000. VND (35,587.19): 200,000, 500,000, 2,000,000, 5,000,000. USD (1.41): 10, 20,
 * 100, 200.
 */
export function quickStakes(minimum: Decimal.Value, maximum?: Decimal.Value): string[] {
  const min = toExact(minimum, 'Minimum stake');
  if (min.lte(0)) return [];
  const max = maximum === undefined ? undefined : toExact(maximum, 'Maximum stake');
  const bounded = max !== undefined && max.gt(0);
  const out: Decimal[] = [];
  for (const multiple of QUICK_STAKE_MULTIPLES) {
    let amount = roundUp(min.times(multiple));
    const last = out.at(-1);
    if (last && amount.lte(last)) amount = nextRound(last);
    if (bounded && amount.gt(max)) break;
    out.push(amount);
  }
  return out.map((amount) => amount.toString());
}

/**
 * The most that may be staked: the smaller of the maximum stake (0 or none: no maximum) and what the member has to
 * stake, floored to the cent; undefined when neither is known, or when it is nothing.
 */
export function maxStake(maximum: Decimal.Value | undefined, available: Decimal.Value | undefined): Decimal | undefined {
  const bounds: Decimal[] = [];
  if (maximum !== undefined) {
    const max = toExact(maximum, 'Maximum stake');
    if (max.gt(0)) bounds.push(max);
  }
  if (available !== undefined) bounds.push(toExact(available, 'Available amount'));
  if (bounds.length === 0) return undefined;
  const most = floorMoney(Decimal.min(...bounds));
  return most.gt(0) ? most : undefined;
}
