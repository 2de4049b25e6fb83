import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../src/http/envelope';
import { createErrorHandler } from '../src/http/errorHandler';
import { currentMember, requireMember } from '../src/http/requireMember';
import type { PlatformConfig } from '../src/config/platformConfig';
import { hashToken, SESSION_CACHE_MS } from '../src/members/auth';
import { hashPassword, verifyPassword } from '../src/members/password';
import { buildTestApp as buildWithOwnFeed, CHEAP_PASSWORD_HASH, loadRealPlatformConfig, login, type InjectResponse, type TestApp, type TestAppOptions } from './helpers';

const LOGIN = '/api/forehead/user/login';
const LOGIN_STATE = '/api/forehead/user/loginState';
const LOGOUT = '/api/forehead/user/logout';

/** Each test builds its own platform; none reads or moves the feed, so they share one (the costly part of a build). */
const buildTestApp = (options: TestAppOptions = {}) => buildWithOwnFeed({ sharedFeed: true, ...options });

let t: TestApp;
afterEach(async () => {
  await t?.app.close();
});

// Requests refused before any member or session is found change nothing: one platform answers them all.
let refusing: TestApp | undefined;
const refusingApp = async () => (refusing ??= await buildTestApp());
afterAll(async () => refusing?.app.close());

describe('sign-in', () => {
  it('answers the login state the host would supply', async () => {
    t = await buildTestApp();
    const res = await t.inject({ method: 'POST', url: LOGIN, payload: { username: 'demo', password: 'demo1234' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.msg).toBe('success');
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data).toMatchObject({
      expiresAt: t.clock.now() + 720 * 60_000,
      isLogin: true,
      userData: { uid: expect.any(Number), username: 'demo', nickname: 'Demo', vipLevel: 0, currency: 'CNY' },
      balance: {
        centerBalance: '10000.00',
        balanceList: [{ coinCode: 'CNY', balance: '10000.00', isDefault: true }],
        totalBalance: '10000.00',
      },
      coinBalance: '500.00',
      // config/platform.json seeds demo with goal push for all matches (docs/api.md "Member settings").
      setting: { handicap: 1, accept: 1, acceptList: [0, 0, 1, 0], acceptPush: 1, showSettingChangableTip: true },
      memberTitles: [],
      // config/platform.json makes demo an agent of live group 31, and a member with a live group has the switch on.
      anchorProxyEnable: 1,
      language: 'CMN',
    });
  });

  it('stores only a hash of the token', async () => {
    t = await buildTestApp();
    const token = await login(t);
    const sessions = await t.db.selectFrom('sessions').selectAll().execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(sessions)).not.toContain(token);
  });

  it('converts every currency into the default one for totalBalance, exactly', async () => {
    t = await buildTestApp();
    const member = await t.db.selectFrom('members').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow();
    await t.db.transaction().execute(async (trx) => {
      await t.app.wallet.credit(trx, { memberId: Number(member.id), asset: 'USD', amountMinor: 1001, kind: 'adjustment' });
      await t.app.wallet.credit(trx, { memberId: Number(member.id), asset: 'VND', amountMinor: 3, kind: 'adjustment' });
    });
    const res = await t.inject({ method: 'POST', url: LOGIN, payload: { username: 'demo', password: 'demo1234' } });
    const { balance } = res.json().data;
    // 10000 + 10.01 x 7.12 + 0.03 x 0.000281 = 10071.2712 + 0.00000843 -> 10071.27
    expect(balance.totalBalance).toBe('10071.27');
    expect(balance.balanceList).toEqual([
      { coinCode: 'CNY', balance: '10000.00', isDefault: true },
      { coinCode: 'USD', balance: '10.01', isDefault: false },
      { coinCode: 'VND', balance: '0.03', isDefault: false },
    ]);
  });

  it('answers a wrong password and an unknown user alike: HTTP 401, code 4010', async () => {
    t = await buildTestApp();
    for (const payload of [
      { username: 'demo', password: 'wrong-password' },
      { username: 'nobody', password: 'demo1234' },
    ]) {
      const res = await t.inject({ method: 'POST', url: LOGIN, payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 4010, msg: 'wrong username or password', data: null });
    }
  });

  it.each([
    ['no body', undefined, 'body: missing, expected a JSON object'],
    ['missing fields', {}, 'username: missing, expected a string; password: missing, expected a string'],
    ['a missing password', { username: 'demo' }, 'password: missing, expected a string'],
    ['a number as username', { username: 42, password: 'x' }, 'username: expected a string, got 42'],
    ['an object as password', { username: 'demo', password: { $ne: '' } }, 'password: expected a string, got an object'],
    ['null fields', { username: null, password: null }, 'username: expected a string, got null; password: expected a string, got null'],
    ['an empty username', { username: '', password: 'x' }, 'username: expected a non-empty string, got ""'],
    ['an extra-long username', { username: 'a'.repeat(300), password: 'x' }, 'username: expected at most 64 characters, got 300'],
    ['an extra-long password', { username: 'demo', password: 'p'.repeat(5000) }, 'password: expected at most 128 characters, got 5000'],
    ['an array body', [1], 'body: expected an object, got an array of 1 item'],
  ])('rejects %s with HTTP 400, code 4001 and a message naming the field', async (_name, payload, msg) => {
    const res = await (await refusingApp()).inject({ method: 'POST', url: LOGIN, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 4001, msg, data: null });
  });

  it('rejects malformed JSON and an unsupported content type with the envelope', async () => {
    const t = await refusingApp();
    const malformed = await t.inject({ method: 'POST', url: LOGIN, payload: '{"username": ', headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 4001, msg: expect.stringMatching(/^body: malformed JSON/), data: null });
    const empty = await t.inject({ method: 'POST', url: LOGIN, payload: '', headers: { 'content-type': 'application/json' } });
    expect(empty.json()).toMatchObject({ code: 4001, msg: expect.stringMatching(/^body: /) });
    const xml = await t.inject({ method: 'POST', url: LOGIN, payload: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ code: 4015, data: null });
  });

  it('accepts a form-encoded sign-in too', async () => {
    t = await buildTestApp();
    const res = await t.inject({
      method: 'POST',
      url: LOGIN,
      payload: 'username=demo2&password=demo1234',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.userData.username).toBe('demo2');
  });
});

describe('sign-in throttle', () => {
  /** The shipped throttle numbers (config/platform.json signIn) with a cheap hash. */
  const realSignIn = (overrides: Partial<PlatformConfig['signIn']> = {}) => ({
    config: { signIn: { ...loadRealPlatformConfig().signIn, passwordHash: CHEAP_PASSWORD_HASH, ...overrides } },
  });
  const attempt = (from: string, username: string, password: string) =>
    t.inject({ method: 'POST', url: LOGIN, payload: { username, password }, from });

  it('lets the real member in from another address after a storm of wrong passwords', async () => {
    t = await buildTestApp(realSignIn());
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await attempt('127.0.0.2', 'demo', `guess-${i}`)).statusCode);
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.slice(4).every((status) => status === 429)).toBe(true);

    const attacker = await attempt('127.0.0.2', 'demo', 'demo1234');
    expect(attacker.statusCode).toBe(429);
    const member = await attempt('127.0.0.3', 'demo', 'demo1234');
    expect(member.statusCode).toBe(200);
    expect(member.json().data.userData.username).toBe('demo');
  }, 30_000);

  it('tells clients apart behind a trusted proxy (TRUST_PROXY), and ignores X-Forwarded-For from anyone else', async () => {
    const forwarded = (proxy: string, client: string, password: string) =>
      t.inject({ method: 'POST', url: LOGIN, payload: { username: 'demo', password }, from: proxy, headers: { 'x-forwarded-for': client } });
    t = await buildTestApp({ ...realSignIn(), trustProxy: ['127.0.0.2'] });
    for (let i = 0; i < 40; i++) await forwarded('127.0.0.2', '203.0.113.7', `guess-${i}`);
    expect((await forwarded('127.0.0.2', '203.0.113.7', 'demo1234')).statusCode).toBe(429);
    // Another client behind the same proxy is not the attacker.
    expect((await forwarded('127.0.0.2', '203.0.113.8', 'demo1234')).statusCode).toBe(200);
    await t.app.close();

    // A client that is not a trusted proxy cannot name itself a new address in every request.
    t = await buildTestApp(realSignIn());
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await forwarded('127.0.0.9', `198.51.100.${i}`, `guess-${i}`)).statusCode);
    expect(statuses.slice(-10).every((status) => status === 429)).toBe(true);
  }, 30_000);

  it('throttles a spray across 100 usernames from one address, with the wait in the envelope and Retry-After', async () => {
    t = await buildTestApp(realSignIn());
    const statuses: number[] = [];
    let throttled: InjectResponse | undefined;
    for (let i = 0; i < 100; i++) {
      const res = await attempt('127.0.0.4', `user${i}`, 'password1');
      statuses.push(res.statusCode);
      if (res.statusCode === 429) throttled ??= res;
    }
    // perAddress: a burst of 20, then 20 a minute (the clock stands still here).
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(80);
    expect(throttled?.headers['retry-after']).toBe('3');
    expect(throttled?.json()).toEqual({
      code: 4029,
      msg: 'too many sign-in attempts from your address; try again in 3 s',
      data: { retryAfterSeconds: 3 },
    });
    expect((await attempt('127.0.0.5', 'demo', 'demo1234')).statusCode).toBe(200);
    t.clock.advance(3000);
    expect((await attempt('127.0.0.4', 'demo', 'demo1234')).statusCode).toBe(200);
  }, 30_000);

  it('backs off wrong passwords on one username from one address, doubling, and forgets them after a success', async () => {
    t = await buildTestApp(realSignIn());
    for (let i = 0; i < 4; i++) expect((await attempt('127.0.0.6', 'demo', 'nope')).statusCode).toBe(401);
    const first = await attempt('127.0.0.6', 'demo', 'demo1234');
    expect(first.json()).toEqual({
      code: 4029,
      msg: 'too many failed sign-ins for this username from your address; try again in 2 s',
      data: { retryAfterSeconds: 2 },
    });
    expect((await attempt('127.0.0.6', 'demo2', 'demo1234')).statusCode).toBe(200);
    t.clock.advance(2000);
    expect((await attempt('127.0.0.6', 'demo', 'nope')).statusCode).toBe(401);
    expect((await attempt('127.0.0.6', 'demo', 'demo1234')).json().data).toEqual({ retryAfterSeconds: 4 });
    t.clock.advance(4000);
    expect((await attempt('127.0.0.6', 'demo', 'demo1234')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt('127.0.0.6', 'demo', 'nope')).statusCode).toBe(401);
  });

  it('caps password checks across all addresses, so a distributed spray cannot burn the CPU', async () => {
    t = await buildTestApp(realSignIn({ global: { burst: 3, perSecond: 2 } }));
    for (let i = 0; i < 3; i++) expect((await attempt(`127.0.1.${i + 1}`, 'demo', 'nope')).statusCode).toBe(401);
    const busy = await attempt('127.0.1.9', 'demo', 'demo1234');
    expect(busy.statusCode).toBe(429);
    expect(busy.json()).toEqual({ code: 4029, msg: 'too many sign-in attempts on the platform right now; try again in 1 s', data: { retryAfterSeconds: 1 } });
    t.clock.advance(500);
    expect((await attempt('127.0.1.9', 'demo', 'demo1234')).statusCode).toBe(200);
  });

  it('treats "DEMO2" and " demo2" as the one account demo2, for signing in and for the throttle', async () => {
    t = await buildTestApp(realSignIn());
    for (const username of ['DEMO2', ' demo2', 'Demo2 ']) {
      const res = await attempt('127.0.0.7', username, 'demo1234');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.userData.username).toBe('demo2');
    }
    for (const username of ['DEMO2', ' demo2', 'demo2 ', 'dEmO2']) expect((await attempt('127.0.0.8', username, 'x')).statusCode).toBe(401);
    expect((await attempt('127.0.0.8', 'demo2', 'demo1234')).statusCode).toBe(429);
  });
});

