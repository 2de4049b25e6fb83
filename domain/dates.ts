export { formatDuration } from './duration';
import moment from 'moment-timezone';

/** Spec: bet history can be queried for the last 45 days only. */
export const HISTORY_WINDOW_DAYS = 45;
/** Spec: the reserved view can show failed pre-bets of the last 7 days. */
export const RESERVED_FAILED_WINDOW_DAYS = 7;
/** Spec: results default to 7 days back. */
export const RESULTS_DEFAULT_DAYS = 7;
/** Spec: "this week" is the last 6 days through today. */
export const THIS_WEEK_DAYS_BACK = 6;

export type DateRangeType = 'today' | 'yesterday' | 'thisWeek' | 'custom';

export const DATE_RANGE_TYPES: readonly DateRangeType[] = ['today', 'yesterday', 'thisWeek', 'custom'];

/** Both ends inclusive, epoch milliseconds. */
export interface DateRange {
  readonly startTime: number;
  readonly endTime: number;
}

/** An instant, or a calendar day "YYYY-MM-DD" read in the range's time zone. */
export type DayInput = Date | number | string;

export interface CustomDays {
  readonly start: DayInput;
  readonly end: DayInput;
}

export type DateRangeErrorCode =
  | 'invalidTimeZone'
  | 'invalidDate'
  | 'unknownRangeType'
  | 'missingCustomRange'
  | 'endBeforeStart'
  | 'outsideHistoryWindow'
  | 'rangeTooLong';

/**
 * Thrown for any range that cannot be queried. `code` is stable so the UI can
 * map it to a message; the text is for logs.
 */
export class DateRangeError extends RangeError {
  readonly code: DateRangeErrorCode;

  constructor(code: DateRangeErrorCode, message: string) {
    super(message);
    this.name = 'DateRangeError';
    this.code = code;
  }
}

function assertZone(tz: string): void {
  if (typeof tz !== 'string' || !moment.tz.zone(tz)) throw new DateRangeError('invalidTimeZone', `Unknown time zone: ${String(tz)}`);
}

function instant(value: Date | number, tz: string, what: string): moment.Moment {
  const ms = value instanceof Date ? value.getTime() : value;
  if (typeof ms !== 'number' || !Number.isFinite(ms)) throw new DateRangeError('invalidDate', `${what} is not a valid time: ${String(value)}`);
  return moment.tz(ms, tz);
}

function day(value: DayInput, tz: string, what: string): moment.Moment {
  if (typeof value === 'string') {
    const m = moment.tz(value, 'YYYY-MM-DD', true, tz);
    if (!m.isValid()) throw new DateRangeError('invalidDate', `${what} is not a YYYY-MM-DD date: "${value}"`);
    return m.startOf('day');
  }
  return instant(value, tz, what).startOf('day');
}

// Calendar arithmetic, not 24-hour steps, so days that a DST change makes 23
// or 25 hours long still start at local midnight.
function daysRange(first: moment.Moment, last: moment.Moment): DateRange {
  return { startTime: first.clone().startOf('day').valueOf(), endTime: last.clone().endOf('day').valueOf() };
}

function today(now: Date | number, tz: string): moment.Moment {
  assertZone(tz);
  return instant(now, tz, 'now').startOf('day');
}

/** Start of the first day bet history may still reach. */
export function historyWindowStart(now: Date | number, tz: string): number {
  return today(now, tz).subtract(HISTORY_WINDOW_DAYS, 'days').valueOf();
}

/**
 * Bet-history range for a filter type, in `tz`:
 *   today / yesterday: 00:00:00.000 to 23:59:59.999 of that day;
 *   thisWeek: start of the day 6 days ago to the end of today;
 *   custom: start of the start day to the end of the end day.
 * A custom end after today is cut to the end of today, as nothing later exists.
 * Errors are thrown as DateRangeError (never returned): a custom range is
 * missing, ends before it starts, or starts before the 45-day window.
 */
