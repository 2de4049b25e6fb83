import { mkdtempSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { buildApp, type App, type BuildAppOptions } from '../src/app';
import { storeExchangeRates } from '../src/betting/exchangeRates';
import { createFakeClock, type FakeClock } from '../src/clock';
import { loadAppConfigs, type AppConfigs } from '../src/config/appConfig';
import { loadPlatformConfig, type PlatformConfig } from '../src/config/platformConfig';
import type { Db } from '../src/db/database';
import { createFeed, type Feed, type FeedEngine, type FeedOptions, type FeedScenario } from '../src/feed';
import { ensureDemoMembers } from '../src/members/demoMembers';
import { isTearingDown, openApps, pendingBuilds } from './openApps';
import { openTestDatabase } from './testDatabase';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** The fair secret of test platforms: fixed, so a test can derive what the platform did (and show the database cannot). */
export const TEST_FAIR_SECRET = 'test-fair-secret-0123456789abcdef0123456789abcdef';

export interface InjectOptions {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  /** Sent as JSON (objects) or as is (strings and buffers, with the content-type you give). */
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
  /** The body's bytes (binary answers: images). */
  raw: Buffer;
  json<T = any>(): T;
}

export interface TestApp {
  app: App;
  clock: FakeClock;
  /** The feed, on the fake clock: advance the clock and call feed.tick() to move simulated time. */
  feed: Feed;
  /**
   * The feed's test controls (the engine's scenario): kick one match off now, play it to its next transition, or move
   * the whole clock, while the rest of the world stands still. A test that needs one match played out uses these
   * instead of simulating hours of every sport.
   */
  scenario: FeedScenario;
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
  /**
   * Reuse one feed per test file instead of building a new one: for tests that never read, tick or time the feed
   * (sign-in, sessions). Building the feed's world is most of a build (0.5 s quiet, 1-1.5 s on a busy machine).
   * That feed runs on a fake clock of its own, which nothing advances.
   */
  sharedFeed?: boolean;
  /** Called before the app is ready: add test-only routes or hooks here. */
  before?: (app: App) => void;
  onRoute?: (route: RouteOptions) => void;
  /** The app's merchant configs; default: the repository's config/ folder. */
  appConfigs?: AppConfigs;
  /** Fastify logger options (tests that read the log lines); default silent. */
  logger?: BuildAppOptions['logger'];
  /** Proxies whose X-Forwarded-For is believed (env TRUST_PROXY); default none. */
  trustProxy?: string[];
  /** The origins the platform is reached at (env PUBLIC_ORIGIN); default none. */
  publicOrigins?: string[];
  /** The operator token (env OPERATOR_TOKEN); default none: operator routes refuse every call. */
  operatorToken?: string;
  /** DATA_DIR (chat images); default a new temporary folder. */
  dataDir?: string;
  /** The fair secret (env FAIR_SECRET); default TEST_FAIR_SECRET, the same for every app of a test (restarts, instances). */
  fairSecrets?: BuildAppOptions['fairSecrets'];
  /**
   * An SQLite file instead of the in-memory database, for tests that close the platform and build it again on the
   * same data (a restart).
   */
  databaseFile?: string;
  /** Redis shared with other test platforms (several instances); give them one prefix of their own. */
  redis?: BuildAppOptions['redis'];
  /** The feed-leader lease (several instances, leadership.test.ts); default: the platform always leads. */
  leadership?: BuildAppOptions['leadership'];
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
 * config/platform.json, ready for `app.inject` (or `app.listen({ port: 0 })`). If any step fails, what was built
 * is closed before the error is passed on.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  if (isTearingDown()) throw new Error('buildTestApp called after the test file finished');
  const build = assemble(options);
  pendingBuilds.add(build);
  try {
    return await build;
  } finally {
    pendingBuilds.delete(build);
  }
}

let sharedFeed: FeedEngine | undefined;
/**
 * The file's one feed for platforms that never read, tick or time it (see TestAppOptions.sharedFeed); also for a
 * platform a test assembles itself (buildApp) with a feed it never looks at.
 */
export function quietFeed(): FeedEngine {
  if (!sharedFeed) {
    const clock = createFakeClock();
    sharedFeed = createFeed({ seed: 7, now: () => clock.now(), historyHours: 0 });
  }
  return sharedFeed;
}

async function assemble(options: TestAppOptions): Promise<TestApp> {
  if (options.sharedFeed && options.feed) throw new Error('buildTestApp: sharedFeed takes no feed options');
  const config: PlatformConfig = { ...loadRealPlatformConfig(), signIn: TEST_SIGN_IN, ...options.config };
  const clock = createFakeClock();
  const database = await openTestDatabase(options.databaseFile);
  const { db, driver } = database;
  // Once only, whichever comes first: the app's onClose, or the clean-up of a build that failed before that hook was
  // added (a PostgreSQL pool left open would keep jest from exiting).
  let closing: Promise<void> | undefined;
  const closeDb = () => (closing ??= database.close());
  let app: App | undefined;
  /** After each slow step: a file that already finished (its set-up timed out) wants nothing more of this build. */
  const stillWanted = () => {
    if (isTearingDown()) throw new Error('the test file finished while its platform was being built; closed it');
  };
  try {
    await storeExchangeRates(db, config.exchangeRates, clock.now());
    stillWanted();
    const feed = options.sharedFeed ? quietFeed() : createFeed({ seed: 7, now: () => clock.now(), historyHours: 0, ...options.feed });
    stillWanted();
    const built = buildApp({
      db,
      dbDriver: driver,
      config,
      feed,
      appConfigs: options.appConfigs ?? loadAppConfigs(path.join(REPO_ROOT, 'config')),
      logger: options.logger,
      trustProxy: options.trustProxy ?? false,
      publicOrigins: options.publicOrigins,
      operatorToken: options.operatorToken,
      fairSecrets: options.fairSecrets ?? { current: TEST_FAIR_SECRET },
      dataDir: options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'sport-pc-data-')),
      clock,
      distDir: options.distDir ?? path.join(REPO_ROOT, 'server', 'test', 'no-dist'),
      sessionTtlMinutes: options.sessionTtlMinutes ?? 720,
      bettingLoopMs: 0,
      redis: options.redis,
      leadership: options.leadership,
      build: { version: '9.9.9-test', startedAt: clock.now() },
    });
    app = built;
    openApps.add(built);
    if (options.onRoute) built.addHook('onRoute', options.onRoute);
    options.before?.(built);
    built.addHook('onClose', async () => {
      openApps.delete(built);
      await closeDb();
    });
    await built.ready();
    // The leader's start-up catch-up (stored results, settlements, the due sweeps at the clock's time) runs on the
    // betting queue: finished here, so a test that moves the fake clock never has it run at a later time than start.
    await built.betting.idle();
    stillWanted();
    if (options.demoUsers !== false) {
      await ensureDemoMembers({ db, auth: built.auth, wallet: built.wallet, specialRooms: built.specialRooms, members: config.demoMembers });
      stillWanted();
    }
    await built.listen({ port: 0, host: '127.0.0.1' });
    stillWanted();
    const port = (built.server.address() as AddressInfo).port;
    return { app: built, clock, feed, scenario: feed.scenario(), db, config, port, inject: (o) => injectOverHttp(port, o) };
  } catch (error) {
    if (app) {
      openApps.delete(app);
      await app.close().catch(() => undefined);
    }
    await closeDb().catch(() => undefined);
    throw error;
  }
}

