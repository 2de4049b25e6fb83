import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SETTINGS_PATHS } from '../../contract/paths';
import { buildTestApp, login, type TestApp } from './helpers';

let t: TestApp;
let demo: string;
let demo2: string;
beforeAll(async () => {
  t = await buildTestApp({
    sharedFeed: true,
    // Small buckets, so the rate limit is reached in a few posts.
    config: { appLog: { perAddress: { burst: 6, perMinute: 6 }, perMember: { burst: 4, perMinute: 4 }, retentionDays: 30 } },
  });
  [demo, demo2] = await Promise.all([login(t, 'demo'), login(t, 'demo2')]);
}, 60_000);
afterAll(async () => {
  await t?.app.close();
});

const get = (token?: string, query = '?collect=UserConfig') =>
  t.inject({ method: 'GET', url: `${SETTINGS_PATHS.cfgGet}${query}`, headers: token ? { authorization: token } : {} });
const set = (token: string, payload: unknown) => t.inject({ method: 'POST', url: SETTINGS_PATHS.cfgSet, headers: { authorization: token }, payload });
const setJson = (token: string, update: unknown) => set(token, { collect: 'UserConfig', jsonStr: JSON.stringify(update) });
const settingsOf = async (token: string) => (await get(token)).json().data;
const loginState = async (token: string) =>
  (await t.inject({ method: 'POST', url: '/api/forehead/user/loginState', headers: { authorization: token }, payload: {} })).json().data;
const uidOf = async (token: string) => (await loginState(token)).userData.uid as number;

