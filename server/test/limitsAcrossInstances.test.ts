import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ChatError } from '../../contract/errors';
import { SETTINGS_PATHS } from '../../contract/paths';
import { balanceOf, placeSingle, selections } from './betting.support';
import { openChat, type ChatTestClient } from './chatClient';
import { buildTestApp, CHEAP_PASSWORD_HASH, loadRealPlatformConfig, login, type TestApp } from './helpers';
import { startTestRedis, type TestRedis } from './redisServer';
import { hashToken } from '../src/members/auth';

/**
 * Two platform instances on one database and one Redis (issue 19): whichever instance a request lands on, sessions,
 * idempotency keys and every rate limit are the same. Requests alternate between the instances throughout; each limit
 * is one that a single instance would hold alone, so with per-instance counts these tests would let twice as much in.
 */
let redis: TestRedis;
let folder: string;
let a: TestApp | undefined;
let b: TestApp | undefined;
const chats: ChatTestClient[] = [];

const LOGIN = '/api/forehead/user/login';
const real = loadRealPlatformConfig();

beforeAll(async () => {
  redis = await startTestRedis();
  folder = mkdtempSync(path.join(tmpdir(), 'sport-pc-instances-'));
  const shared = {
    // One database (an SQLite file; on PostgreSQL the schema that file names), one Redis prefix of this file's own.
    databaseFile: path.join(folder, 'platform.db'),
    redis: { url: redis.url, prefix: `test-${randomBytes(6).toString('hex')}` },
    // Both read the file's one feed, which nothing moves: these tests place bets on its prices and never play it, and a
    // world of its own per instance is most of what a build costs.
    sharedFeed: true,
    config: {
      // The shipped sign-in throttle (20 attempts per address, 3 free failures) with a cheap hash.
      signIn: { ...real.signIn, passwordHash: CHEAP_PASSWORD_HASH },
      appLog: { ...real.appLog, perAddress: { burst: 6, perMinute: 6 }, perMember: { burst: 4, perMinute: 4 } },
    },
  };
  // One after the other: the first migrates the database and creates the demo members.
  a = await buildTestApp(shared);
  b = await buildTestApp({ ...shared, demoUsers: false });
}, 120_000);

