import { afterEach, describe, expect, it } from '@jest/globals';
import WebSocket from 'ws';
import { buildTestApp, loadRealPlatformConfig, type TestApp } from './helpers';

// Each test builds a platform of its own (configs differ, and a restart is tested), on the file's one feed: the hub is
// driven directly and never reads the feed, whose world is most of what a build costs.
let t: TestApp | undefined;
const open: WebSocket[] = [];

afterEach(async () => {
  for (const ws of open.splice(0)) ws.terminate();
  await t?.app.close();
  t = undefined;
});

/** A ws client that queues what it receives so a test can await messages in order. */
async function connect(port: number, options: WebSocket.ClientOptions = {}) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/push`, options);
  open.push(ws);
  const queue: any[] = [];
  const waiters: Array<(m: any) => void> = [];
  ws.on('message', (raw) => {
    const message = JSON.parse(raw.toString());
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const client = {
    ws,
    closed,
    send: (frame: unknown) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next: (): Promise<any> =>
      queue.length > 0
        ? Promise.resolve(queue.shift())
        : new Promise((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error('no message within 5 s')), 5000);
            waiters.push((m) => {
              clearTimeout(timer);
              resolve(m);
            });
          }),
    /** Frames are handled in order, so a pong means everything sent before it was applied. */
    async sync() {
      client.send({ cmd: 'ping' });
      const pong = await client.next();
      expect(pong.cmd).toBe('pong');
    },
    pending: () => queue.length,
  };
  return client;
}

async function until(condition: () => boolean, what: string, ms = 5000) {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('/push websocket', () => {
  it('subscribes, delivers { chId, seq, epoch, data } with seq per channel, unsubscribes', async () => {
    t = await buildTestApp({ sharedFeed: true, demoUsers: false });
    const a = await connect(t.port);
    const b = await connect(t.port);
    a.send({ cmd: 'sub', channels: ['match:7:score', 'match:7:odds'] });
    b.send({ cmd: 'sub', channels: ['match:7:score'] });
    await a.sync();
    await b.sync();
    expect(t.app.pushHub.stats()).toEqual({ clients: 2, channels: 2 });

    const hub = t.app.pushHub;
    hub.publish('match:7:score', { home: 1, away: 0 });
    hub.publish('match:7:odds', { marketId: 1, odd: '1.95' });
    hub.publish('match:7:score', { home: 2, away: 0 });
    const score = hub.currentEpoch('match:7:score');
    const odds = hub.currentEpoch('match:7:odds');
    expect(await a.next()).toEqual({ chId: 'match:7:score', seq: 1, epoch: score, data: { home: 1, away: 0 } });
    expect(await a.next()).toEqual({ chId: 'match:7:odds', seq: 1, epoch: odds, data: { marketId: 1, odd: '1.95' } });
    expect(await a.next()).toEqual({ chId: 'match:7:score', seq: 2, epoch: score, data: { home: 2, away: 0 } });
    expect((await b.next()).seq).toBe(1);
    expect((await b.next()).seq).toBe(2);

    a.send({ cmd: 'unsub', channels: ['match:7:score'] });
    await a.sync();
    hub.publish('match:7:score', { home: 3, away: 0 });
    hub.publish('match:7:odds', { marketId: 1, odd: '2.05' });
    expect(await a.next()).toEqual({ chId: 'match:7:odds', seq: 2, epoch: odds, data: { marketId: 1, odd: '2.05' } });
    expect((await b.next()).seq).toBe(3);
  });

  it('answers ping with pong and the server time', async () => {
    t = await buildTestApp({ sharedFeed: true, demoUsers: false });
    const a = await connect(t.port);
    a.send({ cmd: 'ping' });
    expect(await a.next()).toEqual({ cmd: 'pong', t: t.clock.now() });
  });

  it('answers bad frames with an error and keeps the connection', async () => {
    t = await buildTestApp({ sharedFeed: true, demoUsers: false });
    const a = await connect(t.port);
    a.send('{oops');
    expect(await a.next()).toEqual({ cmd: 'error', msg: 'expected a JSON frame like {"cmd":"ping"}, got malformed JSON' });
    a.send({ cmd: 'subscribe', channels: ['x'] });
    expect(await a.next()).toEqual({ cmd: 'error', msg: 'cmd: expected one of "sub", "unsub", "ping", "auth", got "subscribe"' });
    a.send({ cmd: 'sub', channels: 'match:1:score' });
    expect(await a.next()).toEqual({ cmd: 'error', msg: 'channels: expected an array, got "match:1:score"' });
    a.ws.send(Buffer.from([0, 1, 2]));
    expect((await a.next()).msg).toBe('expected a text frame holding JSON, got a binary frame');
    await a.sync();
    expect(a.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('holds at most 500 channels per client', async () => {
    t = await buildTestApp({ sharedFeed: true, demoUsers: false });
    const a = await connect(t.port);
    const channels = Array.from({ length: 502 }, (_, i) => `match:${i}:odds`);
    a.send({ cmd: 'sub', channels });
    const error = await a.next();
    expect(error).toEqual({
      cmd: 'error',
      msg: 'channels match:500:odds, match:501:odds: channel limit reached: a client holds at most 500 channels; not subscribed',
      channels: ['match:500:odds', 'match:501:odds'],
    });
    expect(t.app.pushHub.stats().channels).toBe(500);
    t.app.pushHub.publish('match:501:odds', 1);
    t.app.pushHub.publish('match:499:odds', 1);
    expect((await a.next()).chId).toBe('match:499:odds');
  });

  it('drops a slow consumer with close code 1013 and keeps serving the others', async () => {
    t = await buildTestApp({ sharedFeed: true, demoUsers: false, config: { push: { ...loadRealPlatformConfig().push, maxBufferedBytes: 64 * 1024 } } });
    const slow = await connect(t.port);
    const fast = await connect(t.port);
    slow.send({ cmd: 'sub', channels: ['football:tec'] });
    fast.send({ cmd: 'sub', channels: ['football:js1'] });
    await slow.sync();
    await fast.sync();
    // The slow client stops reading; the server's socket buffers fill and bufferedAmount grows.
    (slow.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
    const chunk = 'x'.repeat(256 * 1024);
    let published = 0;
    while (t.app.pushHub.stats().clients === 2) {
      t.app.pushHub.publish('football:tec', chunk);
      published++;
      if (published > 2000) throw new Error('slow consumer was never dropped');
      await new Promise((r) => setImmediate(r));
    }
    expect(t.app.pushHub.stats()).toEqual({ clients: 1, channels: 1 });
    t.app.pushHub.publish('football:js1', { ok: true });
    expect(await fast.next()).toMatchObject({ chId: 'football:js1', seq: 1, data: { ok: true } });
    (slow.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    const { code } = await slow.closed;
    expect(code).toBe(1013);
  });

  it('removes every subscription when a client closes', async () => {
    t = await buildTestApp({ sharedFeed: true, demoUsers: false });
    const a = await connect(t.port);
    a.send({ cmd: 'sub', channels: ['match:1:score', 'match:2:score', 'lineup:status'] });
    await a.sync();
    expect(t.app.pushHub.stats()).toEqual({ clients: 1, channels: 3 });
    a.ws.close();
    await a.closed;
    await until(() => t!.app.pushHub.stats().clients === 0, 'the hub to forget the client');
    expect(t.app.pushHub.stats()).toEqual({ clients: 0, channels: 0 });
  });

  it('gives a channel a new epoch after a restart, where seq starts at 1 again', async () => {
    const seen: Array<{ seq: number; epoch: string }> = [];
    for (let run = 0; run < 2; run++) {
      t = await buildTestApp({ sharedFeed: true, demoUsers: false });
      const a = await connect(t.port);
      a.send({ cmd: 'sub', channels: ['match:7:score'] });
      await a.sync();
      t.app.pushHub.publish('match:7:score', { run });
      seen.push(await a.next());
      a.ws.terminate();
      await t.app.close();
    }
    t = undefined;
    expect(seen.map((m) => m.seq)).toEqual([1, 1]);
    expect(seen[0].epoch).toMatch(/^[\w-]+$/);
    expect(seen[1].epoch).toMatch(/^[\w-]+$/);
    expect(seen[1].epoch).not.toBe(seen[0].epoch);
  }, 20_000);

  it('refuses a page of a foreign origin with close code 1008, and accepts its own origin and clients without one', async () => {
    t = await buildTestApp({ sharedFeed: true, demoUsers: false, config: { cors: { origins: ['https://casino.example'] } } });
    const foreign = await connect(t.port, { origin: 'https://evil.example' });
    expect(await foreign.closed).toEqual({ code: 1008, reason: 'origin not allowed' });
    const malformed = await connect(t.port, { origin: 'null' });
    expect((await malformed.closed).code).toBe(1008);

    const own = await connect(t.port, { origin: `http://127.0.0.1:${t.port}` });
    const listed = await connect(t.port, { origin: 'https://casino.example' });
    const native = await connect(t.port);
    for (const client of [own, listed, native]) await client.sync();
    expect(t.app.pushHub.stats().clients).toBe(3);
  });

  it('closes a connection over push.maxConnectionsPerAddress with code 1008; other addresses still connect', async () => {
    const { push } = loadRealPlatformConfig();
    t = await buildTestApp({ sharedFeed: true, demoUsers: false, config: { push: { ...push, maxConnectionsPerAddress: 3 } } });
    const tabs = [await connect(t.port), await connect(t.port), await connect(t.port)];
    const extra = await connect(t.port);
    expect(await extra.closed).toEqual({ code: 1008, reason: 'too many connections from this address (at most 3)' });
    const elsewhere = await connect(t.port, { localAddress: '127.0.0.2' });
    await elsewhere.sync();
    tabs[0].ws.close();
    await tabs[0].closed;
    await until(() => t!.app.pushHub.stats().clients === 3, 'the hub to free the slot');
    const again = await connect(t.port);
    await again.sync();
  });

  it('answers a plain GET /push with 426 and the envelope', async () => {
    t = await buildTestApp({ sharedFeed: true, demoUsers: false });
    const res = await t.inject({ url: '/push' });
    expect(res.statusCode).toBe(426);
    expect(res.json()).toEqual({ code: 4026, msg: 'expected a websocket upgrade request', data: null });
  });
});

describe('/push on shutdown', () => {
  it('closes clients with code 1001 when the app closes', async () => {
    const local = await buildTestApp({ sharedFeed: true, demoUsers: false });
    const a = await connect(local.port);
    await a.sync();
    await local.app.close();
    expect((await a.closed).code).toBe(1001);
  });
});