export function injectOverHttp(port: number, { method = 'GET', url, headers = {}, payload, from }: InjectOptions): Promise<InjectResponse> {
  let body: string | Buffer | undefined;
  const sendHeaders: Record<string, string> = { ...headers };
  if (payload !== undefined) {
    body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload) && !Object.keys(sendHeaders).some((h) => h.toLowerCase() === 'content-type')) {
      sendHeaders['content-type'] = 'application/json';
    }
  }
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers: sendHeaders, agent: false, ...(from ? { localAddress: from } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const text = raw.toString('utf8');
        resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body: text, raw, json: () => JSON.parse(text) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/**
 * Plays one match to its end with the feed's test controls (kicking it off now if it has not started), the rest of the
 * world standing still: what a test that needs a match over would otherwise get by simulating hours of every sport. The
 * changes go out through the feed's listeners as in play; the platform's work on them (settlement) may still be queued.
 */
export function playOut(t: Pick<TestApp, 'scenario'>, matchId: number): void {
  const state = t.scenario.state(matchId);
  if (!state) throw new Error(`playOut: match ${matchId} is not in the feed`);
  if (state.finished) return;
  if (!state.inPlay && !t.scenario.kickOff(matchId)) throw new Error(`playOut: match ${matchId} could not kick off`);
  for (let steps = 0; t.scenario.stepMatch(matchId); steps++) if (steps > 10_000) throw new Error(`playOut: match ${matchId} did not end`);
}

/** Signs in through the API and returns the token. */
export async function login(t: TestApp, username = 'demo', password = 'demo1234'): Promise<string> {
  const res = await t.inject({ method: 'POST', url: '/api/forehead/user/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { token: string } }).data.token;
}
