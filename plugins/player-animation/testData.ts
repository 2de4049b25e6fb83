import type { AnimationStart } from './tracker';

/** A football match in play as the start route answers it, ten minutes in at 0-0, for the plugin's tests. */
export function animationStart(over: Partial<AnimationStart> = {}): AnimationStart {
  return {
    matchId: 9,
    sportId: 1,
    matchStatus: 1,
    inPlay: true,
    period: 1,
    matchPeriod: '1st Half',
    clock: { running: true, period: 1, second: 600, type: 'up' },
    homeScore: 0,
    awayScore: 0,
    score: [],
    home: { id: 1, name: 'Lions' },
    away: { id: 2, name: 'Tigers' },
    serveIn: 0,
    events: [],
    stats: [],
    ...over,
  };
}
