import { describe, it, expect } from '@jest/globals';
import {
  EMPTY_SPORT_ID_A,
  SORTED_SPORT_IDS_A,
  SPORTS,
  SPORT_KEYS,
  type SportKey,
  type SportScheme,
  isSportKey,
  sortSportIdsA,
  sportI18nKeyOf,
  sportIdOf,
  sportKeyOf,
  toScheme,
} from './sports';

// The spec tables, written out again so a typo in SPORTS cannot hide.
const SCHEME_A: Record<number, SportKey> = {
  1: 'football',
  2: 'hockey',
  3: 'basketball',
  4: 'rugby',
  5: 'tennis',
  6: 'americanFootball',
  7: 'baseball',
  8: 'handball',
  13: 'volleyball',
  15: 'tableTennis',
  16: 'snooker',
  18: 'mma',
  19: 'boxing',
  47: 'badminton',
  51: 'beachVolleyball',
  177: 'eFootball',
  178: 'eBasketball',
};

const SCHEME_B: Record<number, SportKey> = {
  1: 'football',
  2: 'basketball',
  3: 'baseball',
  4: 'hockey',
  5: 'tennis',
  6: 'americanFootball',
  7: 'snooker',
  8: 'tableTennis',
  9: 'volleyball',
  10: 'badminton',
  11: 'handball',
  12: 'boxing',
  13: 'beachVolleyball',
  15: 'fieldHockey',
  16: 'waterPolo',
};

const SCHEME_C: Record<number, SportKey> = {
  1: 'football',
  2: 'basketball',
  3: 'tennis',
  7: 'badminton',
  8: 'baseball',
  11: 'boxing',
  19: 'americanFootball',
  23: 'handball',
  25: 'hockey',
  31: 'rugby',
  34: 'snooker',
  36: 'tableTennis',
  39: 'eFootball',
  40: 'volleyball',
  43: 'eBasketball',
};

const TABLES: Record<SportScheme, Record<number, SportKey>> = { A: SCHEME_A, B: SCHEME_B, C: SCHEME_C };

describe('sport tables', () => {
  for (const scheme of ['A', 'B', 'C'] as const) {
    const table = TABLES[scheme];

    it(`scheme ${scheme}: every spec id maps to its sport and back`, () => {
      for (const [id, key] of Object.entries(table)) {
        expect(sportKeyOf(Number(id), scheme)).toBe(key);
        expect(sportIdOf(key, scheme)).toBe(Number(id));
      }
    });

    it(`scheme ${scheme}: no sport has an id the spec does not give`, () => {
      const ids = SPORTS.map((s) => s[scheme.toLowerCase() as 'a' | 'b' | 'c']).filter((id) => id !== undefined);
      expect(ids.sort((x, y) => x! - y!)).toEqual(Object.keys(table).map(Number));
    });
  }

  it('has 17 sports in A, 15 in B and 15 in C', () => {
    expect(SPORTS.filter((s) => s.a !== undefined)).toHaveLength(17);
    expect(SPORTS.filter((s) => s.b !== undefined)).toHaveLength(15);
    expect(SPORTS.filter((s) => s.c !== undefined)).toHaveLength(15);
  });

  it('has one row per key, each with a sport.<key> i18n key', () => {
    expect(new Set(SPORT_KEYS).size).toBe(SPORTS.length);
    expect(SPORTS).toHaveLength(19);
    for (const s of SPORTS) expect(s.i18nKey).toBe(`sport.${s.key}`);
  });

  it('returns undefined for ids outside a scheme', () => {
    expect(sportKeyOf(14, 'A')).toBeUndefined();
    expect(sportKeyOf(14, 'B')).toBeUndefined();
    expect(sportKeyOf(4, 'C')).toBeUndefined();
    expect(sportKeyOf(-1, 'A')).toBeUndefined();
    expect(sportKeyOf(1.5, 'A')).toBeUndefined();
  });

  it('treats A 0 as empty, not a sport', () => {
    expect(EMPTY_SPORT_ID_A).toBe(0);
    expect(sportKeyOf(0, 'A')).toBeUndefined();
    expect(toScheme(0, 'A', 'B')).toBeUndefined();
  });

  it('returns undefined for sports a scheme lacks', () => {
    expect(sportIdOf('mma', 'B')).toBeUndefined();
    expect(sportIdOf('mma', 'C')).toBeUndefined();
    expect(sportIdOf('fieldHockey', 'A')).toBeUndefined();
    expect(sportIdOf('waterPolo', 'C')).toBeUndefined();
    expect(sportIdOf('rugby', 'B')).toBeUndefined();
    expect(sportIdOf('beachVolleyball', 'C')).toBeUndefined();
    expect(sportIdOf('eFootball', 'B')).toBeUndefined();
  });

  it('rejects unknown schemes', () => {
    expect(() => sportKeyOf(1, 'D' as SportScheme)).toThrow(RangeError);
    expect(() => toScheme(1, 'A', 'Z' as SportScheme)).toThrow(RangeError);
    expect(() => sportIdOf('football', 'a' as SportScheme)).toThrow(RangeError);
  });

  it('recognises sport keys', () => {
    expect(isSportKey('waterPolo')).toBe(true);
    expect(isSportKey('curling')).toBe(false);
    expect(isSportKey(1)).toBe(false);
  });

  it('gives the name key for an id', () => {
    expect(sportI18nKeyOf(36, 'C')).toBe('sport.tableTennis');
    expect(sportI18nKeyOf(0, 'A')).toBeUndefined();
  });
});

