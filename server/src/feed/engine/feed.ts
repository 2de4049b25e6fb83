import { FootballEvent, IN_PLAY_STATUSES, MatchStatus, SportEvent, type BetResult } from '../codes';
import { analysisOf, intelligenceOf, type AnalysisInput } from '../data/analysis';
import { historyOf } from '../data/history';
import { buildLineups, lineupView } from '../data/lineup';
import { mediaOf } from '../data/media';
import { OUTDOOR_SPORTS, weatherOf } from '../data/weather';
import { PROFILES, SPORT_ORDER } from '../fixtures/profiles';
import { buildWorld, type World } from '../fixtures/world';
import { eventText } from '../texts/events';
import type { Lang, Text, TextParam } from '../i18n';
import type { QuoteContext } from '../pricing/quote';
import { createSim } from '../sports/factory';
import type { FootballSim } from '../sports/football';
import { emptyOutput, type SimEvent, type SportSim } from '../sports/sim';
import { LIST_NAMES } from '../texts/status';
import type {
  BetGroup,
  Feed,
  FeedChange,
  FeedScenario,
  AheadEvent,
  FeedStatistics,
  Fixture,
  FutureRow,
  HistoryData,
  League,
  LeagueView,
  Lineup,
  ListType,
  Market,
  MatchEvent,
  MatchFilter,
  MatchMedia,
  MatchResult,
  MarketsReplica,
  MatchView,
  Option,
  Pair,
  ResultRange,
  StatItem,
  TeamInfo,
  TextLiveEntry,
  Weather,
} from '../types';
import { ActionHeap } from './heap';
import { slotOf } from './ids';
import { MarketBook, matchIdOfMarket } from './marketBook';
import { resolveOptions, type FeedOptions, type ResolvedOptions } from './options';
import { Outrights, type OutrightRecord } from './outrights';
import type { MatchRecord } from './records';
import { ResultStore } from './results';
import { matchSpanMs, Schedule } from './schedule';
import { settleMarket } from './settle';
import { betGroupsOf, clockOf, matchView, outrightView, periodOf, textLiveOf } from './views';

type Action =
  | { kind: 'publish' | 'lineup' | 'delay' | 'kickoff' | 'callOff'; match: MatchRecord }
  | { kind: 'prune'; matchId: number }
  | { kind: 'outrightDrift' | 'outrightSettle'; id: number };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const LONGEST_MATCH = Math.max(...PROFILES.map(matchSpanMs));
const TERMINAL: ReadonlySet<number> = new Set([MatchStatus.Ended, MatchStatus.Cancelled, MatchStatus.Postponed, MatchStatus.Abandoned]);
const LINEUP_EVENTS: ReadonlySet<number> = new Set([FootballEvent.Substitution, FootballEvent.YellowCard, FootballEvent.RedCard, FootballEvent.TwoYellowsToRed]);

/**
 * The feed engine. Simulated time runs `speed` times the real clock from its origin: the moment the feed is made,
 * or the origin the instances share (options.origin). `tick()` brings everything to now():
 *
 * - the schedule is extended to the horizon (a few new slots per tick, each a handful of records);
 * - due actions run from a heap (publish, line-ups, kick-offs, call-offs, outright drift and
 *   settlement, pruning): O(log n) each;
 * - every live match steps its simulation through the transitions that fell due. A step costs a
 *   few microseconds; pricing (0.3-2 ms a match, the only expensive part) runs once per tick for
 *   a match whose score or period changed, or whose last price is older than `repriceMs`
 *   simulated, plus once when a suspension ends. With ~150 live matches at speed 1 that is a few
 *   repricings per second in total; at a high speed, once per match per tick.
 *
 * Views are cached per match, language and version; reads lay the clock over the cached view.
 */
export class FeedEngine implements Feed {
  private readonly o: ResolvedOptions;
  private readonly world: World;
  private readonly schedule: Schedule;
  private readonly actions = new ActionHeap<Action>();
  private readonly records = new Map<number, MatchRecord>();
  private readonly live = new Map<number, MatchRecord>();
  private readonly upcoming = new Map<number, MatchRecord>();
  private readonly resultStore: ResultStore;
  private readonly outrightBook: Outrights;
  private readonly listeners = new Set<(change: FeedChange) => void>();
  private readonly realStart: number;
  private readonly simStart: number;
  /** The simulated instant the world was built at: the past before it is played out quietly. */
  private readonly builtAt: number;
  private simNow: number;
  /** Simulated ms added by shiftClock (test controls): the whole world moves forward at once. */
  private shiftedMs = 0;
  /** While the world is being built nothing is emitted or priced. */
  private quiet = true;
  private timer: ReturnType<typeof setInterval> | null = null;
  private publishedThisTick: number[] = [];
  /** A follower's in-play markets are the leader's (replicate()); its own pricing then covers pre-match only. */
  private followingLeader: boolean;