describe('password storage', () => {
  it('re-hashes a password stored with an older cost at the next successful sign-in', async () => {
    t = await buildTestApp({ config: { signIn: { ...loadRealPlatformConfig().signIn, passwordHash: { N: 2048, r: 8, p: 1 } } }, demoUsers: false });
    const old = await hashPassword('secret-pw', { N: 1024, r: 8, p: 1 });
    await t.db.insertInto('members').values({ username: 'old', password_hash: old, nickname: 'Old', currency: 'CNY', vip_level: 0, created_at: t.clock.now() }).execute();
    const storedHash = async () => (await t.db.selectFrom('members').select('password_hash').where('username', '=', 'old').executeTakeFirstOrThrow()).password_hash;

    expect((await attempt('old', 'wrong-pw')).statusCode).toBe(401);
    expect(await storedHash()).toBe(old);
    expect((await attempt('old', 'secret-pw')).statusCode).toBe(200);
    const upgraded = await storedHash();
    expect(upgraded).toMatch(/^scrypt\$N=2048,r=8,p=1\$/);
    expect(await verifyPassword('secret-pw', upgraded)).toBe(true);
    expect((await attempt('old', 'secret-pw')).statusCode).toBe(200);
    expect(await storedHash()).toBe(upgraded);

    function attempt(username: string, password: string) {
      return t.inject({ method: 'POST', url: LOGIN, payload: { username, password } });
    }
  });
});

