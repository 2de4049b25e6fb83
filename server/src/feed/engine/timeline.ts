import { MatchStatus } from '../codes';
import { PROFILES } from '../fixtures/profiles';
import { FIRST_SLOT, slotOf, slotOfMatch } from './ids';
import type { MatchRecord } from './records';
import type { LiveMatches } from './live';
import type { OutrightRecord } from './outrights';
import { matchSpanMs, Schedule } from './schedule';
import { HOUR, TERMINAL, type Action, type FeedState } from './state';

const LONGEST_MATCH = Math.max(...PROFILES.map(matchSpanMs));

/**
 * The timeline: the schedule extended to the horizon (a few new slots per tick, each a handful of records) and the
 * timed actions run from a heap when they fall due (publish, line-ups, kick-offs, call-offs, outright drift and
 * settlement, pruning): O(log n) each.
 */
export class Timeline {
  private readonly schedule: Schedule;
  /** Fixtures and outrights published since the last `takePublished()`: the tick's 'scheduled' change. */
  private published: number[] = [];

  constructor(
    private readonly s: FeedState,
    private readonly live: LiveMatches,
    /** The simulated instant the world was built at: the past before it is played out quietly. */
    private readonly builtAt: number,
  ) {
    this.schedule = new Schedule(s.o.seed, s.world, slotOf(builtAt - s.o.historyHours * HOUR - LONGEST_MATCH));
    for (const rec of s.outrightBook.init(builtAt)) this.scheduleOutright(rec);
  }

  /** Everything due by simulated time t: new fixtures, then the actions in time order. */
  runTo(t: number): void {
    this.extendSchedule(t);
    this.runActions(t);
  }

  /**
   * A match as the schedule made it: a fresh record, never played or priced (the schedule is a pure function of the
   * seed and the slot). Undefined for an id the schedule never made.
   */
  scheduledRecord(matchId: number): MatchRecord | undefined {
    const slot = slotOfMatch(matchId);
    if (slot < FIRST_SLOT) return undefined;
    return this.schedule.fixturesOf(slot).find((m) => m.id === matchId);
  }

  takePublished(): number[] {
    const ids = this.published;
    this.published = [];
    return ids;
  }

  private extendSchedule(t: number): void {
    const s = this.s;
    const playedOutBefore = this.builtAt - s.o.historyHours * HOUR;
    for (const m of this.schedule.extendTo(t + s.o.horizonHours * HOUR)) {
      // Fixtures that were over before the results window are part of the schedule but never
      // played out.
      if (m.beginTime + matchSpanMs(m.profile) < playedOutBefore) continue;
      s.records.set(m.id, m);
      if (m.fate.calledOff) {
        s.actions.push(m.publishAt, { kind: 'publish', match: m });
        s.actions.push(m.fate.announceAt, { kind: 'callOff', match: m });
        continue;
      }
      s.actions.push(m.publishAt, { kind: 'publish', match: m });
      if (m.profile.squad > 0) s.actions.push(Math.max(m.publishAt, m.beginTime - HOUR), { kind: 'lineup', match: m });
      if (m.fate.delayMs > 0) s.actions.push(m.beginTime, { kind: 'delay', match: m });
      s.actions.push(m.kickoff, { kind: 'kickoff', match: m });
    }
  }

  private scheduleOutright(rec: OutrightRecord): void {
    this.s.actions.push(this.s.outrightBook.nextDrift(rec, rec.startTime), { kind: 'outrightDrift', id: rec.id });
    this.s.actions.push(rec.endTime, { kind: 'outrightSettle', id: rec.id });
    this.published.push(rec.id);
  }

  private runActions(t: number): void {
    const actions = this.s.actions;
    for (let next = actions.peek(); next && next.at <= t; next = actions.peek()) {
      actions.pop();
      this.runAction(next.item, next.at);
    }
  }

  private runAction(action: Action, at: number): void {
    const s = this.s;
    switch (action.kind) {
      case 'publish': {
        const m = action.match;
        if (TERMINAL.has(m.status)) return;
        m.published = true;
        s.upcoming.set(m.id, m);
        if (!s.quiet) this.published.push(m.id);
        return;
      }
      case 'lineup': {
        const m = action.match;
        if (TERMINAL.has(m.status)) return;
        m.lineupPublished = true;
        m.version++;
        s.emit({ kind: 'lineup', matchId: m.id });
        return;
      }
      case 'delay': {
        const m = action.match;
        if (m.status === MatchStatus.Upcoming) this.live.setStatus(m, MatchStatus.Delayed);
        return;
      }
      case 'kickoff':
        this.live.kickoff(action.match);
        return;
      case 'callOff': {
        const m = action.match;
        this.live.finish(m, m.fate.calledOff === 'postponed' ? MatchStatus.Postponed : MatchStatus.Cancelled, at);
        return;
      }
      case 'prune':
        s.records.delete(action.matchId);
        return;
      case 'outrightDrift': {
        const rec = s.outrightBook.get(action.id);
        if (!rec) return;
        const changed = s.outrightBook.drift(rec, at);
        if (changed.length > 0) s.emit({ kind: 'odds', matchId: rec.id, markets: changed });
        s.actions.push(s.outrightBook.nextDrift(rec, at), { kind: 'outrightDrift', id: rec.id });
        return;
      }
      case 'outrightSettle': {
        const rec = s.outrightBook.get(action.id);
        if (!rec) return;
        const { result, closed, next } = s.outrightBook.settle(rec);
        if (closed.length > 0) s.emit({ kind: 'odds', matchId: rec.id, markets: closed });
        s.resultStore.add(result);
        s.emit({ kind: 'ended', matchId: rec.id, result });
        this.scheduleOutright(next);
        return;
      }
    }
  }
}
