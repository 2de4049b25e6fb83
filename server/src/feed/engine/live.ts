import { FootballEvent, MatchStatus, SportEvent } from '../codes';
import type { Text, TextParam } from '../i18n';
import { emptyOutput, type SimEvent } from '../sports/sim';
import { eventText } from '../texts/events';
import type { MatchEvent, MatchResult, Pair } from '../types';
import type { Pricing } from './pricing';
import type { MatchRecord } from './records';
import { settleMarket } from './settle';
import { TERMINAL, type FeedState } from './state';
import { clockOf } from './views';

const LINEUP_EVENTS: ReadonlySet<number> = new Set([FootballEvent.Substitution, FootballEvent.YellowCard, FootballEvent.RedCard, FootballEvent.TwoYellowsToRed]);

export type Transition = 'sim' | 'reopen' | 'interrupt' | 'coverageLost' | 'coverageBack';

/**
 * Live matches: each steps its sport's simulation through the transitions that fell due (a step costs a few
 * microseconds), around them the match's own fate (interruptions, lost coverage, suspensions after dangerous events),
 * and its end with the result and the settled markets. Events become match events with texts filled on first read.
 */
export class LiveMatches {
  constructor(
    private readonly s: FeedState,
    private readonly pricing: Pricing,
  ) {}

  kickoff(m: MatchRecord): void {
    const s = this.s;
    // A match a test control kicked off early keeps its scheduled kick-off action in the heap.
    if (TERMINAL.has(m.status) || s.live.has(m.id)) return;
    s.ensureSim(m);
    s.upcoming.delete(m.id);
    s.live.set(m.id, m);
    m.lineupPublished = m.lineupPublished || m.profile.squad > 0;
    this.setStatus(m, MatchStatus.Live);
    if (!s.quiet) this.pricing.reprice(m, 0);
  }

  /** Brings a live match to simulated time t. */
  advance(m: MatchRecord, t: number): void {
    const s = this.s;
    const sim = m.sim;
    if (!sim) return;
    for (;;) {
      if (TERMINAL.has(m.status)) return;
      if (m.paused) {
        const resumeAt = m.paused.since + m.paused.durationMs;
        if (t < resumeAt) return;
        const elapsed = m.paused.since - m.kickoff - m.pausedMs;
        if (m.fate.interruption?.abandon) {
          this.matchEvent(m, SportEvent.Abandoned, 'abandoned', elapsed);
          this.finish(m, MatchStatus.Abandoned, resumeAt);
          return;
        }
        m.pausedMs += m.paused.durationMs;
        m.paused = null;
        this.setStatus(m, MatchStatus.Live);
        this.matchEvent(m, SportEvent.Resumed, 'resumed', elapsed);
        if (!s.suspended(m, elapsed)) this.pricing.reprice(m, elapsed);
        continue;
      }
      const target = t - m.kickoff - m.pausedMs;
      const { at: next, kind } = nextTransition(m, sim);
      const interruption = m.fate.interruption;
      if (next > target) break;
      switch (kind) {
        case 'sim':
          this.step(m, next);
          if (sim.finished()) {
            this.finish(m, MatchStatus.Ended, m.kickoff + m.pausedMs + next);
            return;
          }
          break;
        case 'reopen':
          m.reopenPending = false;
          if (!s.suspended(m, next)) this.pricing.reprice(m, next);
          break;
        case 'interrupt':
          m.interruptionDone = true;
          m.paused = { since: m.kickoff + m.pausedMs + next, durationMs: (interruption as { durationMs: number }).durationMs };
          this.setStatus(m, MatchStatus.Interrupted);
          this.matchEvent(m, SportEvent.Interrupted, 'interrupted', next);
          this.pricing.suspendMarkets(m);
          break;
        case 'coverageLost':
          m.coverage = 'lost';
          this.setStatus(m, MatchStatus.CoverageLost);
          this.matchEvent(m, SportEvent.CoverageLost, 'coverageLost', next);
          this.pricing.suspendMarkets(m);
          break;
        case 'coverageBack':
          m.coverage = 'done';
          this.setStatus(m, MatchStatus.Live);
          this.matchEvent(m, SportEvent.CoverageRestored, 'coverageRestored', next);
          if (!s.suspended(m, next)) this.pricing.reprice(m, next);
          break;
      }
    }
    if (s.quiet || m.paused || TERMINAL.has(m.status)) return;
    const elapsed = t - m.kickoff - m.pausedMs;
    if ((m.dirty || elapsed - m.lastPriced >= s.o.repriceMs) && !s.suspended(m, elapsed)) this.pricing.reprice(m, elapsed);
  }

