import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, parseJsonConfig } from '../src/config/loadJsonConfig';
import { platformConfigSchema } from '../src/config/platformConfig';
import { MatchStatus, type Feed, type MatchView } from '../src/feed';
import { createLiveStreams, isCompletePlaylist, matchVideoSource } from '../src/media';
import { pictureGraph } from '../src/media/picture';
import { buildTestApp, REPO_ROOT, type TestApp } from './helpers';
import { alive, encoderPicture, eventually, firstFrame, get as getFrom, json, openFlv as openFlvFrom, WORDLESS, type FlvClient } from './streamClient';

/**
 * The live video lines over real HTTP with the real ffmpeg: HLS playlist and MPEG-TS segments,
 * HTTP-FLV shared by every viewer, on-demand start, idle and end-of-match stops, the encoder cap,
 * and nothing left running after close.
 */

const MEDIA = { maxEncoders: 2, maxEncodersPerClient: 2, idleSeconds: 5, width: 640, height: 360, fps: 25, segmentSeconds: 1, startTimeoutSeconds: 10 };

let t: TestApp;
let closed = false;
/** In-play matches with video, the first one with at least 2 lines. */
let two: number;
let other: number;
let lines: Map<number, number>;

beforeAll(async () => {
  t = await buildTestApp({ demoUsers: false, config: { media: MEDIA } });
  const live = t.feed.matches({ type: 'inplay' }).map((m) => m.matchId);
  lines = new Map(live.map((id) => [id, t.feed.media(id)?.videos.length ?? 0]));
  const withTwo = live.find((id) => (lines.get(id) ?? 0) >= 2);
  if (withTwo === undefined) throw new Error('no in-play match with two video lines in the test feed');
  two = withTwo;
  const next = live.find((id) => id !== two && (lines.get(id) ?? 0) >= 1);
  if (next === undefined) throw new Error('only one in-play match with video in the test feed');
  other = next;
});

afterAll(async () => {
  if (!closed) await t?.app.close();
});

const get = (url: string) => getFrom(t.port, url);
const openFlv = (url: string) => openFlvFrom(t.port, url);


describe('HLS', () => {
  it('starts the encoder on the first playlist request and serves the playlist and MPEG-TS segments', async () => {
    expect(t.app.liveStreams.encoderCount()).toBe(0);
    const started = Date.now();
    const playlist = await get(`/media/live/${two}/1/index.m3u8`);
    expect(Date.now() - started).toBeLessThan(MEDIA.startTimeoutSeconds * 1000);
    expect(playlist.status).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.headers['cache-control']).toBe('no-cache');
    const text = playlist.body.toString('utf8');
    expect(text.startsWith('#EXTM3U\n')).toBe(true);
    expect(text).toContain('#EXT-X-TARGETDURATION:');
    const segments = text.split('\n').filter((l) => /^[a-z0-9]+-\d+\.ts$/.test(l));
    expect(segments.length).toBeGreaterThan(0);
    expect(t.app.liveStreams.encoderCount()).toBe(1);

    const segment = await get(`/media/live/${two}/1/${segments[0]}`);
    expect(segment.status).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.body.length).toBeGreaterThan(188 * 10);
    expect(segment.body.length % 188).toBe(0);
    for (let at = 0; at < segment.body.length; at += 188) expect(segment.body[at]).toBe(0x47);

    // A second request is served by the same encoder.
    expect((await get(`/media/live/${two}/1/index.m3u8`)).status).toBe(200);
    expect(t.app.liveStreams.encoderCount()).toBe(1);
  });

  it("burns no text into the picture: the app draws teams, score and clock in the viewer's language (issue 31)", () => {
    expect(encoderPicture(t.app.liveStreams.encoders()[0]!)).toEqual(WORDLESS);
  });

  it('answers 404 for a segment that does not exist and 400 for a malformed segment name', async () => {
    const missing = await get(`/media/live/${two}/1/abcd-99999.ts`);
    expect(missing.status).toBe(404);
    expect(json(missing)).toEqual({ code: 4004, msg: expect.stringContaining('segment: no segment abcd-99999.ts'), data: null });
    const bad = await get(`/media/live/${two}/1/..%2Fsecret.ts`);
    expect(bad.status).toBe(400);
    expect(json(bad).code).toBe(4001);
    expect(json(bad).msg).toContain('segment: expected a segment name');
  });
});

