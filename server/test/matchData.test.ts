import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FootballEvent, type MatchView } from '../src/feed';
import { withoutTimePrefix } from '../../domain/footballEvents';
import { buildTestApp, playOut, type TestApp } from './helpers';

let t: TestApp;
let football: MatchView;
let basketball: MatchView;
let upcomingFootball: MatchView;
let outrightId: number;

const FOOTBALL_TYPES = new Set<number>(Object.values(FootballEvent));

/**
 * A live match of the sport well into play (football in the second half, basketball in a quarters
 * league into Q3) with time left, so moving the clock a few minutes does not end it.
 */
function liveMatch(sportId: number, period: number, maxPeriod: number): MatchView {
  const found = t.feed
    .matches({ type: 'inplay', sportId })
    .find(
      (m) =>
        m.matchStatus === 1 &&
        m.matchInfo.period >= period &&
        m.matchInfo.period <= maxPeriod &&
        (sportId !== 1 || m.matchInfo.matchTime < 80 * 60) &&
        t.feed.events(m.matchId).some((e) => e.period === 1) &&
        t.feed.events(m.matchId).some((e) => e.period === 3),
    );
  if (!found) throw new Error(`no live match of sport ${sportId} in period ${period} in the test feed`);
  return found;
}

/** The first match of a list of the test feed (`what` names it when there is none). */
function firstOf(query: Parameters<TestApp['feed']['matches']>[0], what: string): MatchView {
  const found = t.feed.matches(query)[0];
  if (!found) throw new Error(`no ${what} in the test feed`);
  return found;
}

beforeAll(async () => {
  t = await buildTestApp({ demoUsers: false });
  football = liveMatch(1, 3, 3);
  basketball = liveMatch(3, 5, 7);
  upcomingFootball = firstOf({ type: 'early', sportId: 1 }, 'early football match');
  outrightId = firstOf({ type: 'outright' }, 'outright').matchId;
});
afterAll(async () => {
  await t?.app.close();
});

async function get(url: string) {
  const res = await t.inject({ url });
  return { status: res.statusCode, body: res.json() };
}

