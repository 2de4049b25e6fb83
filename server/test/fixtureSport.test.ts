import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestApp } from './helpers';

const REPO = path.resolve(__dirname, '..', '..');
const CURLING = 901;

/**
 * Issue 30: adding a sport is one folder and one config line, on the platform too. The fixture plugin
 * tests/fixtures/plugins/sport-demo (curling, scheme-A 901) is outside plugins/: PLUGIN_DIRS names its folder, its
 * feed.ts gives the feed the sport's leagues and simulator, and one line of config/app.json switches it on. Through
 * real HTTP, as the app asks.
 */
describe('a sport from a plugin folder of PLUGIN_DIRS', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The platform reads PLUGIN_DIRS when its modules load (server/src/config/pluginManifests.ts), so they are loaded
    // after it is set; jest gives each test file modules of its own.
    process.env.PLUGIN_DIRS = path.join(REPO, 'tests', 'fixtures', 'plugins');
    const { buildTestApp } = await import('./helpers');
    const { loadAppConfigs } = await import('../src/config/appConfig');
    // The config line, in a copy of the shipped config/app.json.
    const dir = mkdtempSync(path.join(tmpdir(), 'sport-pc-config-'));
    const app = JSON.parse(readFileSync(path.join(REPO, 'config', 'app.json'), 'utf8')) as { plugins: unknown[] };
    app.plugins.push({ id: 'sport-demo', enabled: true });
    writeFileSync(path.join(dir, 'app.json'), JSON.stringify(app));
    t = await buildTestApp({ appConfigs: loadAppConfigs(dir) });
  });
  afterAll(async () => {
    delete process.env.PLUGIN_DIRS;
    await t?.app.close();
  });

  const post = async <T>(url: string, payload: unknown): Promise<T> => {
    const res = await t.inject({ method: 'POST', url, payload });
    expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 200, code: 0 });
    return res.json<{ data: T }>().data;
  };
  interface Match {
    matchId: number;
    sportId: number;
    leagueInfo: { name: string };
    betGroup: { moneyHandicap: { options: { odd: string }[] }[] }[];
  }
  const list = (type: number) => post<{ total: number; records: Match[] }>('/api/match/getList', { type, sportId: CURLING, size: 50, language: 'ENG' });
  const priced = (m: Match) => m.betGroup.some((g) => g.moneyHandicap.some((k) => k.options.length > 0 && k.options.every((o) => Number(o.odd) > 1)));

  it('counts curling among the sports of the lists, after the built-in ones (its manifest orders it 90)', async () => {
    const stats = await post<{ sl: { type: number; sports: { sportId: number; count: number }[] }[] }>('/api/match/statistical', { language: 'ENG' });
    const today = stats.sl.find((s) => s.type === 2)!;
    expect(today.sports.at(-1)?.sportId).toBe(CURLING);
    expect(today.sports.at(-1)!.count).toBeGreaterThan(0);
  });

  it("names curling in the static list in every language, from its manifest (no edit of the platform's dictionaries)", async () => {
    const names: Record<string, string> = {};
    for (const language of ['CMN', 'zh-TW', 'ENG', 'VIE', 'THA']) {
      const staticList = await post<{ sports: { id: number; name: string }[] }>('/api/forehead/system/language/staticList', { language });
      names[language] = staticList.sports.find((s) => s.id === CURLING)?.name ?? '';
    }
    expect(names).toEqual({ CMN: '冰壶', 'zh-TW': '冰壺', ENG: 'Curling', VIE: 'Bi đá trên băng', THA: 'เคอร์ลิง' });
  });

  it('lists curling matches with prices, in the leagues its feed.ts names', async () => {
    const page = await list(2);
    expect(page.total).toBeGreaterThan(0);
    expect(page.records.every((m) => m.sportId === CURLING)).toBe(true);
    expect(page.records.every(priced)).toBe(true);
    expect(page.records.every((m) => /(Curling Tour|Women's Curling Championship)$/.test(m.leagueInfo.name))).toBe(true);
  });

  it('plays a curling match on the simulator its profile names: kicked off, it is in play with prices', async () => {
    const [next] = t.feed.matches({ type: 'today', sportId: CURLING });
    expect(next).toBeDefined();
    expect(t.scenario.kickOff(next!.matchId)).toBe(true);
    const inPlay = await list(1);
    const match = inPlay.records.find((m) => m.matchId === next!.matchId);
    expect(match).toBeDefined();
    expect(priced(match!)).toBe(true);
  });
});
