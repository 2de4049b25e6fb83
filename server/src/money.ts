import Decimal from 'decimal.js';
import { CURRENCIES, type Currency } from '../../contract/enums';

/** The spec's currencies are the contract's (a request's currencyId is a position in the list). */
export { CURRENCIES, type Currency };
export const DEFAULT_CURRENCY: Currency = 'CNY';

/** Coins (gifts, lotteries, the gold mall) are a wallet asset beside the currencies. */
export const COIN = 'COIN' as const;
export type Asset = Currency | typeof COIN;
export const ASSETS: readonly Asset[] = [...CURRENCIES, COIN];

export function isCurrency(value: string): value is Currency {
  return (CURRENCIES as readonly string[]).includes(value);
}

export function isAsset(value: string): value is Asset {
  return value === COIN || isCurrency(value);
}

/**
 * decimal.js with enough precision that exchange-rate conversions of any realistic balance are
 * exact before the single final rounding (the library default of 20 digits is not).
 */
export const Money = Decimal.clone({ precision: 50, rounding: Decimal.ROUND_HALF_UP });
export type MoneyValue = InstanceType<typeof Money>;

/** Money has 2 decimals everywhere (spec section 9); the database stores hundredths as integers. */
export const MINOR_PER_UNIT = 100;

/** A non-negative decimal string, e.g. "10000", "7.12", "0.000281". */
export const DECIMAL_STRING = /^(0|[1-9]\d*)(\.\d+)?$/;

/**
 * Converts a decimal amount to integer minor units. Throws when the amount has more than 2
 * decimals or does not fit a safe integer: silently rounding money would lose or invent cents.
 */
export function toMinor(amount: string | MoneyValue): number {
  const value = new Money(amount);
  const minor = value.times(MINOR_PER_UNIT);
  if (!minor.isInteger()) throw new RangeError(`amount ${value.toString()} has more than 2 decimals`);
  const n = minor.toNumber();
  if (!Number.isSafeInteger(n)) throw new RangeError(`amount ${value.toString()} is too large`);
  return n;
}

/** Integer minor units to a decimal string with exactly 2 decimals ("1234.50", "-0.05"). */
export function fromMinor(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`minor amount ${minor} is not a safe integer`);
  return new Money(minor).dividedBy(MINOR_PER_UNIT).toFixed(2);
}

/** Minor units as a Decimal in major units, for arithmetic such as currency conversion. */
export function minorToDecimal(minor: number): MoneyValue {
  return new Money(minor).dividedBy(MINOR_PER_UNIT);
}

/** The API's money format: 2 decimals, half-up (spec: money is rounded to 2 decimals). */
export function formatMoney(value: MoneyValue): string {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/**
 * Converts an amount between currencies through their rates to CNY (rate = CNY per unit):
 * amount x rate(from) / rate(to), unrounded; the caller rounds once at the end.
 */
export function convert(amount: MoneyValue, rateFrom: string, rateTo: string): MoneyValue {
  return amount.times(rateFrom).dividedBy(rateTo);
}

/** The spec's currencyId: the currency's position in CURRENCIES, from 1 (CNY 1, USD 2, ... USDT 17). */
export function currencyOfId(id: number): Currency | undefined {
  return CURRENCIES[id - 1];
}

export function currencyIdOf(currency: Currency): number {
  return CURRENCIES.indexOf(currency) + 1;
}
