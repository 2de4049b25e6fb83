/** @jest-environment node */
import { afterEach, describe, expect, it } from '@jest/globals';
import { createServer, type Socket } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { createPushClient, type PushClient, type PushClientOptions, type PushMessage } from './push';
import { waitFor } from './scheduler';
import type { Logger } from './logger';

/** These tests are about the transport, on made-up channels: any data passes (push.test.ts checks the contract's schemas). */
const anyData = (_chId: string, data: unknown) => ({ data });

const HOST = '127.0.0.1';
const quiet: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/** Collects values and hands them out in order; `next` waits (briefly, for real) for one to arrive. */
class Inbox<T> {
  private readonly items: T[] = [];
  private readonly waiters: Array<(value: T) => void> = [];

  readonly push = (value: T) => {
    const waiter = this.waiters.shift();
    if (waiter) waiter(value);
    else this.items.push(value);
  };

  next(timeoutMs = 3000): Promise<T> {
    const ready = this.items.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        const index = this.waiters.indexOf(onValue);
        if (index >= 0) this.waiters.splice(index, 1);
        reject(new Error(`nothing arrived within ${timeoutMs} ms`));
      }, timeoutMs);
      const onValue = (value: T) => {
        clearTimeout(timer);
        resolve(value);
      };
      this.waiters.push(onValue);
    });
  }

  get pending(): number {
    return this.items.length;
  }
}

type ClientFrame = { cmd: string; channels?: string[] };

/** A real 'ws' server speaking the platform's push protocol from the test's side. */
class PushServer {
  readonly frames = new Inbox<ClientFrame>();

  private constructor(
    private readonly wss: WebSocketServer,
    readonly port: number,
  ) {
    wss.on('connection', (socket) => {
      socket.on('message', (raw) => {
        const frame = JSON.parse(String(raw)) as ClientFrame;
        if (frame.cmd === 'ping') socket.send(JSON.stringify({ cmd: 'pong' }));
        else this.frames.push(frame);
      });
    });
  }

  static start(port = 0): Promise<PushServer> {
    return new Promise((resolve, reject) => {
      const wss = new WebSocketServer({ host: HOST, port });
      wss.once('error', reject);
      wss.once('listening', () => {
        const address = wss.address();
        if (address === null || typeof address === 'string') throw new Error('expected a TCP address');
        resolve(new PushServer(wss, address.port));
      });
    });
  }

  get url(): string {
    return `ws://${HOST}:${this.port}/push`;
  }

  send(frame: unknown): void {
    const text = typeof frame === 'string' ? frame : JSON.stringify(frame);
    for (const client of this.wss.clients) client.send(text);
  }

  /** Drops every connection at once, as a crashed or restarted platform does. */
  stop(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    return new Promise((resolve) => this.wss.close(() => resolve()));
  }
}

let server: PushServer | undefined;
let client: PushClient | undefined;

async function connect(options: Partial<PushClientOptions> = {}): Promise<PushClient> {
  server = await PushServer.start();
  client = createPushClient({ url: server.url, WebSocket, logger: quiet, check: anyData, ...options });
  const opened = await waitFor(() => client?.state() === 'open', { intervalMs: 10, tries: 300 });
  expect(opened).toBe(true);
  return client;
}

afterEach(async () => {
  client?.close();
  client = undefined;
  await server?.stop();
  server = undefined;
});

