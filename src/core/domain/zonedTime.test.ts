import { describe, expect, it } from '@jest/globals';
import { formatInZone, zoneOffsetLabel } from './zonedTime';

// 2026-11-25 16:00 UTC: already 11-26 00:00 in Shanghai, still 11-25 11:00 in New York.
const KICK_OFF = Date.UTC(2026, 10, 25, 16, 0);

describe('times in the platform zone', () => {
  it('prints a kick-off in the configured zone, whatever the browser zone', () => {
    expect(formatInZone(KICK_OFF, 'Asia/Shanghai', 'en', 'time')).toBe('00:00');
    expect(formatInZone(KICK_OFF, 'Asia/Shanghai', 'en', 'date')).toBe('11/26');
    expect(formatInZone(KICK_OFF, 'America/New_York', 'en', 'dateTime')).toBe('11/25, 11:00');
    expect(formatInZone(KICK_OFF, 'Asia/Shanghai', 'zh-CN', 'dateTime')).toBe('11/26 00:00');
  });

  it('never prints midnight as 24', () => {
    expect(formatInZone(Date.UTC(2026, 10, 25, 16, 5), 'Asia/Shanghai', 'en', 'time')).toBe('00:05');
  });

  it('falls back to UTC for an unknown zone rather than the browser zone', () => {
    expect(formatInZone(KICK_OFF, 'Mars/Olympus', 'en', 'time')).toBe('16:00');
  });

  it('labels the zone by its offset at that moment', () => {
    expect(zoneOffsetLabel('Asia/Shanghai', KICK_OFF)).toBe('GMT+8');
    expect(zoneOffsetLabel('America/New_York', KICK_OFF)).toBe('GMT-5');
    expect(zoneOffsetLabel('America/New_York', Date.UTC(2026, 6, 1))).toBe('GMT-4');
  });
});
