import { describe, expect, it } from '@jest/globals';
import { dayText, homeShare, kickOffText } from './format';

// 2024-03-14 22:30 in New York is 2024-03-15 10:30 in Shanghai (UTC 02:30).
const AT = Date.UTC(2024, 2, 15, 2, 30);

describe('schedule dates in the platform time zone', () => {
  it('gives the day and the kick-off in the zone, on a 24-hour clock', () => {
    expect(dayText(AT, 'Asia/Shanghai')).toBe('2024-03-15');
    expect(kickOffText(AT, 'Asia/Shanghai')).toBe('03-15 10:30');
    expect(dayText(AT, 'America/New_York')).toBe('2024-03-14');
    expect(kickOffText(AT, 'America/New_York')).toBe('03-14 22:30');
    expect(kickOffText(Date.UTC(2024, 0, 1, 0, 5), 'UTC')).toBe('01-01 00:05');
  });

  it('falls back to UTC for an unknown zone, not to the browser\'s', () => {
    expect(dayText(AT, 'Bad/Zone')).toBe('2024-03-15');
    expect(kickOffText(AT, 'Bad/Zone')).toBe('03-15 02:30');
  });

  it('splits a home/away pair, evenly when empty', () => {
    expect(homeShare(3, 1)).toBe(75);
    expect(homeShare(0, 0)).toBe(50);
  });
});
