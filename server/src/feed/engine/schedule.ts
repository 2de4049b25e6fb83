import { MatchStatus } from '../codes';
import { mediaPlan } from '../data/media';
import { PROFILES, SPORT_ORDER, profileOf, type SportProfile } from '../fixtures/profiles';
import type { LeagueInfo, Team, World } from '../fixtures/world';
import { Rng, seedOf } from '../random';
import type { MatchRecord } from './records';

export const SLOT_MS = 5 * 60_000;
const HOUR = 3_600_000;

/**
 * The fixture list. Kick-offs sit on 5-minute slots; each sport starts matches at an even rate
 * (perSlot per slot, spread with a per-sport phase) so the in-play count stays steady. Slots are
 * generated strictly in order, and each from its own generator, so the list depends only on the
 * seed and the first slot, never on how often the engine ticks. A team rests after a match
 * before it is drawn again.
 */
export class Schedule {
  private nextSlot: number;
  private nextId = 1_000_001;
  private readonly busyUntil = new Map<number, number>();
  private readonly phase = new Map<number, number>();

  constructor(
    private readonly seed: number,
    private readonly world: World,
    firstSlot: number,
  ) {
    this.nextSlot = firstSlot;
    for (const p of PROFILES) this.phase.set(p.sportId, new Rng(seedOf(seed, 'phase', p.sportId)).next());
  }

  /** Slot index of a time. */
  static slotOf(time: number): number {
    return Math.floor(time / SLOT_MS);
  }

  /** Generates every slot starting at or before `until`; returns the new records. */
  extendTo(until: number): MatchRecord[] {
    const out: MatchRecord[] = [];
    while (this.nextSlot * SLOT_MS <= until) {
      const slot = this.nextSlot++;
      for (const sportId of SPORT_ORDER) out.push(...this.generate(profileOf(sportId), slot));
    }
    return out;
  }

  private generate(profile: SportProfile, slot: number): MatchRecord[] {
    const phase = this.phase.get(profile.sportId) as number;
    const count = Math.floor((slot + 1) * profile.perSlot + phase) - Math.floor(slot * profile.perSlot + phase);
    if (count <= 0) return [];
    const rng = Rng.of(this.seed, 'slot', profile.sportId, slot);
    const begin = slot * SLOT_MS;
    const leagues = this.world.leaguesBySport.get(profile.sportId) as LeagueInfo[];
    const out: MatchRecord[] = [];
    const weights = leagues.map((l) => l.teamIds.length);
    for (let k = 0; k < count; k++) {
      // A league drawn by size; when it has no two rested teams, the next ones in turn.
      const first = rng.weighted(weights);
      for (let step = 0; step < leagues.length; step++) {
        const league = leagues[(first + step) % leagues.length] as LeagueInfo;
        const free = league.teamIds.filter((id) => (this.busyUntil.get(id) ?? -Infinity) <= begin);
        if (free.length < 2) continue;
        const a = rng.int(0, free.length - 1);
        let b = rng.int(0, free.length - 2);
        if (b >= a) b++;
        out.push(this.record(profile, league, this.world.teams.get(free[a] as number) as Team, this.world.teams.get(free[b] as number) as Team, begin, rng));
        break;
      }
    }
    return out;
  }

  private record(profile: SportProfile, league: LeagueInfo, home: Team, away: Team, beginTime: number, rng: Rng): MatchRecord {
    const id = this.nextId++;
    const busy = beginTime + (profile.durationMin + profile.restMin) * 60_000;
    this.busyUntil.set(home.id, busy);
    this.busyUntil.set(away.id, busy);
    const leadPick = rng.next();
    const near = leadPick < 0.72 ? rng.range(1, 6) : rng.range(6, 24);
    const lead = leadPick >= 1 - profile.earlyShare ? rng.range(24, 72) * HOUR : Math.max(1, near * profile.leadScale) * HOUR;
    const publishAt = beginTime - Math.round(lead);
    const fateRoll = rng.next();
    const calledOff = fateRoll < 0.006 ? 'cancelled' : fateRoll < 0.016 ? 'postponed' : null;
    const delayMs = !calledOff && rng.chance(0.02) ? rng.int(2, 6) * 5 * 60_000 : 0;
    const duration = profile.durationMin * 60_000;
    const interrupted = rng.chance(0.015);
    const interruption = interrupted ? { at: Math.round(rng.range(0.1, 0.8) * duration), durationMs: Math.round(rng.range(5, 20) * 60_000), abandon: rng.chance(0.4) } : null;
    const lost = rng.chance(0.03);
    const coverage = lost ? { at: Math.round(rng.range(0.1, 0.9) * duration), durationMs: Math.round(rng.range(1, 3) * 60_000) } : null;
    const knockout = league.format.knockout === true;
    const isNeutral = profile.neutral || (knockout && rng.chance(0.15)) || rng.chance(0.03);
    return {
      id,
      sportId: profile.sportId,
      profile,
      league,
      home,
      away,
      beginTime,
      kickoff: beginTime + delayMs,
      publishAt,
      isNeutral,
      mainEvent: profile.sportId === 18 && rng.chance(0.15),
      fate: { calledOff, announceAt: Math.max(publishAt, beginTime - Math.round(rng.range(0, 3) * HOUR)), delayMs, interruption, coverage },
      media: mediaPlan(this.seed, id, profile.upcomingVideo),
      status: MatchStatus.Upcoming,
      published: false,
      sim: null,
      book: null,
      lineups: undefined,
      lineupPublished: false,
      events: [],
      rawEvents: [],
      pausedMs: 0,
      paused: null,
      interruptionDone: interruption === null,
      coverage: coverage === null ? 'done' : 'before',
      suspendUntil: 0,
      reopenPending: false,
      lastPriced: -Infinity,
      dirty: false,
      clockEmittedReal: -Infinity,
      lastClock: '',
      version: 0,
      views: new Map(),
      endedAt: null,
    };
  }
}