  private step(m: MatchRecord, elapsed: number): void {
    const sim = m.sim;
    if (!sim) return;
    const out = emptyOutput();
    sim.step(out);
    m.version++;
    const score = sim.score();
    let dangerous = false;
    let lineupChanged = false;
    for (const e of out.events) {
      this.addEvent(m, e, score);
      dangerous ||= e.dangerous === true;
      lineupChanged ||= m.profile.sim === 'football' && LINEUP_EVENTS.has(e.type);
    }
    if (out.scoreChanged) {
      m.dirty = true;
      this.s.emit({ kind: 'score', matchId: m.id, homeScore: score.home, awayScore: score.away, score: sim.scoreRows(), period: sim.period(), serveIn: sim.serve() });
    }
    if (dangerous) this.suspendFor(m, elapsed);
    if (out.periodChanged) {
      // Markets of a finished period close at the tick's repricing (at most one real tick later).
      m.dirty = true;
      this.s.emit({ kind: 'status', matchId: m.id, matchStatus: m.status, period: sim.period() });
    }
    if (lineupChanged) this.s.emit({ kind: 'lineup', matchId: m.id });
  }

  private suspendFor(m: MatchRecord, elapsed: number): void {
    const was = this.s.suspended(m, elapsed);
    m.suspendUntil = Math.max(m.suspendUntil, elapsed + this.s.o.suspendMs);
    m.reopenPending = true;
    if (!was) this.pricing.suspendMarkets(m);
  }

  setStatus(m: MatchRecord, status: number): void {
    if (m.status === status) return;
    m.status = status;
    m.version++;
    this.s.emit({ kind: 'status', matchId: m.id, matchStatus: status, period: m.sim?.period() ?? 0 });
  }

  private addEvent(m: MatchRecord, e: SimEvent, score: Pair): void {
    // The time is taken now: a later interruption adds to pausedMs but does not move past events.
    const time = m.kickoff + m.pausedMs + e.elapsed;
    if (this.s.quiet) {
      m.rawEvents.push({ event: e, score, time });
      return;
    }
    const event = toMatchEvent(m, e, score, time);
    m.events.push(event);
    this.s.emit({ kind: 'event', matchId: m.id, event });
  }

  /** Turns the events gathered while the world was built into match events (texts stay lazy). */
  flushEvents(m: MatchRecord): void {
    if (this.s.quiet || m.rawEvents.length === 0) return;
    for (const raw of m.rawEvents) m.events.push(toMatchEvent(m, raw.event, raw.score, raw.time));
    m.rawEvents = [];
  }

  /** Match-level events (interruptions, coverage) in the match's own stream. */
  private matchEvent(m: MatchRecord, type: number, code: string, elapsed: number): void {
    const sim = m.sim;
    if (!sim) return;
    this.addEvent(m, { type, code, elapsed, second: sim.clock(elapsed).second, period: sim.period(), team: null }, sim.score());
  }

