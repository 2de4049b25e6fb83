import { describe, expect, it } from '@jest/globals';
import { footballMinute, lineFromEvent, withoutTimePrefix } from './footballEvents';

describe('football events', () => {
  it('shows football minutes as the platform does and strips event-time prefixes', () => {
    expect(footballMinute(0, 1)).toBe("1'");
    expect(footballMinute(46 * 60 + 30, 1)).toBe("45+2'");
    expect(footballMinute(60 * 60, 3)).toBe("61'");
    expect(withoutTimePrefix("45+2'：Goal")).toBe('Goal');
    expect(withoutTimePrefix('67′ - Corner')).toBe('Corner');
    expect(withoutTimePrefix('Kick-off at 3pm')).toBe('Kick-off at 3pm');
  });

  it('reads a js1 event in the member language, falling back to Chinese', () => {
    const data = { kind: 'event', matchId: 7, event: { type: 3, second: 130, period: 1, team: 'away', text: { CMN: "3' 黄牌", ENG: "3' Yellow card" } } };
    expect(lineFromEvent(data, 'ENG')).toEqual({ matchId: 7, line: { type: 3, minute: "3'", second: 130, team: 'away', text: 'Yellow card' } });
    expect(lineFromEvent(data, 'THA')?.line.text).toBe('黄牌');
    expect(lineFromEvent({ kind: 'event', matchId: 7, event: { type: 3 } }, 'ENG')).toBeUndefined();
    expect(lineFromEvent({ kind: 'score', matchId: 7 }, 'ENG')).toBeUndefined();
  });
});
