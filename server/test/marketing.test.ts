import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JSDOM } from 'jsdom';
import type { MatchView } from '../src/feed';
import { JUMP_TOKEN_TTL_MS } from '../src/routes/marketing/gameJump';
import { buildTestApp, login, type TestApp } from './helpers';

let t: TestApp;
let token: string;
let liveFootball: MatchView;
let liveBasketball: MatchView;
let earlyFootball: MatchView;

const { DOMParser } = new JSDOM('').window;

beforeAll(async () => {
  t = await buildTestApp();
  token = await login(t);
  const live = t.feed.matches({ type: 'inplay' });
  liveFootball = live.find((m) => m.sportId === 1 && m.matchStatus === 1)!;
  liveBasketball = live.find((m) => m.sportId === 3 && m.matchStatus === 1)!;
  earlyFootball = t.feed.matches({ type: 'early', sportId: 1 })[0]!;
  if (!liveFootball || !liveBasketball || !earlyFootball) throw new Error('the test feed lacks a live football, live basketball or early football match');
});
afterAll(async () => {
  await t?.app.close();
});

async function post(url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const res = await t.inject({ method: 'POST', url, payload, headers });
  return { status: res.statusCode, body: res.json() };
}

type Banner = { id: number; categoryId: number; images: string; link: string; title: string; sort: number };

