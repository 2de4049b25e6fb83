import { describe, expect, it } from '@jest/globals';
import { buildBankers } from './banker';
import { buildRoster, EXPERT_COUNT, EXPERT_SPORTS, FIRST_EXPERT_ID } from './roster';

describe('buildRoster', () => {
  it('draws the same experts from the same seed and others from another', () => {
    const a = buildRoster(7);
    expect(buildRoster(7)).toEqual(a);
    expect(buildRoster(8).map((e) => e.name)).not.toEqual(a.map((e) => e.name));
    expect(a.map((e) => e.id)).toEqual(Array.from({ length: EXPERT_COUNT }, (_, i) => FIRST_EXPERT_ID + i));
    expect(new Set(a.map((e) => e.name)).size).toBe(EXPERT_COUNT);
  });

  it('gives free experts no price and no refund, and every expert a sport and all three plays', () => {
    for (const e of buildRoster(1)) {
      if (e.price === '0.00') expect([e.paidShare, e.returnPercent]).toEqual([0, 0]);
      expect([0, 50, 100]).toContain(e.returnPercent);
      expect(e.sports.length).toBeGreaterThan(0);
      expect([...e.plays].sort()).toEqual(['handicap', 'total', 'winner']);
      for (const lang of ['CMN', 'zh-TW', 'ENG', 'VIE', 'THA'] as const) expect(e.introduction[lang]).not.toMatch(/\{\w+\}/);
    }
  });

  it('has, for every seed, an expert of each sport who tips in play (a live room always has someone), and an audience each', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const roster = buildRoster(seed);
      for (const sport of EXPERT_SPORTS) expect(roster.some((e) => e.inPlay && e.sports.includes(sport))).toBe(true);
      for (const e of roster) expect(e.audience).toBeGreaterThan(0);
    }
  });

  it('draws the bankers from the seed too', () => {
    expect(buildBankers(7)).toEqual(buildBankers(7));
    expect(buildBankers(7).map((b) => b.inviteCode)).not.toEqual(buildBankers(8).map((b) => b.inviteCode));
    for (const b of buildBankers(7)) expect(b.inviteCode).toMatch(/^[A-Z0-9]{6}$/);
  });
});
