import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import WebSocket from 'ws';
import { buildTestApp, type TestApp } from './helpers';
import { startTestRedis, type TestRedis } from './redisServer';

/** Two platform instances sharing one Redis (REDIS_URL, issue 19): a publish on either reaches the clients of both. */
let redis: TestRedis;
let a: TestApp | undefined;
let b: TestApp | undefined;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  redis = await startTestRedis();
  // A prefix of this file's own: files running side by side on one Redis never see each other's channels.
  const shared = { url: redis.url, prefix: `test-${randomBytes(6).toString('hex')}` };
  a = await buildTestApp({ demoUsers: false, sharedFeed: true, redis: shared });
  b = await buildTestApp({ demoUsers: false, sharedFeed: true, redis: shared });
}, 60_000);

afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await a?.app.close();
  await b?.app.close();
  await redis?.stop();
});

/** A push client that collects every frame of the channels it subscribed to. */
async function subscriber(port: number, channels: string[]) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/push`);
  sockets.push(ws);
  const frames: any[] = [];
  const replies: any[] = [];
  ws.on('message', (raw) => {
    const message = JSON.parse(raw.toString());
    (message.chId ? frames : replies).push(message);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ cmd: 'sub', channels }));
  ws.send(JSON.stringify({ cmd: 'ping' }));
  await until(() => replies.some((r) => r.cmd === 'pong'), 'the subscription');
  return frames;
}

async function until(condition: () => boolean, what: string, ms = 10_000) {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('push across instances through Redis', () => {
  it('delivers what either instance publishes to the clients of both, one seq per channel without gaps', async () => {
    const onA = await subscriber(a!.port, ['match:1:odds', 'match:2:odds']);
    const onB = await subscriber(b!.port, ['match:1:odds']);
    // Publishes alternate between the instances, interleaved on two channels.
    for (let i = 1; i <= 20; i++) {
      (i % 2 ? a! : b!).app.pushHub.publish('match:1:odds', { n: i });
      if (i % 4 === 0) (i % 8 ? b! : a!).app.pushHub.publish('match:2:odds', { n: i });
    }
    await until(() => onA.length === 25 && onB.length === 20, 'every frame on both instances');
    const ofOne = (frames: any[]) => frames.filter((f) => f.chId === 'match:1:odds');
    for (const frames of [onA, onB]) {
      // seq 1..20 with no gap although two instances published, one epoch.
      expect(ofOne(frames).map((f) => f.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(new Set(frames.map((f) => f.epoch)).size).toBe(1);
      // Each instance's publishes keep their order (the two instances' may interleave either way).
      const data = ofOne(frames).map((f) => f.data.n as number);
      expect(data.filter((n) => n % 2 === 1)).toEqual([1, 3, 5, 7, 9, 11, 13, 15, 17, 19]);
      expect(data.filter((n) => n % 2 === 0)).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18, 20]);
    }
    // And everyone sees one order: the same seq carries the same data on both instances.
    expect(ofOne(onA).map((f) => f.data.n)).toEqual(ofOne(onB).map((f) => f.data.n));
    const two = onA.filter((f) => f.chId === 'match:2:odds');
    expect(two.map((f) => f.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(two.map((f) => f.data.n).sort((x, y) => x - y)).toEqual([4, 8, 12, 16, 20]);
    // Both hubs know the channel's position, whichever published last.
    expect(a!.app.pushHub.currentSeq('match:1:odds')).toBe(20);
    expect(b!.app.pushHub.currentSeq('match:1:odds')).toBe(20);
    expect(a!.app.pushHub.currentEpoch('match:1:odds')).toBe(onB[0].epoch);
  });

  it('delivers the data exactly as published, markup as inert text inside the JSON', async () => {
    const channel = 'system:maintenance';
    const onB = await subscriber(b!.port, [channel]);
    a!.app.pushHub.publish(channel, { underMaintenance: true, text: '<img src=x onerror=alert(1)>' });
    await until(() => onB.length === 1, 'the frame on B');
    // The data arrives as JSON data, exactly as published (no markup is interpreted anywhere on the way).
    expect(onB[0].data).toEqual({ underMaintenance: true, text: '<img src=x onerror=alert(1)>' });
  });
});