describe('member settings (cfg/get, cfg/set)', () => {
  it('answers the defaults, with the demo member\'s configured accept list, only to a member, never cached', async () => {
    const res = await get(demo2);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data).toEqual({
      handicap: 1,
      accept: 1,
      acceptList: [0, 0, 0, 0],
      push_event: 1,
      event_sort: 0,
      uid: await uidOf(demo2),
      setup: {},
      showSettingChangableTip: true,
    });
    // config/platform.json seeds the first demo member with goal push for all matches, so the demo shows it.
    expect((await settingsOf(demo)).acceptList).toEqual([0, 0, 1, 0]);
    const anonymous = await get(undefined);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 400, msg: 'no user' });
  });

  it('stores what a member sets, keeps the rest, merges setup per merchant, and the login state reads the same', async () => {
    const first = await setJson(demo, { handicap: 3, accept: 2, setup: { default: { handicap: 3 } } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json().data).toMatchObject({ handicap: 3, accept: 2, acceptList: [0, 0, 1, 0], setup: { default: { handicap: 3 } } });
    await setJson(demo, { push_event: 0, acceptList: [1, 1, 0, 0], event_sort: 1, setup: { default: { accept: 0 }, 'acme-2': { handicap: 2 } }, showSettingChangableTip: false });
    expect(await settingsOf(demo)).toMatchObject({
      handicap: 3,
      accept: 2,
      acceptList: [1, 1, 0, 0],
      push_event: 0,
      event_sort: 1,
      setup: { default: { handicap: 3, accept: 0 }, 'acme-2': { handicap: 2 } },
      showSettingChangableTip: false,
    });
    expect((await loginState(demo)).setting).toEqual({ handicap: 3, accept: 2, acceptList: [1, 1, 0, 0], acceptPush: 0, showSettingChangableTip: false });
    // A form body (the spec's other providers post form-encoded) works the same.
    const form = await t.inject({
      method: 'POST',
      url: SETTINGS_PATHS.cfgSet,
      headers: { authorization: demo, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `collect=UserConfig&jsonStr=${encodeURIComponent('{"push_event":1}')}`,
    });
    expect(form.statusCode).toBe(200);
    expect((await loginState(demo)).setting.acceptPush).toBe(1);
  });

  it('keeps members apart: one member\'s change is not another\'s, and naming another uid is refused', async () => {
    const before = await settingsOf(demo2);
    await setJson(demo, { handicap: 4 });
    expect(await settingsOf(demo2)).toEqual(before);
    const uid2 = await uidOf(demo2);
    const res = await setJson(demo, { uid: uid2, handicap: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 4001, msg: `body.jsonStr.uid: expected your own uid ${await uidOf(demo)}, got ${uid2}` });
    expect(await settingsOf(demo2)).toEqual(before);
    expect((await settingsOf(demo)).handicap).toBe(4);
    // Its own uid is accepted.
    expect((await setJson(demo, { uid: await uidOf(demo), handicap: 1 })).statusCode).toBe(200);
  });

  it.each([
    ['jsonStr is not JSON', { collect: 'UserConfig', jsonStr: '{handicap:2' }, /^body\.jsonStr: expected JSON text/],
    ['jsonStr is an array', { collect: 'UserConfig', jsonStr: '[1,2]' }, /^body\.jsonStr: expected an object/],
    ['a handicap out of range', { collect: 'UserConfig', jsonStr: '{"handicap":9}' }, /^body\.jsonStr\.handicap: expected one of 1, 2, 3, 4, got 9/],
    ['an acceptance out of range', { collect: 'UserConfig', jsonStr: '{"accept":3}' }, /^body\.jsonStr\.accept: /],
    ['an accept list of three', { collect: 'UserConfig', jsonStr: '{"acceptList":[1,0,0]}' }, /^body\.jsonStr\.acceptList/],
    ['an accept list entry of 2', { collect: 'UserConfig', jsonStr: '{"acceptList":[0,2,0,0]}' }, /^body\.jsonStr\.acceptList\[1\]: expected one of 0, 1, got 2/],
    ['a string where a number goes', { collect: 'UserConfig', jsonStr: '{"push_event":"1"}' }, /^body\.jsonStr\.push_event: /],
    ['an unknown field', { collect: 'UserConfig', jsonStr: '{"handicap":2,"theme":"dark"}' }, /^body\.jsonStr: unexpected field "theme"/],
    ['a bad merchant id in setup', { collect: 'UserConfig', jsonStr: '{"setup":{"../x":{"accept":1}}}' }, /^body\.jsonStr\.setup/],
    ['a setup entry out of range', { collect: 'UserConfig', jsonStr: '{"setup":{"default":{"handicap":0}}}' }, /^body\.jsonStr\.setup\.default\.handicap: /],
    ['another collection', { collect: 'AppConfig', jsonStr: '{"handicap":2}' }, /collect: expected "UserConfig"/],
    ['no jsonStr', { collect: 'UserConfig' }, /jsonStr: missing/],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_, payload, message) => {
    const before = await settingsOf(demo2);
    const res = await set(demo2, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 4001, data: null });
    expect(res.json().msg).toMatch(message);
    expect(await settingsOf(demo2)).toEqual(before);
  });

  it('refuses a cfg/get for another collection or with unknown parameters', async () => {
    expect((await get(demo, '?collect=Other')).statusCode).toBe(400);
    expect((await get(demo, '')).json().msg).toMatch(/collect: missing/);
    expect((await get(demo, '?collect=UserConfig&uid=1')).json().msg).toMatch(/unexpected field "uid"/);
  });
});

