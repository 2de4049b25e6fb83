import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MAINTENANCE_CHANNEL } from '../src/routes/forehead/maintenance';
import { buildTestApp, login, type TestApp } from './helpers';

const OPERATOR_TOKEN = 'operator-secret-for-tests-0123456789';
const URL = '/api/forehead/system/config/maintenance';

let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ operatorToken: OPERATOR_TOKEN, sharedFeed: true });
  off = await buildTestApp({ demoUsers: false, sharedFeed: true });
});
afterAll(async () => {
  await t?.app.close();
  await off?.app.close();
});

const flag = async (app: TestApp) => (await app.inject({ method: 'GET', url: URL })).json().data.underMaintenance;
const set = (app: TestApp, payload: unknown, headers: Record<string, string> = { 'x-operator-token': OPERATOR_TOKEN }) =>
  app.inject({ method: 'PUT', url: URL, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(payload) });

describe('the maintenance flag', () => {
  it('is off at start and readable without auth', async () => {
    const res = await t.inject({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: 'success', data: { underMaintenance: false } });
  });

  it('refuses a call without the operator token (401), even with a member token, and changes nothing', async () => {
    const member = await login(t);
    const res = await set(t, { underMaintenance: true }, { authorization: member });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 403, msg: 'x-operator-token: missing, expected the operator token' });
    expect(await flag(t)).toBe(false);
  });

  it('refuses another token (403) and changes nothing', async () => {
    const res = await set(t, { underMaintenance: true }, { 'x-operator-token': `${OPERATOR_TOKEN}x` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 403, msg: 'x-operator-token: not the operator token' });
    expect(await flag(t)).toBe(false);
  });

  it('refuses every token when OPERATOR_TOKEN is unset (403)', async () => {
    const res = await set(off, { underMaintenance: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toMatch(/OPERATOR_TOKEN is not set/);
    expect(await flag(off)).toBe(false);
  });

  it.each([[{}], [{ underMaintenance: 'yes' }], [{ underMaintenance: true, extra: 1 }]])('answers 400 naming the field for %j and changes nothing', async (body) => {
    const res = await set(t, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 4001, msg: expect.stringMatching(/underMaintenance|extra/) });
    expect(await flag(t)).toBe(false);
  });

  it('is switched on and off by the operator and published on the push channel each time', async () => {
    const publish = jest.spyOn(t.app.pushHub, 'publish');
    // Other parts of the platform publish too (a room event started at start-up lands when it lands): only this
    // channel's last message counts.
    const lastOnChannel = () => publish.mock.calls.filter(([channel]) => channel === MAINTENANCE_CHANNEL).at(-1);
    try {
      const on = await set(t, { underMaintenance: true });
      expect(on.statusCode).toBe(200);
      expect(on.json().data).toEqual({ underMaintenance: true });
      expect(await flag(t)).toBe(true);
      expect(lastOnChannel()).toEqual([MAINTENANCE_CHANNEL, { underMaintenance: true }]);
      await set(t, { underMaintenance: false });
      expect(await flag(t)).toBe(false);
      expect(lastOnChannel()).toEqual([MAINTENANCE_CHANNEL, { underMaintenance: false }]);
    } finally {
      publish.mockRestore();
    }
  });

  it('is kept in the database: another instance on the same database reads it, and so does the platform after a restart', async () => {
    const databaseFile = path.join(mkdtempSync(path.join(tmpdir(), 'sport-pc-maintenance-')), 'platform.db');
    const first = await buildTestApp({ operatorToken: OPERATOR_TOKEN, sharedFeed: true, demoUsers: false, databaseFile });
    const second = await buildTestApp({ sharedFeed: true, demoUsers: false, databaseFile });
    try {
      expect(await flag(second)).toBe(false);
      expect((await set(first, { underMaintenance: true })).statusCode).toBe(200);
      expect(await flag(second)).toBe(true);
      await first.app.close();
      const restarted = await buildTestApp({ operatorToken: OPERATOR_TOKEN, sharedFeed: true, demoUsers: false, databaseFile });
      try {
        expect(await flag(restarted)).toBe(true);
        await set(restarted, { underMaintenance: false });
        expect(await flag(second)).toBe(false);
      } finally {
        await restarted.app.close();
      }
    } finally {
      await first.app.close();
      await second.app.close();
    }
  });
});
