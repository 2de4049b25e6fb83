import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JSDOM } from 'jsdom';
import type { MatchView } from '../src/feed';
import { crestSvg, escapeXml, initialsOf } from '../src/routes/media/crest';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;
let live: MatchView[];
let outrightId: number;

const { DOMParser } = new JSDOM('').window;

/** Parses an SVG as XML: a malformed document yields a <parsererror> root (or none) instead of <svg>. */
function parseSvg(svg: string): Document {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  expect(doc.documentElement.localName).toBe('svg');
  expect(doc.documentElement.namespaceURI).toBe('http://www.w3.org/2000/svg');
  return doc;
}

beforeAll(async () => {
  t = await buildTestApp({ demoUsers: false });
  live = t.feed.matches({ type: 'inplay' });
  const outright = t.feed.matches({ type: 'outright' })[0];
  if (!outright) throw new Error('no outright in the test feed');
  outrightId = outright.matchId;
});
afterAll(async () => {
  await t?.app.close();
});

async function get(url: string) {
  const res = await t.inject({ url });
  return { status: res.statusCode, headers: res.headers, text: res.body, body: res.headers['content-type']?.startsWith('application/json') ? res.json() : null };
}

describe('GET /media/video/web', () => {
  it('answers up to 5 video lines and 1-2 animations, as lists and as numbered sources', async () => {
    let most = 0;
    for (const m of live) {
      const { status, body } = await get(`/media/video/web?matchId=${m.matchId}&ts=1735689600000&language=ENG`);
      expect(status).toBe(200);
      const d = body.data;
      expect(d.matchId).toBe(m.matchId);
      expect(d.videos.length).toBeGreaterThanOrEqual(1);
      expect(d.videos.length).toBeLessThanOrEqual(5);
      expect(d.videos.map((v: { line: number }) => v.line)).toEqual(d.videos.map((_: unknown, i: number) => i + 1));
      d.videos.forEach((v: { line: number; pc: string; h5: string }, i: number) => {
        expect(v.h5).toBe(`/media/live/${m.matchId}/${v.line}/index.m3u8`);
        expect(d[`videoSource${i + 1}`]).toEqual({ [String(m.matchId)]: { pc: v.pc, h5: v.h5 } });
      });
      for (let i = d.videos.length + 1; i <= 5; i++) expect(d).not.toHaveProperty(`videoSource${i}`);
      expect([1, 2]).toContain(d.animations.length);
      expect(d.animateSource1).toEqual({ [String(m.matchId)]: d.animations[0] });
      most = Math.max(most, d.videos.length);
    }
    expect(most).toBeGreaterThan(1);
  });

  it('answers empty video lists for a match without video yet, and accepts id for matchId', async () => {
    const quiet = t.feed.matches({ type: 'early' }).find((m) => (t.feed.media(m.matchId)?.videos.length ?? 0) === 0);
    if (!quiet) throw new Error('no early match without video in the test feed');
    const d = (await get(`/media/video/web?id=${quiet.matchId}`)).body.data;
    expect(d.videos).toEqual([]);
    expect(d).not.toHaveProperty('videoSource1');
    expect(d.animations.length).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown match and an outright', async () => {
    expect((await get('/media/video/web?matchId=42')).body).toEqual({ code: 4004, msg: 'matchId: no match 42', data: null });
    expect((await get(`/media/video/web?matchId=${outrightId}`)).status).toBe(404);
  });
});

describe('GET /ssapi/team/logo', () => {
  it("answers the icon URLs of the match's teams, which serve their crests", async () => {
    const m = live[0]!;
    const { status, body } = await get(`/ssapi/team/logo?matchId=${m.matchId}&pid=sport-pc`);
    expect(status).toBe(200);
    expect(body.data).toEqual({ home: `/api/team/icon/${m.matchInfo.homeId}`, away: `/api/team/icon/${m.matchInfo.awayId}` });
    const icon = await get(body.data.home);
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
  });

  it('answers 404 for an unknown match', async () => {
    expect((await get('/ssapi/team/logo?matchId=7&pid=1')).status).toBe(404);
  });
});

