import { IN_PLAY_STATUSES } from '../codes';
import { emptyOutput } from '../sports/sim';
import type { AheadEvent, FeedScenario } from '../types';
import type { SimClock } from './clock';
import { nextTransition, type LiveMatches } from './live';
import type { Pricing } from './pricing';
import { TERMINAL, type FeedState } from './state';

/** What test controls (TEST_CONTROLS) move: the clock, one match through its simulation, one market's price. */
export interface ScenarioParts {
  s: FeedState;
  clock: SimClock;
  tick: () => void;
  live: LiveMatches;
  pricing: Pricing;
}

export function createScenario({ s, clock, tick, live, pricing }: ScenarioParts): FeedScenario {
  return {
    shiftClock: (ms) => {
      clock.shift(ms);
      tick();
    },
    plain: (matchId) => {
      const f = s.records.get(matchId)?.fate;
      return f !== undefined && f.calledOff === null && f.delayMs === 0 && f.interruption === null && f.coverage === null;
    },
    state: (matchId) => {
      const m = s.published(matchId);
      if (!m) return undefined;
      const sim = m.sim;
      const elapsed = s.elapsedOf(m, s.simNow);
      return {
        status: m.status,
        inPlay: s.live.has(m.id) && IN_PLAY_STATUSES.has(m.status),
        finished: TERMINAL.has(m.status),
        period: sim?.period() ?? 0,
        periodKey: sim ? (sim.periods.list[sim.period()]?.key ?? '') : 'notStarted',
        score: sim?.started() ? sim.score() : { home: 0, away: 0 },
        serve: sim?.serve() ?? 0,
        suspended: s.live.has(m.id) ? s.suspended(m, elapsed) : false,
        events: m.events.length + m.rawEvents.length,
        videoLines: m.media.lines,
      };
    },
    ahead: (matchId) => {
      const m = s.published(matchId);
      if (!m || TERMINAL.has(m.status)) return [];
      // A second copy of the match's simulation, played from kick-off: the simulation is a pure function of its
      // seed, so what this copy does after the match's current moment is what the match itself will do.
      const sim = s.newSim(m);
      const from = s.live.has(m.id) && m.sim?.started() ? s.elapsedOf(m, s.simNow) : Number.NEGATIVE_INFINITY;
      const out: AheadEvent[] = [];
      while (Number.isFinite(sim.nextAt())) {
        const at = sim.nextAt();
        const step = emptyOutput();
        sim.step(step);
        if (at <= from) continue;
        const score = sim.score();
        for (const e of step.events) out.push({ code: e.code, team: e.team, score: { home: score.home, away: score.away } });
      }
      return out;
    },
    kickOff: (matchId) => {
      const m = s.published(matchId);
      if (!m || TERMINAL.has(m.status) || s.live.has(m.id)) return false;
      // The announced time moves to now (to the minute) so the lists and the clock agree on when it started.
      m.beginTime = Math.floor(s.simNow / 60_000) * 60_000;
      m.kickoff = s.simNow;
      m.version++;
      live.kickoff(m);
      // What happens at the whistle (the kick-off event, the first period) happens now, not at the next tick.
      live.advance(m, s.simNow);
      live.emitClock(m, clock.real());
      return true;
    },
    stepMatch: (matchId) => {
      const m = s.published(matchId);
      if (!m || TERMINAL.has(m.status) || !s.live.has(m.id) || !m.sim) return false;
      const t = s.simNow;
      // The match's own time base moves back by what it needs to reach its next transition: the rest of the world
      // stands still, and the events it makes are stamped at most now.
      if (m.paused) {
        const shift = m.paused.since + m.paused.durationMs - t;
        if (shift > 0) {
          m.paused.since -= shift;
          m.kickoff -= shift;
        }
      } else {
        const next = nextTransition(m, m.sim).at;
        if (!Number.isFinite(next)) return false;
        const shift = next - (t - m.kickoff - m.pausedMs);
        if (shift > 0) m.kickoff -= shift;
      }
      live.advance(m, t);
      live.emitClock(m, clock.real());
      return true;
    },
    overrideMarket: (marketId, change) => pricing.override(marketId, change),
  };
}
