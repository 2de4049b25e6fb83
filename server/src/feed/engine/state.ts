import { IN_PLAY_STATUSES, MatchStatus } from '../codes';
import { buildLineups } from '../data/lineup';
import { buildWorld, type World } from '../fixtures/world';
import { createSim } from '../sports/factory';
import type { SportSim } from '../sports/sim';
import type { FeedChange } from '../types';
import { ActionHeap } from './heap';
import type { ResolvedOptions } from './options';
import { Outrights } from './outrights';
import type { MatchRecord } from './records';
import { ResultStore } from './results';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const TERMINAL: ReadonlySet<number> = new Set([MatchStatus.Ended, MatchStatus.Cancelled, MatchStatus.Postponed, MatchStatus.Abandoned]);

/** What the timeline runs when its time comes. */
export type Action =
  | { kind: 'publish' | 'lineup' | 'delay' | 'kickoff' | 'callOff'; match: MatchRecord }
  | { kind: 'prune'; matchId: number }
  | { kind: 'outrightDrift' | 'outrightSettle'; id: number };

/**
 * The world every part of the feed works on (timeline, live matches, pricing, read views, match data, replication):
 * the fixtures by state, the timed actions, the results and outrights, the simulated instant the world has reached,
 * and the listeners its changes go to.
 */
export class FeedState {
  readonly world: World;
  readonly records = new Map<number, MatchRecord>();
  readonly live = new Map<number, MatchRecord>();
  readonly upcoming = new Map<number, MatchRecord>();
  readonly actions = new ActionHeap<Action>();
  readonly resultStore: ResultStore;
  readonly outrightBook: Outrights;
  /** The simulated instant the world has been brought to. */
  simNow: number;
  /** While the world is being built nothing is emitted or priced. */
  quiet = true;
  /** A follower's in-play markets are the leader's (replicate()); its own pricing then covers pre-match only. */
  following: boolean;
  private readonly listeners = new Set<(change: FeedChange) => void>();

  constructor(
    readonly o: ResolvedOptions,
    simNow: number,
    following: boolean,
  ) {
    this.simNow = simNow;
    this.following = following;
    this.world = buildWorld(o.seed);
    this.resultStore = new ResultStore(o.resultRetentionMs, o.settledRetentionMs);
    this.outrightBook = new Outrights(o.seed, this.world, o.margins);
  }

  on(listener: (change: FeedChange) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(change: FeedChange): void {
    if (this.quiet) return;
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        this.o.onError(error);
      }
    }
  }

  /** A fixture the lists have shown (or show). */
  published(matchId: number): MatchRecord | undefined {
    const m = this.records.get(matchId);
    return m && m.published ? m : undefined;
  }

  elapsedOf(m: MatchRecord, t: number): number {
    if (!this.live.has(m.id)) return 0;
    if (m.paused) return m.paused.since - m.kickoff - m.pausedMs;
    return Math.max(0, t - m.kickoff - m.pausedMs);
  }

  suspended(m: MatchRecord, elapsed: number): boolean {
    return m.paused !== null || m.coverage === 'lost' || elapsed < m.suspendUntil || !IN_PLAY_STATUSES.has(m.status);
  }

  ensureSim(m: MatchRecord): void {
    if (m.sim) return;
    m.sim = this.newSim(m);
  }

  /** The match's simulation from its kick-off: a pure function of the seed and the match. */
  newSim(m: MatchRecord): SportSim {
    if (m.lineups === undefined) m.lineups = buildLineups(this.o.seed, m.id, m.profile.sim, m.home, m.away);
    return createSim({ seed: this.o.seed, matchId: m.id, profile: m.profile, league: m.league, home: m.home, away: m.away, isNeutral: m.isNeutral, lineups: m.lineups, mainEvent: m.mainEvent });
  }
}