describe('GET /api/score/zq/TextLive', () => {
  it('answers spec event types with the minute apart and no time prefix in the text, newest first', async () => {
    const { status, body } = await get(`/api/score/zq/TextLive?id=${football.matchId}&plat=pc&t=1735689600000&language=ENG`);
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    const list = body.data as Array<{ type: number; minute: string; second: number; team: string | null; text: string }>;
    expect(list.length).toBeGreaterThan(20);
    for (const entry of list) {
      expect(FOOTBALL_TYPES.has(entry.type)).toBe(true);
      expect(entry.minute).toMatch(/^\d{1,3}(\+\d{1,2})?'$/);
      expect(entry.text).not.toMatch(/^\s*\d{1,3}(\+\d{1,2})?\s*['′]/);
      expect(entry.text).not.toBe('');
    }
    // Newest first: the feed's event stream reversed (seconds alone restart at 45:00 after first-half stoppage time).
    const events = t.feed.events(football.matchId).reverse();
    expect(list.map((e) => [e.type, e.second])).toEqual(events.map((e) => [e.type, e.second]));
    expect(list.some((e) => e.type === FootballEvent.Start)).toBe(true);
  });

  it('answers in the language asked for (CMN by default) and accepts matchId for id', async () => {
    const eng = (await get(`/api/score/zq/TextLive?matchId=${football.matchId}&language=ENG`)).body.data;
    const cmn = (await get(`/api/score/zq/TextLive?id=${football.matchId}`)).body.data;
    expect(cmn.length).toBe(eng.length);
    expect(cmn[0].type).toBe(eng[0].type);
    expect(cmn.map((e: { text: string }) => e.text).join('')).toMatch(/[\u4e00-\u9fff]/);
    expect(eng.map((e: { text: string }) => e.text).join('')).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('grows as simulated time passes', async () => {
    const before = (await get(`/api/score/zq/TextLive?id=${football.matchId}`)).body.data.length;
    t.clock.advance(3 * 60_000);
    t.feed.tick();
    const after = (await get(`/api/score/zq/TextLive?id=${football.matchId}`)).body.data;
    expect(after.length).toBeGreaterThan(before);
  });

  it('strips event-time prefixes of every shape', () => {
    expect(withoutTimePrefix("67' Goal! Smith scores")).toBe('Goal! Smith scores');
    expect(withoutTimePrefix("45+2'：角球")).toBe('角球');
    expect(withoutTimePrefix('90′ - Full time')).toBe('Full time');
    expect(withoutTimePrefix('Corner for Rovers')).toBe('Corner for Rovers');
    expect(withoutTimePrefix('2-1 win')).toBe('2-1 win');
  });

  it('answers 404 for a basketball match, an outright and an unknown id', async () => {
    for (const [url, msg] of [
      [`/api/score/zq/TextLive?id=${basketball.matchId}`, `id: match ${basketball.matchId} is not a football match (sport 3)`],
      [`/api/score/zq/TextLive?matchId=${outrightId}`, `matchId: no match ${outrightId}`],
      ['/api/score/zq/TextLive?id=999999999', 'id: no match 999999999'],
    ]) {
      const res = await get(url as string);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: 4004, msg, data: null });
    }
  });
});

describe('GET /api/score/lq/TextLive', () => {
  const url = (section?: number) => `/api/score/lq/TextLive?id=${basketball.matchId}&language=ENG${section ? `&section=${section}` : ''}`;

  it("answers the spec's basketball entries, newest first", async () => {
    const { status, body } = await get(url());
    expect(status).toBe(200);
    const list = body.data as Array<{ section: number; time: string; sign: string | null; homeScore: number; awayScore: number; event: string }>;
    expect(list.length).toBeGreaterThan(50);
    for (const e of list) {
      expect(Object.keys(e).sort()).toEqual(['awayScore', 'event', 'homeScore', 'section', 'sign', 'time']);
      expect(e.time).toMatch(/^\d\d:\d\d$/);
      expect([null, 'home', 'away']).toContain(e.sign);
    }
    expect(list[0]!.homeScore + list[0]!.awayScore).toBeGreaterThanOrEqual(list[list.length - 1]!.homeScore + list[list.length - 1]!.awayScore);
    expect(list[0]!.homeScore).toBe(t.feed.match(basketball.matchId)!.matchInfo.homeScore);
  });

  it('narrows to a section: quarters, halves, full game', async () => {
    const full = (await get(url(1))).body.data as Array<{ section: number }>;
    expect((await get(url())).body.data).toEqual(full);
    const q1 = (await get(url(4))).body.data as Array<{ section: number }>;
    const q2 = (await get(url(5))).body.data as Array<{ section: number }>;
    const firstHalf = (await get(url(2))).body.data as Array<{ section: number }>;
    expect(q1.length).toBeGreaterThan(0);
    expect(q2.length).toBeGreaterThan(0);
    expect(q1.every((e) => e.section === 1)).toBe(true);
    expect(q2.every((e) => e.section === 2)).toBe(true);
    expect(firstHalf).toEqual([...q2, ...q1]);
    expect(firstHalf.length).toBeLessThan(full.length);
    expect((await get(url(8))).body.data.every((e: { section: number }) => e.section > 4)).toBe(true);
  });

  it('puts the final whistle in section 0 (after every section), and every play before it in its own section', async () => {
    const other = t.feed.matches({ type: 'inplay', sportId: 3 }).find((m) => m.matchId !== basketball.matchId && m.matchStatus === 1);
    if (!other) throw new Error('no second live basketball match in the test feed');
    playOut(t, other.matchId);
    const list = (await get(`/api/score/lq/TextLive?id=${other.matchId}&language=ENG`)).body.data as Array<{ section: number; homeScore: number; awayScore: number }>;
    const final = t.feed.match(other.matchId)!.matchInfo;
    expect(list[0]).toMatchObject({ section: 0, homeScore: final.homeScore, awayScore: final.awayScore });
    expect(list.slice(1).every((e) => e.section >= 1)).toBe(true);
  });

  it('answers 404 for a football match', async () => {
    const res = await get(`/api/score/lq/TextLive?id=${football.matchId}`);
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe(`id: match ${football.matchId} is not a basketball match (sport 1)`);
  });
});

describe('line-ups', () => {
  it('football: 11 starters a side, formations summing to 10, backups, incidents and logos', async () => {
    const { status, body } = await get(`/api/score/zq/lineup?id=${football.matchId}&language=ENG&plat=h5&t=1`);
    expect(status).toBe(200);
    const d = body.data;
    expect(d.published).toBe(true);
    expect(d.homeLine).toHaveLength(11);
    expect(d.awayLine).toHaveLength(11);
    for (const formation of [d.homeFormation, d.awayFormation]) expect(formation.reduce((a: number, b: number) => a + b, 0)).toBe(10);
    expect(d.homeLine.filter((p: { position: string }) => p.position === 'G')).toHaveLength(1);
    expect(d.homeBackup.length).toBeGreaterThan(0);
    for (const p of [...d.homeLine, ...d.homeBackup, ...d.awayLine, ...d.awayBackup]) {
      expect(p).toEqual({ id: expect.any(Number), number: expect.any(Number), name: expect.stringMatching(/^[A-Za-z]/), position: expect.any(String) });
    }
    const ids = [...d.homeLine, ...d.homeBackup].map((p: { id: number }) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(d.logoArr).toEqual({ home: `/api/team/icon/${football.matchInfo.homeId}`, away: `/api/team/icon/${football.matchInfo.awayId}` });
    expect(d.incidentArr.every((i: { type: number }) => [3, 4, 9, 15].includes(i.type))).toBe(true);
  });

  it('basketball: 5 starters a side, no formation', async () => {
    const d = (await get(`/api/score/lq/lineup?id=${basketball.matchId}`)).body.data;
    expect(d.homeLine).toHaveLength(5);
    expect(d.awayLine).toHaveLength(5);
    expect(d.homeFormation).toEqual([]);
  });

  it('answers an unpublished line-up as empty lists with published false', async () => {
    const d = (await get(`/api/score/zq/lineup?id=${upcomingFootball.matchId}`)).body.data;
    expect(d).toMatchObject({ matchId: upcomingFootball.matchId, published: false, homeLine: [], awayLine: [], homeFormation: [] });
    expect(d.logoArr.home).toBe(`/api/team/icon/${upcomingFootball.matchInfo.homeId}`);
  });

  it('answers 404 for the other sport', async () => {
    expect((await get(`/api/score/lq/lineup?id=${football.matchId}`)).status).toBe(404);
    expect((await get(`/api/score/zq/lineup?id=${basketball.matchId}`)).status).toBe(404);
  });
});

describe('technical statistics and football info', () => {
  it('basketball teahnic: statistics and points per section adding up to the score', async () => {
    const { status, body } = await get(`/api/score/lq/teahnic?id=${basketball.matchId}&language=ENG`);
    expect(status).toBe(200);
    const d = body.data;
    const keys = d.stats.map((s: { key: string }) => s.key);
    expect(keys).toEqual(expect.arrayContaining(['twoPointers', 'threePointers', 'freeThrows', 'rebounds', 'fouls']));
    expect(d.stats.find((s: { key: string }) => s.key === 'rebounds').name).toBe('Rebounds');
    expect(d.sections.length).toBeGreaterThanOrEqual(3);
    expect(d.sections[0]).toMatchObject({ period: 1, name: 'Q1' });
    expect(d.sections.reduce((sum: number, s: { home: number }) => sum + s.home, 0)).toBe(d.homeScore);
    expect(d.sections.reduce((sum: number, s: { away: number }) => sum + s.away, 0)).toBe(d.awayScore);
  });

  it('football matchInfo: weather fields and live technical statistics', async () => {
    const { status, body } = await get(`/api/match/zq/matchInfo?id=${football.matchId}&language=ENG`);
    expect(status).toBe(200);
    const { weather, technic, stats } = body.data;
    expect(weather).toEqual({
      temperature: expect.any(Number),
      wind: expect.any(Number),
      pressure: expect.any(Number),
      humidity: expect.any(Number),
      weather: expect.stringMatching(/^[A-Z][a-z]/),
      weather_image: expect.stringMatching(/^[a-z-]+$/),
      weather_id: expect.any(Number),
    });
    expect(weather.humidity).toBeGreaterThanOrEqual(0);
    expect(weather.humidity).toBeLessThanOrEqual(100);
    expect(technic.possession.home + technic.possession.away).toBe(100);
    for (const key of ['attacks', 'dangerousAttacks', 'shotsOnTarget', 'shotsOffTarget', 'corners', 'yellowCards', 'redCards']) {
      expect(technic[key]).toEqual({ home: expect.any(Number), away: expect.any(Number) });
    }
    expect(technic.attacks.home).toBeGreaterThanOrEqual(technic.dangerousAttacks.home);
    expect(stats.find((s: { key: string }) => s.key === 'corners')).toEqual({ key: 'corners', name: 'Corners', ...technic.corners });
    const cmn = (await get(`/api/match/zq/matchInfo?id=${football.matchId}`)).body.data.weather;
    expect(cmn.weather).not.toBe(weather.weather);
    expect(cmn.weather_id).toBe(weather.weather_id);
  });

  it('football matchInfo before kick-off: weather, no technical statistics yet', async () => {
    const d = (await get(`/api/match/zq/matchInfo?id=${upcomingFootball.matchId}`)).body.data;
    expect(d.weather).not.toBeNull();
    expect(d.technic).toBeNull();
    expect(d.stats).toEqual([]);
  });
});

describe('analysis and intelligence', () => {
  it('answers texts in the language', async () => {
    const eng = (await get(`/api/match/analysis?id=${football.matchId}&language=ENG`)).body.data as string[];
    const vie = (await get(`/api/match/analysis?id=${football.matchId}&language=VIE`)).body.data as string[];
    expect(eng.length).toBeGreaterThan(2);
    expect(vie).toHaveLength(eng.length);
    expect(vie).not.toEqual(eng);
    expect(eng.join(' ')).toContain(t.feed.match(football.matchId, 'ENG')!.matchInfo.homeName);
  });

  it('zq and lq intelligence serve their own sport', async () => {
    const zq = await get(`/api/match/zq/intelligence?id=${football.matchId}&language=ENG`);
    expect(zq.status).toBe(200);
    expect(zq.body.data.some((s: string) => /weather/i.test(s))).toBe(true);
    const lq = await get(`/api/match/lq/intelligence?id=${basketball.matchId}&language=ENG`);
    expect(lq.status).toBe(200);
    expect(lq.body.data.length).toBeGreaterThan(0);
    expect((await get(`/api/match/lq/intelligence?id=${football.matchId}`)).status).toBe(404);
    expect((await get(`/api/match/zq/intelligence?id=${basketball.matchId}`)).status).toBe(404);
  });
});

describe('GET /api/match/history', () => {
  it('answers schedule rows with win/draw/lose from the point of view of their team, names in the language', async () => {
    const { status, body } = await get(`/api/match/history?id=${football.matchId}&language=ENG`);
    expect(status).toBe(200);
    const d = body.data;
    const home = t.feed.match(football.matchId, 'ENG')!.matchInfo.homeName;
    const away = t.feed.match(football.matchId, 'ENG')!.matchInfo.awayName;
    expect(d.homeLastMatch.length).toBeGreaterThan(0);
    type Row = { homeName: string; awayName: string; homeScore: number; awayScore: number; isHome: boolean; status: string; league: string };
    const check = (rows: Row[], team: string) => {
      for (const r of rows) {
        expect(['win', 'draw', 'lose']).toContain(r.status);
        expect(r.isHome ? r.homeName : r.awayName).toBe(team);
        const [own, other] = r.isHome ? [r.homeScore, r.awayScore] : [r.awayScore, r.homeScore];
        expect(r.status).toBe(own > other ? 'win' : own < other ? 'lose' : 'draw');
        expect(r.league).toMatch(/^[A-Za-z]/);
      }
    };
    check(d.homeLastMatch, home);
    check(d.awayLastMatch, away);
    for (const r of d.historyMatch as Row[]) expect([r.homeName, r.awayName].sort()).toEqual([home, away].sort());
    expect(d.leagueRanking.map((r: { rank: number }) => r.rank)).toEqual(d.leagueRanking.map((_: unknown, i: number) => i + 1));
    expect(d.goalDist.home.scored).toHaveLength(6);
    for (const i of d.injury) expect(i).toEqual({ teamId: expect.any(Number), side: expect.stringMatching(/^(home|away)$/), player: { id: expect.any(Number), name: expect.any(String), number: expect.any(Number) }, reason: expect.any(String), expectedReturn: expect.any(String) });
    expect(Array.isArray(d.homeFutureMatch)).toBe(true);
  });

  it('answers 404 for an unknown match', async () => {
    const res = await get('/api/match/history?id=123');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 4004, msg: 'id: no match 123', data: null });
  });
});

describe('bad input', () => {
  const ROUTES = [
    '/api/score/zq/TextLive',
    '/api/score/lq/TextLive',
    '/api/score/zq/lineup',
    '/api/score/lq/lineup',
    '/api/score/lq/teahnic',
    '/api/match/zq/matchInfo',
    '/api/match/analysis',
    '/api/match/zq/intelligence',
    '/api/match/lq/intelligence',
    '/api/match/history',
  ];
  const CASES: Array<[string, string, RegExp]> = [
    ['', 'no id', /^id: missing, expected a match id/],
    ['plat=pc&t=1', 'no id, other fields', /^id: missing/],
    ['id=abc', 'a word', /^id: expected a match id .*got "abc"$/],
    ['id=-5', 'a negative id', /^id: expected a match id .*got "-5"$/],
    ['id=0', 'zero', /^id: expected a match id .*got "0"$/],
    ['id=1.5', 'a fraction', /^id: expected a match id .*got "1.5"$/],
    ['id=99999999999', 'a huge id', /^id: expected a match id \(an integer 1 to 2147483647\)/],
    ['id=2147483648', 'one past the largest id', /^id: /],
    [`id=${'9'.repeat(5000)}`, 'an over-long id', /^id: .*got a string of 5000 characters$/],
    ['id=1&id=2', 'two ids', /^id: .*got an array of 2 items$/],
    ['matchId=x', 'a bad matchId', /^matchId: /],
    ['id=1&matchId=2', 'ids that disagree', /^matchId: expected the same match as id \(1\), got 2$/],
    ['id=1&language=FR', 'a bad language', /^language: expected one of "CMN", "zh-TW", "ENG", "VIE", "THA", got "FR"$/],
    [`id=1&language=${'E'.repeat(300)}`, 'an over-long language', /^language: .*got a string of 300 characters$/],
    ['id=1&plat=<script>', 'a bad plat', /^plat: expected a platform name/],
    [`id=1&plat=${'p'.repeat(17)}`, 'an over-long plat', /^plat: /],
    ['id=1&t=yesterday', 'a bad t', /^t: expected a timestamp/],
    ['id=1&ts=1.5', 'a bad ts', /^ts: /],
    ['id=1&evil=1', 'an unknown field', /^querystring: unexpected field "evil"$/],
  ];

  it.each(ROUTES.flatMap((route) => CASES.map(([query, what, msg]) => [route, what, query, msg] as const)))('%s with %s answers 400 naming the field', async (route, _what, query, msg) => {
    const res = await t.inject({ url: `${route}${query ? `?${query}` : ''}` });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(4001);
    expect(body.data).toBeNull();
    expect(body.msg).toMatch(msg);
  });

  it.each(['0', '9', 'q1', '1.5', '', '-1', 'x'.repeat(1000)])('basketball section %j answers 400 naming section', async (section) => {
    const res = await t.inject({ url: `/api/score/lq/TextLive?id=${basketball.matchId}&section=${encodeURIComponent(section)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 4001, msg: expect.stringMatching(/^section: expected a section: 1 full game/) });
  });

  it('the section filter exists only on basketball text live', async () => {
    const res = await t.inject({ url: `/api/score/zq/TextLive?id=${football.matchId}&section=2` });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('querystring: unexpected field "section"');
  });
});