describe('POST /api/forehead/system/config/images/query', () => {
  it('answers banners of the categories asked for, images as comma lists that split into served SVGs', async () => {
    const { status, body } = await post('/api/forehead/system/config/images/query', { categoryId: '1,2,3', language: 'ENG' });
    expect(status).toBe(200);
    const banners = body.data as Banner[];
    expect(banners.map((b) => b.categoryId)).toEqual([...banners.map((b) => b.categoryId)].sort());
    expect(new Set(banners.map((b) => b.categoryId))).toEqual(new Set([1, 2, 3]));
    expect(new Set(banners.map((b) => b.id)).size).toBe(banners.length);
    const hot = banners.find((b) => b.categoryId === 1 && b.sort === 1)!;
    expect(hot.title).toBe('Hot Matches');
    const split = banners.flatMap((b) => b.images.split(','));
    expect(hot.images.split(',').length).toBeGreaterThan(1);
    for (const url of split) {
      expect(url).toMatch(/^\/api\/banner\/image\/(match|league)-\d+\.svg\?language=ENG&plat=pc$/);
      const res = await t.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      const doc = new DOMParser().parseFromString(res.body, 'image/svg+xml');
      expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
      expect(doc.documentElement.getAttribute('width')).toBe('1200');
    }
    for (const b of banners.filter((x) => x.categoryId === 3)) expect(b.link).toMatch(/^\/newSport\?matchId=\d+$/);
    for (const b of banners.filter((x) => x.categoryId === 2)) expect(b.link).toMatch(/^\/newSport\?sportId=(1|3)&leagueId=\d+$/);
  });

  it('is deterministic, answers in the request language and takes a single id as a number or a form field', async () => {
    const a = (await post('/api/forehead/system/config/images/query', { categoryId: 1 })).body.data as Banner[];
    const b = (await post('/api/forehead/system/config/images/query', { categoryId: '1' })).body.data as Banner[];
    expect(a).toEqual(b);
    expect(a.every((x) => x.categoryId === 1)).toBe(true);
    expect(a[0]!.title).toBe('热门赛事');
    const form = await t.inject({ method: 'POST', url: '/api/forehead/system/config/images/query', payload: 'categoryId=1&language=THA', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.json().data[0].title).toBe('แมตช์ยอดนิยม');
  });

  it('shows the match in the request language in the artwork', async () => {
    const res = await t.inject({ url: `/api/banner/image/match-${liveFootball.matchId}.svg?language=VIE&plat=h5` });
    expect(res.statusCode).toBe(200);
    const doc = new DOMParser().parseFromString(res.body, 'image/svg+xml');
    expect(doc.documentElement.getAttribute('width')).toBe('750');
    const vie = t.feed.match(liveFootball.matchId, 'VIE')!;
    expect(doc.querySelector('title')?.textContent).toBe(`${vie.leagueInfo.name}: ${vie.matchInfo.homeName} vs ${vie.matchInfo.awayName}`);
  });

  it('answers no banners for a category it does not have', async () => {
    expect((await post('/api/forehead/system/config/images/query', { categoryId: '99' })).body).toEqual({ code: 0, msg: 'success', data: [] });
  });
});

describe('GET /ssapi/bannerList/search', () => {
  it('answers the home banners with artwork for the platform and language', async () => {
    const res = await t.inject({ url: '/ssapi/bannerList/search?pid=sport-pc&plat=h5&languageType=ENG' });
    expect(res.statusCode).toBe(200);
    const banners = res.json().data as Banner[];
    expect(banners.length).toBeGreaterThan(0);
    expect(banners.every((b) => b.categoryId === 1)).toBe(true);
    for (const url of banners.flatMap((b) => b.images.split(','))) expect(url).toMatch(/language=ENG&plat=h5$/);
  });
});

describe('GET /api/banner/image/:file', () => {
  it('answers 404 for an unknown match or league, 400 for a malformed name', async () => {
    expect((await t.inject({ url: '/api/banner/image/match-5.svg' })).json()).toEqual({ code: 4004, msg: 'file: no match 5', data: null });
    expect((await t.inject({ url: '/api/banner/image/league-5.svg' })).statusCode).toBe(404);
    for (const [file, msg] of [
      ['match-abc.svg', /^file: expected match-<matchId>\.svg or league-<leagueId>\.svg, got "match-abc.svg"$/],
      ['team-1.svg', /^file: /],
      ['match--1.svg', /^file: /],
      ['match-1.png', /^file: /],
      [`match-${'1'.repeat(300)}.svg`, /^file: .*got a string of 310 characters$/],
    ] as const) {
      const res = await t.inject({ url: `/api/banner/image/${file}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 4001, msg: expect.stringMatching(msg) });
    }
    for (const query of ['plat=tv', 'language=XX', 'extra=1']) {
      const res = await t.inject({ url: `/api/banner/image/league-1001.svg?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(4001);
    }
  });
});

describe('POST /api/forehead/system/sports/getLeagueWeights', () => {
  it('answers weights keyed by sort, heaviest first, hot leagues before the rest', async () => {
    const { status, body } = await post('/api/forehead/system/sports/getLeagueWeights', { sportId: 1, type: 1, language: 'ENG' });
    expect(status).toBe(200);
    const data = body.data as Record<string, { leagueId: number; weight: number; name: string; hot: boolean }>;
    const sorts = Object.keys(data);
    expect(sorts).toEqual(sorts.map((_, i) => String(i + 1)));
    const rows = sorts.map((s) => data[s]!);
    const leagues = t.feed.leagues(1);
    expect(rows.map((r) => r.leagueId).sort()).toEqual(leagues.map((l) => l.id).sort());
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1]!.weight).toBeGreaterThan(rows[i]!.weight);
    const firstCold = rows.findIndex((r) => !r.hot);
    expect(firstCold).toBeGreaterThan(0);
    expect(rows.slice(firstCold).every((r) => !r.hot)).toBe(true);
    expect(rows[0]!.name).toBe(t.feed.league(rows[0]!.leagueId)!.name.ENG);
  });

  it('narrows to leagues with matches in the list matchType names', async () => {
    const inplay = (await post('/api/forehead/system/sports/getLeagueWeights', { sportId: '3', matchType: '1' })).body.data;
    const withLive = new Set(t.feed.matches({ type: 'inplay', sportId: 3 }).map((m) => m.leagueInfo.id));
    expect(Object.values(inplay).map((r) => (r as { leagueId: number }).leagueId).sort()).toEqual([...withLive].sort());
  });
});

describe('POST /api/forehead/system/sports/lineup', () => {
  it('answers the published football line-up (type 1) in the language', async () => {
    const { status, body } = await post('/api/forehead/system/sports/lineup', { eventId: liveFootball.matchId, type: 1, language: 'ENG' });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ eventId: liveFootball.matchId, type: 1, matchId: liveFootball.matchId, published: true });
    expect(body.data.homeLine).toHaveLength(11);
    expect(body.data.homeFormation.reduce((a: number, b: number) => a + b, 0)).toBe(10);
  });

  it('answers basketball (type 2), and an unpublished line-up as published false', async () => {
    expect((await post('/api/forehead/system/sports/lineup', { eventId: String(liveBasketball.matchId), type: '2' })).body.data.awayLine).toHaveLength(5);
    const early = (await post('/api/forehead/system/sports/lineup', { eventId: earlyFootball.matchId, type: 1 })).body.data;
    expect(early).toMatchObject({ published: false, homeLine: [], awayBackup: [] });
  });

  it('answers 404 for an unknown match and for the other sport', async () => {
    expect((await post('/api/forehead/system/sports/lineup', { eventId: 77, type: 1 })).body).toEqual({ code: 4004, msg: 'eventId: no match 77', data: null });
    expect((await post('/api/forehead/system/sports/lineup', { eventId: liveFootball.matchId, type: 2 })).status).toBe(404);
  });
});