describe('the app log (system/log/add)', () => {
  const event = (over: Record<string, unknown> = {}) => ({ level: 'error', event: 'error.test', origin: 'http://127.0.0.1/spa/sport-pc/', time: 1, ...over });
  const post = (payload: unknown, { token, from }: { token?: string; from?: string } = {}) =>
    t.inject({ method: 'POST', url: SETTINGS_PATHS.logAdd, headers: token ? { authorization: token } : {}, payload, from });
  const rows = () => t.db.selectFrom('app_log').selectAll().orderBy('id').execute();

  it('stores events under the session\'s member (not the uid posted), without any token in them', async () => {
    const res = await post(
      { events: [event({ event: 'signIn', level: 'info', uid: '999', username: 'someone-else', message: `signed in with ${demo}`, origin: `http://127.0.0.1/spa/sport-pc/?token=${demo}` })] },
      { token: demo, from: '127.0.0.11' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ stored: 1 });
    const [row] = (await rows()).filter((r) => r.event === 'signIn');
    expect(row).toMatchObject({ member_id: await uidOf(demo), username: 'demo', level: 'info', address: '127.0.0.11', client_time: 1 });
    expect(JSON.stringify(row)).not.toContain(demo);
    expect(row!.message).toBe('signed in with [redacted]');
    // Only a credential's value goes: before issue 29 everything after `?token=` was cut, the useful part included.
    await post({ events: [event({ event: 'quoted', message: 'GET /spa/?lang=en&token=abc.def&x=1 failed: timeout after 5 s; password=hunter2 retried' })] }, { from: '127.0.0.13' });
    expect((await rows()).find((r) => r.event === 'quoted')!.message).toBe('GET /spa/?lang=en&token=[redacted]&x=1 failed: timeout after 5 s; password=[redacted] retried');
    // A visitor's events have no member.
    await post({ events: [event({ event: 'visitor', uid: '3', username: 'demo' })] }, { from: '127.0.0.12' });
    expect((await rows()).find((r) => r.event === 'visitor')).toMatchObject({ member_id: null, username: null });
  });

  it('refuses malformed events with 400 naming the field, storing none of the post', async () => {
    const before = (await rows()).length;
    for (const payload of [{ events: [] }, { events: [event({ level: 'fatal' })] }, { events: [event(), event({ event: 'has spaces' })] }, { events: [event({ extra: 1 })] }]) {
      const res = await post(payload, { from: '127.0.0.13' });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/events/);
    }
    expect((await rows()).length).toBe(before);
  });

  it('limits events per address and per member (429 with the wait), storing nothing of a refused post', async () => {
    // Address bucket: 6 events.
    expect((await post({ events: [event(), event(), event(), event()] }, { from: '127.0.0.21' })).statusCode).toBe(200);
    const before = (await rows()).length;
    const refused = await post({ events: [event(), event(), event()] }, { from: '127.0.0.21' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.json()).toMatchObject({ code: 4029, data: { retryAfterSeconds: 10 } });
    expect((await rows()).length).toBe(before);
    expect((await post({ events: [event()] }, { from: '127.0.0.22' })).statusCode).toBe(200);
    // Member bucket: 4 events, whatever the address.
    expect((await post({ events: [event(), event(), event()] }, { token: demo2, from: '127.0.0.23' })).statusCode).toBe(200);
    expect((await post({ events: [event(), event()] }, { token: demo2, from: '127.0.0.24' })).statusCode).toBe(429);
    // Time refills the buckets.
    t.clock.advance(60_000);
    expect((await post({ events: [event(), event(), event()] }, { from: '127.0.0.21' })).statusCode).toBe(200);
    expect((await post({ events: [event(), event()] }, { token: demo2, from: '127.0.0.24' })).statusCode).toBe(200);
  });
});

describe('the small live-side calls', () => {
  it("answers the live showorder config: chat's order show rule, in every room", async () => {
    const res = await t.inject({ method: 'POST', url: SETTINGS_PATHS.showOrderConfig, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ isGlobal: true, amount: t.config.chat.orderShow.minAmount });
    expect((await t.inject({ method: 'POST', url: SETTINGS_PATHS.showOrderConfig, payload: { roomId: 1 } })).statusCode).toBe(400);
  });

  it('lists the report and banner hosts in the domain list', async () => {
    const data = (await t.inject({ method: 'POST', url: '/api/forehead/system/domain/list/v2', payload: {} })).json().data;
    expect(data.report).toBe(`http://127.0.0.1:${t.port}`);
    expect(data.banner).toBe(`http://127.0.0.1:${t.port}`);
  });
});