describe('crests', () => {
  it('team icon: a valid SVG with the initials, cached for a year as immutable', async () => {
    const m = live.find((x) => x.sportId === 1)!;
    const team = t.feed.team(m.matchInfo.homeId)!;
    const res = await get(`/api/team/icon/${team.id}?kw=${encodeURIComponent(team.name.CMN)}&appId=2`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const doc = parseSvg(res.text);
    expect(doc.querySelector('title')?.textContent).toBe(team.name.ENG);
    expect(doc.querySelector('text')?.textContent).toBe(initialsOf(team.name.ENG));
    expect(initialsOf(team.name.ENG)).toMatch(/^[A-Z0-9]{1,3}$/);
    expect(res.text).toContain(team.logo.colors[0]);
    expect(res.text).toContain(team.logo.colors[1]);
    expect((await get(`/api/team/icon/${team.id}`)).text).toBe(res.text);
    expect((await get(`/api/team/icon/${m.matchInfo.awayId}`)).text).not.toBe(res.text);
  });

  it('league icon: a valid SVG with the initials, immutable', async () => {
    const league = t.feed.league(live[0]!.leagueInfo.id)!;
    const res = await get(`/api/league/icon/${league.id}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const doc = parseSvg(res.text);
    expect(doc.querySelector('text')?.textContent).toBe(initialsOf(league.name.ENG));
    expect(live[0]!.leagueInfo.icon).toBe(`/api/league/icon/${league.id}`);
  });

  it('escapes names and refuses colours that are not #rrggbb', () => {
    const name = `<script>alert("x")</script> & O'Neil's "FC"`;
    const svg = crestSvg({ seed: 12345, colors: ['red" onload="alert(1)', '#00ff00'], name });
    const doc = parseSvg(svg);
    expect(doc.getElementsByTagName('script')).toHaveLength(0);
    expect(doc.querySelector('title')?.textContent).toBe(name);
    expect(svg).not.toContain('onload');
    expect(svg).not.toContain('<script');
    expect(svg).toContain('#555555');
    expect(escapeXml(`a<b>&"'`)).toBe('a&lt;b&gt;&amp;&quot;&apos;');
    expect(escapeXml('bad\u0000\u0008char\uD800')).toBe('badchar');
    expect(initialsOf('<&>')).toBe('?');
    expect(initialsOf('Rosemouth Wanderers')).toBe('RW');
    expect(initialsOf('Kowalski/Silva')).toBe('KS');
    expect(initialsOf('Zephyr')).toBe('ZE');
  });

  it('is the same for the same input and differs with the seed', () => {
    const a = crestSvg({ seed: 1, colors: ['#112233', '#445566'], name: 'Alpha Beta' });
    expect(crestSvg({ seed: 1, colors: ['#112233', '#445566'], name: 'Alpha Beta' })).toBe(a);
    const shapes = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((seed) => crestSvg({ seed, colors: ['#112233', '#445566'], name: 'Alpha Beta' })));
    expect(shapes.size).toBeGreaterThan(3);
  });

  it('answers 404 envelopes for unknown ids', async () => {
    expect((await get('/api/team/icon/1')).body).toEqual({ code: 4004, msg: 'id: no team 1', data: null });
    expect((await get('/api/league/icon/99999')).body).toEqual({ code: 4004, msg: 'id: no league 99999', data: null });
  });
});

describe('bad input', () => {
  const ID_CASES: Array<[string, RegExp]> = [
    ['abc', /^id: expected a (team|league) id \(an integer 1 to 2147483647\), got "abc"$/],
    ['-1', /got "-1"$/],
    ['0', /got "0"$/],
    ['1.5', /got "1.5"$/],
    ['99999999999', /got "99999999999"$/],
    ['9'.repeat(150), /got a string of 150 characters$/],
    ['x'.repeat(3000), /got a string of 3000 characters$/],
    ['1%2F2', /^id: /],
    ['', /got ""$/],
  ];

  it.each(['/api/team/icon/', '/api/league/icon/'].flatMap((base) => ID_CASES.map(([id, msg]) => [base, id, msg] as const)))('%s%s answers 400 naming id', async (base, id, msg) => {
    const res = await t.inject({ url: `${base}${id}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 4001, data: null, msg: expect.stringMatching(msg) });
  });

  it.each([
    ['kw=' + 'k'.repeat(65), /^kw: expected at most 64 characters, got 65$/],
    ['appId=two', /^appId: expected an app id of 1-6 digits/],
    ['appId=1234567', /^appId: /],
    ['t=now', /^t: /],
    ['size=9', /^querystring: unexpected field "size"$/],
  ])('icon query %s answers 400 naming the field', async (query, msg) => {
    for (const base of ['/api/team/icon/100101', '/api/league/icon/1001']) {
      const res = await t.inject({ url: `${base}?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 4001, msg: expect.stringMatching(msg) });
    }
  });

  const MATCH_CASES: Array<[string, RegExp]> = [
    ['', /^id: missing, expected a match id \(as id or matchId\)$/],
    ['matchId=abc', /^matchId: expected a match id .*got "abc"$/],
    ['matchId=-3', /^matchId: .*got "-3"$/],
    ['matchId=99999999999', /^matchId: /],
    [`matchId=${'1'.repeat(4000)}`, /^matchId: .*got a string of 4000 characters$/],
    ['id=1&matchId=2', /^matchId: expected the same match as id/],
    ['matchId=1&language=fr', /^language: expected one of/],
    ['matchId=1&ts=abc', /^ts: expected a timestamp/],
    ['matchId=1&plat=' + 'p'.repeat(40), /^plat: /],
    ['matchId=1&other=1', /^querystring: unexpected field "other"$/],
  ];

  it.each(MATCH_CASES)('/media/video/web?%s answers 400 naming the field', async (query, msg) => {
    const res = await t.inject({ url: `/media/video/web${query ? `?${query}` : ''}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 4001, data: null, msg: expect.stringMatching(msg) });
  });

  it.each([...MATCH_CASES, ['matchId=1&pid=' + encodeURIComponent('a b'), /^pid: expected a product id/] as [string, RegExp], ['matchId=1&pid=' + 'p'.repeat(65), /^pid: /] as [string, RegExp]])(
    '/ssapi/team/logo?%s answers 400 naming the field',
    async (query, msg) => {
      const res = await t.inject({ url: `/ssapi/team/logo${query ? `?${query}` : ''}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 4001, data: null, msg: expect.stringMatching(msg) });
    },
  );
});
