import { MatchStatus } from '../codes';
import { mediaPlan } from '../data/media';
import { SPORT_ORDER, profileOf, type SportProfile } from '../fixtures/profiles';
import type { LeagueInfo, Team, World } from '../fixtures/world';
import { Rng } from '../random';
import { FIRST_SLOT, FIXTURES_PER_SLOT, SLOT_MS, matchIdOf } from './ids';
import type { MatchRecord } from './records';

export { SLOT_MS };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The longest kick-off delay and interruption a fixture's fate draws. */
const MAX_DELAY_MS = 30 * MINUTE;
const MAX_INTERRUPTION_MS = 20 * MINUTE;

/** A fixture of the sport is surely over this long after its announced start. */
export function matchSpanMs(profile: SportProfile): number {
  return MAX_DELAY_MS + MAX_INTERRUPTION_MS + profile.longestMin * MINUTE;
}

interface LeaguePlan {
  league: LeagueInfo;
  /** Team ids in circle order before the season's swaps; -1 is the bye of an odd league. */
  circle: number[];
  /** Slot at which round 0 starts, modulo the round length. */
  phase: number;
  /** The pair that kicks off at each slot offset of a round, or -1. */
  pairAt: Int16Array;
}

interface SportPlan {
  profile: SportProfile;
  /** Slots per round; every team of the sport plays once a round. */
  round: number;
  leagues: LeaguePlan[];
}

/**
 * The fixture list, a pure function of the seed and the slot: kick-offs sit on 5-minute slots,
 * and which fixtures a slot holds (teams, fate, ids) never depends on which slots this process
 * generated before, so a restart with the same seed names the same fixtures with the same ids.
 *
 * Every league plays an endless round robin by the circle method: n teams on a circle, position
 * 0 fixed, the others moving one place a round; pair i is (position i, position n-1-i). A round
 * lasts `round` slots (the sport's rate decides it) and pair i kicks off at offset i * round / pairs,
 * so each league starts a match every few slots and the in-play count stays steady. Moving one
 * place changes a team's pair index by at most one, so its next kick-off is at least
 * round - (one pair's step) slots later; the plan checks that this covers the sport's longest
 * match, the largest delay and interruption, and the rest. At each season's end (n - 1 rounds,
 * when the circle is back where it started) the two teams of any pair may swap places: pair
 * indices stay, the gap still holds, and the next season meets the opponents in another order.
 */
export class Schedule {
  private nextSlot: number;
  private readonly plans: SportPlan[];
  private readonly teams: ReadonlyMap<number, Team>;

  constructor(
    private readonly seed: number,
    world: World,
    firstSlot: number,
  ) {
    if (firstSlot < FIRST_SLOT) throw new RangeError(`the feed's time is before the id range (slot ${firstSlot})`);
    this.nextSlot = firstSlot;
    this.teams = world.teams;
    this.plans = SPORT_ORDER.map((sportId) => planSport(seed, world, profileOf(sportId)));
    const most = this.plans.reduce((sum, plan) => sum + mostPerSlot(plan), 0);
    if (most > FIXTURES_PER_SLOT) throw new Error(`up to ${most} fixtures could share a slot; match ids allow ${FIXTURES_PER_SLOT}`);
  }

  /** Generates every slot starting at or before `until`; returns the new records. */
  extendTo(until: number): MatchRecord[] {
    const out: MatchRecord[] = [];
    while (this.nextSlot * SLOT_MS <= until) out.push(...this.fixturesOf(this.nextSlot++));
    return out;
  }

  /** The fixtures announced for a slot, in id order. */
  fixturesOf(slot: number): MatchRecord[] {
    const out: MatchRecord[] = [];
    for (const plan of this.plans) {
      for (const lp of plan.leagues) {
        const round = Math.floor((slot - lp.phase) / plan.round);
        const pair = lp.pairAt[slot - lp.phase - round * plan.round] ?? -1;
        if (pair < 0) continue;
        const teams = this.pairing(lp, round, pair);
        if (teams) out.push(this.record(plan.profile, lp.league, teams, slot, out.length));
      }
    }
    return out;
  }

  /** The two team ids of pair `pair` in round `round`, or null for the bye. */
  private pairing(lp: LeaguePlan, round: number, pair: number): [number, number] | null {
    const n = lp.circle.length;
    const season = Math.floor(round / (n - 1));
    const turn = round - season * (n - 1);
    const rng = Rng.of(this.seed, 'season', lp.league.id, season);
    const swapped: boolean[] = [];
    for (let i = 0; i < n / 2; i++) swapped.push(rng.chance(0.5));
    const teamAt = (position: number): number => {
      const start = position === 0 ? 0 : ((((position - 1 - turn) % (n - 1)) + (n - 1)) % (n - 1)) + 1;
      const placed = swapped[Math.min(start, n - 1 - start)] ? n - 1 - start : start;
      return lp.circle[placed] as number;
    };
    const a = teamAt(pair);
    const b = teamAt(n - 1 - pair);
    return a < 0 || b < 0 ? null : [a, b];
  }