describe('game jump', () => {
  const JUMP = '/api/forehead/gamebet/game/jump';
  const BANKER = '/api/banker/forehead/gamebet/game/jump';
  const REDEEM = '/api/forehead/gamebet/game/redeem';

  it('needs a member: 400 "no user" without a token, 405 for an unknown one', async () => {
    for (const url of [JUMP, BANKER]) {
      expect(await post(url, { gameId: 1 })).toEqual({ status: 401, body: { code: 400, msg: 'no user', data: null } });
      expect(await post(url, { gameId: 1 }, { authorization: 'Bearer not-a-session' })).toEqual({ status: 401, body: { code: 405, msg: 'session expired', data: null } });
    }
  });

  it("answers the sports product's URL and a one-time token the game redeems once", async () => {
    const { status, body } = await post(JUMP, { gameId: 1 }, { authorization: token });
    expect(status).toBe(200);
    expect(body.data).toEqual({ url: `/game/1?token=${body.data.token}`, token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/), expiresAt: t.clock.now() + JUMP_TOKEN_TTL_MS });
    const again = (await post(JUMP, { gameId: '1' }, { authorization: `Bearer ${token}` })).body.data;
    expect(again.token).not.toBe(body.data.token);
    const redeemed = await post(REDEEM, { token: body.data.token });
    expect(redeemed).toEqual({ status: 200, body: { code: 0, msg: 'success', data: { gameId: 1, memberId: expect.any(Number), username: 'demo' } } });
    expect((await post(REDEEM, { token: body.data.token })).body).toEqual({ code: 4004, msg: 'token: unknown, already used or expired', data: null });
  });

  it('lets a token expire after a minute', async () => {
    const { body } = await post(JUMP, { gameId: 1 }, { authorization: token });
    t.clock.advance(JUMP_TOKEN_TTL_MS + 1);
    expect((await post(REDEEM, { token: body.data.token })).status).toBe(404);
    token = await login(t);
  });

  it('answers 404 for an unknown game', async () => {
    expect((await post(JUMP, { gameId: 99 }, { authorization: token })).body).toEqual({ code: 4004, msg: 'gameId: no game 99 (games: 1, 2)', data: null });
  });

  it('jumps to the banker sport with its fixed game id, with or without gameId', async () => {
    for (const payload of [undefined, {}, { gameId: 2 }]) {
      const { status, body } = await post(BANKER, payload, { authorization: token });
      expect(status).toBe(200);
      expect(body.data.url).toBe(`/game/2?token=${body.data.token}`);
    }
    expect((await post(BANKER, { gameId: 1 }, { authorization: token })).status).toBe(404);
  });
});

