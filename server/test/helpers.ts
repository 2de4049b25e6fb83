import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { buildApp, type App, type BuildAppOptions } from '../src/app';
import { storeExchangeRates } from '../src/betting/exchangeRates';
import { createFakeClock, type FakeClock } from '../src/clock';
import { loadAppConfigs, type AppConfigs } from '../src/config/appConfig';
import { loadPlatformConfig, type PlatformConfig } from '../src/config/platformConfig';
import { migrateToLatest, openSqlite, type Db } from '../src/db/database';
import { createFeed, type Feed, type FeedOptions } from '../src/feed';
import { ensureDemoMembers } from '../src/members/demoMembers';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export interface InjectOptions {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON (objects) or as is (strings, with the content-type you give). */
  payload?: unknown;
  /**
   * The client address to send from: any of 127.0.0.0/8 reaches the app on Linux, so a test can
   * play several clients (request.ip) over the real port. Default 127.0.0.1.
   */
  from?: string;
}

export interface InjectResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: string;
  json<T = any>(): T;
}

export interface TestApp {
  app: App;
  clock: FakeClock;
  /** The feed, on the fake clock: advance the clock and call feed.tick() to move simulated time. */
  feed: Feed;
  db: Db;
  config: PlatformConfig;
  /** The app listens on an ephemeral port of 127.0.0.1. */
  port: number;
  /**
   * An `app.inject` look-alike over the real port. Fastify's own inject (light-my-request) needs
   * the ESM-only `cookie` package, which Jest's CommonJS runtime cannot load on Node 20.
   */
  inject(options: InjectOptions): Promise<InjectResponse>;
}

export interface TestAppOptions {
  distDir?: string;
  sessionTtlMinutes?: number;
  /**
   * Overrides of config/platform.json (shallow, per top-level key). Without a `signIn` override the
   * tests hash with a cheap scrypt cost and let one address sign in often (TEST_SIGN_IN).
   */
  config?: Partial<PlatformConfig>;
  demoUsers?: boolean;
  /** Feed options over the test defaults (seed 7, the fake clock, no past results). */
  feed?: Partial<FeedOptions>;
  /** Called before the app is ready: add test-only routes or hooks here. */
  before?: (app: App) => void;
  onRoute?: (route: RouteOptions) => void;
  /** The app's merchant configs; default: the repository's config/ folder. */
  appConfigs?: AppConfigs;
  /** Fastify logger options (tests that read the log lines); default silent. */
  logger?: BuildAppOptions['logger'];
}

export function loadRealPlatformConfig(): PlatformConfig {
  return loadPlatformConfig(path.join(REPO_ROOT, 'config', 'platform.json'));
}

/** A scrypt cost that takes about a millisecond, so building an app (two demo members) and signing in stay fast. */
export const CHEAP_PASSWORD_HASH = { N: 1024, r: 8, p: 1 };

/**
 * The real sign-in config with a cheap hash and buckets no ordinary test reaches; tests of the
 * throttle itself pass `{ ...loadRealPlatformConfig().signIn, passwordHash: CHEAP_PASSWORD_HASH }`.
 */
const TEST_SIGN_IN: PlatformConfig['signIn'] = {
  ...loadRealPlatformConfig().signIn,
  passwordHash: CHEAP_PASSWORD_HASH,
  perAddress: { burst: 10_000, perMinute: 10_000 },
  global: { burst: 10_000, perSecond: 10_000 },
};

/**
 * The platform as main.ts assembles it, with an in-memory database, a fake clock and the real
 * config/platform.json, ready for `app.inject` (or `app.listen({ port: 0 })`).
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config: PlatformConfig = { ...loadRealPlatformConfig(), signIn: TEST_SIGN_IN, ...options.config };
  const clock = createFakeClock();
  const { db } = openSqlite(':memory:');
  await migrateToLatest(db, 'sqlite');
  await storeExchangeRates(db, config.exchangeRates, clock.now());
  const feed = createFeed({ seed: 7, now: () => clock.now(), historyHours: 0, ...options.feed });
  const app = buildApp({
    db,
    config,
    feed,
    appConfigs: options.appConfigs ?? loadAppConfigs(path.join(REPO_ROOT, 'config')),
    logger: options.logger,
    clock,
    distDir: options.distDir ?? path.join(REPO_ROOT, 'server', 'test', 'no-dist'),
    sessionTtlMinutes: options.sessionTtlMinutes ?? 720,
    bettingLoopMs: 0,
    build: { version: '9.9.9-test', startedAt: clock.now() },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  options.before?.(app);
  app.addHook('onClose', async () => db.destroy());
  await app.ready();
  if (options.demoUsers !== false) {
    await ensureDemoMembers({ db, auth: app.auth, wallet: app.wallet, specialRooms: app.specialRooms, members: config.demoMembers });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  return { app, clock, feed, db, config, port, inject: (o) => injectOverHttp(port, o) };
}

export function injectOverHttp(port: number, { method = 'GET', url, headers = {}, payload, from }: InjectOptions): Promise<InjectResponse> {
  let body: string | undefined;
  const sendHeaders: Record<string, string> = { ...headers };
  if (payload !== undefined) {
    body = typeof payload === 'string' ? payload : JSON.stringify(payload);
    if (typeof payload !== 'string' && !Object.keys(sendHeaders).some((h) => h.toLowerCase() === 'content-type')) {
      sendHeaders['content-type'] = 'application/json';
    }
  }
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers: sendHeaders, agent: false, ...(from ? { localAddress: from } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: text, json: () => JSON.parse(text) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** Signs in through the API and returns the token. */
export async function login(t: TestApp, username = 'demo', password = 'demo1234'): Promise<string> {
  const res = await t.inject({ method: 'POST', url: '/api/forehead/user/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { token: string } }).data.token;
}
