import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import WebSocket from 'ws';
import { FootballEvent, SportEvent, type MatchView } from '../src/feed';
import { ANIMATION_EVENTS } from '../src/routes/media/animation';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;

const FOOTBALL_TYPES = new Set<number>(Object.values(FootballEvent));
const SPORT_TYPES = new Set<number>(Object.values(SportEvent));

function inPlay(sportId: number): MatchView {
  const found = t.feed.matches({ type: 'inplay', sportId }).find((m) => m.matchStatus === 1 && t.feed.events(m.matchId).length > 5);
  if (!found) throw new Error(`no live match of sport ${sportId} with events in the test feed`);
  return found;
}

async function get(url: string) {
  const res = await t.inject({ url });
  return { status: res.statusCode, body: res.json() };
}

beforeAll(async () => {
  t = await buildTestApp({ demoUsers: false, feed: { speed: 60 } });
});
afterAll(async () => {
  await t?.app.close();
});

describe('GET /media/animation/:matchId', () => {
  it("answers an in-play football match's tracker state: clock, score, teams, latest events and technical statistics", async () => {
    const m = inPlay(1);
    const url = t.feed.media(m.matchId)!.animations[0]!.pc;
    expect(url).toBe(`/media/animation/${m.matchId}`);
    const { status, body } = await get(`${url}?language=ENG`);
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    const d = body.data;
    expect(d).toMatchObject({
      matchId: m.matchId,
      sportId: 1,
      matchStatus: 1,
      inPlay: true,
      period: m.matchInfo.period,
      homeScore: m.matchInfo.homeScore,
      awayScore: m.matchInfo.awayScore,
      home: { id: m.matchInfo.homeId },
      away: { id: m.matchInfo.awayId },
    });
    expect(d.home.name).toBe(t.feed.match(m.matchId, 'ENG')!.matchInfo.homeName);
    expect(d.matchPeriod).toBe(t.feed.match(m.matchId, 'ENG')!.matchInfo.matchPeriod);
    expect(d.clock).toMatchObject({ type: 'up' });
    expect(d.clock.second).toBeGreaterThan(0);

    const all = t.feed.events(m.matchId);
    expect(d.events).toHaveLength(Math.min(ANIMATION_EVENTS, all.length));
    const last = all[all.length - 1]!;
    expect(d.events[d.events.length - 1]).toMatchObject({ seq: last.seq, type: last.type, code: last.code, team: last.team, second: last.second, period: last.period, text: last.text.ENG });
    for (const e of d.events) {
      expect(FOOTBALL_TYPES.has(e.type)).toBe(true);
      expect(typeof e.homeScore).toBe('number');
    }
    const seqs = d.events.map((e: { seq: number }) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));

    const keys = d.stats.map((s: { key: string }) => s.key);
    expect(keys).toEqual(expect.arrayContaining(['possession', 'attacks', 'dangerousAttacks', 'shotsOnTarget', 'shotsOffTarget', 'corners']));
    const possession = d.stats.find((s: { key: string }) => s.key === 'possession');
    expect(possession.home + possession.away).toBe(100);
    expect(possession.name).toMatch(/^Possession/);
  });

  it('answers an in-play basketball match with its quarter clock and play-by-play, texts in the default language', async () => {
    const m = inPlay(3);
    const { status, body } = await get(`/media/animation/${m.matchId}`);
    expect(status).toBe(200);
    const d = body.data;
    expect(d).toMatchObject({ sportId: 3, inPlay: true, serveIn: 0 });
    expect(d.clock.type).toBe('down');
    const all = t.feed.events(m.matchId);
    const last = all[all.length - 1]!;
    expect(d.events[d.events.length - 1]).toMatchObject({ seq: last.seq, text: last.text.CMN, section: last.section, clockText: last.clockText });
    for (const e of d.events) expect(SPORT_TYPES.has(e.type)).toBe(true);
    expect(d.events.some((e: { code: string }) => ['twoPointer', 'threePointer', 'freeThrowMade'].includes(e.code))).toBe(true);
    expect(d.stats.map((s: { key: string }) => s.key)).toEqual(expect.arrayContaining(['twoPointers', 'threePointers', 'freeThrows', 'fouls', 'timeouts']));
  });

  it('answers a serving sport with who serves, and an upcoming match as not in play with no events', async () => {
    const tennis = t.feed.matches({ type: 'inplay', sportId: 5 }).find((m) => m.matchStatus === 1);
    if (tennis) {
      const d = (await get(`/media/animation/${tennis.matchId}?plat=h5`)).body.data;
      expect([1, 2]).toContain(d.serveIn);
      expect(d.stats.length).toBeGreaterThan(0);
    }
    const early = t.feed.matches({ type: 'early', sportId: 1 })[0]!;
    const { status, body } = await get(`/media/animation/${early.matchId}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ matchStatus: 0, inPlay: false, events: [], stats: [], homeScore: 0, awayScore: 0 });
  });

  it('answers the second source where the match has one, 404 where it has not', async () => {
    const m = t.feed.matches({ type: 'inplay' }).find((v) => t.feed.media(v.matchId)!.animations.length === 2);
    const single = t.feed.matches({ type: 'inplay' }).find((v) => t.feed.media(v.matchId)!.animations.length === 1)!;
    if (m) {
      const url = t.feed.media(m.matchId)!.animations[1]!.pc;
      expect(url).toBe(`/media/animation/${m.matchId}?source=2`);
      expect((await get(url)).body.data.matchId).toBe(m.matchId);
    }
    expect((await get(`/media/animation/${single.matchId}?source=2`)).body).toEqual({ code: 4004, msg: `source: match ${single.matchId} has no animation source 2`, data: null });
  });

  it('answers 404 for an unknown match or an outright, 400 for a bad id or query', async () => {
    expect(await get('/media/animation/42')).toEqual({ status: 404, body: { code: 4004, msg: 'matchId: no match 42', data: null } });
    const outright = t.feed.matches({ type: 'outright' })[0]!;
    expect((await get(`/media/animation/${outright.matchId}`)).status).toBe(404);
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999', 'x'.repeat(150)]) {
      const { status, body } = await get(`/media/animation/${bad}`);
      expect(status).toBe(400);
      expect(body.code).toBe(4001);
      expect(body.msg).toMatch(/^matchId: expected a match id/);
    }
    const m = inPlay(1);
    const bad = await get(`/media/animation/${m.matchId}?source=3`);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/source/);
    expect((await get(`/media/animation/${m.matchId}?colour=red`)).status).toBe(400);
  });

  it('is followed by push events on match:<id>:score that continue the answered events', async () => {
    const m = inPlay(1);
    const start = (await get(`/media/animation/${m.matchId}`)).body.data;
    const lastSeq = start.events[start.events.length - 1].seq;
    const ws = new WebSocket(`ws://127.0.0.1:${t.port}/push`);
    const frames: any[] = [];
    ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    try {
      ws.send(JSON.stringify({ cmd: 'sub', channels: [`match:${m.matchId}:score`] }));
      ws.send(JSON.stringify({ cmd: 'ping' }));
      const until = async (done: () => boolean, what: string) => {
        for (const end = Date.now() + 10_000; !done(); await new Promise((r) => setTimeout(r, 20))) {
          if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
        }
      };
      // Subscribed once the pong is back (frames are handled in order); then simulated seconds until the feed has a
      // new event of the match, counted in simulated time, so a busy machine cannot run out of wall time first.
      await until(() => frames.some((f) => f.cmd === 'pong'), 'the pong');
      const before = t.feed.events(m.matchId).length;
      for (let second = 0; second < 3_600 && t.feed.events(m.matchId).length === before; second++) {
        t.clock.advance(1_000);
        t.feed.tick();
      }
      expect(t.feed.events(m.matchId).length).toBeGreaterThan(before);
      const events = () => frames.filter((f) => f.chId === `match:${m.matchId}:score` && f.data.kind === 'event');
      await until(() => events().length > 0, 'the pushed event');
      const pushed = events()[0].data.event;
      expect(pushed.seq).toBeGreaterThan(lastSeq);
      expect(FOOTBALL_TYPES.has(pushed.type)).toBe(true);
      expect(typeof pushed.text.ENG).toBe('string');
      const again = (await get(`/media/animation/${m.matchId}`)).body.data;
      expect(again.events.some((e: { seq: number }) => e.seq === pushed.seq)).toBe(true);
    } finally {
      ws.terminate();
    }
  });
});
