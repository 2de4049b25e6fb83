import { describe, expect, it } from '@jest/globals';
import { dayIn, isSameDayIn } from './calendar';

describe('calendar', () => {
  it('names the day of an instant in a time zone', () => {
    const t = Date.UTC(2026, 10, 21, 17, 30); // 01:30 on the 22nd in Shanghai, 12:30 on the 21st in New York
    expect(dayIn(t, 'Asia/Shanghai')).toBe('2026-11-22');
    expect(dayIn(t, 'America/New_York')).toBe('2026-11-21');
  });

  it('tells whether two instants share a day there', () => {
    const evening = Date.UTC(2026, 10, 21, 15, 59); // 23:59 Shanghai
    const midnight = Date.UTC(2026, 10, 21, 16, 0); // 00:00 the next day in Shanghai
    expect(isSameDayIn(evening, midnight, 'Asia/Shanghai')).toBe(false);
    expect(isSameDayIn(evening, midnight, 'UTC')).toBe(true);
  });
});
