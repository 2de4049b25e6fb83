import Decimal from 'decimal.js';
import { Exact, toExact, toPublic } from './decimal';

/** The spec's currencies, in the spec's order (CNY first, the default). */
export const CURRENCY_CODES = [
  'CNY',
  'USD',
  'EUR',
  'GBP',
  'HKD',
  'TWD',
  'MYR',
  'SGD',
  'THB',
  'VND',
  'KRW',
  'JPY',
  'PHP',
  'IDR',
  'INR',
  'AUD',
  'USDT',
] as const;

export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export interface CurrencyInfo {
  readonly code: CurrencyCode;
  readonly symbol: string;
  /**
   * Always 2. ISO 4217 gives JPY, KRW and VND no minor unit, but the spec rounds
   * every money amount to 2 decimals whatever the currency (balances, stakes and
   * payouts come from the server that way), so the app shows what it is sent.
   */
  readonly minorDigits: 2;
}

// CNY keeps the bare ¥ because it is the home currency; JPY takes JP¥ so the two never look alike.
const SYMBOLS: Readonly<Record<CurrencyCode, string>> = {
  CNY: '¥',
  USD: '$',
  EUR: '€',
  GBP: '£',
  HKD: 'HK$',
  TWD: 'NT$',
  MYR: 'RM',
  SGD: 'S$',
  THB: '฿',
  VND: '₫',
  KRW: '₩',
  JPY: 'JP¥',
  PHP: '₱',
  IDR: 'Rp',
  INR: '₹',
  AUD: 'A$',
  USDT: 'USDT',
};

export const CURRENCIES: readonly CurrencyInfo[] = CURRENCY_CODES.map((code) => ({
  code,
  symbol: SYMBOLS[code],
  minorDigits: 2 as const,
}));

export const DEFAULT_CURRENCY: CurrencyCode = 'CNY';

export const MONEY_DECIMALS = 2;
export const RATE_DECIMALS = 3;

export function isCurrency(code: unknown): code is CurrencyCode {
  return typeof code === 'string' && (CURRENCY_CODES as readonly string[]).includes(code);
}

export function currencyInfo(code: string): CurrencyInfo {
  const info = CURRENCIES.find((c) => c.code === code);
  if (!info) throw new RangeError(`Unknown currency: ${code}`);
  return info;
}

/** Money to 2 decimals, half up (spec: "money rounds to 2 decimals"). */
export function roundMoney(value: Decimal.Value): Decimal {
  return toPublic(toExact(value, 'Amount').toDecimalPlaces(MONEY_DECIMALS, Decimal.ROUND_HALF_UP));
}

/** Rates to 3 decimals, half up (spec: "rate display rounds to 3 decimals"). */
export function roundRate(value: Decimal.Value): Decimal {
  return toPublic(toExact(value, 'Rate').toDecimalPlaces(RATE_DECIMALS, Decimal.ROUND_HALF_UP));
}

/** Floors to 2 decimals, towards minus infinity. */
export function floorMoney(value: Decimal.Value): Decimal {
  return toPublic(toExact(value, 'Amount').toDecimalPlaces(MONEY_DECIMALS, Decimal.ROUND_FLOOR));
}

/**
 * Spec: "Amounts are rounded to 3 decimals, then floored to 2". The first step
 * means 12.3496 becomes 12.35, not 12.34: the product agrees with the server's
 * figures, which round first.
 */
export function floorAmount(value: Decimal.Value): Decimal {
  const rounded = toExact(value, 'Amount').toDecimalPlaces(RATE_DECIMALS, Decimal.ROUND_HALF_UP);
  return toPublic(rounded.toDecimalPlaces(MONEY_DECIMALS, Decimal.ROUND_FLOOR));
}

/**
 * Cash-out price = quote rate x remaining stake, with the spec's amount rule
 * (round to 3, floor to 2); 0 when nothing remains.
 */
export function cashOutPrice(rate: Decimal.Value, remainingStake: Decimal.Value): Decimal {
  const r = toExact(rate, 'Cash-out rate');
  const remaining = toExact(remainingStake, 'Remaining stake');
  if (r.isNeg() && !r.isZero()) throw new RangeError(`Cash-out rate must not be negative, got ${r.toString()}`);
  if (remaining.lte(0)) return new Decimal(0);
  return floorAmount(r.times(remaining));
}

/** Product locale codes (spec: CMN default, ENG, VIE, THA). */
export type MoneyLocale = 'CMN' | 'ENG' | 'VIE' | 'THA';

const SEPARATORS: Readonly<Record<MoneyLocale, { group: string; decimal: string }>> = {
  CMN: { group: ',', decimal: '.' },
  ENG: { group: ',', decimal: '.' },
  THA: { group: ',', decimal: '.' },
  VIE: { group: '.', decimal: ',' },
};

function groupThousands(digits: string, separator: string): string {
  const head = digits.length % 3 || 3;
  const groups = [digits.slice(0, head)];
  for (let i = head; i < digits.length; i += 3) groups.push(digits.slice(i, i + 3));
  return groups.join(separator);
}

/**
 * "¥1,234,567.89", "-$0.50", "USDT 5.00", Vietnamese "₫1.234,50". Rounded half up to 2
 * decimals; the symbol always leads so columns of amounts line up.
 */
export function formatMoney(value: Decimal.Value, currency: CurrencyCode, locale: MoneyLocale = 'CMN'): string {
  const { symbol } = currencyInfo(currency);
  const separators = SEPARATORS[locale];
  if (!separators) throw new RangeError(`Unknown locale: ${String(locale)}`);
  const rounded = toExact(value, 'Amount').toDecimalPlaces(MONEY_DECIMALS, Decimal.ROUND_HALF_UP);
  const [whole, fraction] = rounded.abs().toFixed(MONEY_DECIMALS).split('.');
  const sign = rounded.isNeg() && !rounded.isZero() ? '-' : '';
  // A symbol that is the code itself ("USDT") would run into the digits.
  const prefix = symbol === currency ? `${symbol} ` : symbol;
  return `${sign}${prefix}${groupThousands(whole, separators.group)}${separators.decimal}${fraction}`;
}

const STAKE = /^\d+(\.\d{1,2})?$/;

/**
 * Reads a typed stake: digits with at most 2 decimals, surrounding blanks
 * ignored. Signs, exponents, separators and a bare "." are refused (null), so
 * what the bettor sees is exactly what is sent.
 */
export function parseStake(input: string): Decimal | null {
  if (typeof input !== 'string') return null;
  const text = input.trim();
  if (!STAKE.test(text)) return null;
  return toPublic(new Exact(text));
}
