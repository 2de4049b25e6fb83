import { describe, expect, it } from '@jest/globals';
import { openDatabase } from './db/database';
import { EnvError, parseEnv, redactUrl } from './env';

describe('parseEnv', () => {
  it('has the documented defaults', () => {
    expect(parseEnv({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: './data',
      database: { driver: 'sqlite' },
      feedSeed: 1,
      feedSpeed: 1,
      feedEpoch: undefined,
      testControls: false,
      demoUsers: true,
      logLevel: 'info',
      sessionTtlMinutes: 720,
      trustProxy: [],
      publicOrigins: [],
    });
  });

  it('takes OPERATOR_TOKEN as a long secret and refuses a short one', () => {
    expect(parseEnv({ OPERATOR_TOKEN: 'x'.repeat(24) }).operatorToken).toBe('x'.repeat(24));
    expect(() => parseEnv({ OPERATOR_TOKEN: 'short' })).toThrow(/OPERATOR_TOKEN.*at least 24 characters/);
  });

  it('takes FAIR_SECRET as a long secret, and requires it beside PostgreSQL where instances must share it', () => {
    expect(parseEnv({ FAIR_SECRET: 'a'.repeat(32), FAIR_SECRET_PREVIOUS: 'b'.repeat(32) })).toMatchObject({ fairSecret: 'a'.repeat(32), fairSecretPrevious: 'b'.repeat(32) });
    expect(parseEnv({}).fairSecret).toBeUndefined();
    expect(() => parseEnv({ FAIR_SECRET: 'short' })).toThrow(/FAIR_SECRET: expected a secret of at least 32 characters/);
    expect(() => parseEnv({ DATABASE_URL: 'postgres://u:p@db/x' })).toThrow(/FAIR_SECRET: required with DATABASE_URL/);
  });

  it('takes the trusted proxies as a list of addresses and ranges, never "any"', () => {
    expect(parseEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(parseEnv({ PUBLIC_ORIGIN: 'https://Sports.Example.com/, http://10.0.0.5:8080' }).publicOrigins).toEqual(['https://sports.example.com', 'http://10.0.0.5:8080']);
    expect(parseEnv({}).publicOrigins).toEqual([]);
    for (const value of ['sports.example.com', 'https://x.example/path', 'ftp://x.example']) {
      expect(() => parseEnv({ PUBLIC_ORIGIN: value })).toThrow(/PUBLIC_ORIGIN: expected origins like "https:\/\/sports.example.com"/);
    }
    for (const value of ['true', '*', '1', 'proxy.example']) {
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: expected proxy addresses or ranges like "127.0.0.1,10.0.0.0\/8"/);
    }
  });

  it('reads every variable and treats empty values as unset', () => {
    const env = parseEnv({
      PORT: '0',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/sport-pc',
      FEED_SEED: '-42',
      FEED_SPEED: '60.5',
      DEMO_USERS: '0',
      LOG_LEVEL: 'debug',
      SESSION_TTL_MINUTES: '5',
      DATABASE_URL: '',
    });
    expect(env).toMatchObject({ port: 0, host: '0.0.0.0', feedSeed: -42, feedSpeed: 60.5, demoUsers: false, logLevel: 'debug', sessionTtlMinutes: 5 });
    expect(env.database).toEqual({ driver: 'sqlite' });
  });

  it.each([
    ['PORT', 'abc', 'PORT: expected a port number 0-65535, got "abc"'],
    ['PORT', '70000', 'PORT: expected a port number 0-65535, got 70000'],
    ['FEED_SPEED', '-1', 'FEED_SPEED: expected a number like "1" or "60" (0 freezes the feed), got "-1"'],
    ['FEED_EPOCH', 'yesterday', 'FEED_EPOCH: expected an ISO time like "2026-06-01T12:00:00Z", got "yesterday"'],
    ['TEST_CONTROLS', 'yes', 'TEST_CONTROLS: expected "1" (register the /__test/ control routes) or "0", got "yes"'],
    ['FEED_SEED', '1.5', 'FEED_SEED: expected an integer seed, got "1.5"'],
    ['DEMO_USERS', 'yes', 'DEMO_USERS: expected "1" (create the demo members) or "0" (do not), got "yes"'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL: expected one of "fatal", "error", "warn", "info", "debug", "trace", "silent", got "loud"'],
    ['SESSION_TTL_MINUTES', '0', 'SESSION_TTL_MINUTES: expected a whole number of minutes from 1 to 525600, got 0'],
    ['DATABASE_URL', 'mysql://u:pw@h/db', 'DATABASE_URL: expected a postgres:// URL (or leave it unset for the embedded SQLite database), got "mysql://u:***@h/db"'],
    ['REDIS_URL', 'http://u:pw@h:6379', 'REDIS_URL: expected a redis:// URL (or leave it unset for one instance), got "http://u:***@h:6379"'],
  ])('rejects %s=%s naming the variable and the expectation', (name, value, message) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError);
    expect(() => parseEnv({ [name]: value })).toThrow(message);
  });

  it('recognises a PostgreSQL URL and opens it with the PostgreSQL driver, the password kept out of the banner', async () => {
    const env = parseEnv({ DATABASE_URL: 'postgres://user:secret@db:5432/sport', FAIR_SECRET: 'f'.repeat(64) });
    expect(env.database).toEqual({ driver: 'postgres', url: 'postgres://user:secret@db:5432/sport' });
    // The pool connects lazily: opening names the driver without reaching the (absent) server.
    const opened = openDatabase({ ...env, dataDir: '/nonexistent' });
    expect(opened.driver).toBe('postgres');
    expect(opened.location).toBe('postgres://user:***@db:5432/sport');
    await opened.db.destroy();
  });

  it('takes FEED_SPEED 0 (a frozen feed) and FEED_EPOCH as an ISO time', () => {
    expect(parseEnv({ FEED_SPEED: '0', FEED_EPOCH: '2026-06-01T12:00:00Z' })).toMatchObject({ feedSpeed: 0, feedEpoch: Date.UTC(2026, 5, 1, 12) });
  });

  describe('TEST_CONTROLS', () => {
    const token = { OPERATOR_TOKEN: 'x'.repeat(24) };
    it('is off by default and on with 1 beside SQLite on a loopback host', () => {
      expect(parseEnv(token).testControls).toBe(false);
      expect(parseEnv({ ...token, TEST_CONTROLS: '1' }).testControls).toBe(true);
      expect(parseEnv({ ...token, TEST_CONTROLS: '1', HOST: '::1' }).testControls).toBe(true);
    });
    it.each([
      [{ DATABASE_URL: 'postgres://u:p@db/x' }, /TEST_CONTROLS=1 is refused with DATABASE_URL set/],
      [{ REDIS_URL: 'redis://127.0.0.1:6379' }, /TEST_CONTROLS=1 is refused with REDIS_URL set/],
      [{ NODE_ENV: 'production' }, /TEST_CONTROLS=1 is refused with NODE_ENV=production/],
      [{ HOST: '0.0.0.0' }, /TEST_CONTROLS=1 is refused with HOST=0\.0\.0\.0, which is not a loopback address/],
      [{ HOST: '10.1.2.3' }, /not a loopback address/],
      [{ OPERATOR_TOKEN: '' }, /TEST_CONTROLS=1 is refused without OPERATOR_TOKEN/],
    ])('refuses to start with %j', (more, message) => {
      expect(() => parseEnv({ ...token, TEST_CONTROLS: '1', ...more })).toThrow(EnvError);
      expect(() => parseEnv({ ...token, TEST_CONTROLS: '1', ...more })).toThrow(message);
    });
  });

  it('redacts passwords in URLs', () => {
    expect(redactUrl('postgres://user:secret@db/x')).toBe('postgres://user:***@db/x');
    expect(redactUrl('postgres://db/x')).toBe('postgres://db/x');
  });
});