  constructor(options: FeedOptions) {
    this.o = resolveOptions(options);
    this.followingLeader = options.following === true;
    const real = this.o.now();
    // Without an origin the simulated clock starts now; with one (the instances' shared origin) it continues it.
    this.realStart = this.o.origin?.realStart ?? real;
    this.simStart = this.o.origin?.simStart ?? real;
    this.builtAt = this.simAt(real);
    this.simNow = this.builtAt;
    this.world = buildWorld(this.o.seed);
    this.resultStore = new ResultStore(this.o.resultRetentionMs, this.o.settledRetentionMs);
    this.outrightBook = new Outrights(this.o.seed, this.world, this.o.margins);
    this.schedule = new Schedule(this.o.seed, this.world, slotOf(this.builtAt - this.o.historyHours * HOUR - LONGEST_MATCH));
    for (const rec of this.outrightBook.init(this.builtAt)) this.scheduleOutright(rec);
    this.build();
  }

  /** The world at the start: past slots are played out quietly, then live matches are priced. */
  private build(): void {
    this.extendSchedule(this.builtAt);
    this.runActions(this.builtAt);
    for (const m of [...this.live.values()]) this.advance(m, this.builtAt);
    this.quiet = false;
    for (const m of this.live.values()) {
      this.flushEvents(m);
      this.reprice(m, this.elapsedOf(m, this.builtAt));
    }
    this.resultStore.prune(this.builtAt);
    this.publishedThisTick = [];
  }

  get seed(): number {
    return this.o.seed;
  }

  now(): number {
    return this.simAt(this.o.now());
  }

  private simAt(real: number): number {
    return this.simStart + (real - this.realStart) * this.o.speed + this.shiftedMs;
  }

  tick(): void {
    const real = this.o.now();
    const t = this.simAt(real);
    // Nothing to do until simulated time moves (a frozen feed, FEED_SPEED 0, moves only by shiftClock).
    if (t <= this.simNow) return;
    this.simNow = t;
    this.extendSchedule(t);
    this.runActions(t);
    for (const m of [...this.live.values()]) this.advance(m, t);
    this.emitClocks(real);
    if (this.publishedThisTick.length > 0) {
      const matchIds = this.publishedThisTick;
      this.publishedThisTick = [];
      this.emit({ kind: 'scheduled', matchIds });
    }
    this.resultStore.prune(t);
  }

