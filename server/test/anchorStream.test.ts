import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import type { AnchorMediaData } from '../../contract/media';
import { AnchorType, LiveStatus } from '../../domain/anchors';
import type { Anchor } from '../../contract/live';
import { createFakeClock } from '../src/clock';
import { studioGraph } from '../src/media/studio';
import { createStreamTickets, TICKET_TTL_MS } from '../src/media/tickets';
import { buildTestApp, login, playOut, type TestApp } from './helpers';
import { alive, encoderPicture, eventually, firstFrame, get as getFrom, json, openFlv as openFlvFrom, WORDLESS } from './streamClient';

/**
 * The anchor's stream of a live room over real HTTP with the real ffmpeg (a small picture, to stay light on a busy
 * machine): the answer and who may have it, one encoder per room shared by every viewer, the stops (last viewer gone,
 * room ended, close), the shared encoder cap and the stream tickets. The feed runs at 60x so the room's match can be
 * played to its end in a few fake-clock minutes.
 */

const MEDIA = { maxEncoders: 2, maxEncodersPerClient: 2, idleSeconds: 5, width: 320, height: 180, fps: 10, segmentSeconds: 1, startTimeoutSeconds: 20 };

let t: TestApp;
let demoToken: string;
let demo2Token: string;
/** A normal room living at the start, the one most tests watch. */
let room: Anchor;
let closed = false;

const get = (url: string, token?: string) => getFrom(t.port, url, token ? { authorization: token } : {});
const openFlv = (url: string) => openFlvFrom(t.port, url);

async function anchorMedia(liveRoomId: number | string, token?: string): Promise<AnchorMediaData> {
  const res = await get(`/media/anchor/web?liveRoomId=${liveRoomId}`, token);
  expect({ status: res.status, body: json(res) }).toMatchObject({ status: 200, body: { code: 0 } });
  return json(res).data as AnchorMediaData;
}

async function rooms(token?: string): Promise<Anchor[]> {
  return json(await get('/ssapi/anchor/search?matchSource=inplay', token)).data as Anchor[];
}

beforeAll(async () => {
  t = await buildTestApp({ config: { media: MEDIA }, feed: { speed: 60 } });
  [demoToken, demo2Token] = await Promise.all([login(t, 'demo'), login(t, 'demo2')]);
  const normal = (await rooms()).filter((r) => r.liveStatus === LiveStatus.Living);
  if (normal.length < 2) throw new Error('the test feed has fewer than two living normal rooms');
  room = normal[0]!;
});

afterAll(async () => {
  if (!closed) await t?.app.close();
});