describe('HTTP-FLV', () => {
  let first: FlvClient;
  let late: FlvClient;

  it('streams FLV with an AVC sequence header and video from the encoder the HLS viewers already use', async () => {
    first = await openFlv(`/media/live/${two}/1.flv`);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('video/x-flv');
    expect(first.headers['transfer-encoding']).toBe('chunked');
    const flv = await first.until((f) => f.tags.filter((tag) => tag.type === 9).length >= 10);
    expect(flv.signature).toBe('FLV');
    expect(flv.hasVideo).toBe(true);
    const video = flv.tags.filter((tag) => tag.type === 9);
    expect(video[0]!.avcPacketType).toBe(0);
    expect(firstFrame(flv.tags)!.frameType).toBe(1);
    expect(t.app.liveStreams.encoderCount()).toBe(1);
  });

  it('shares one encoder between viewers, and a late joiner starts on a keyframe', async () => {
    // Late: the first viewer has seen more than a keyframe interval (1 s) of video.
    await first.until((f) => f.tags.some((tag) => tag.type === 9 && tag.timestamp > 1500));
    late = await openFlv(`/media/live/${two}/1.flv`);
    expect(late.status).toBe(200);
    const flv = await late.until((f) => f.tags.filter((tag) => tag.type === 9 && tag.avcPacketType === 1).length >= 3);
    expect(flv.signature).toBe('FLV');
    const video = flv.tags.filter((tag) => tag.type === 9);
    expect(video[0]!.avcPacketType).toBe(0);
    const frame = firstFrame(flv.tags)!;
    expect(frame.frameType).toBe(1);
    expect(frame.timestamp).toBeGreaterThanOrEqual(1000);
    expect(t.app.liveStreams.encoderCount()).toBe(1);
    expect(t.app.liveStreams.encoders()[0]!.flvViewers).toBe(2);
  });

  it('lets viewers go: a disconnected viewer is dropped, the other keeps receiving', async () => {
    late.close();
    await eventually(() => t.app.liveStreams.encoders()[0]?.flvViewers === 1);
    const before = first.bytes().length;
    await eventually(() => first.bytes().length > before + 1000);
    first.close();
    await eventually(() => t.app.liveStreams.encoders()[0]?.flvViewers === 0);
    expect(t.app.liveStreams.encoderCount()).toBe(1);
  });
});