export function dateRange(type: DateRangeType, now: Date | number, tz: string, custom?: CustomDays): DateRange {
  const t = today(now, tz);
  switch (type) {
    case 'today':
      return daysRange(t, t);
    case 'yesterday': {
      const y = t.clone().subtract(1, 'day');
      return daysRange(y, y);
    }
    case 'thisWeek':
      return daysRange(t.clone().subtract(THIS_WEEK_DAYS_BACK, 'days'), t);
    case 'custom': {
      if (!custom) throw new DateRangeError('missingCustomRange', 'A custom range needs a start and an end day');
      const start = day(custom.start, tz, 'Start');
      const end = day(custom.end, tz, 'End');
      if (end.isBefore(start)) throw new DateRangeError('endBeforeStart', `End ${end.format('YYYY-MM-DD')} is before start ${start.format('YYYY-MM-DD')}`);
      const windowStart = t.clone().subtract(HISTORY_WINDOW_DAYS, 'days');
      if (start.isBefore(windowStart)) {
        throw new DateRangeError(
          'outsideHistoryWindow',
          `Start ${start.format('YYYY-MM-DD')} is before ${windowStart.format('YYYY-MM-DD')}: history covers the last ${HISTORY_WINDOW_DAYS} days`,
        );
      }
      return daysRange(start, end.isAfter(t) ? t : end);
    }
  }
  throw new DateRangeError('unknownRangeType', `Unknown date range type: ${String(type)}`);
}

/**
 * The forgiving alternative to a custom `dateRange`: cuts a range to the
 * history window and to the end of today. Null when nothing of it is left.
 */
export function clampToHistoryWindow(range: DateRange, now: Date | number, tz: string): DateRange | null {
  const t = today(now, tz);
  const min = t.clone().subtract(HISTORY_WINDOW_DAYS, 'days').valueOf();
  const max = t.clone().endOf('day').valueOf();
  const startTime = Math.max(range.startTime, min);
  const endTime = Math.min(range.endTime, max);
  if (!Number.isFinite(startTime) || !Number.isFinite(endTime) || startTime > endTime) return null;
  return { startTime, endTime };
}

/**
 * Results screen default: 7 days back through today, from 00:00:00 of the
 * first day to 23:59:59(.999) of today.
 */
export function resultsDefaultRange(now: Date | number, tz: string): DateRange {
  const t = today(now, tz);
  return daysRange(t.clone().subtract(RESULTS_DEFAULT_DAYS, 'days'), t);
}

/**
 * A results range the member picked: 00:00:00 of the first day to 23:59:59(.999) of the last, in `tz`. Throws
 * DateRangeError when a day is not a date, the last is before the first, or it spans more than `maxDays` days.
 */
export function resultsRange(first: DayInput, last: DayInput, tz: string, maxDays: number): DateRange {
  assertZone(tz);
  const start = day(first, tz, 'Start');
  const end = day(last, tz, 'End');
  if (end.isBefore(start)) throw new DateRangeError('endBeforeStart', `End ${end.format('YYYY-MM-DD')} is before start ${start.format('YYYY-MM-DD')}`);
  if (end.diff(start, 'days') + 1 > maxDays) throw new DateRangeError('rangeTooLong', `A results range spans at most ${maxDays} days`);
  return daysRange(start, end);
}

/** The calendar day "YYYY-MM-DD" of an instant in `tz` (what a date input holds). */
export function dayOf(ts: Date | number, tz: string): string {
  assertZone(tz);
  return instant(ts, tz, 'Time').format('YYYY-MM-DD');
}

/** Failed pre-bets window for the reserved view: 7 days back through today. */
export function reservedFailedRange(now: Date | number, tz: string): DateRange {
  const t = today(now, tz);
  return daysRange(t.clone().subtract(RESERVED_FAILED_WINDOW_DAYS, 'days'), t);
}

/** Result date "MM-DD HH:mm" of an epoch-millisecond time in `tz`. */
export function formatResultDate(ts: Date | number, tz: string): string {
  assertZone(tz);
  return instant(ts, tz, 'Result time').format('MM-DD HH:mm');
}