afterAll(async () => {
  for (const c of chats) c.ws.terminate();
  await a?.app.close();
  await b?.app.close();
  await redis?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Request i goes to A when even, B when odd. */
const alternate = (i: number) => (i % 2 === 0 ? a! : b!);

describe('sessions and idempotency keys across instances', () => {
  it('accepts a session made on A on B, and a sign-out on B ends it on A before B answers, though A trusted its copy', async () => {
    // Each instance trusts its copy only while it hears the others' sign-outs (Redis subscription up).
    await a!.app.sessionRevocations!.whenLive();
    await b!.app.sessionRevocations!.whenLive();
    const token = await login(a!, 'demo2');
    const settings = (on: TestApp) => on.inject({ url: `${SETTINGS_PATHS.cfgGet}?collect=UserConfig`, headers: { authorization: token } });
    expect((await settings(b!)).statusCode).toBe(200);
    expect((await settings(a!)).statusCode).toBe(200);
    // A answers from its copy now: revoked behind its back (straight in the database, no sign-out), it still accepts.
    const row = () => a!.db.updateTable('sessions').where('token_hash', '=', hashToken(token));
    await row().set({ revoked_at: Date.now() }).execute();
    expect((await settings(a!)).statusCode).toBe(200);
    await row().set({ revoked_at: null }).execute();
    // A sign-out on B answers only once A has dropped its copy: A refuses the very next request.
    const out = await b!.inject({ method: 'POST', url: '/api/forehead/user/logout', headers: { authorization: token } });
    expect(out.statusCode).toBe(200);
    expect((await settings(a!)).statusCode).toBe(401);
    expect((await settings(b!)).statusCode).toBe(401);
  });

  it('answers a bet repeated on B with the orders A made for that request id, debiting once', async () => {
    const token = await login(a!, 'demo');
    const [, s] = selections(a!, 'today', { limit: 2 });
    const before = await balanceOf(a!, 'demo');
    const first = await placeSingle(a!, token, s!, '20.00', { requestId: 'req-two-instances-1' });
    expect(first.statusCode).toBe(200);
    const again = await placeSingle(b!, token, s!, '20.00', { requestId: 'req-two-instances-1' });
    expect(again.statusCode).toBe(200);
    expect(first.json().data.repeated).toBe(false);
    expect(again.json().data).toEqual({ ...first.json().data, repeated: true });
    expect(await balanceOf(b!, 'demo')).toBe(before - 2000);
  });
});

describe('rate limits across instances sharing Redis', () => {
  const attempt = (t: TestApp, from: string, username: string, password: string) => t.inject({ method: 'POST', url: LOGIN, payload: { username, password }, from });

  it('gives one address its 20 sign-in attempts in all, not 20 on each instance', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await attempt(alternate(i), '127.0.0.21', `nobody-${i}`, 'wrong')).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    // Another address is untouched, on either instance.
    expect((await attempt(b!, '127.0.0.22', 'nobody', 'wrong')).statusCode).toBe(401);
  });

  it('backs one username off from an address after 3 free failures, counted on both instances', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt(alternate(i), '127.0.0.23', 'demo2', `guess-${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401]);
    const held = await attempt(a!, '127.0.0.23', 'demo2', 'demo1234');
    expect(held.statusCode).toBe(429);
    expect(held.json().msg).toBe('too many failed sign-ins for this username from your address; try again in 2 s');
    // The wait is over on both instances' (equal) clocks; a success on A clears the failures for B too.
    a!.clock.advance(2000);
    b!.clock.advance(2000);
    expect((await attempt(b!, '127.0.0.23', 'demo2', 'demo1234')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await attempt(alternate(i), '127.0.0.23', 'demo2', `again-${i}`)).statusCode).toBe(401);
  });

  it('counts app log events of one address and one member against one bucket each', async () => {
    const events = (n: number) => ({ events: Array.from({ length: n }, () => ({ level: 'error', event: 'error.test', origin: 'http://127.0.0.1/spa/sport-pc/', time: 1 })) });
    const post = (t: TestApp, n: number, from: string, token?: string) =>
      t.inject({ method: 'POST', url: SETTINGS_PATHS.logAdd, payload: events(n), from, headers: token ? { authorization: token } : {} });
    // The address bucket holds 6: 3 on A and 3 on B, then nothing more on either.
    expect((await post(a!, 3, '127.0.0.24')).statusCode).toBe(200);
    expect((await post(b!, 3, '127.0.0.24')).statusCode).toBe(200);
    const refused = await post(a!, 1, '127.0.0.24');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toMatch(/^too many log events; try again in \d+ s$/);
    // The member bucket holds 4 whatever the address: 2 + 2 over two addresses and instances, then refused whole.
    const token = await login(b!, 'demo2');
    expect((await post(b!, 2, '127.0.0.25', token)).statusCode).toBe(200);
    expect((await post(a!, 2, '127.0.0.26', token)).statusCode).toBe(200);
    expect((await post(b!, 1, '127.0.0.27', token)).statusCode).toBe(429);
    // The refused post took nothing from its address' bucket: 6 more events from that address pass.
    expect((await post(a!, 6, '127.0.0.27')).statusCode).toBe(200);
  });

  it('holds the chat send window (5 in 10 s) for a member sending through both instances', async () => {
    const token = await login(a!, 'demo');
    const join = async (t: TestApp) => {
      const res = await t.inject({ url: '/api/forehead/user/chat/token/v2', headers: { authorization: token } });
      const c = openChat(t.port, `?token=${encodeURIComponent(res.json().data.token)}`);
      chats.push(c);
      await c.next((m) => m.cmd === 'hello');
      c.send({ cmd: 'join', roomId: 8001 });
      expect(await c.next((m) => m.cmd === 'joined' || m.cmd === 'error')).toMatchObject({ cmd: 'joined' });
      return c;
    };
    const onA = await join(a!);
    const onB = await join(b!);
    for (let i = 0; i < 5; i++) {
      const c = i % 2 === 0 ? onA : onB;
      c.send({ cmd: 'send', ref: `m${i}`, roomId: 8001, kind: 'text', text: `message ${i}` });
      expect(await c.next((m) => m.ref === `m${i}`)).toMatchObject({ cmd: 'ack' });
    }
    for (const [c, ref] of [[onA, 'fastA'], [onB, 'fastB']] as const) {
      c.send({ cmd: 'send', ref, roomId: 8001, kind: 'text', text: 'one too many' });
      expect(await c.next((m) => m.ref === ref)).toMatchObject({ cmd: 'error', code: ChatError.RateLimited, retryAfterSeconds: 10 });
    }
    a!.clock.advance(10_001);
    b!.clock.advance(10_001);
    onB.send({ cmd: 'send', ref: 'later', roomId: 8001, kind: 'text', text: 'after the window' });
    expect(await onB.next((m) => m.ref === 'later')).toMatchObject({ cmd: 'ack' });
  });
});