describe('the answer', () => {
  it('names one line of a living room, FLV for pc and HLS for h5, with a stream ticket, never cached', async () => {
    const res = await get(`/media/anchor/web?liveRoomId=${room.liveRoomId}&t=1700000000000`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = json(res).data as AnchorMediaData;
    expect(data).toEqual({
      liveRoomId: room.liveRoomId,
      matchId: room.matchId,
      liveStatus: LiveStatus.Living,
      sources: [{ line: 1, pc: expect.stringMatching(new RegExp(`^/media/anchor/${room.liveRoomId}/[0-9a-z]+-[0-9a-f]{32}\\.flv$`)), h5: expect.any(String) }],
    });
    const source = data.sources[0]!;
    expect(source.h5).toBe(source.pc.replace(/\.flv$/, '/index.m3u8'));
    // Answering starts nothing: encoders start when a stream is asked for.
    expect(t.app.liveStreams.encoderCount()).toBe(0);
  });

  it('answers 404 naming the field for an unknown room', async () => {
    const res = await get('/media/anchor/web?liveRoomId=42');
    expect(res.status).toBe(404);
    expect(json(res)).toEqual({ code: 4004, msg: 'liveRoomId: no live room 42', data: null });
  });

  it('answers 400 naming the field for bad input, and starts nothing', async () => {
    const cases: [string, string][] = [
      ['/media/anchor/web', 'liveRoomId'],
      ['/media/anchor/web?liveRoomId=abc', 'liveRoomId: expected a live room id'],
      ['/media/anchor/web?liveRoomId=0', 'liveRoomId: expected a live room id'],
      ['/media/anchor/web?liveRoomId=99999999999', 'liveRoomId: expected a live room id'],
      [`/media/anchor/web?liveRoomId=${room.liveRoomId}&matchId=1`, 'matchId'],
      [`/media/anchor/web?liveRoomId=${room.liveRoomId}&language=xx`, 'language'],
      [`/media/anchor/${room.liveRoomId}/not-a-ticket.flv`, 'ticket: expected the stream ticket'],
      [`/media/anchor/x/abc-${'0'.repeat(32)}/index.m3u8`, 'liveRoomId: expected a live room id'],
      [`/media/anchor/${room.liveRoomId}/abc-${'0'.repeat(32)}/..%2Fsecret.ts`, 'segment: expected a segment name'],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect({ url, status: res.status, code: json(res).code }).toEqual({ url, status: 400, code: 4001 });
      expect(json(res).msg).toContain(message);
    }
    expect(t.app.liveStreams.encoderCount()).toBe(0);
  });
});

describe('who may watch', () => {
  /** An exclusive room living at the start; the demo member is granted 8010 and 8011 (config/platform.json). */
  let exclusive: Anchor;
  /** The agent room, granted to the demo member too (8012). */
  let agent: Anchor;

  beforeAll(async () => {
    const granted = (await rooms(demoToken)).filter((r) => r.liveStatus === LiveStatus.Living);
    const of = (type: number) => granted.find((r) => r.anchorType === type);
    if (!of(AnchorType.Exclusive) || !of(AnchorType.Agent)) throw new Error('no living exclusive and agent rooms in the test feed');
    exclusive = of(AnchorType.Exclusive)!;
    agent = of(AnchorType.Agent)!;
  });

  it('answers a restricted room only to a member whose special rooms include it; to others as an unknown room', async () => {
    for (const restricted of [exclusive, agent]) {
      const unknown = { code: 4004, msg: `liveRoomId: no live room ${restricted.liveRoomId}`, data: null };
      for (const token of [undefined, demo2Token, 'an-expired-or-made-up-token']) {
        const res = await get(`/media/anchor/web?liveRoomId=${restricted.liveRoomId}`, token);
        expect({ room: restricted.liveRoomId, token, status: res.status, body: json(res) }).toEqual({ room: restricted.liveRoomId, token, status: 404, body: unknown });
      }
      const granted = await anchorMedia(restricted.liveRoomId, demoToken);
      expect(granted).toMatchObject({ liveRoomId: restricted.liveRoomId, matchId: restricted.matchId, liveStatus: LiveStatus.Living });
      expect(granted.sources).toHaveLength(1);
    }
    // A normal room is everyone's, members' too.
    expect((await anchorMedia(room.liveRoomId, demo2Token)).sources).toHaveLength(1);
  });

  it("refuses a stream URL whose ticket was not issued for the room: a guessed room id never opens another's stream", async () => {
    const normal = (await anchorMedia(room.liveRoomId)).sources[0]!;
    const ticket = normal.pc.split('/')[4]!.replace(/\.flv$/, '');
    const forgedUrls = [
      `/media/anchor/${exclusive.liveRoomId}/${ticket}.flv`,
      `/media/anchor/${exclusive.liveRoomId}/${ticket}/index.m3u8`,
      `/media/anchor/${exclusive.liveRoomId}/${ticket}/ab12-00001.ts`,
      `/media/anchor/${room.liveRoomId}/${ticket.replace(/.$/, (c) => (c === '0' ? '1' : '0'))}.flv`,
    ];
    for (const url of forgedUrls) {
      const res = await get(url);
      expect({ url, status: res.status, body: json(res) }).toEqual({
        url,
        status: 403,
        body: { code: 403, msg: expect.stringContaining('ticket: the stream ticket is not one of room'), data: null },
      });
    }
    expect(t.app.liveStreams.encoderCount()).toBe(0);
  });
});

describe('one encoder per room', () => {
  it('serves every viewer of a room, FLV and HLS, from one ffmpeg', async () => {
    const [a, b] = await Promise.all([anchorMedia(room.liveRoomId), anchorMedia(room.liveRoomId, demoToken)]);
    const first = await openFlv(a.sources[0]!.pc);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('video/x-flv');
    expect(first.headers['cache-control']).toBe('no-cache, no-store');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    const second = await openFlv(b.sources[0]!.pc);
    const flv = await second.until((f) => firstFrame(f.tags) !== undefined, 20_000);
    expect(flv.signature).toBe('FLV');
    expect(firstFrame(flv.tags)!.frameType).toBe(1);

    const playlist = await get(b.sources[0]!.h5);
    expect(playlist.status).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.headers['cache-control']).toBe('no-cache');
    const segmentName = playlist.body.toString('utf8').split('\n').find((l) => /^[a-z0-9]+-\d+\.ts$/.test(l))!;
    // The playlist names its segments relatively, so they carry the ticket of the playlist's URL.
    const segment = await get(b.sources[0]!.h5.replace('index.m3u8', segmentName));
    expect(segment.status).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.headers['cache-control']).toBe('public, max-age=60');
    expect(segment.body[0]).toBe(0x47);

    const encoders = t.app.liveStreams.encoders();
    expect(encoders).toEqual([expect.objectContaining({ key: `room-${room.liveRoomId}-${room.matchId}`, flvViewers: 2 })]);
    expect(alive(encoders[0]!.pid)).toBe(true);
    first.close();
    second.close();
    await eventually(() => t.app.liveStreams.encoders()[0]?.flvViewers === 0);
  });

  it("burns no text into the picture: the app draws the anchor's name and the match in the viewer's language (issue 31)", () => {
    expect(encoderPicture(t.app.liveStreams.encoders()[0]!)).toEqual(WORDLESS);
  });

  it('stops when the last viewer has been gone for idleSeconds, and only then', async () => {
    const [running] = t.app.liveStreams.encoders();
    // The HLS request of the test before was the last activity; nothing has watched since.
    t.clock.advance(MEDIA.idleSeconds * 1000 - 1);
    t.app.liveStreams.tick();
    expect(t.app.liveStreams.encoderCount()).toBe(1);
    t.clock.advance(1);
    t.app.liveStreams.tick();
    expect(t.app.liveStreams.encoderCount()).toBe(0);
    await eventually(() => !alive(running!.pid) && !existsSync(running!.dir));
  });

  it('shares the encoder cap with match video: a third stream answers 503, running ones play on', async () => {
    const other = (await rooms()).find((r) => r.liveStatus === LiveStatus.Living && r.liveRoomId !== room.liveRoomId && r.matchId !== room.matchId)!;
    const line = t.feed.matches({ type: 'inplay' }).find((m) => (t.feed.media(m.matchId)?.videos.length ?? 0) > 0)!;
    const roomStream = await openFlv((await anchorMedia(room.liveRoomId)).sources[0]!.pc);
    const matchStream = await openFlv(`/media/live/${line.matchId}/1.flv`);
    expect(t.app.liveStreams.encoderCount()).toBe(2);
    const busy = await get((await anchorMedia(other.liveRoomId)).sources[0]!.h5);
    expect(busy.status).toBe(503);
    expect(json(busy)).toEqual({ code: 5003, msg: expect.stringContaining('all 2 live encoders are busy'), data: null });
    await roomStream.until((f) => firstFrame(f.tags) !== undefined, 20_000);
    matchStream.close();
    await eventually(() => t.app.liveStreams.encoders().some((e) => e.key.startsWith('match-') && e.flvViewers === 0));
    t.clock.advance(MEDIA.idleSeconds * 1000);
    t.app.liveStreams.tick();
    expect(t.app.liveStreams.encoders().map((e) => e.key)).toEqual([`room-${room.liveRoomId}-${room.matchId}`]);
    roomStream.close();
  });
});

