import { describe, expect, it } from '@jest/globals';
import { buildLineups } from '../data/lineup';
import { PROFILES } from '../fixtures/profiles';
import { buildWorld, type Team } from '../fixtures/world';
import type { QuoteContext } from '../pricing/quote';
import { hasEventText } from '../texts/events';
import { createSim } from './factory';
import { emptyOutput, type SportSim } from './sim';

const world = buildWorld(7);

function simFor(sportId: number, matchId: number): SportSim {
  const profile = PROFILES.find((p) => p.sportId === sportId)!;
  const league = world.leaguesBySport.get(sportId)![0]!;
  const home = world.teams.get(league.teamIds[0]!) as Team;
  const away = world.teams.get(league.teamIds[1]!) as Team;
  return createSim({ seed: 7, matchId, profile, league, home, away, isNeutral: false, lineups: buildLineups(7, matchId, profile.sim, home, away), mainEvent: false });
}

function ctx(sim: { lines: Map<string, number> }): QuoteContext {
  return { home: { CMN: 'H', 'zh-TW': 'H', ENG: 'H', VIE: 'H', THA: 'H' }, away: { CMN: 'A', 'zh-TW': 'A', ENG: 'A', VIE: 'A', THA: 'A' }, prevLine: (slot) => sim.lines.get(slot) };
}

describe.each(PROFILES.map((p) => p.sportId))('sport %i simulation', (sportId) => {
  it('plays to the end with coherent quotes and known event texts', () => {
    const sim = simFor(sportId, 1000 + sportId);
    const lines = new Map<string, number>();
    const c = ctx({ lines });
    const pre = sim.quotes(0, c);
    expect(pre.length).toBeGreaterThan(0);
    let steps = 0;
    let priced = 0;
    let lastPrice = -Infinity;
    const periods = new Set<number>();
    while (!sim.finished()) {
      const out = emptyOutput();
      const at = sim.nextAt();
      sim.step(out);
      steps++;
      periods.add(sim.period());
      for (const e of out.events) expect(hasEventText(e.code)).toBe(true);
      if (at - lastPrice > 60_000 && !sim.finished()) {
        lastPrice = at;
        for (const q of sim.quotes(at, c)) {
          priced++;
          const sum = q.options.reduce((s, o) => s + o.p, 0);
          expect(Math.abs(sum - 1)).toBeLessThan(1e-6);
          for (const o of q.options) expect(o.p).toBeGreaterThanOrEqual(0);
          if (q.line !== undefined) lines.set(q.slot, q.line);
        }
      }
      expect(steps).toBeLessThan(50_000);
    }
    expect(priced).toBeGreaterThan(0);
    expect(sim.final().winner).not.toBeNull();
    expect(sim.periods.list[sim.period()]!.key.startsWith('finished')).toBe(true);
    expect(sim.quotes(sim.nextAt(), c)).toEqual([]);
  });
});

describe('football score rows', () => {
  it('a half in play has its goals row from kick-off, so a goalless half reads 0-0 rather than "not played"', () => {
    const sim = simFor(1, 2001);
    const rowOf = (pe: number) => sim.scoreRows().find((r) => r.pe === pe && r.tyg === 1);
    while (sim.period() !== 1) sim.step(emptyOutput());
    expect(rowOf(1)).toMatchObject({ home: 0, away: 0 });
    expect(rowOf(3)).toBeUndefined();
    while (sim.period() !== 3) sim.step(emptyOutput());
    expect(rowOf(3)).toBeDefined();
  });
});