describe('sessions', () => {
  it('answers loginState for the session, with a raw or a Bearer token', async () => {
    t = await buildTestApp();
    const token = await login(t);
    for (const authorization of [token, `Bearer ${token}`]) {
      const res = await t.inject({ method: 'POST', url: LOGIN_STATE, headers: { authorization } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ token, isLogin: true, userData: { username: 'demo' }, balance: { totalBalance: '10000.00' } });
    }
  });

  it('reflects balance changes in loginState', async () => {
    t = await buildTestApp();
    const token = await login(t);
    const member = await t.db.selectFrom('members').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow();
    await t.db
      .transaction()
      .execute((trx) => t.app.wallet.debit(trx, { memberId: Number(member.id), asset: 'CNY', amountMinor: 12_345, kind: 'bet_stake' }));
    const res = await t.inject({ method: 'POST', url: LOGIN_STATE, headers: { authorization: token } });
    expect(res.json().data.balance.centerBalance).toBe('9876.55');
  });

  it('answers 400 "no user" without a token and 405 "session expired" for an unknown one', async () => {
    const t = await refusingApp();
    const none = await t.inject({ method: 'POST', url: LOGIN_STATE });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ code: 400, msg: 'no user', data: null });
    const unknown = await t.inject({ method: 'POST', url: LOGIN_STATE, headers: { authorization: 'Bearer not-a-session' } });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ code: 405, msg: 'session expired', data: null });
  });

  it('expires a session after SESSION_TTL_MINUTES (fake clock)', async () => {
    t = await buildTestApp({ sessionTtlMinutes: 30 });
    const token = await login(t);
    t.clock.advance(30 * 60_000 - 1);
    expect((await t.inject({ method: 'POST', url: LOGIN_STATE, headers: { authorization: token } })).statusCode).toBe(200);
    t.clock.advance(1);
    const expired = await t.inject({ method: 'POST', url: LOGIN_STATE, headers: { authorization: token } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ code: 405, msg: 'session expired', data: null });
    const logout = await t.inject({ method: 'POST', url: LOGOUT, headers: { authorization: token } });
    expect(logout.json().code).toBe(405);
  });

  it('purges expired sessions from the database, keeping live ones (fake clock)', async () => {
    t = await buildTestApp({ sessionTtlMinutes: 30 });
    await login(t);
    t.clock.advance(20 * 60_000);
    const live = await login(t);
    t.clock.advance(10 * 60_000);
    expect(await t.app.auth.purgeExpiredSessions()).toBe(1);
    expect(await t.db.selectFrom('sessions').select('expires_at').execute()).toEqual([{ expires_at: t.clock.now() + 20 * 60_000 }]);
    expect((await t.inject({ method: 'POST', url: LOGIN_STATE, headers: { authorization: live } })).statusCode).toBe(200);
    expect(await t.app.auth.purgeExpiredSessions()).toBe(0);
  });

  it('revokes the session on logout, leaving other sessions alone', async () => {
    t = await buildTestApp();
    const first = await login(t);
    const second = await login(t);
    const res = await t.inject({ method: 'POST', url: LOGOUT, headers: { authorization: first } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: 'success', data: null });
    const after = await t.inject({ method: 'POST', url: LOGIN_STATE, headers: { authorization: first } });
    expect(after.json()).toEqual({ code: 405, msg: 'session expired', data: null });
    expect((await t.inject({ method: 'POST', url: LOGIN_STATE, headers: { authorization: second } })).statusCode).toBe(200);
  });

  it('trusts a checked session from memory for SESSION_CACHE_MS only: a revocation by another instance shows after it, expiry and a sign-out here at once (fake clock)', async () => {
    t = await buildTestApp({ sessionTtlMinutes: 30 });
    const state = async (token: string) => (await t.inject({ method: 'POST', url: LOGIN_STATE, headers: { authorization: token } })).statusCode;
    const elsewhere = await login(t);
    expect(await state(elsewhere)).toBe(200);
    // Another instance sharing the database signs it out: this one reads the database again within SESSION_CACHE_MS.
    await t.db.updateTable('sessions').set({ revoked_at: t.clock.now() }).where('token_hash', '=', hashToken(elsewhere)).execute();
    expect(await state(elsewhere)).toBe(200);
    t.clock.advance(SESSION_CACHE_MS);
    expect(await state(elsewhere)).toBe(401);

    const here = await login(t);
    expect(await state(here)).toBe(200);
    expect((await t.inject({ method: 'POST', url: LOGOUT, headers: { authorization: here } })).json().code).toBe(0);
    expect(await state(here)).toBe(401);

    // Cached a moment before its expiry, a session still ends exactly at expires_at.
    const expiring = await login(t);
    t.clock.advance(30 * 60_000 - 1);
    expect(await state(expiring)).toBe(200);
    t.clock.advance(1);
    expect(await state(expiring)).toBe(401);
  });

  it('checks the session before the body, and answers the betting family with 14010', async () => {
    t = await buildTestApp({
      before: (app) =>
        app.register(async (plain) => {
          const scope = plain.withTypeProvider<ZodTypeProvider>();
          scope.setErrorHandler(createErrorHandler('betting'));
          scope.post(
            '/v1/order/test',
            { onRequest: requireMember({ family: 'betting' }), schema: { body: z.object({ n: z.number() }) } },
            async (request) => ok({ member: currentMember(request).username, n: request.body.n }),
          );
        }),
    });
    const anonymous = await t.inject({ method: 'POST', url: '/v1/order/test', payload: { n: 'bad' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ code: 14010, errcode: 14010, msg: 'no user' });
    const stale = await t.inject({ method: 'POST', url: '/v1/order/test', headers: { authorization: 'x' }, payload: { n: 1 } });
    expect(stale.json()).toEqual({ code: 14010, errcode: 14010, msg: 'session expired' });
    const token = await login(t);
    const invalid = await t.inject({ method: 'POST', url: '/v1/order/test', headers: { authorization: token }, payload: { n: 'bad' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({ code: 4001, errcode: 4001, msg: 'n: expected a number, got "bad"' });
    const good = await t.inject({ method: 'POST', url: '/v1/order/test', headers: { authorization: token }, payload: { n: 1 } });
    expect(good.json()).toEqual({ code: 0, msg: 'success', data: { member: 'demo', n: 1 } });
  });
});

describe('demo members', () => {
  it('are created once, with their opening balances written through the ledger', async () => {
    t = await buildTestApp();
    const { ensureDemoMembers } = await import('../src/members/demoMembers');
    const again = await ensureDemoMembers({ db: t.db, auth: t.app.auth, wallet: t.app.wallet, specialRooms: t.app.specialRooms, members: t.config.demoMembers });
    expect(again).toEqual([]);
    const members = await t.db.selectFrom('members').select(['username']).orderBy('id').execute();
    expect(members.map((m) => m.username)).toEqual(['demo', 'demo2']);
    const ledger = await t.db.selectFrom('ledger').select(['asset', 'amount_minor', 'kind']).orderBy('id').execute();
    expect(ledger).toEqual([
      { asset: 'CNY', amount_minor: 1_000_000, kind: 'opening_balance' },
      { asset: 'COIN', amount_minor: 50_000, kind: 'opening_balance' },
      { asset: 'CNY', amount_minor: 1_000_000, kind: 'opening_balance' },
      { asset: 'COIN', amount_minor: 50_000, kind: 'opening_balance' },
    ]);
  });

  it('are not created when turned off', async () => {
    t = await buildTestApp({ demoUsers: false });
    expect(await t.db.selectFrom('members').select('id').execute()).toEqual([]);
  });
});