  private record(profile: SportProfile, league: LeagueInfo, teams: [number, number], slot: number, index: number): MatchRecord {
    const id = matchIdOf(slot, index);
    const beginTime = slot * SLOT_MS;
    // The fixture's own stream: its fate never shifts with the draws of other fixtures.
    const rng = Rng.of(this.seed, 'fixture', id);
    const [homeId, awayId] = rng.chance(0.5) ? teams : [teams[1], teams[0]];
    const home = this.team(homeId, league);
    const away = this.team(awayId, league);
    const leadPick = rng.next();
    const near = leadPick < 0.72 ? rng.range(1, 6) : rng.range(6, 24);
    const lead = leadPick >= 1 - profile.earlyShare ? rng.range(24, 72) * HOUR : Math.max(1, near * profile.leadScale) * HOUR;
    const publishAt = beginTime - Math.round(lead);
    const fateRoll = rng.next();
    const calledOff = fateRoll < 0.006 ? 'cancelled' : fateRoll < 0.016 ? 'postponed' : null;
    const delayMs = !calledOff && rng.chance(0.02) ? rng.int(2, MAX_DELAY_MS / (5 * MINUTE)) * 5 * MINUTE : 0;
    const duration = profile.durationMin * MINUTE;
    const interrupted = rng.chance(0.015);
    const interruption = interrupted ? { at: Math.round(rng.range(0.1, 0.8) * duration), durationMs: Math.round(rng.range(5 * MINUTE, MAX_INTERRUPTION_MS)), abandon: rng.chance(0.4) } : null;
    const lost = rng.chance(0.03);
    const coverage = lost ? { at: Math.round(rng.range(0.1, 0.9) * duration), durationMs: Math.round(rng.range(1, 3) * MINUTE) } : null;
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

  private team(id: number, league: LeagueInfo): Team {
    const team = this.teams.get(id);
    if (!team) throw new Error(`league ${league.id} lists unknown team ${id}`);
    return team;
  }
}

/**
 * A sport's round length and its leagues' circles and phases. The round is the sport's pairs
 * over its rate, the same for every league, so each league's share follows its size; league
 * phases are spread evenly over the round.
 */
function planSport(seed: number, world: World, profile: SportProfile): SportPlan {
  const leagues = world.leaguesBySport.get(profile.sportId) ?? [];
  const matchesPerRound = leagues.reduce((sum, l) => sum + Math.floor(l.teamIds.length / 2), 0);
  const round = Math.max(1, Math.round(matchesPerRound / profile.perSlot));
  const busySlots = Math.ceil((matchSpanMs(profile) + profile.restMin * MINUTE) / SLOT_MS);
  const shift = Rng.of(seed, 'phase', profile.sportId).next();
  const plans = leagues.map((league, j): LeaguePlan => {
    const circle = Rng.of(seed, 'circle', league.id).shuffle(league.teamIds);
    if (circle.length % 2 === 1) circle.push(-1);
    const pairs = circle.length / 2;
    if (pairs < 1 || pairs > round) throw new Error(`sport ${profile.sportId}: league ${league.id} has ${league.teamIds.length} teams for a round of ${round} slots`);
    const pairAt = new Int16Array(round).fill(-1);
    let longestStep = 0;
    for (let i = 0; i < pairs; i++) {
      const at = Math.floor((i * round) / pairs);
      pairAt[at] = i;
      if (i > 0) longestStep = Math.max(longestStep, at - Math.floor(((i - 1) * round) / pairs));
    }
    if (round - longestStep < busySlots) {
      throw new Error(`sport ${profile.sportId}: a team of league ${league.id} could kick off ${round - longestStep} slots after its last match; it needs ${busySlots}`);
    }
    return { league, circle, phase: Math.floor(((j + shift) * round) / leagues.length) % round, pairAt };
  });
  return { profile, round, leagues: plans };
}

/** The most fixtures the sport can start in one slot (its pattern repeats every round). */
function mostPerSlot(plan: SportPlan): number {
  let most = 0;
  for (let offset = 0; offset < plan.round; offset++) {
    let count = 0;
    for (const lp of plan.leagues) if ((lp.pairAt[(((offset - lp.phase) % plan.round) + plan.round) % plan.round] ?? -1) >= 0) count++;
    most = Math.max(most, count);
  }
  return most;
}