  start(intervalMs = 1000): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      try {
        this.tick();
      } catch (error) {
        this.o.onError(error);
      }
    }, intervalMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  on(listener: (change: FeedChange) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private emit(change: FeedChange): void {
    if (this.quiet) return;
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        this.o.onError(error);
      }
    }
  }

  // ---- schedule and actions ----

  private extendSchedule(t: number): void {
    const playedOutBefore = this.builtAt - this.o.historyHours * HOUR;
    for (const m of this.schedule.extendTo(t + this.o.horizonHours * HOUR)) {
      // Fixtures that were over before the results window are part of the schedule but never
      // played out.
      if (m.beginTime + matchSpanMs(m.profile) < playedOutBefore) continue;
      this.records.set(m.id, m);
      if (m.fate.calledOff) {
        this.actions.push(m.publishAt, { kind: 'publish', match: m });
        this.actions.push(m.fate.announceAt, { kind: 'callOff', match: m });
        continue;
      }
      this.actions.push(m.publishAt, { kind: 'publish', match: m });
      if (m.profile.squad > 0) this.actions.push(Math.max(m.publishAt, m.beginTime - HOUR), { kind: 'lineup', match: m });
      if (m.fate.delayMs > 0) this.actions.push(m.beginTime, { kind: 'delay', match: m });
      this.actions.push(m.kickoff, { kind: 'kickoff', match: m });
    }
  }

  private scheduleOutright(rec: OutrightRecord): void {
    this.actions.push(this.outrightBook.nextDrift(rec, rec.startTime), { kind: 'outrightDrift', id: rec.id });
    this.actions.push(rec.endTime, { kind: 'outrightSettle', id: rec.id });
    this.publishedThisTick.push(rec.id);
  }

  private runActions(t: number): void {
    for (let next = this.actions.peek(); next && next.at <= t; next = this.actions.peek()) {
      this.actions.pop();
      this.runAction(next.item, next.at);
    }
  }

  private runAction(action: Action, at: number): void {
    switch (action.kind) {
      case 'publish': {
        const m = action.match;
        if (TERMINAL.has(m.status)) return;
        m.published = true;
        this.upcoming.set(m.id, m);
        if (!this.quiet) this.publishedThisTick.push(m.id);
        return;
      }
      case 'lineup': {
        const m = action.match;
        if (TERMINAL.has(m.status)) return;
        m.lineupPublished = true;
        m.version++;
        this.emit({ kind: 'lineup', matchId: m.id });
        return;
      }
      case 'delay': {
        const m = action.match;
        if (m.status === MatchStatus.Upcoming) this.setStatus(m, MatchStatus.Delayed);
        return;
      }
      case 'kickoff':
        this.kickoff(action.match);
        return;
      case 'callOff': {
        const m = action.match;
        this.finish(m, m.fate.calledOff === 'postponed' ? MatchStatus.Postponed : MatchStatus.Cancelled, at);
        return;
      }
      case 'prune':
        this.records.delete(action.matchId);
        return;
      case 'outrightDrift': {
        const rec = this.outrightBook.get(action.id);
        if (!rec) return;
        const changed = this.outrightBook.drift(rec, at);
        if (changed.length > 0) this.emit({ kind: 'odds', matchId: rec.id, markets: changed });
        this.actions.push(this.outrightBook.nextDrift(rec, at), { kind: 'outrightDrift', id: rec.id });
        return;
      }
      case 'outrightSettle': {
        const rec = this.outrightBook.get(action.id);
        if (!rec) return;
        const { result, closed, next } = this.outrightBook.settle(rec);
        if (closed.length > 0) this.emit({ kind: 'odds', matchId: rec.id, markets: closed });
        this.resultStore.add(result);
        this.emit({ kind: 'ended', matchId: rec.id, result });
        this.scheduleOutright(next);
        return;
      }
    }
  }

  private ensureSim(m: MatchRecord): void {
    if (m.sim) return;
    m.sim = this.newSim(m);
  }

  /** The match's simulation from its kick-off: a pure function of the seed and the match. */
  private newSim(m: MatchRecord): SportSim {
    if (m.lineups === undefined) m.lineups = buildLineups(this.o.seed, m.id, m.profile.sim, m.home, m.away);
    return createSim({ seed: this.o.seed, matchId: m.id, profile: m.profile, league: m.league, home: m.home, away: m.away, isNeutral: m.isNeutral, lineups: m.lineups, mainEvent: m.mainEvent });
  }

  /** Pre-match markets are priced on first use: most published fixtures are never opened before they start. */
  private ensureMarkets(m: MatchRecord): void {
    if (m.book || TERMINAL.has(m.status) || !m.published) return;
    this.ensureSim(m);
    this.reprice(m, this.elapsedOf(m, this.simNow));
  }

  private kickoff(m: MatchRecord): void {
    // A match a test control kicked off early keeps its scheduled kick-off action in the heap.
    if (TERMINAL.has(m.status) || this.live.has(m.id)) return;
    this.ensureSim(m);
    this.upcoming.delete(m.id);
    this.live.set(m.id, m);
    m.lineupPublished = m.lineupPublished || m.profile.squad > 0;
    this.setStatus(m, MatchStatus.Live);
    if (!this.quiet) this.reprice(m, 0);
  }

  // ---- live matches ----

  private elapsedOf(m: MatchRecord, t: number): number {
    if (!this.live.has(m.id)) return 0;
    if (m.paused) return m.paused.since - m.kickoff - m.pausedMs;
    return Math.max(0, t - m.kickoff - m.pausedMs);
  }

  private suspended(m: MatchRecord, elapsed: number): boolean {
    return m.paused !== null || m.coverage === 'lost' || elapsed < m.suspendUntil || !IN_PLAY_STATUSES.has(m.status);
  }

  private advance(m: MatchRecord, t: number): void {
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
        if (!this.suspended(m, elapsed)) this.reprice(m, elapsed);
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
          if (!this.suspended(m, next)) this.reprice(m, next);
          break;
        case 'interrupt':
          m.interruptionDone = true;
          m.paused = { since: m.kickoff + m.pausedMs + next, durationMs: (interruption as { durationMs: number }).durationMs };
          this.setStatus(m, MatchStatus.Interrupted);
          this.matchEvent(m, SportEvent.Interrupted, 'interrupted', next);
          this.suspendMarkets(m);
          break;
        case 'coverageLost':
          m.coverage = 'lost';
          this.setStatus(m, MatchStatus.CoverageLost);
          this.matchEvent(m, SportEvent.CoverageLost, 'coverageLost', next);
          this.suspendMarkets(m);
          break;
        case 'coverageBack':
          m.coverage = 'done';
          this.setStatus(m, MatchStatus.Live);
          this.matchEvent(m, SportEvent.CoverageRestored, 'coverageRestored', next);
          if (!this.suspended(m, next)) this.reprice(m, next);
          break;
      }
    }
    if (this.quiet || m.paused || TERMINAL.has(m.status)) return;
    const elapsed = t - m.kickoff - m.pausedMs;
    if ((m.dirty || elapsed - m.lastPriced >= this.o.repriceMs) && !this.suspended(m, elapsed)) this.reprice(m, elapsed);
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
      this.emit({ kind: 'score', matchId: m.id, homeScore: score.home, awayScore: score.away, score: sim.scoreRows(), period: sim.period(), serveIn: sim.serve() });
    }
    if (dangerous) this.suspendFor(m, elapsed);
    if (out.periodChanged) {
      // Markets of a finished period close at the tick's repricing (at most one real tick later).
      m.dirty = true;
      this.emit({ kind: 'status', matchId: m.id, matchStatus: m.status, period: sim.period() });
    }
    if (lineupChanged) this.emit({ kind: 'lineup', matchId: m.id });
  }

  private suspendFor(m: MatchRecord, elapsed: number): void {
    const was = this.suspended(m, elapsed);
    m.suspendUntil = Math.max(m.suspendUntil, elapsed + this.o.suspendMs);
    m.reopenPending = true;
    if (!was) this.suspendMarkets(m);
  }

  private suspendMarkets(m: MatchRecord): void {
    if (this.quiet || !m.book || this.followingLeader) return;
    const changed = m.book.suspendAll();
    m.version++;
    if (changed.length > 0) this.emit({ kind: 'odds', matchId: m.id, markets: changed });
  }

  private quoteContext(m: MatchRecord): QuoteContext {
    const book = m.book as MarketBook;
    return { home: m.home.name, away: m.away.name, prevLine: (slot) => book.lineOf(slot) };
  }

  private reprice(m: MatchRecord, elapsed: number): void {
    if (this.quiet || !m.sim) return;
    // Pre-match prices are a function of the match alone (the same on every instance); in-play ones depend on when
    // repricing ran, so a follower takes the leader's. dirty stays set: a promotion prices the match on its next tick.
    if (this.followingLeader && this.live.has(m.id)) return;
    if (!m.book) m.book = new MarketBook(m.id, m.sportId, this.o.margins);
    const quotes = m.sim.quotes(elapsed, this.quoteContext(m));
    const inPlay = this.live.has(m.id);
    const changed = m.book.apply(quotes, inPlay && this.suspended(m, elapsed), inPlay);
    m.lastPriced = elapsed;
    m.dirty = false;
    if (changed.length > 0) {
      m.version++;
      this.emit({ kind: 'odds', matchId: m.id, markets: changed });
    }
  }

  private setStatus(m: MatchRecord, status: number): void {
    if (m.status === status) return;
    m.status = status;
    m.version++;
    this.emit({ kind: 'status', matchId: m.id, matchStatus: status, period: m.sim?.period() ?? 0 });
  }

  private addEvent(m: MatchRecord, e: SimEvent, score: Pair): void {
    // The time is taken now: a later interruption adds to pausedMs but does not move past events.
    const time = m.kickoff + m.pausedMs + e.elapsed;
    if (this.quiet) {
      m.rawEvents.push({ event: e, score, time });
      return;
    }
    const event = this.toMatchEvent(m, e, score, time);
    m.events.push(event);
    this.emit({ kind: 'event', matchId: m.id, event });
  }

  /** Turns the events gathered while the world was built into match events (texts stay lazy). */
  private flushEvents(m: MatchRecord): void {
    if (this.quiet || m.rawEvents.length === 0) return;
    for (const raw of m.rawEvents) m.events.push(this.toMatchEvent(m, raw.event, raw.score, raw.time));
    m.rawEvents = [];
  }

  /** Match-level events (interruptions, coverage) in the match's own stream. */
  private matchEvent(m: MatchRecord, type: number, code: string, elapsed: number): void {
    const sim = m.sim;
    if (!sim) return;
    this.addEvent(m, { type, code, elapsed, second: sim.clock(elapsed).second, period: sim.period(), team: null }, sim.score());
  }

  private toMatchEvent(m: MatchRecord, e: SimEvent, score: Pair, time: number): MatchEvent {
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

  private finish(m: MatchRecord, status: number, at: number): void {
    if (TERMINAL.has(m.status)) return;
    if (m.book) {
      const closed = m.book.closeAll();
      if (closed.length > 0) this.emit({ kind: 'odds', matchId: m.id, markets: closed });
    }
    const calledOff = status === MatchStatus.Cancelled || status === MatchStatus.Postponed;
    const sim = calledOff ? null : m.sim;
    const final = sim ? sim.final() : null;
    this.live.delete(m.id);
    this.upcoming.delete(m.id);
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
    this.resultStore.add(result);
    this.actions.push(at + this.o.endedRetentionMs, { kind: 'prune', matchId: m.id });
    this.emit({ kind: 'ended', matchId: m.id, result });
  }

  private emitClocks(real: number): void {
    for (const m of this.live.values()) {
      if (real - m.clockEmittedReal < 1000) continue;
      this.emitClock(m, real);
    }
  }

  private emitClock(m: MatchRecord, real: number): void {
    const clock = clockOf(m, this.simNow);
    const key = `${clock.running}:${clock.period}:${clock.second}`;
    if (!clock.running && key === m.lastClock) return;
    m.clockEmittedReal = real;
    m.lastClock = key;
    this.emit({ kind: 'clock', matchId: m.id, clock, matchTime: clock.second });
  }

  // ---- test controls (TEST_CONTROLS): a scenario moves one match, one market or the whole clock on demand ----

  scenario(): FeedScenario {
    return {
      shiftClock: (ms) => {
        if (!(ms > 0) || !Number.isFinite(ms)) throw new RangeError('shiftClock: ms must be a positive number');
        this.shiftedMs += ms;
        this.tick();
      },
      plain: (matchId) => {
        const f = this.records.get(matchId)?.fate;
        return f !== undefined && f.calledOff === null && f.delayMs === 0 && f.interruption === null && f.coverage === null;
      },
      state: (matchId) => {
        const m = this.records.get(matchId);
        if (!m || !m.published) return undefined;
        const sim = m.sim;
        const elapsed = this.elapsedOf(m, this.simNow);
        return {
          status: m.status,
          inPlay: this.live.has(m.id) && IN_PLAY_STATUSES.has(m.status),
          finished: TERMINAL.has(m.status),
          period: sim?.period() ?? 0,
          periodKey: sim ? (sim.periods.list[sim.period()]?.key ?? '') : 'notStarted',
          score: sim?.started() ? sim.score() : { home: 0, away: 0 },
          serve: sim?.serve() ?? 0,
          suspended: this.live.has(m.id) ? this.suspended(m, elapsed) : false,
          events: m.events.length + m.rawEvents.length,
          videoLines: m.media.lines,
        };
      },
      ahead: (matchId) => {
        const m = this.records.get(matchId);
        if (!m || !m.published || TERMINAL.has(m.status)) return [];
        // A second copy of the match's simulation, played from kick-off: the simulation is a pure function of its
        // seed, so what this copy does after the match's current moment is what the match itself will do.
        const sim = this.newSim(m);
        const from = this.live.has(m.id) && m.sim?.started() ? this.elapsedOf(m, this.simNow) : Number.NEGATIVE_INFINITY;
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
        const m = this.records.get(matchId);
        if (!m || !m.published || TERMINAL.has(m.status) || this.live.has(m.id)) return false;
        // The announced time moves to now (to the minute) so the lists and the clock agree on when it started.
        m.beginTime = Math.floor(this.simNow / 60_000) * 60_000;
        m.kickoff = this.simNow;
        m.version++;
        this.kickoff(m);
        // What happens at the whistle (the kick-off event, the first period) happens now, not at the next tick.
        this.advance(m, this.simNow);
        this.emitClock(m, this.o.now());
        return true;
      },
      stepMatch: (matchId) => {
        const m = this.records.get(matchId);
        if (!m || !m.published || TERMINAL.has(m.status) || !this.live.has(m.id) || !m.sim) return false;
        const t = this.simNow;
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
        this.advance(m, t);
        this.emitClock(m, this.o.now());
        return true;
      },
      overrideMarket: (marketId, change) => {
        const matchId = matchIdOfMarket(marketId);
        const outright = this.outrightBook.get(matchId);
        const m = outright ? undefined : this.records.get(matchId);
        const book = outright ? outright.book : m?.book;
        if (!book) return undefined;
        const changed = book.override(marketId, change);
        if (changed.length > 0) {
          if (m) m.version++;
          this.emit({ kind: 'odds', matchId, markets: changed });
        }
        return book.get(marketId);
      },
    };
  }

  // ---- several instances: following the leader's prices ----

  get following(): boolean {
    return this.followingLeader;
  }

  follow(following: boolean): void {
    if (following === this.followingLeader) return;
    this.followingLeader = following;
    for (const m of this.live.values()) {
      if (following) {
        // Its own in-play prices would carry ids the leader never made; the leader's next change of the match fills it.
        if (m.book) {
          m.book = null;
          m.version++;
        }
      } else m.dirty = true;
    }
  }

  replicaOf(matchId: number, changed: readonly Market[]): MarketsReplica | undefined {
    const m = this.records.get(matchId);
    const book = m?.book;
    if (!book) return undefined;
    const markets: MarketsReplica['markets'] = [];
    const seen = new Set<number>();
    // Current markets first, in the leader's order: a follower's fresh book fills its slots in that order.
    for (const market of [...book.current(), ...changed]) {
      if (seen.has(market.marketId)) continue;
      seen.add(market.marketId);
      const replica = book.replicaOf(market);
      if (replica) markets.push(replica);
    }
    return { matchId, markets };
  }

  replicate({ matchId, markets }: MarketsReplica): void {
    if (!this.followingLeader) return;
    const m = this.records.get(matchId);
    // A match over here stays closed: what arrives late from the leader was priced before its end.
    if (!m || !m.published || TERMINAL.has(m.status)) return;
    m.book ??= new MarketBook(m.id, m.sportId, this.o.margins);
    const changed = m.book.replicate(markets);
    if (changed.length > 0) {
      m.version++;
      this.emit({ kind: 'odds', matchId, markets: changed });
    }
  }

  // ---- reads ----

  private listOf(m: MatchRecord): ListType | null {
    if (this.live.has(m.id)) return IN_PLAY_STATUSES.has(m.status) ? 'inplay' : null;
    if (!m.published || TERMINAL.has(m.status)) return null;
    return m.beginTime < this.simNow + DAY ? 'today' : 'early';
  }

  private visible(type?: ListType): MatchRecord[] {
    const out: MatchRecord[] = [];
    if (type === undefined || type === 'inplay') for (const m of this.live.values()) if (IN_PLAY_STATUSES.has(m.status)) out.push(m);
    if (type === undefined || type === 'today' || type === 'early') {
      for (const m of this.upcoming.values()) {
        const list = this.listOf(m);
        if (list && (type === undefined || list === type)) out.push(m);
      }
    }
    return out;
  }

  matches(filter: MatchFilter = {}, lang: Lang = 'CMN'): MatchView[] {
    const leagueIds = filter.leagueIds ? new Set(filter.leagueIds) : null;
    const matchIds = filter.matchIds ? new Set(filter.matchIds) : null;
    const keep = (sportId: number, leagueId: number, id: number): boolean =>
      (filter.sportId === undefined || filter.sportId === sportId) && (!leagueIds || leagueIds.has(leagueId)) && (!matchIds || matchIds.has(id));
    if (filter.type === 'outright') {
      return this.outrightBook
        .list()
        .filter((o) => keep(o.league.sportId, o.league.id, o.id))
        .sort((a, b) => SPORT_ORDER.indexOf(a.league.sportId) - SPORT_ORDER.indexOf(b.league.sportId) || a.league.order - b.league.order)
        .map((o) => outrightView(o, lang));
    }
    const records = this.visible(filter.type).filter((m) => keep(m.sportId, m.league.id, m.id));
    records.sort((a, b) => Number(this.live.has(b.id)) - Number(this.live.has(a.id)) || a.beginTime - b.beginTime || a.league.order - b.league.order || a.id - b.id);
    return records.map((m) => {
      this.ensureMarkets(m);
      return matchView(m, lang, this.simNow);
    });
  }

  match(matchId: number, lang: Lang = 'CMN'): MatchView | undefined {
    const outright = this.outrightBook.get(matchId);
    if (outright) return outrightView(outright, lang);
    const m = this.records.get(matchId);
    if (!m || !m.published) return undefined;
    this.ensureMarkets(m);
    return matchView(m, lang, this.simNow);
  }

  fixture(matchId: number): Fixture | undefined {
    const o = this.outrightBook.get(matchId);
    if (o) {
      return {
        matchId: o.id,
        sportId: o.league.sportId,
        league: { id: o.league.id, name: o.league.name },
        home: { id: 0, name: o.title, icon: `/api/league/icon/${o.league.id}` },
        away: null,
        beginTime: o.endTime,
        matchStatus: MatchStatus.Upcoming,
        period: 0,
        inPlay: false,
        isOutright: true,
      };
    }
    const m = this.records.get(matchId);
    return m && m.published ? this.fixtureOf(m) : undefined;
  }

  fixtures(type: 'inplay' | 'today'): Fixture[] {
    return this.visible(type).map((m) => this.fixtureOf(m));
  }

  private fixtureOf(m: MatchRecord): Fixture {
    const side = (t: MatchRecord['home']) => ({ id: t.id, name: t.name, icon: t.icon });
    return {
      matchId: m.id,
      sportId: m.sportId,
      league: { id: m.league.id, name: m.league.name },
      home: side(m.home),
      away: side(m.away),
      beginTime: m.beginTime,
      matchStatus: m.status,
      period: periodOf(m),
      inPlay: this.live.has(m.id) && IN_PLAY_STATUSES.has(m.status),
      isOutright: false,
    };
  }

  private bookOf(matchId: number): MarketBook | undefined {
    const outright = this.outrightBook.get(matchId);
    if (outright) return outright.book;
    const m = this.records.get(matchId);
    if (!m || !m.published) return undefined;
    this.ensureMarkets(m);
    return m.book ?? undefined;
  }

  markets(matchId: number): Market[] {
    return this.bookOf(matchId)?.current() ?? [];
  }

  betGroups(matchId: number): BetGroup[] {
    const book = this.bookOf(matchId);
    return book ? betGroupsOf(book) : [];
  }

  market(marketId: number): Market | undefined {
    return this.bookOf(matchIdOfMarket(marketId))?.get(marketId);
  }

  option(marketId: number, type: string): { market: Market; option: Option } | undefined {
    const market = this.market(marketId);
    const option = market?.options.find((o) => o.type === type);
    return market && option ? { market, option } : undefined;
  }

  private counts(): Record<ListType, Map<number, number>> & { leagues: Record<ListType, Map<number, number>> } {
    const bySport: Record<ListType, Map<number, number>> = { inplay: new Map(), today: new Map(), early: new Map(), outright: new Map() };
    const byLeague: Record<ListType, Map<number, number>> = { inplay: new Map(), today: new Map(), early: new Map(), outright: new Map() };
    const add = (list: ListType, sportId: number, leagueId: number): void => {
      bySport[list].set(sportId, (bySport[list].get(sportId) ?? 0) + 1);
      byLeague[list].set(leagueId, (byLeague[list].get(leagueId) ?? 0) + 1);
    };
    for (const m of this.visible()) {
      const list = this.listOf(m);
      if (list) add(list, m.sportId, m.league.id);
    }
    for (const o of this.outrightBook.list()) add('outright', o.league.sportId, o.league.id);
    return { ...bySport, leagues: byLeague };
  }

  leagues(query: number | { sportId?: number; type?: ListType } = {}, lang: Lang = 'CMN'): LeagueView[] {
    const filter = typeof query === 'number' ? { sportId: query } : query;
    const counts = this.counts();
    const lists: ListType[] = filter.type ? [filter.type] : ['inplay', 'today', 'early'];
    const out: LeagueView[] = [];
    for (const sportId of SPORT_ORDER) {
      if (filter.sportId !== undefined && filter.sportId !== sportId) continue;
      for (const league of this.world.leaguesBySport.get(sportId) ?? []) {
        const matchCount = lists.reduce((sum, list) => sum + (counts.leagues[list].get(league.id) ?? 0), 0);
        if (filter.type && matchCount === 0) continue;
        out.push({ id: league.id, name: league.name[lang], matchCount, logoUrl: `/api/league/icon/${league.id}`, order: league.order, sportId, hot: league.hot });
      }
    }
    return out;
  }

  league(leagueId: number): League | undefined {
    const l = this.world.leagues.get(leagueId);
    return l ? { id: l.id, sportId: l.sportId, name: l.name, icon: l.icon, order: l.order, hot: l.hot, teamIds: [...l.teamIds] } : undefined;
  }

  team(teamId: number): TeamInfo | undefined {
    const t = this.world.teams.get(teamId);
    return t ? { id: t.id, sportId: t.sportId, leagueId: t.leagueId, name: t.name, icon: t.icon, logo: { seed: t.logo.seed, colors: [...t.logo.colors] } } : undefined;
  }

  statistics(lang: Lang = 'CMN'): FeedStatistics {
    const counts = this.counts();
    const playTypeMap = {} as FeedStatistics['playTypeMap'];
    for (const list of ['inplay', 'today', 'early', 'outright'] as const) {
      const sports: Record<number, number> = {};
      let count = 0;
      for (const [sportId, n] of counts[list]) {
        sports[sportId] = n;
        count += n;
      }
      playTypeMap[list] = { count, name: LIST_NAMES[list][lang], sports };
    }
    const hotList: FeedStatistics['hotList'] = [];
    for (const league of this.world.leagues.values()) {
      if (!league.hot) continue;
      const count = (['inplay', 'today', 'early'] as const).reduce((sum, list) => sum + (counts.leagues[list].get(league.id) ?? 0), 0);
      hotList.push({ id: league.id, logoUrl: `/api/league/icon/${league.id}`, count, name: league.name[lang], sportId: league.sportId });
    }
    hotList.sort((a, b) => SPORT_ORDER.indexOf(a.sportId) - SPORT_ORDER.indexOf(b.sportId) || a.id - b.id);
    return {
      hotCount: hotList.reduce((sum, h) => sum + h.count, 0),
      hotList,
      totalCount: playTypeMap.inplay.count + playTypeMap.today.count + playTypeMap.early.count,
      playTypeMap,
    };
  }

  results(range: ResultRange): MatchResult[] {
    return this.resultStore.query(range);
  }

  resultOf(matchId: number): MatchResult | undefined {
    return this.resultStore.get(matchId);
  }

  outcomeOf(marketId: number, optionType: string): BetResult | undefined {
    return this.resultStore.outcome(matchIdOfMarket(marketId), marketId, optionType);
  }

  private record(matchId: number): MatchRecord | undefined {
    const m = this.records.get(matchId);
    if (!m || !m.published) return undefined;
    // Matches that ended while the world was built keep their events raw until someone reads them.
    this.flushEvents(m);
    return m;
  }

  lineup(matchId: number): Lineup | undefined {
    const m = this.record(matchId);
    if (!m || !m.lineupPublished) return undefined;
    this.ensureSim(m);
    if (!m.lineups) return undefined;
    const incidents = m.profile.sim === 'football' && m.sim ? (m.sim as FootballSim).incidents() : [];
    return lineupView(m.id, m.lineups, m.home, m.away, incidents);
  }

  textLive(matchId: number, lang: Lang = 'CMN'): TextLiveEntry[] {
    const m = this.record(matchId);
    return m ? textLiveOf(m, lang) : [];
  }

  events(matchId: number): MatchEvent[] {
    return [...(this.record(matchId)?.events ?? [])];
  }

  stats(matchId: number): StatItem[] {
    const m = this.record(matchId);
    return m?.sim?.started() ? m.sim.stats() : [];
  }

  private future(teamId: number): FutureRow[] {
    const rows: FutureRow[] = [];
    for (const m of this.upcoming.values()) {
      if (m.home.id !== teamId && m.away.id !== teamId) continue;
      rows.push({ matchId: m.id, homeName: m.home.name, awayName: m.away.name, matchTime: m.beginTime, homeLogo: m.home.icon, awayLogo: m.away.icon, isHome: m.home.id === teamId, league: m.league.name });
    }
    return rows.sort((a, b) => a.matchTime - b.matchTime).slice(0, 5);
  }

  history(matchId: number): HistoryData | undefined {
    const m = this.record(matchId);
    if (!m) return undefined;
    return historyOf({
      seed: this.o.seed,
      matchId: m.id,
      sportId: m.sportId,
      league: m.league,
      home: m.home,
      away: m.away,
      beginTime: m.beginTime,
      world: this.world,
      recent: (teamId) => this.resultStore.recentOf(teamId, 10).filter((r) => r.beginTime < m.beginTime && r.matchStatus === MatchStatus.Ended),
      future: (teamId) => this.future(teamId).filter((r) => r.matchId !== m.id),
    });
  }

  weather(matchId: number): Weather | undefined {
    const m = this.record(matchId);
    return m && OUTDOOR_SPORTS.has(m.sportId) ? weatherOf(this.o.seed, m.id) : undefined;
  }

  private analysisInput(m: MatchRecord, history: HistoryData): AnalysisInput {
    const edge = Math.tanh(0.5 * (m.home.rating - m.away.rating) + (m.isNeutral ? 0 : 0.1));
    return { home: m.home.name, away: m.away.name, homeId: m.home.id, awayId: m.away.id, history, edge };
  }

  analysis(matchId: number, lang: Lang = 'CMN'): string[] {
    const m = this.record(matchId);
    const history = this.history(matchId);
    return m && history ? analysisOf(this.analysisInput(m, history), lang) : [];
  }

  intelligence(matchId: number, lang: Lang = 'CMN'): string[] {
    const m = this.record(matchId);
    const history = this.history(matchId);
    if (!m || !history) return [];
    return intelligenceOf({ ...this.analysisInput(m, history), weather: this.weather(matchId) ?? null, isNeutral: m.isNeutral }, lang);
  }

  media(matchId: number): MatchMedia | undefined {
    const m = this.record(matchId);
    return m ? mediaOf(m.id, m.media, IN_PLAY_STATUSES.has(m.status)) : undefined;
  }
}

/** The next thing that happens to a live match, in live ms: a step of its simulation, a reopening, an interruption or a change of coverage. */
function nextTransition(m: MatchRecord, sim: NonNullable<MatchRecord['sim']>): { at: number; kind: 'sim' | 'reopen' | 'interrupt' | 'coverageLost' | 'coverageBack' } {
  let at = sim.nextAt();
  let kind: 'sim' | 'reopen' | 'interrupt' | 'coverageLost' | 'coverageBack' = 'sim';
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

export function createFeed(options: FeedOptions): FeedEngine {
  return new FeedEngine(options);
}