describe('when the room ends', () => {
  it('stops its encoder, ends the viewers, answers ended with no sources and 404 for its stream URLs', async () => {
    const media = await anchorMedia(room.liveRoomId);
    const viewer = await openFlv(media.sources[0]!.pc);
    await viewer.until((f) => firstFrame(f.tags) !== undefined, 20_000);
    const [running] = t.app.liveStreams.encoders();
    expect(running?.key).toBe(`room-${room.liveRoomId}-${room.matchId}`);
    // Play the feed a few steps (ten simulated minutes and ten seconds of the clock each, twice the encoder's idle
    // time), then the room's match to its end with the feed's test controls (the rest of the world standing still).
    const status = () => t.app.anchors.rooms('all', 'ENG').find((r) => r.liveRoomId === room.liveRoomId)?.liveStatus;
    for (let step = 0; step < 3 && status() === LiveStatus.Living; step++) {
      t.clock.advance(10_000);
      t.feed.tick();
      // The viewer keeps the room's encoder running however long it watches.
      if (status() === LiveStatus.Living) {
        t.app.liveStreams.tick();
        expect(t.app.liveStreams.encoderCount()).toBe(1);
      }
    }
    playOut(t, room.matchId);
    expect(status()).toBe(LiveStatus.Ended);
    t.app.liveStreams.tick();
    expect(t.app.liveStreams.encoderCount()).toBe(0);
    await eventually(() => viewer.ended() && !alive(running!.pid));

    expect(await anchorMedia(room.liveRoomId)).toEqual({ liveRoomId: room.liveRoomId, matchId: room.matchId, liveStatus: LiveStatus.Ended, sources: [] });
    for (const url of [media.sources[0]!.pc, media.sources[0]!.h5]) {
      const res = await get(url);
      expect({ url, status: res.status, body: json(res) }).toEqual({
        url,
        status: 404,
        body: { code: 4004, msg: `liveRoomId: room ${room.liveRoomId} is not live (it has ended)`, data: null },
      });
    }
    expect(t.app.liveStreams.encoderCount()).toBe(0);
  }, 120_000);
});