  finish(m: MatchRecord, status: number, at: number): void {
    const s = this.s;
    if (TERMINAL.has(m.status)) return;
    if (m.book) {
      const closed = m.book.closeAll();
      if (closed.length > 0) s.emit({ kind: 'odds', matchId: m.id, markets: closed });
    }
    const calledOff = status === MatchStatus.Cancelled || status === MatchStatus.Postponed;
    const sim = calledOff ? null : m.sim;
    const final = sim ? sim.final() : null;
    s.live.delete(m.id);
    s.upcoming.delete(m.id);
    m.endedAt = at;
    this.setStatus(m, status);
    const bo = m.sim?.bo ?? 0;
    const result: MatchResult = {
      matchId: m.id,
      sportId: m.sportId,
      leagueId: m.league.id,
      league: { id: m.league.id, name: m.league.name, icon: `/api/league/icon/${m.league.id}` },
      beginTime: m.beginTime,
      endTime: at,
      matchStatus: status,
      matchFormat: bo === 0 ? '' : m.profile.sim === 'fight' ? `${bo} rounds` : `bo${bo}`,
      bo,
      isNeutral: m.isNeutral,
      home: { id: m.home.id, name: m.home.name, icon: m.home.icon },
      away: { id: m.away.id, name: m.away.name, icon: m.away.icon },
      scores: sim && sim.started() ? sim.scoreRows() : [],
      totalScore: sim && sim.started() ? sim.score() : { home: 0, away: 0 },
      final: final ?? { periods: {}, completed: [], winner: null },
      settledMarkets: m.book ? m.book.all().map((market) => settleMarket(market, final, status)) : [],
    };
    s.resultStore.add(result);
    s.actions.push(at + s.o.endedRetentionMs, { kind: 'prune', matchId: m.id });
    s.emit({ kind: 'ended', matchId: m.id, result });
  }

  /** A clock push for each live match at most once a real second. */
  emitClocks(real: number): void {
    for (const m of this.s.live.values()) {
      if (real - m.clockEmittedReal < 1000) continue;
      this.emitClock(m, real);
    }
  }

  emitClock(m: MatchRecord, real: number): void {
    const clock = clockOf(m, this.s.simNow);
    const key = `${clock.running}:${clock.period}:${clock.second}`;
    if (!clock.running && key === m.lastClock) return;
    m.clockEmittedReal = real;
    m.lastClock = key;
    this.s.emit({ kind: 'clock', matchId: m.id, clock, matchTime: clock.second });
  }
}

/** The next thing that happens to a live match, in live ms: a step of its simulation, a reopening, an interruption or a change of coverage. */
export function nextTransition(m: MatchRecord, sim: NonNullable<MatchRecord['sim']>): { at: number; kind: Transition } {
  let at = sim.nextAt();
  let kind: Transition = 'sim';
  if (m.reopenPending && m.suspendUntil < at) {
    at = m.suspendUntil;
    kind = 'reopen';
  }
  const interruption = m.fate.interruption;
  if (!m.interruptionDone && interruption && interruption.at < at) {
    at = interruption.at;
    kind = 'interrupt';
  }
  const coverage = m.fate.coverage;
  if (coverage && m.coverage === 'before' && coverage.at < at) {
    at = coverage.at;
    kind = 'coverageLost';
  } else if (coverage && m.coverage === 'lost' && coverage.at + coverage.durationMs < at) {
    at = coverage.at + coverage.durationMs;
    kind = 'coverageBack';
  }
  return { at, kind };
}

function toMatchEvent(m: MatchRecord, e: SimEvent, score: Pair, time: number): MatchEvent {
  const sim = m.sim;
  const params: Record<string, TextParam> = {
    team: e.team ? m[e.team].name : '',
    player: e.player?.name ?? '',
    related: e.related?.name ?? '',
    score: `${score.home}-${score.away}`,
    period: sim ? sim.periods.name(e.period) : '',
    ...e.params,
  };
  const event = {
    seq: m.events.length + 1,
    matchId: m.id,
    type: e.type,
    code: e.code,
    time,
    second: e.second,
    period: e.period,
    team: e.team,
    homeScore: score.home,
    awayScore: score.away,
    dangerous: e.dangerous === true,
  } as MatchEvent;
  // Most events are never read as text (unwatched matches); the five languages are filled on first read.
  let text: Text | undefined;
  Object.defineProperty(event, 'text', {
    enumerable: true,
    get: () => (text ??= eventText(e.code, params)),
  });
  if (e.player) event.player = e.player;
  if (e.section !== undefined) event.section = e.section;
  if (e.clockText !== undefined) event.clockText = e.clockText;
  return event;
}