describe('toScheme', () => {
  // The spec's worked examples, each [id, from scheme, to scheme, the id there]; 18 (MMA) has no id in B.
  it.each<[number, SportScheme, SportScheme, number | undefined]>([
    [2, 'A', 'B', 4],
    [4, 'B', 'C', 25],
    [2, 'A', 'C', 25],
    [16, 'A', 'B', 7],
    [7, 'B', 'C', 34],
    [18, 'A', 'B', undefined],
  ])('translates worked example %i from scheme %s to %s as %s', (id, from, to, expected) => {
    expect(toScheme(id, from, to)).toBe(expected);
  });

  // Every id of each scheme into each other scheme, as the spec tables above give it: colliding numbers go to the right
  // sport (3 is basketball in A, baseball in B and tennis in C), and a sport the other scheme lacks has no id there.
  const idIn = (scheme: SportScheme, key: SportKey): number | undefined => {
    const found = Object.entries(TABLES[scheme]).find(([, k]) => k === key);
    return found && Number(found[0]);
  };
  const translations = (['A', 'B', 'C'] as const).flatMap((from) =>
    (['A', 'B', 'C'] as const)
      .filter((to) => to !== from)
      .flatMap((to) => Object.entries(TABLES[from]).map(([id, key]): [number, SportScheme, SportScheme, number | undefined] => [Number(id), from, to, idIn(to, key)])),
  );
  it.each(translations)('translates %i from scheme %s to %s as %s', (id, from, to, expected) => {
    expect(toScheme(id, from, to)).toBe(expected);
  });

  it('is the identity within a scheme for known ids', () => {
    for (const scheme of ['A', 'B', 'C'] as const) {
      for (const id of Object.keys(TABLES[scheme]).map(Number)) expect(toScheme(id, scheme, scheme)).toBe(id);
    }
  });

  it('round-trips every sport that both schemes know', () => {
    for (const from of ['A', 'B', 'C'] as const) {
      for (const to of ['A', 'B', 'C'] as const) {
        for (const id of Object.keys(TABLES[from]).map(Number)) {
          const there = toScheme(id, from, to);
          if (there !== undefined) expect(toScheme(there, to, from)).toBe(id);
          else expect(sportIdOf(TABLES[from][id], to)).toBeUndefined();
        }
      }
    }
  });
});

describe('sorted sports', () => {
  it('is the spec order and covers every A sport', () => {
    expect(SORTED_SPORT_IDS_A).toEqual([1, 3, 177, 178, 5, 16, 13, 47, 15, 7, 8, 2, 6, 4, 18, 19, 51]);
    expect([...SORTED_SPORT_IDS_A].sort((x, y) => x - y)).toEqual(Object.keys(SCHEME_A).map(Number));
  });

  it('sorts into spec order, unknown ids last ascending', () => {
    expect(sortSportIdsA([51, 2, 999, 1, 0, 3, 14, 177])).toEqual([1, 3, 177, 2, 51, 0, 14, 999]);
  });

  it('keeps duplicates and does not modify its input', () => {
    const ids = [2, 1, 2];
    expect(sortSportIdsA(ids)).toEqual([1, 2, 2]);
    expect(ids).toEqual([2, 1, 2]);
    expect(sortSportIdsA([])).toEqual([]);
  });
});
