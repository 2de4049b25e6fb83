import { describe, it, expect } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  DATE_RANGE_TYPES,
  DateRangeError,
  HISTORY_WINDOW_DAYS,
  RESERVED_FAILED_WINDOW_DAYS,
  type DateRangeType,
  clampToHistoryWindow,
  dateRange,
  formatDuration,
  formatResultDate,
  historyWindowStart,
  dayOf,
  reservedFailedRange,
  resultsDefaultRange,
  resultsRange,
} from './dates';
import { WEEKDAY_KEYS, weekdayKeyOfDay } from './weekdays';

const SH = 'Asia/Shanghai';
const NY = 'America/New_York';

const utc = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0) => Date.UTC(y, mo - 1, d, h, mi, s, ms);

// 2024-03-15 10:30 in Shanghai (UTC+8) = 2024-03-14 22:30 in New York (EDT, UTC-4)
const NOW = utc(2024, 3, 15, 2, 30);

function expectError(fn: () => unknown, code: string): void {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(DateRangeError);
  expect(caught).toBeInstanceOf(RangeError);
  expect((caught as DateRangeError).code).toBe(code);
}

describe('constants', () => {
  it('has the spec values', () => {
    expect(HISTORY_WINDOW_DAYS).toBe(45);
    expect(RESERVED_FAILED_WINDOW_DAYS).toBe(7);
    expect(DATE_RANGE_TYPES).toEqual(['today', 'yesterday', 'thisWeek', 'custom']);
  });

  it('names weekdays Sunday to Saturday', () => {
    expect(WEEKDAY_KEYS).toEqual(['weekday.sun', 'weekday.mon', 'weekday.tue', 'weekday.wed', 'weekday.thu', 'weekday.fri', 'weekday.sat']);
  });

  it('has the spec\'s seven week-day names, Sunday first, in all five languages', () => {
    const expected: Record<string, string[]> = {
      en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
      'zh-CN': ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
      'zh-TW': ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
      vi: ['Chủ nhật', 'Thứ hai', 'Thứ ba', 'Thứ tư', 'Thứ năm', 'Thứ sáu', 'Thứ bảy'],
      th: ['วันอาทิตย์', 'วันจันทร์', 'วันอังคาร', 'วันพุธ', 'วันพฤหัสบดี', 'วันศุกร์', 'วันเสาร์'],
    };
    for (const [lng, names] of Object.entries(expected)) {
      const common = JSON.parse(readFileSync(path.join(__dirname, '../locales', lng, 'common.json'), 'utf8')) as { weekday: Record<string, string> };
      expect(WEEKDAY_KEYS.map((key) => common.weekday[key.slice('weekday.'.length)])).toEqual(names);
    }
  });
});

