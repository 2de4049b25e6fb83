import { describe, expect, it } from '@jest/globals';
import { DICTIONARIES, STATIC_LIST_META, computeStaticListVersion, getStaticList } from './staticList';
import { MatchStatus } from '../../../contract/enums';
import { MATCH_STATUSES, STATIC_LANGUAGES } from './tables';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

describe('static list', () => {
  it('has the same keys in every language dictionary', () => {
    const reference = keysOf(DICTIONARIES.ENG).sort();
    for (const language of STATIC_LANGUAGES) expect(keysOf(DICTIONARIES[language]).sort()).toEqual(reference);
  });

  it.each(STATIC_LANGUAGES)('builds every table in %s with a name for every row', (language) => {
    const list = getStaticList(language);
    for (const table of ['marketType', 'matchPeriod', 'matchStatus', 'option', 'period', 'sports', 'tournamentPhase'] as const) {
      expect(list[table].length).toBeGreaterThan(0);
      for (const row of list[table]) expect(row.name.trim()).not.toBe('');
    }
  });

  it('has the spec tables: 17 sports in order, 16 football and 19 basketball periods, the named market types', () => {
    const list = getStaticList('ENG');
    expect(list.sports.map((s) => s.id)).toEqual([1, 3, 177, 178, 5, 16, 13, 47, 15, 7, 8, 2, 6, 4, 18, 19, 51]);
    expect(list.matchPeriod.filter((p) => p.sportId === 1)).toHaveLength(16);
    expect(list.matchPeriod.filter((p) => p.sportId === 3)).toHaveLength(19);
    const market = (id: number) => list.marketType.find((m) => m.id === id);
    expect(market(1005)).toMatchObject({ sportId: 1, key: '1x2' });
    expect(market(1000)).toMatchObject({ sportId: 1, key: 'ah' });
    expect(market(1007)).toMatchObject({ sportId: 1, key: 'ou' });
    expect(market(3004)).toMatchObject({ sportId: 3, key: 'ml', name: 'Money Line' });
    expect(market(3002)).toMatchObject({ sportId: 3, key: 'ah', name: 'Spread' });
    expect(market(3003)).toMatchObject({ sportId: 3, key: 'ou', name: 'Total' });
    for (const key of ['oe', 'cs', 'tg', 'hf', 'tts1st', 'ttslast', 'jqs']) {
      expect(list.marketType.some((m) => m.sportId === 1 && m.key === key)).toBe(true);
    }
    expect(new Set(list.marketType.map((m) => m.id)).size).toBe(list.marketType.length);
    expect(list.matchStatus.map((s) => s.code)).toEqual(
      expect.arrayContaining(['Live', 'Upcoming', 'Ended', 'Postponed', 'Interrupted', 'Cancelled', 'Delayed', 'Abandoned', 'Suspended', 'CoverageLost']),
    );
  });

  it('names every sport\'s outright market type (sportId x 1000 + 99), so a bet on a runner is named in the slip', () => {
    const list = getStaticList('ENG');
    for (const sport of list.sports) expect(list.marketType.find((m) => m.id === sport.id * 1000 + 99)).toMatchObject({ key: 'outright', name: 'Outright Winner' });
    expect(getStaticList('CMN').marketType.find((m) => m.id === 1099)?.name).toBe('冠军');
  });

  it('names things in each language', () => {
    expect(getStaticList('CMN').sports[0].name).toBe('足球');
    expect(getStaticList('zh-TW').sports[1].name).toBe('籃球');
    expect(getStaticList('VIE').sports[0].name).toBe('Bóng đá');
    expect(getStaticList('THA').sports[0].name).toBe('ฟุตบอล');
  });

  it('carries a version in meta.json that matches the data (bump it when the tables change)', () => {
    const version = computeStaticListVersion();
    if (STATIC_LIST_META.version !== version) {
      throw new Error(`server/src/static/meta.json is stale: set "version" to "${version}" and "updatedAt" to today's date`);
    }
    expect(getStaticList('ENG').version).toBe(version);
  });

  it('publishes the match statuses the contract names, with the same codes', () => {
    expect(Object.fromEntries(MATCH_STATUSES.map((s) => [s.code, s.id]))).toEqual(MatchStatus);
  });
});