describe('errors', () => {
  it('answers 404 with the envelope for an unknown match and a line the match does not have', async () => {
    const unknown = await get('/media/live/42/1.flv');
    expect(unknown.status).toBe(404);
    expect(json(unknown)).toEqual({ code: 4004, msg: 'matchId: no match 42', data: null });
    const noLine = await get(`/media/live/${two}/${(lines.get(two) ?? 0) + 1}/index.m3u8`);
    expect(noLine.status).toBe(404);
    expect(json(noLine)).toEqual({ code: 4004, msg: `line: match ${two} has no video line ${(lines.get(two) ?? 0) + 1} (lines 1 to ${lines.get(two)})`, data: null });
    const quiet = t.feed.matches({ type: 'early' }).find((m) => (t.feed.media(m.matchId)?.videos.length ?? 0) === 0);
    if (quiet) {
      const none = await get(`/media/live/${quiet.matchId}/1.flv`);
      expect(none.status).toBe(404);
      expect(json(none).msg).toBe(`matchId: match ${quiet.matchId} has no live video (not in play)`);
    }
    expect(t.app.liveStreams.encoderCount()).toBe(1);
  });

  it('answers 400 naming the field for bad ids', async () => {
    for (const url of ['/media/live/abc/1.flv', '/media/live/0/1/index.m3u8', '/media/live/99999999999/1.flv']) {
      const res = await get(url);
      expect({ url, status: res.status }).toEqual({ url, status: 400 });
      expect(json(res)).toEqual({ code: 4001, msg: expect.stringContaining('matchId: expected a match id'), data: null });
    }
    for (const url of [`/media/live/${two}/x.flv`, `/media/live/${two}/0/index.m3u8`, `/media/live/${two}/100.flv`]) {
      const res = await get(url);
      expect({ url, status: res.status }).toEqual({ url, status: 400 });
      expect(json(res).msg).toContain('line: expected an integer 1 to 99 (a video line)');
    }
  });

  it('answers 503 when every encoder is busy, and serves running lines all the same', async () => {
    const second = await openFlv(`/media/live/${two}/2.flv`);
    expect(second.status).toBe(200);
    expect(t.app.liveStreams.encoderCount()).toBe(2);
    const busy = await get(`/media/live/${other}/1/index.m3u8`);
    expect(busy.status).toBe(503);
    expect(json(busy)).toEqual({ code: 5003, msg: expect.stringContaining('all 2 live encoders are busy'), data: null });
    expect((await get(`/media/live/${two}/1/index.m3u8`)).status).toBe(200);
    await second.until((f) => firstFrame(f.tags) !== undefined);
    second.close();
    await eventually(() => t.app.liveStreams.encoders().every((e) => e.flvViewers === 0));
  });
});