describe('dateRange', () => {
  it('today in Shanghai', () => {
    expect(dateRange('today', NOW, SH)).toEqual({ startTime: utc(2024, 3, 14, 16), endTime: utc(2024, 3, 15, 15, 59, 59, 999) });
  });

  it('today depends on the zone: the same instant is still the 14th in New York', () => {
    expect(dateRange('today', NOW, NY)).toEqual({ startTime: utc(2024, 3, 14, 4), endTime: utc(2024, 3, 15, 3, 59, 59, 999) });
  });

  it('accepts a Date for now', () => {
    expect(dateRange('today', new Date(NOW), SH)).toEqual(dateRange('today', NOW, SH));
  });

  it('yesterday in Shanghai', () => {
    expect(dateRange('yesterday', NOW, SH)).toEqual({ startTime: utc(2024, 3, 13, 16), endTime: utc(2024, 3, 14, 15, 59, 59, 999) });
  });

  it('thisWeek is 6 days back through today', () => {
    expect(dateRange('thisWeek', NOW, SH)).toEqual({ startTime: utc(2024, 3, 8, 16), endTime: utc(2024, 3, 15, 15, 59, 59, 999) });
  });

  it('handles the 23-hour day of the New York spring DST change', () => {
    const now = utc(2024, 3, 10, 16); // 12:00 EDT on 10 March 2024
    const r = dateRange('today', now, NY);
    expect(r).toEqual({ startTime: utc(2024, 3, 10, 5), endTime: utc(2024, 3, 11, 3, 59, 59, 999) });
    expect(r.endTime + 1 - r.startTime).toBe(23 * 3600_000);
    expect(dateRange('yesterday', now, NY)).toEqual({ startTime: utc(2024, 3, 9, 5), endTime: utc(2024, 3, 10, 4, 59, 59, 999) });
  });

  it('handles the 25-hour day of the New York autumn DST change', () => {
    const r = dateRange('today', utc(2024, 11, 3, 17), NY);
    expect(r).toEqual({ startTime: utc(2024, 11, 3, 4), endTime: utc(2024, 11, 4, 4, 59, 59, 999) });
    expect(r.endTime + 1 - r.startTime).toBe(25 * 3600_000);
  });

  it('thisWeek across a DST change starts at local midnight', () => {
    const r = dateRange('thisWeek', utc(2024, 3, 12, 16), NY);
    expect(r).toEqual({ startTime: utc(2024, 3, 6, 5), endTime: utc(2024, 3, 13, 3, 59, 59, 999) });
  });

  it('custom days given as YYYY-MM-DD in the zone', () => {
    expect(dateRange('custom', NOW, SH, { start: '2024-03-01', end: '2024-03-05' })).toEqual({
      startTime: utc(2024, 2, 29, 16),
      endTime: utc(2024, 3, 5, 15, 59, 59, 999),
    });
    expect(dateRange('custom', NOW, NY, { start: '2024-03-01', end: '2024-03-05' })).toEqual({
      startTime: utc(2024, 3, 1, 5),
      endTime: utc(2024, 3, 6, 4, 59, 59, 999),
    });
  });

  it('custom days given as instants use their calendar day in the zone', () => {
    // 2024-03-01T20:00Z is already 2 March in Shanghai
    expect(dateRange('custom', NOW, SH, { start: utc(2024, 3, 1, 20), end: new Date(utc(2024, 3, 2, 1)) })).toEqual({
      startTime: utc(2024, 3, 1, 16),
      endTime: utc(2024, 3, 2, 15, 59, 59, 999),
    });
  });

  it('allows a single custom day and the first day of the window', () => {
    expect(dateRange('custom', NOW, SH, { start: '2024-03-10', end: '2024-03-10' })).toEqual({
      startTime: utc(2024, 3, 9, 16),
      endTime: utc(2024, 3, 10, 15, 59, 59, 999),
    });
    expect(dateRange('custom', NOW, SH, { start: '2024-01-30', end: '2024-02-01' }).startTime).toBe(utc(2024, 1, 29, 16));
  });

  it('cuts a custom end after today to the end of today', () => {
    expect(dateRange('custom', NOW, SH, { start: '2024-03-14', end: '2024-04-30' }).endTime).toBe(utc(2024, 3, 15, 15, 59, 59, 999));
  });

  it('throws outsideHistoryWindow for a start more than 45 days back', () => {
    expectError(() => dateRange('custom', NOW, SH, { start: '2024-01-29', end: '2024-02-01' }), 'outsideHistoryWindow');
  });

  it('throws endBeforeStart', () => {
    expectError(() => dateRange('custom', NOW, SH, { start: '2024-03-05', end: '2024-03-04' }), 'endBeforeStart');
  });

  it('throws missingCustomRange without days', () => {
    expectError(() => dateRange('custom', NOW, SH), 'missingCustomRange');
  });

  it('throws invalidDate for bad days and bad now', () => {
    expectError(() => dateRange('custom', NOW, SH, { start: '2024-02-30', end: '2024-03-01' }), 'invalidDate');
    expectError(() => dateRange('custom', NOW, SH, { start: '03/01/2024', end: '2024-03-01' }), 'invalidDate');
    expectError(() => dateRange('custom', NOW, SH, { start: NaN, end: '2024-03-01' }), 'invalidDate');
    expectError(() => dateRange('today', NaN, SH), 'invalidDate');
    expectError(() => dateRange('today', new Date('nope'), SH), 'invalidDate');
  });

  it('throws invalidTimeZone and unknownRangeType', () => {
    expectError(() => dateRange('today', NOW, 'Mars/Olympus'), 'invalidTimeZone');
    expectError(() => dateRange('lastYear' as DateRangeType, NOW, SH), 'unknownRangeType');
  });
});

describe('history window', () => {
  it('starts 45 days before today', () => {
    expect(historyWindowStart(NOW, SH)).toBe(utc(2024, 1, 29, 16));
  });

  it('clamps a range to the window and to today', () => {
    const range = { startTime: utc(2023, 12, 1), endTime: utc(2024, 12, 1) };
    expect(clampToHistoryWindow(range, NOW, SH)).toEqual({ startTime: utc(2024, 1, 29, 16), endTime: utc(2024, 3, 15, 15, 59, 59, 999) });
  });

  it('leaves a range inside the window alone', () => {
    const range = { startTime: utc(2024, 3, 1), endTime: utc(2024, 3, 2) };
    expect(clampToHistoryWindow(range, NOW, SH)).toEqual(range);
  });

  it('returns null when nothing is left', () => {
    expect(clampToHistoryWindow({ startTime: utc(2023, 1, 1), endTime: utc(2023, 2, 1) }, NOW, SH)).toBeNull();
    expect(clampToHistoryWindow({ startTime: utc(2024, 3, 5), endTime: utc(2024, 3, 4) }, NOW, SH)).toBeNull();
    expect(clampToHistoryWindow({ startTime: NaN, endTime: utc(2024, 3, 4) }, NOW, SH)).toBeNull();
  });
});

