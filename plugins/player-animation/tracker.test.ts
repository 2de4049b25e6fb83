import { describe, expect, it } from '@jest/globals';
import {
  actionOf,
  applyEvent,
  applyPush,
  ballSpot,
  clockSeconds,
  dismissCallout,
  dismissFlash,
  eventTime,
  initialState,
  parseEvent,
  servingOf,
  atHalfTime,
  type TrackerEvent,
} from './tracker';
import { animationStart } from './testData';

let seq = 0;
function ev(over: Partial<TrackerEvent> & Pick<TrackerEvent, 'type'>): TrackerEvent {
  seq += 1;
  return { seq, code: '', team: 'home', second: 600, period: 1, homeScore: 0, awayScore: 0, text: 'text', ...over };
}


describe('tracker mapping', () => {
  it('maps football types and other sports codes to actions', () => {
    expect(actionOf('football', { type: 24, code: 'dangerousAttack' })).toBe('dangerousAttack');
    expect(actionOf('football', { type: 17, code: 'ownGoal' })).toBe('goal');
    expect(actionOf('football', { type: 15, code: 'secondYellow' })).toBe('redCard');
    expect(actionOf('football', { type: 8, code: 'shootoutScored' })).toBe('penalty');
    expect(actionOf('basketball', { type: 103, code: 'threePointer' })).toBe('threePoints');
    expect(actionOf('basketball', { type: 103, code: 'freeThrowMade' })).toBe('freeThrow');
    expect(actionOf('basketball', { type: 112, code: 'timeout' })).toBe('timeout');
    expect(actionOf('generic', { type: 104, code: 'pointWon' })).toBe('point');
    expect(actionOf('generic', { type: 103, code: 'teamGoal' })).toBe('score');
    expect(actionOf('generic', { type: 999, code: 'new' })).toBe('none');
  });

  it('puts the ball toward the opponent: attacks in their third, dangerous attacks in their box, corners at the flag', () => {
    expect(ballSpot('attack', 'home').zone).toBe('awayThird');
    expect(ballSpot('attack', 'away').zone).toBe('homeThird');
    expect(ballSpot('dangerousAttack', 'home').zone).toBe('awayBox');
    expect(ballSpot('dangerousAttack', 'away').zone).toBe('homeBox');
    expect(ballSpot('corner', 'away')).toMatchObject({ x: 1, y: 2 });
    expect(ballSpot('goalKick', 'home').zone).toBe('homeBox');
    expect(ballSpot('none', null)).toEqual({ x: 50, y: 50, zone: 'middle' });
  });

  it('starts from the route answer: the latest play, cards from the statistics, no flash', () => {
    const s = initialState(
      animationStart({
        events: [ev({ type: 2, team: 'away' }), ev({ type: 3, team: 'home' }), ev({ type: 25, team: null })],
        stats: [
          { key: 'yellowCards', name: 'Yellow', home: 1, away: 0 },
          { key: 'redCards', name: 'Red', home: 0, away: 1 },
        ],
      }),
      1000,
      'football',
    );
    expect(s).toMatchObject({ kind: 'football', action: 'yellowCard', side: 'home', ball: { action: 'corner', side: 'away' }, flash: null });
    expect(s.cards).toEqual({ home: { yellow: 1, red: 0 }, away: { yellow: 0, red: 1 } });
  });

  it('moves the play on events, keeps the ball for cards and substitutions, counts statistics and cards', () => {
    let s = initialState(animationStart({ stats: [{ key: 'dangerousAttacks', name: 'DA', home: 3, away: 2 }, { key: 'attacks', name: 'A', home: 10, away: 9 }] }), 0, 'football');
    s = applyEvent(s, ev({ type: 24, team: 'away' }));
    expect(s).toMatchObject({ action: 'dangerousAttack', side: 'away', ball: { action: 'dangerousAttack', side: 'away' } });
    expect(s.stats).toEqual([{ key: 'dangerousAttacks', name: 'DA', home: 3, away: 3 }, { key: 'attacks', name: 'A', home: 10, away: 10 }]);
    s = applyEvent(s, ev({ type: 4, team: 'home' }));
    expect(s).toMatchObject({ action: 'redCard', side: 'home', ball: { action: 'dangerousAttack', side: 'away' } });
    expect(s.cards.home.red).toBe(1);
    s = applyEvent(s, ev({ type: 25, team: null }));
    expect(s.action).toBe('redCard');
  });

  it('flashes a goal with the scorer side and the new score until dismissed by its seq', () => {
    let s = initialState(animationStart(), 0, 'football');
    const goal = ev({ type: 1, team: 'away', homeScore: 0, awayScore: 1 });
    s = applyEvent(s, goal);
    expect(s.flash).toEqual({ kind: 'goal', side: 'away', points: 0, seq: goal.seq });
    expect([s.homeScore, s.awayScore]).toEqual([0, 1]);
    expect(applyEvent(s, goal)).toBe(s);
    expect(dismissFlash(s, goal.seq - 1)).toBe(s);
    expect(dismissFlash(s, goal.seq).flash).toBeNull();
  });

  it('names every event that changes the situation until dismissed by its seq, and none from the starting state', () => {
    let s = initialState(animationStart({ events: [ev({ type: 24, team: 'home' })] }), 0, 'football');
    expect(s.callout).toBeNull();
    const corner = ev({ type: 2, team: 'away', homeScore: 1, awayScore: 2 });
    s = applyEvent(s, corner);
    expect(s.callout).toEqual({ action: 'corner', side: 'away', seq: corner.seq, homeScore: 1, awayScore: 2 });
    // Possession shares are silent: the corner stays named.
    s = applyEvent(s, ev({ type: 25, team: 'home' }));
    expect(s.callout?.seq).toBe(corner.seq);
    expect(dismissCallout(s, corner.seq - 1)).toBe(s);
    expect(dismissCallout(s, corner.seq).callout).toBeNull();
  });

  it('counts tennis aces, double faults, points won and breaks from the events, for the side they name', () => {
    const rows = ['aces', 'doubleFaults', 'breaks', 'pointsWon'].map((key) => ({ key, name: key, home: 0, away: 0 }));
    let s = initialState(animationStart({ sportId: 5, serveIn: 1, stats: rows }), 0, 'tennis');
    s = applyEvent(s, ev({ type: 117, code: 'ace', team: 'home' }));
    s = applyEvent(s, ev({ type: 104, code: 'pointWon', team: 'home' }));
    s = applyEvent(s, ev({ type: 118, code: 'doubleFault', team: 'home' }));
    s = applyEvent(s, ev({ type: 104, code: 'pointWon', team: 'away' }));
    s = applyEvent(s, ev({ type: 105, code: 'breakOfServe', team: 'away' }));
    expect(s.stats.map((r) => [r.key, r.home, r.away])).toEqual([
      ['aces', 1, 0],
      ['doubleFaults', 1, 0],
      ['breaks', 0, 1],
      ['pointsWon', 1, 1],
    ]);
  });

  it('flashes basketball points at the scorer and counts made shots, fouls and timeouts', () => {
    let s = initialState(animationStart({ sportId: 3, clock: { running: true, period: 5, second: 300, type: 'down' }, stats: [{ key: 'threePointers', name: '3PT', home: 4, away: 5 }, { key: 'fouls', name: 'F', home: 1, away: 1 }] }), 0, 'basketball');
    s = applyEvent(s, ev({ type: 103, code: 'threePointer', team: 'home', homeScore: 50, awayScore: 48 }));
    expect(s.flash).toMatchObject({ kind: 'score', side: 'home', points: 3 });
    expect(s.stats[0]).toMatchObject({ home: 5 });
    s = applyEvent(s, ev({ type: 113, code: 'personalFoul', team: 'away' }));
    expect(s.stats[1]).toMatchObject({ away: 2 });
    expect(s.action).toBe('foul');
  });

  it("takes who serves from the feed's field as the scoreboard does, never from points or games", () => {
    let tennis = initialState(animationStart({ sportId: 5, serveIn: 1 }), 0, 'tennis');
    // A tie-break point, a game and a set: the feed's own rotation decides, and it comes with the field.
    tennis = applyEvent(tennis, ev({ type: 104, code: 'pointWon', team: 'away' }));
    tennis = applyEvent(tennis, ev({ type: 105, code: 'breakOfServe', team: 'away' }));
    tennis = applyEvent(tennis, ev({ type: 106, code: 'setWon', team: 'away' }));
    expect(servingOf(tennis)).toBe('home');
    expect(servingOf(initialState(animationStart({ sportId: 13, serveIn: 2 }), 0))).toBe('away');
    // The score push carries the field: the serve moves with it (and a push without it keeps it).
    tennis = applyPush(tennis, { kind: 'score', matchId: 9, homeScore: 0, awayScore: 1, score: [], period: 1, serveIn: 2 }, 'ENG', 0);
    expect(servingOf(tennis)).toBe('away');
    tennis = applyPush(tennis, { kind: 'score', matchId: 9, homeScore: 0, awayScore: 1, score: [], period: 1 }, 'ENG', 0);
    expect(servingOf(tennis)).toBe('away');
    // Not in play: nobody serves, as the scoreboard shows no marker then.
    expect(servingOf(initialState(animationStart({ sportId: 5, serveIn: 1, inPlay: false }), 0, 'tennis'))).toBeNull();
    expect(servingOf(initialState(animationStart({ sportId: 5, serveIn: 0 }), 0, 'tennis'))).toBeNull();
  });

  it('applies the push kinds of match:<id>:score and ignores other matches and junk', () => {
    let s = initialState(animationStart(), 0, 'football');
    s = applyPush(s, { kind: 'event', matchId: 9, event: { seq: 100, type: 23, code: 'attack', team: 'home', second: 700, period: 1, homeScore: 0, awayScore: 0, text: { CMN: '进攻', ENG: 'Lions attack' } } }, 'ENG', 0);
    expect(s.events.at(-1)).toMatchObject({ seq: 100, text: 'Lions attack' });
    s = applyPush(s, { kind: 'score', matchId: 9, homeScore: 1, awayScore: 0, score: [{ pe: 1, tyg: 1, home: 1, away: 0 }], period: 1 }, 'ENG', 0);
    expect(s.homeScore).toBe(1);
    s = applyPush(s, { kind: 'clock', matchId: 9, clock: { running: false, period: 2, second: 2700, type: 'up' }, matchTime: 2700 }, 'ENG', 5000);
    expect(s.clock.running).toBe(false);
    s = applyPush(s, { kind: 'status', matchId: 9, matchStatus: 1, period: 2, matchPeriod: { CMN: '中场休息', ENG: 'Half Time' } }, 'ENG', 0);
    expect(s.matchPeriod).toBe('Half Time');
    expect(applyPush(s, { kind: 'score', matchId: 10, homeScore: 5, awayScore: 5 }, 'ENG', 0)).toBe(s);
    expect(applyPush(s, 'junk', 'ENG', 0)).toBe(s);
    expect(applyPush(s, { kind: 'event', matchId: 9, event: { type: 1 } }, 'ENG', 0)).toBe(s);
    s = applyPush(s, { kind: 'ended', matchId: 9, matchStatus: 2 }, 'ENG', 0);
    expect(s).toMatchObject({ inPlay: false, action: 'fullTime' });
  });

  it('parses route and push events, ticks clocks locally and formats event times', () => {
    expect(parseEvent({ seq: 1, type: 103, code: 'twoPointer', team: 'x', text: 'made', section: 3, clockText: '05:10' }, 'ENG')).toMatchObject({ team: null, text: 'made', section: 3, clockText: '05:10' });
    expect(parseEvent({ seq: 1, type: 1, text: { CMN: '进球' } }, 'VIE')?.text).toBe('进球');
    expect(clockSeconds({ clock: { running: true, period: 1, second: 60, type: 'up' }, clockAt: 0 }, 5500)).toBe(65);
    expect(clockSeconds({ clock: { running: true, period: 1, second: 3, type: 'down' }, clockAt: 0 }, 5500)).toBe(0);
    expect(clockSeconds({ clock: { running: false, period: 1, second: 60, type: 'up' }, clockAt: 0 }, 5500)).toBe(60);
    expect(eventTime('football', { second: 47 * 60, period: 1 }, 'HT')).toBe("45+3'");
    expect(eventTime('football', { second: 61 * 60, period: 3 }, 'HT')).toBe("62'");
    // Half-time (and extra time's): the break's label, not the minute after the half.
    expect(eventTime('football', { second: 45 * 60, period: 2 }, 'HT')).toBe('HT');
    expect(eventTime('football', { second: 105 * 60, period: 7 }, 'HT')).toBe('HT');
    expect(eventTime('basketball', { second: 310, period: 5, clockText: '05:10' }, 'HT')).toBe('05:10');
    expect(eventTime('generic', { second: 0, period: 1 }, 'HT')).toBe('');
    expect(atHalfTime({ kind: 'football', period: 2 })).toBe(true);
    expect(atHalfTime({ kind: 'football', period: 3 })).toBe(false);
    expect(atHalfTime({ kind: 'basketball', period: 2 })).toBe(false);
  });
});