describe('push client against a real ws server', () => {
  it('batches two subscribe calls into one sub frame and delivers messages by chId', async () => {
    const push = await connect();
    const football = new Inbox<unknown>();
    const lineup = new Inbox<PushMessage>();
    push.subscribe('football.tec.1001', football.push);
    push.subscribe('lineup.status.1001', (_data, msg) => lineup.push(msg));

    expect(await server?.frames.next()).toEqual({ cmd: 'sub', channels: ['football.tec.1001', 'lineup.status.1001'] });
    expect(push.isSubscribed('football.tec.1001')).toBe(true);

    server?.send({ chId: 'lineup.status.1001', seq: 1, data: { confirmed: true } });
    server?.send({ chId: 'football.tec.1001', seq: 1, data: { possession: [55, 45] } });
    expect(await lineup.next()).toEqual({ chId: 'lineup.status.1001', seq: 1, data: { confirmed: true } });
    expect(await football.next()).toEqual({ possession: [55, 45] });
    expect(football.pending + lineup.pending).toBe(0);
    expect(server?.frames.pending).toBe(0);
  });

  it('routes to store actions by prefix and ignores frames that are not JSON', async () => {
    const push = await connect();
    const odds = new Inbox<unknown>();
    push.route({ 'football.js1.*': odds.push });
    push.subscribe('football.js1.77');
    await server?.frames.next();

    server?.send('not json at all');
    server?.send({ chId: 'football.js1.77', seq: 1, data: { home: '1.95' } });
    expect(await odds.next()).toEqual({ home: '1.95' });
  });

  it('sends unsub only when the last handler of a channel leaves', async () => {
    const push = await connect();
    const offFirst = push.subscribe('a', () => {});
    const offSecond = push.subscribe('a', () => {});
    const offOther = push.subscribe('b', () => {});
    expect(await server?.frames.next()).toEqual({ cmd: 'sub', channels: ['a', 'b'] });

    offFirst();
    offOther();
    expect(await server?.frames.next()).toEqual({ cmd: 'unsub', channels: ['b'] });
    expect(push.isSubscribed('a')).toBe(true);
    offSecond();
    expect(await server?.frames.next()).toEqual({ cmd: 'unsub', channels: ['a'] });
    expect(push.isSubscribed('a')).toBe(false);
  });

  it('calls onGap when a seq is skipped', async () => {
    const gaps = new Inbox<string>();
    const push = await connect({ onGap: gaps.push });
    const received = new Inbox<unknown>();
    push.subscribe('odds.9', received.push);
    await server?.frames.next();

    server?.send({ chId: 'odds.9', seq: 1, data: 1 });
    server?.send({ chId: 'odds.9', seq: 2, data: 2 });
    server?.send({ chId: 'odds.9', seq: 4, data: 4 });
    expect(await gaps.next()).toBe('odds.9');
    expect([await received.next(), await received.next(), await received.next()]).toEqual([1, 2, 4]);
    expect(gaps.pending).toBe(0);
  });

  it('reconnects after a server restart, resubscribes and receives again', async () => {
    const errors = new Inbox<unknown>();
    const push = await connect({ reconnectDelayMs: 100, logger: { ...quiet, warn: errors.push } });
    const received = new Inbox<unknown>();
    push.subscribe('football.tec.5', received.push);
    push.subscribe('lineup.status.5', received.push);
    expect(await server?.frames.next()).toEqual({ cmd: 'sub', channels: ['football.tec.5', 'lineup.status.5'] });
    server?.send({ chId: 'football.tec.5', seq: 1, data: 'before' });
    expect(await received.next()).toBe('before');

    const port = server?.port ?? 0;
    await server?.stop();
    server = undefined;
    expect(await waitFor(() => !push.isSubscribed('football.tec.5'), { intervalMs: 10, tries: 300 })).toBe(true);
    expect(push.state()).toBe('connecting');
    // Restart only after an attempt was refused, so the retry path is exercised too.
    expect(await errors.next()).toBe('[push] error');
    expect(push.state()).toBe('connecting');

    server = await PushServer.start(port);
    expect(await server.frames.next()).toEqual({ cmd: 'sub', channels: ['football.tec.5', 'lineup.status.5'] });
    expect(push.state()).toBe('open');
    expect(push.isSubscribed('lineup.status.5')).toBe(true);
    server.send({ chId: 'lineup.status.5', seq: 1, data: 'after' });
    expect(await received.next()).toBe('after');
  });

  it('signs the connection in before its subscriptions, now and again after a reconnect; undefined stops that', async () => {
    const push = await connect({ reconnectDelayMs: 100 });
    push.auth('token-1');
    expect(await server?.frames.next()).toEqual({ cmd: 'auth', token: 'token-1' });
    push.subscribe('member:1:live');
    expect(await server?.frames.next()).toEqual({ cmd: 'sub', channels: ['member:1:live'] });

    const port = server?.port ?? 0;
    await server?.stop();
    server = await PushServer.start(port);
    expect(await server.frames.next()).toEqual({ cmd: 'auth', token: 'token-1' });
    expect(await server.frames.next()).toEqual({ cmd: 'sub', channels: ['member:1:live'] });

    push.auth(undefined);
    await server.stop();
    server = await PushServer.start(port);
    expect(await server.frames.next()).toEqual({ cmd: 'sub', channels: ['member:1:live'] });
  });

  it('survives connection attempts that time out before the handshake', async () => {
    // A TCP server that accepts and never answers: the attempt times out, and reconnecting-websocket
    // drops its listeners before the 'ws' socket reports the abort as an 'error' event.
    const held: Socket[] = [];
    const tcp = createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => tcp.listen(0, HOST, resolve));
    const address = tcp.address();
    if (address === null || typeof address === 'string') throw new Error('expected a TCP address');
    const errors = new Inbox<unknown>();
    try {
      client = createPushClient({
        url: `ws://${HOST}:${address.port}/push`,
        WebSocket,
        logger: { ...quiet, warn: errors.push },
        connectionTimeoutMs: 50,
        reconnectDelayMs: 50,
      });
      expect(await errors.next()).toBe('[push] error');
      expect(await errors.next()).toBe('[push] error');
      expect(client.state()).toBe('connecting');
    } finally {
      client?.close();
      client = undefined;
      for (const socket of held) socket.destroy();
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
    }
  });
});