describe('resultsRange', () => {
  it('runs from 00:00:00 of the first day to 23:59:59.999 of the last, in the zone, across a DST change', () => {
    expect(resultsRange('2024-03-01', '2024-03-02', SH, 31)).toEqual({ startTime: utc(2024, 2, 29, 16), endTime: utc(2024, 3, 2, 15, 59, 59, 999) });
    // New York moves to summer time on 10 March: the last day still ends at local midnight.
    expect(resultsRange('2024-03-09', '2024-03-10', NY, 31)).toEqual({ startTime: utc(2024, 3, 9, 5), endTime: utc(2024, 3, 11, 3, 59, 59, 999) });
    expect(resultsRange('2024-03-05', '2024-03-05', SH, 31)).toEqual({ startTime: utc(2024, 3, 4, 16), endTime: utc(2024, 3, 5, 15, 59, 59, 999) });
  });

  it('refuses an end before the start, more days than allowed, and what is not a date', () => {
    expectError(() => resultsRange('2024-03-05', '2024-03-04', SH, 31), 'endBeforeStart');
    expect(resultsRange('2024-03-01', '2024-03-31', SH, 31).endTime).toBe(utc(2024, 3, 31, 15, 59, 59, 999));
    expectError(() => resultsRange('2024-03-01', '2024-04-01', SH, 31), 'rangeTooLong');
    expectError(() => resultsRange('2024-02-30', '2024-03-01', SH, 31), 'invalidDate');
    expectError(() => resultsRange('2024-03-01', '2024-03-02', 'Nowhere', 31), 'invalidTimeZone');
  });

  it('dayOf gives the calendar day of an instant in the zone', () => {
    expect(dayOf(NOW, SH)).toBe('2024-03-15');
    expect(dayOf(NOW, NY)).toBe('2024-03-14');
  });
});

describe('resultsDefaultRange and reservedFailedRange', () => {
  it('covers 7 days back through today, midnight to 23:59:59', () => {
    expect(resultsDefaultRange(NOW, SH)).toEqual({ startTime: utc(2024, 3, 7, 16), endTime: utc(2024, 3, 15, 15, 59, 59, 999) });
    expect(resultsDefaultRange(NOW, NY)).toEqual({ startTime: utc(2024, 3, 7, 5), endTime: utc(2024, 3, 15, 3, 59, 59, 999) });
  });

  it('reserved failed window is 7 days back', () => {
    expect(reservedFailedRange(NOW, SH)).toEqual(resultsDefaultRange(NOW, SH));
  });

  it('rejects an unknown zone', () => {
    expect(() => resultsDefaultRange(NOW, 'Nowhere')).toThrow(DateRangeError);
  });
});

describe('formatDuration', () => {
  it('formats mm:ss', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(5)).toBe('00:05');
    expect(formatDuration(65)).toBe('01:05');
    expect(formatDuration(59 * 60 + 59)).toBe('59:59');
  });

  it('lets minutes pass 59', () => {
    expect(formatDuration(95 * 60 + 7)).toBe('95:07');
    expect(formatDuration(100 * 60)).toBe('100:00');
  });

  it('drops fractions of a second', () => {
    expect(formatDuration(59.999)).toBe('00:59');
  });

  it('shows 00:00 for negative or non-finite input', () => {
    expect(formatDuration(-1)).toBe('00:00');
    expect(formatDuration(NaN)).toBe('00:00');
    expect(formatDuration(Infinity)).toBe('00:00');
    expect(formatDuration('90' as unknown as number)).toBe('00:00');
  });
});

describe('formatResultDate and weekdayKeyOfDay', () => {
  it('formats MM-DD HH:mm in the zone', () => {
    expect(formatResultDate(NOW, SH)).toBe('03-15 10:30');
    expect(formatResultDate(NOW, NY)).toBe('03-14 22:30');
    expect(formatResultDate(new Date(utc(2024, 12, 31, 16, 5)), SH)).toBe('01-01 00:05');
  });

  it('follows the New York DST jump', () => {
    expect(formatResultDate(utc(2024, 3, 10, 6, 30), NY)).toBe('03-10 01:30');
    expect(formatResultDate(utc(2024, 3, 10, 7, 30), NY)).toBe('03-10 03:30');
  });

  it('rejects a bad time or zone', () => {
    expect(() => formatResultDate(NaN, SH)).toThrow(DateRangeError);
    expect(() => formatResultDate(NOW, 'Bad/Zone')).toThrow(DateRangeError);
  });

  it('gives the weekday key of a calendar day, and refuses what is not one', () => {
    expect(weekdayKeyOfDay(dayOf(NOW, SH))).toBe('weekday.fri');
    expect(weekdayKeyOfDay(dayOf(NOW, NY))).toBe('weekday.thu');
    expect(weekdayKeyOfDay('2024-03-17')).toBe('weekday.sun');
    expect(weekdayKeyOfDay('2024-02-29')).toBe('weekday.thu');
    for (const bad of ['2024-3-17', '2024-13-01', 'today', '']) expect(() => weekdayKeyOfDay(bad)).toThrow(RangeError);
  });
});
