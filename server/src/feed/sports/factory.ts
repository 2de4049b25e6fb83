import type { MatchLineups } from '../data/lineup';
import type { SportProfile } from '../fixtures/profiles';
import type { LeagueInfo, Team } from '../fixtures/world';
import { normCdf } from '../pricing/distributions';
import { seedOf } from '../random';
import { BaseballSim } from './baseball';
import { BasketballSim } from './basketball';
import { FightSim } from './fight';
import { FootballSim } from './football';
import { RallySim } from './rally';
import type { SportSim } from './sim';
import { SnookerSim } from './snooker';
import { TennisSim } from './tennis';
import { TIMED_RULES, TimedSim } from './timed';

export interface SimInput {
  seed: number;
  matchId: number;
  profile: SportProfile;
  league: LeagueInfo;
  home: Team;
  away: Team;
  isNeutral: boolean;
  lineups: MatchLineups | null;
  /** Fight only: a main event goes five rounds. */
  mainEvent: boolean;
}

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));

/**
 * Turns two teams' ratings into a sport model's parameters. `d` is home's rating edge; home
 * advantage applies off neutral ground. The levels are the sports' usual scoring.
 */
export function createSim(input: SimInput): SportSim {
  const { profile, league, home, away } = input;
  const seed = seedOf(input.seed, 'match', input.matchId);
  const d = home.rating - away.rating;
  const at = input.isNeutral ? 0 : 1;
  const level = league.format.scoring ?? 1;
  const names = { home: home.name, away: away.name };
  switch (profile.sim) {
    case 'football': {
      const e = profile.sportId === 177;
      const base = (e ? 2.4 : 1.25) * level;
      const lambda = base * Math.exp(0.28 * d + 0.09 * at);
      const mu = base * Math.exp(-0.28 * d - 0.09 * at);
      const cornerBase = e ? 1.6 : 5;
      const lineups = input.lineups;
      if (!lineups) throw new Error(`football match ${input.matchId} without line-ups`);
      return new FootballSim({
        seed,
        sportId: profile.sportId,
        halfMinutes: e ? 6 : 45,
        breakMinutes: e ? 1 : 15,
        knockout: league.format.knockout === true,
        lambda,
        mu,
        cornersHome: cornerBase * Math.exp(0.12 * d + 0.05 * at),
        cornersAway: cornerBase * Math.exp(-0.12 * d - 0.05 * at),
        attackShare: 0.5 + (lambda / (lambda + mu) - 0.5) * 0.7,
        lineups,
        names,
        rich: !e,
      });
    }
    case 'basketball': {
      const e = profile.sportId === 178;
      const halves = league.format.halves === true;
      const periodMinutes = e ? 5 : halves ? 20 : level < 1 ? 10 : 12;
      const minutes = (halves ? 2 : 4) * periodMinutes;
      const perMinute = (e ? 2.5 : 2.29) * level;
      const base = perMinute * minutes;
      return new BasketballSim({
        seed,
        sportId: profile.sportId,
        halves,
        periodMinutes,
        shortBreakMinutes: e ? 0.5 : 2,
        halfTimeMinutes: e ? 1 : 15,
        overtimeMinutes: e ? 2 : 5,
        pointsHome: base + 3.5 * d * (minutes / 48) + 1.5 * at,
        pointsAway: base - 3.5 * d * (minutes / 48) - 1.5 * at,
        stoppages: !e,
        lineups: input.lineups,
      });
    }
    case 'tennis': {
      const bo = league.format.bo === 5 ? 5 : 3;
      const serve = bo === 5 ? 0.64 : league.name.ENG.includes('Women') ? 0.56 : 0.62;
      return new TennisSim({ seed, bestOf: bo, serveHome: clamp(serve + 0.025 * d, 0.45, 0.8), serveAway: clamp(serve - 0.025 * d, 0.45, 0.8) });
    }
    case 'rally': {
      const p = clamp(0.5 + 0.03 * d + 0.01 * at, 0.35, 0.65);
      const bo = league.format.bo ?? 3;
      switch (profile.sportId) {
        case 13:
          return new RallySim({ seed, sportId: 13, bestOf: bo, rule: { target: 25 }, decidingRule: { target: 15 }, p, pointMs: [25_000, 45_000], setBreakMs: 180_000, serveRule: 'winner' });
        case 51:
          return new RallySim({ seed, sportId: 51, bestOf: bo, rule: { target: 21 }, decidingRule: { target: 15 }, p, pointMs: [20_000, 40_000], setBreakMs: 60_000, serveRule: 'winner' });
        case 47:
          return new RallySim({ seed, sportId: 47, bestOf: bo, rule: { target: 21, cap: 30 }, decidingRule: { target: 21, cap: 30 }, p, pointMs: [15_000, 35_000], setBreakMs: 120_000, serveRule: 'winner' });
        default:
          return new RallySim({ seed, sportId: 15, bestOf: bo, rule: { target: 11 }, decidingRule: { target: 11 }, p, pointMs: [8_000, 20_000], setBreakMs: 60_000, serveRule: 'alternate' });
      }
    }
    case 'snooker':
      return new SnookerSim({ seed, bestOf: league.format.bo ?? 9, p: clamp(0.5 + 0.08 * d, 0.2, 0.8) });
    case 'baseball':
      return new BaseballSim({ seed, runsHome: 4.5 + 0.5 * d + 0.15 * at, runsAway: 4.5 - 0.5 * d });
    case 'timed': {
      const rules = TIMED_RULES[profile.sportId];
      if (!rules) throw new Error(`no rules for sport ${profile.sportId}`);
      const scale: Record<number, [number, number, number]> = { 2: [3, 0.35, 0.15], 8: [28, 2, 1], 4: [24, 6, 3], 6: [23, 5, 2] };
      const [base, perRating, homeEdge] = scale[profile.sportId] as [number, number, number];
      return new TimedSim({ seed, rules, pointsHome: Math.max(0.5, base + perRating * d + homeEdge * at), pointsAway: Math.max(0.5, base - perRating * d) });
    }
    case 'fight': {
      const mma = profile.sportId === 18;
      const rounds = mma ? (input.mainEvent ? 5 : 3) : (league.format.rounds ?? 10);
      return new FightSim({ seed, sportId: profile.sportId, rounds, roundSeconds: mma ? 300 : 180, finishRate: mma ? 0.22 : 0.07, edge: clamp(normCdf(0.5 * d), 0.1, 0.9) });
    }
  }
}

/** What a fixture shows before its simulation exists: best-of (or rounds) and the kind of clock. */
export function formatOf(profile: SportProfile, league: LeagueInfo, mainEvent: boolean): { bo: number; clock: 'up' | 'down' | 'none' } {
  switch (profile.sim) {
    case 'football':
      return { bo: 0, clock: 'up' };
    case 'basketball':
      return { bo: 0, clock: 'down' };
    case 'tennis':
      return { bo: league.format.bo === 5 ? 5 : 3, clock: 'none' };
    case 'rally':
      return { bo: league.format.bo ?? 3, clock: 'none' };
    case 'snooker':
      return { bo: league.format.bo ?? 9, clock: 'none' };
    case 'baseball':
      return { bo: 0, clock: 'none' };
    case 'timed':
      return { bo: 0, clock: TIMED_RULES[profile.sportId]?.clock ?? 'up' };
    case 'fight':
      return { bo: profile.sportId === 18 ? (mainEvent ? 5 : 3) : (league.format.rounds ?? 10), clock: 'down' };
  }
}
