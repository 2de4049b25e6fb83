import { describe, expect, it } from '@jest/globals';
import { PROFILES } from '../fixtures/profiles';
import { buildWorld } from '../fixtures/world';
import { FIXTURES_PER_SLOT, isOutrightId, outrightIdOf, slotOf, slotOfMatch, SLOT_MS } from './ids';
import { MARKET_ID_SPAN } from './marketBook';
import type { MatchRecord } from './records';
import { matchSpanMs, Schedule } from './schedule';

const SEED = 11;
const T = Date.UTC(2025, 2, 3, 9, 0, 0);
const HOUR = 3_600_000;
const world = buildWorld(SEED);

/** Everything that names a fixture, as plain data. */
function identity(m: MatchRecord): unknown {
  return { id: m.id, sportId: m.sportId, league: m.league.id, home: m.home.id, away: m.away.id, beginTime: m.beginTime, kickoff: m.kickoff, publishAt: m.publishAt, isNeutral: m.isNeutral, mainEvent: m.mainEvent, fate: m.fate, media: m.media };
}

function fixtures(from: number, to: number): MatchRecord[] {
  return new Schedule(SEED, world, slotOf(from)).extendTo(to);
}

describe('schedule', () => {
  it('names the same fixtures for a slot whichever slot the process started from', () => {
    const early = fixtures(T - 20 * HOUR, T + 30 * HOUR);
    const late = fixtures(T + 7 * HOUR - 20 * HOUR, T + 30 * HOUR);
    const shared = early.filter((m) => m.beginTime >= T - 13 * HOUR);
    expect(shared.length).toBeGreaterThan(4000);
    expect(late.map(identity)).toEqual(shared.map(identity));
    const slot = slotOf(T + 2 * HOUR);
    const again = new Schedule(SEED, world, slot - 500);
    expect(again.fixturesOf(slot).map(identity)).toEqual(early.filter((m) => slotOf(m.beginTime) === slot).map(identity));
  });

  it('gives ids that decode to the kick-off slot and keep market ids exact until 2100', () => {
    const list = fixtures(T, T + 24 * HOUR);
    const bySlot = new Map<number, number[]>();
    for (const m of list) {
      expect(slotOfMatch(m.id) * SLOT_MS).toBe(m.beginTime);
      bySlot.set(m.beginTime, [...(bySlot.get(m.beginTime) ?? []), m.id % FIXTURES_PER_SLOT]);
    }
    for (const indices of bySlot.values()) expect(indices).toEqual(indices.map((_, i) => i));
    expect(new Set(list.map((m) => m.id)).size).toBe(list.length);
    const lastSlot2100 = slotOf(Date.UTC(2100, 0, 1));
    expect(Number.isSafeInteger(((lastSlot2100 + 1) * FIXTURES_PER_SLOT - 1) * MARKET_ID_SPAN + MARKET_ID_SPAN - 1)).toBe(true);
    for (const m of list.slice(0, 50)) expect(isOutrightId(m.id)).toBe(false);
    const league = world.leaguesBySport.get(178)![1]!;
    expect(isOutrightId(outrightIdOf(league, 9_999))).toBe(true);
    expect(outrightIdOf(league, 9_999)).toBeLessThan(list[0]!.id);
  });

  it('never puts a team in two matches that could overlap, and keeps every sport at its rate', () => {
    const list = fixtures(T - 24 * HOUR, T + 48 * HOUR);
    const byTeam = new Map<number, MatchRecord[]>();
    for (const m of list) for (const id of [m.home.id, m.away.id]) byTeam.set(id, [...(byTeam.get(id) ?? []), m]);
    const clashes: string[] = [];
    for (const [team, matches] of byTeam) {
      for (let i = 1; i < matches.length; i++) {
        const prev = matches[i - 1]!;
        const next = matches[i]!;
        const free = prev.beginTime + matchSpanMs(prev.profile) + prev.profile.restMin * 60_000;
        if (next.beginTime < free) clashes.push(`team ${team}: ${prev.id} then ${next.id}`);
      }
    }
    expect(clashes).toEqual([]);
    expect(byTeam.size).toBeGreaterThan(0.9 * world.teams.size);
    const slots = (72 * HOUR) / SLOT_MS;
    for (const p of PROFILES) {
      const rate = list.filter((m) => m.sportId === p.sportId).length / slots;
      if (Math.abs(rate - p.perSlot) > 0.1 * p.perSlot) throw new Error(`sport ${p.sportId}: ${rate.toFixed(3)} a slot, profile ${p.perSlot}`);
    }
  });

  it('pairs every team with every other once a season', () => {
    const league = world.leaguesBySport.get(15)![0]!;
    const list = fixtures(T, T + 14 * 24 * HOUR).filter((m) => m.league.id === league.id);
    const met = new Map<string, number>();
    for (const m of list) {
      const key = [m.home.id, m.away.id].sort((a, b) => a - b).join('-');
      met.set(key, (met.get(key) ?? 0) + 1);
    }
    const n = league.teamIds.length;
    expect(met.size).toBe((n * (n - 1)) / 2);
  });
});
