import { formatOdds, type OddsFormat } from '../../../domain/odds';
import { formatMoney, isCurrency, type MoneyLocale } from '../../../domain/money';

const MONEY_LOCALES: Readonly<Record<string, MoneyLocale>> = { CMN: 'CMN', ENG: 'ENG', VIE: 'VIE', THA: 'THA' };

/** An amount in its currency, grouped for the interface language; an unknown currency keeps its code after it. */
export function moneyText(value: string, currency: string | undefined, apiLanguage: string): string {
  try {
    if (currency && isCurrency(currency)) return formatMoney(value, currency, MONEY_LOCALES[apiLanguage] ?? 'CMN');
  } catch {
    // Not a number: shown as sent below.
  }
  return currency ? `${value} ${currency}` : value;
}

/** Decimal odds in the member's odds format; anything that is not a price shows as sent. */
export function oddsText(decimalOdds: string, format: OddsFormat): string {
  try {
    return formatOdds(decimalOdds, format);
  } catch {
    return decimalOdds;
  }
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** "2026-11-21 12:00" of an instant in the platform's zone (numeric, the same in every language). */
export function dateTimeText(instant: number, timeZone: string): string {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    } catch {
      format = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    }
    dateTimeFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
