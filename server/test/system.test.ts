import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { STATIC_LANGUAGES } from '../src/static/tables';
import { buildTestApp, type TestApp } from './helpers';

// One platform for the file: every route here only reads what it was configured with.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demoUsers: false });
});
afterAll(async () => {
  await t?.app.close();
});

describe('POST /api/forehead/system/domain/list/v2', () => {
  // Which hosts it names (PUBLIC_ORIGIN, or this machine's own; never a foreign Host): domainListHost.test.ts.
  it('uses the port the request came to', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/forehead/system/domain/list/v2' });
    expect(res.json().data.push).toBe(`ws://127.0.0.1:${t.port}/push`);
  });

  it('refuses a Host header that is not a host name', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/forehead/system/domain/list/v2', headers: { host: 'evil.com/path"' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 4001, msg: expect.stringMatching(/^Host: expected a host name/) });
  });
});

describe('POST /api/forehead/system/language/staticList', () => {
  it.each(STATIC_LANGUAGES)('answers every table in %s', async (language) => {
    const res = await t.inject({ method: 'POST', url: '/api/forehead/system/language/staticList', payload: { language } });
    expect(res.statusCode).toBe(200);
    const { code, data } = res.json();
    expect(code).toBe(0);
    expect(data.language).toBe(language);
    expect(data.version).toMatch(/^[0-9a-f]{16}$/);
    expect(data.updatedAt).toEqual(expect.any(String));
    for (const table of ['marketType', 'matchPeriod', 'matchStatus', 'option', 'period', 'sports', 'tournamentPhase']) {
      expect(data[table].length).toBeGreaterThan(0);
      for (const row of data[table]) expect(row.name).not.toBe('');
    }
  });

  it('answers each language in its own words', async () => {
    const names = await Promise.all(
      STATIC_LANGUAGES.map(async (language) => {
        const res = await t.inject({ method: 'POST', url: '/api/forehead/system/language/staticList', payload: { language } });
        return res.json().data.marketType.find((m: { id: number }) => m.id === 1000).name;
      }),
    );
    expect(names).toEqual(['让球', '讓球', 'Asian Handicap', 'Kèo chấp châu Á', 'แฮนดิแคปเอเชีย']);
  });

  it.each([
    [{ language: 'FR' }, 'language: expected one of "CMN", "zh-TW", "ENG", "VIE", "THA", got "FR"'],
    [{}, 'language: missing, expected one of "CMN", "zh-TW", "ENG", "VIE", "THA"'],
    [{ language: 1 }, 'language: expected one of "CMN", "zh-TW", "ENG", "VIE", "THA", got 1'],
  ])('rejects %j with code 4001', async (payload, msg) => {
    const res = await t.inject({ method: 'POST', url: '/api/forehead/system/language/staticList', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 4001, msg, data: null });
  });
});

describe('GET /api/forehead/system/config/app', () => {
  it('answers the resolved config of a merchant without auth, and the default merchant without one', async () => {
    const lite = await t.inject({ url: '/api/forehead/system/config/app?merchantId=lite' });
    expect(lite.statusCode).toBe(200);
    expect(lite.json().data.plugins).toEqual(
      expect.arrayContaining([
        { id: 'sport-football', enabled: true, options: { pageSize: 50 } },
        { id: 'sport-basketball', enabled: false, options: { pageSize: 50 } },
      ]),
    );
    const fallback = await t.inject({ url: '/api/forehead/system/config/app' });
    expect(fallback.json().data).toMatchObject({ merchantId: 'default', defaultLocale: 'zh-CN', timezone: 'Asia/Shanghai' });
    // The app reads the allowed service origins from here before it sends a token anywhere.
    expect(fallback.json().data).toMatchObject({ serviceOrigins: [], frameAncestors: [] });
  });

  it('answers 404 for an unknown merchant and 400 for a malformed id', async () => {
    const unknown = await t.inject({ url: '/api/forehead/system/config/app?merchantId=acme' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 4004, msg: expect.stringContaining('no merchant "acme"') });
    const bad = await t.inject({ url: '/api/forehead/system/config/app?merchantId=../../etc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 4001, msg: expect.stringMatching(/^merchantId: expected a string matching/) });
  });
});