describe('on demand', () => {
  it('stops an encoder nobody watched for idleSeconds, and only then', async () => {
    const before = t.app.liveStreams.encoders();
    expect(before).toHaveLength(2);
    // Line 2 was last watched a little earlier: keep line 1 busy and let line 2 go idle.
    t.clock.advance(MEDIA.idleSeconds * 1000 - 1);
    expect((await get(`/media/live/${two}/1/index.m3u8`)).status).toBe(200);
    t.app.liveStreams.tick();
    expect(t.app.liveStreams.encoderCount()).toBe(2);
    t.clock.advance(1);
    t.app.liveStreams.tick();
    expect(t.app.liveStreams.encoders().map((e) => e.key)).toEqual([`match-${two}-1`]);
    const stopped = before.find((e) => e.key === `match-${two}-2`)!;
    await eventually(() => !alive(stopped.pid) && !existsSync(stopped.dir));
    // A connected FLV viewer keeps its line running however long it watches.
    const viewer = await openFlv(`/media/live/${two}/1.flv`);
    await viewer.until((f) => firstFrame(f.tags) !== undefined);
    t.clock.advance(MEDIA.idleSeconds * 1000 * 3);
    t.app.liveStreams.tick();
    expect(t.app.liveStreams.encoderCount()).toBe(1);
    viewer.close();
    await eventually(() => t.app.liveStreams.encoders()[0]?.flvViewers === 0);
    t.clock.advance(MEDIA.idleSeconds * 1000);
    t.app.liveStreams.tick();
    expect(t.app.liveStreams.encoderCount()).toBe(0);
    await eventually(() => before.every((e) => !alive(e.pid)));
    // The segments of a stopped run are gone; the next request starts a new run.
    expect((await get(`/media/live/${two}/1/index.m3u8`)).status).toBe(200);
    expect(t.app.liveStreams.encoderCount()).toBe(1);
  });

  it('ends the stream of a match that is over, and answers 404 for it', async () => {
    let over = false;
    const feed = new Proxy(t.feed, {
      get(target, key) {
        if (key === 'match') {
          return (id: number, lang?: Parameters<Feed['match']>[1]): MatchView | undefined => {
            const view = target.match(id, lang);
            return view && over && id === other ? { ...view, matchStatus: MatchStatus.Ended } : view;
          };
        }
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const log = { info: () => undefined, warn: () => undefined };
    const streams = createLiveStreams({ clock: t.clock, settings: MEDIA, log, tickMs: 0 });
    const source = matchVideoSource(feed, other, 1);
    try {
      const playlist = await streams.playlist(source, '127.0.0.1');
      expect(playlist.startsWith('#EXTM3U')).toBe(true);
      const pid = streams.encoders()[0]!.pid;
      over = true;
      streams.tick();
      expect(streams.encoderCount()).toBe(0);
      await eventually(() => !alive(pid));
      await expect(streams.playlist(source, '127.0.0.1')).rejects.toMatchObject({ statusCode: 404, message: expect.stringContaining(`matchId: match ${other} is over`) });
    } finally {
      await streams.close();
    }
  });
});

describe('pieces', () => {
  it('accepts only a complete playlist', () => {
    const full = '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:3\n#EXTINF:1.000000,\nab12-00003.ts\n#EXTINF:1.000000,\nab12-00004.ts\n';
    expect(isCompletePlaylist(full, 'ab12')).toBe(true);
    expect(isCompletePlaylist(full.slice(0, -5), 'ab12')).toBe(false);
    expect(isCompletePlaylist(full.slice(0, full.lastIndexOf('ab12')), 'ab12')).toBe(false);
    expect(isCompletePlaylist('', 'ab12')).toBe(false);
    expect(isCompletePlaylist(full, 'ffff')).toBe(false);
  });

  it('tells the lines apart by a tally of bars, not by words', () => {
    const input = { width: 640, height: 360, fps: 25, segmentSeconds: 1 };
    const bars = (graph: string) => graph.match(/color=yellow:t=fill/g)?.length ?? 0;
    expect(bars(pictureGraph({ ...input, line: 1 }))).toBe(1);
    expect(bars(pictureGraph({ ...input, line: 3 }))).toBe(3);
    expect(pictureGraph({ ...input, line: 3 })).not.toMatch(/drawtext|textfile|fontfile/);
  });

  it('refuses a bad media section of config/platform.json naming the field', () => {
    const original = JSON.parse(readFileSync(path.join(REPO_ROOT, 'config', 'platform.json'), 'utf8'));
    const messageFor = (media: Record<string, unknown>) => {
      try {
        parseJsonConfig('config/platform.json', JSON.stringify({ ...original, media: { ...original.media, ...media } }), platformConfigSchema);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('expected a ConfigError');
    };
    expect(messageFor({ width: 641 })).toBe('config/platform.json: media.width: expected an even number of pixels, got 641');
    expect(messageFor({ maxEncoders: '4' })).toContain('config/platform.json: media.maxEncoders: expected');
    expect(messageFor({ segmentSeconds: 0 })).toContain('media.segmentSeconds');
    expect(messageFor({ idle: 3 })).toContain('media: unexpected field "idle"');
  });
});

describe('close', () => {
  it('stops every encoder, ends the FLV replies and removes the temporary files', async () => {
    const viewer = await openFlv(`/media/live/${two}/2.flv`);
    await viewer.until((f) => firstFrame(f.tags) !== undefined);
    expect((await get(`/media/live/${two}/1/index.m3u8`)).status).toBe(200);
    const running = t.app.liveStreams.encoders();
    expect(running).toHaveLength(2);
    const root = path.dirname(running[0]!.dir);
    expect(root.startsWith(os.tmpdir())).toBe(true);
    const started = Date.now();
    closed = true;
    await t.app.close();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(t.app.liveStreams.encoderCount()).toBe(0);
    for (const e of running) expect(alive(e.pid)).toBe(false);
    expect(existsSync(root)).toBe(false);
    await eventually(() => viewer.ended());
  });
});