describe('pieces', () => {
  it('signs tickets per room and lets them expire after TICKET_TTL_MS', () => {
    const clock = createFakeClock();
    const tickets = createStreamTickets(clock);
    const ticket = tickets.issue(8001);
    expect(tickets.check(8001, ticket)).toBe('ok');
    expect(tickets.check(8002, ticket)).toBe('invalid');
    expect(createStreamTickets(clock).check(8001, ticket)).toBe('invalid');
    expect(tickets.check(8001, `${ticket.split('-')[0]}-${'f'.repeat(32)}`)).toBe('invalid');
    expect(tickets.check(8001, 'garbage')).toBe('invalid');
    clock.advance(TICKET_TTL_MS - 1);
    expect(tickets.check(8001, ticket)).toBe('ok');
    clock.advance(1);
    expect(tickets.check(8001, ticket)).toBe('expired');
  });

  it('draws the studio without text, with its blinking lamp, unlike the match picture', () => {
    const graph = studioGraph({ width: 640, height: 360, fps: 25, segmentSeconds: 1 });
    expect(graph).not.toMatch(/drawtext|textfile|fontfile/);
    expect(graph).toContain("color=red:t=fill:enable='lt(mod(t,1.6),0.8)'");
    // Not the match picture's green pitch.
    expect(graph).not.toContain('0x2e7d32');
  });
});

describe('close', () => {
  it('stops the room encoders with the platform', async () => {
    const viewer = await openFlv((await anchorMedia((await rooms()).find((r) => r.liveStatus === LiveStatus.Living)!.liveRoomId)).sources[0]!.pc);
    await viewer.until((f) => firstFrame(f.tags) !== undefined, 20_000);
    const running = t.app.liveStreams.encoders();
    expect(running).toHaveLength(1);
    closed = true;
    await t.app.close();
    expect(t.app.liveStreams.encoderCount()).toBe(0);
    for (const e of running) expect(alive(e.pid)).toBe(false);
    await eventually(() => viewer.ended());
  });
});