describe('bad input', () => {
  const auth = () => ({ authorization: token });
  type Case = [string, unknown, RegExp];
  const CASES: Array<[string, () => Record<string, string>, Case[]]> = [
    [
      '/api/forehead/system/config/images/query',
      () => ({}),
      [
        ['missing categoryId', {}, /^categoryId: missing, expected a banner category id/],
        ['a boolean', { categoryId: true }, /^categoryId: expected a banner category id .*got true$/],
        ['a negative id', { categoryId: '-1' }, /^categoryId: .*got "-1"$/],
        ['a fraction', { categoryId: 1.5 }, /^categoryId: .*got 1.5$/],
        ['a huge id', { categoryId: '99999999999' }, /^categoryId: /],
        ['an empty list item', { categoryId: '1,,2' }, /^categoryId: /],
        ['too many ids', { categoryId: Array.from({ length: 21 }, (_, i) => i + 1).join(',') }, /^categoryId: .*up to 20/],
        ['an over-long string', { categoryId: '1'.repeat(5000) }, /^categoryId: .*got a string of 5000 characters$/],
        ['a bad language', { categoryId: 1, language: 'EN' }, /^language: expected one of "CMN"/],
        ['a bad plat', { categoryId: 1, plat: 'p c' }, /^plat: /],
        ['an unknown field', { categoryId: 1, size: 3 }, /^body: unexpected field "size"$/],
      ],
    ],
    [
      '/api/forehead/system/sports/getLeagueWeights',
      () => ({}),
      [
        ['missing sportId', { matchType: 1 }, /^sportId: missing, expected one of 1, 3, 177/],
        ['an unknown sport', { sportId: 99 }, /^sportId: expected one of .*got 99$/],
        ['a negative sport', { sportId: -1 }, /^sportId: .*got -1$/],
        ['a word', { sportId: 'football' }, /^sportId: .*got "football"$/],
        ['a bad matchType', { sportId: 1, matchType: 5 }, /^matchType: expected one of 1, 2, 3, 4/],
        ['a huge type', { sportId: 1, type: 1e12 }, /^type: expected an integer 0 to 999/],
        ['an object type', { sportId: 1, type: {} }, /^type: .*got an object$/],
        ['a bad language', { sportId: 1, language: 'x'.repeat(200) }, /^language: .*got a string of 200 characters$/],
      ],
    ],
    [
      '/api/forehead/system/sports/lineup',
      () => ({}),
      [
        ['missing fields', {}, /^eventId: missing, expected a match id.*; type: missing, expected one of 1, 2/],
        ['a negative id', { eventId: -4, type: 1 }, /^eventId: .*got -4$/],
        ['a huge id', { eventId: 2 ** 40, type: 1 }, /^eventId: .*got 1099511627776$/],
        ['an over-long id', { eventId: '7'.repeat(3000), type: 1 }, /^eventId: .*got a string of 3000 characters$/],
        ['an array id', { eventId: [1], type: 1 }, /^eventId: .*got an array of 1 item$/],
        ['a bad type', { eventId: 1, type: 3 }, /^type: expected one of 1, 2 \(1 football, 2 basketball\), got 3$/],
        ['a null type', { eventId: 1, type: null }, /^type: .*got null$/],
      ],
    ],
    [
      '/api/forehead/gamebet/game/jump',
      auth,
      [
        ['missing gameId', {}, /^gameId: missing, expected a game id/],
        ['a word', { gameId: 'poker' }, /^gameId: .*got "poker"$/],
        ['zero', { gameId: 0 }, /^gameId: .*got 0$/],
        ['a huge id', { gameId: '123456789012' }, /^gameId: /],
        ['a bad language', { gameId: 1, language: 'klingon' }, /^language: /],
        ['an unknown field', { gameId: 1, url: 'https://evil.example' }, /^body: unexpected field "url"$/],
      ],
    ],
    [
      '/api/banker/forehead/gamebet/game/jump',
      auth,
      [
        ['a word', { gameId: 'banker' }, /^gameId: .*got "banker"$/],
        ['a negative id', { gameId: -2 }, /^gameId: .*got -2$/],
        ['an unknown field', { bankerId: 1 }, /^body: unexpected field "bankerId"$/],
      ],
    ],
    [
      '/api/forehead/gamebet/game/redeem',
      () => ({}),
      [
        ['missing token', {}, /^token: missing, expected a jump token/],
        ['a number', { token: 12345 }, /^token: expected a jump token .*got 12345$/],
        ['a short token', { token: 'abc' }, /^token: expected a jump token/],
        ['an over-long token', { token: 'a'.repeat(10_000) }, /^token: .*got a string of 10000 characters$/],
        ['a token with odd characters', { token: '../../../../etc/passwd0000' }, /^token: /],
      ],
    ],
  ];

  it.each(CASES.flatMap(([url, headers, cases]) => cases.map(([what, payload, msg]) => [url, what, payload, msg, headers] as const)))(
    '%s with %s answers 400 naming the field',
    async (url, _what, payload, msg, headers) => {
      const res = await post(url, payload, headers());
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 4001, data: null, msg: expect.stringMatching(msg) });
    },
  );

  it.each(CASES.map(([url, headers]) => [url, headers] as const))('%s answers malformed JSON with 400 naming the body', async (url, headers) => {
    for (const raw of ['{"categoryId":', '[1,2', 'not json', '{"a":1}}']) {
      const res = await t.inject({ method: 'POST', url, payload: raw, headers: { 'content-type': 'application/json', ...headers() } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 4001, msg: expect.stringMatching(/^body: malformed JSON/) });
    }
  });

  it('turns an anonymous jump away before reading its body', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/forehead/gamebet/game/jump', payload: 'not json', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(400);
  });

  it.each([
    ['/ssapi/bannerList/search?languageType=JP', /^languageType: expected one of "CMN"/],
    ['/ssapi/bannerList/search?plat=' + 'x'.repeat(100), /^plat: /],
    ['/ssapi/bannerList/search?pid=' + encodeURIComponent('<b>'), /^pid: expected a product id/],
    ['/ssapi/bannerList/search?t=soon', /^t: /],
    ['/ssapi/bannerList/search?language=ENG', /^querystring: unexpected field "language"$/],
  ])('%s answers 400 naming the field', async (url, msg) => {
    const res = await t.inject({ url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 4001, msg: expect.stringMatching(msg) });
  });
});
