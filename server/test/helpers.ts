import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { buildApp, type App } from '../src/app';
import { storeExchangeRates } from '../src/betting/exchangeRates';
import { createFakeClock, type FakeClock } from '../src/clock';
import { loadPlatformConfig, type PlatformConfig } from '../src/config/platformConfig';
import { migrateToLatest, openSqlite, type Db } from '../src/db/database';
import { ensureDemoMembers } from '../src/members/demoMembers';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export interface TestApp {
  app: App;
  clock: FakeClock;
  db: Db;
  config: PlatformConfig;
}

export interface TestAppOptions {
  distDir?: string;
  sessionTtlMinutes?: number;
  /** Overrides of config/platform.json (shallow, per top-level key). */
  config?: Partial<PlatformConfig>;
  demoUsers?: boolean;
  /** Called before the app is ready: add test-only routes or hooks here. */
  before?: (app: App) => void;
  onRoute?: (route: RouteOptions) => void;
}

/**
 * The platform as main.ts assembles it, with an in-memory database, a fake clock and the real
 * config/platform.json, ready for `app.inject` (or `app.listen({ port: 0 })`).
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config: PlatformConfig = { ...loadPlatformConfig(path.join(REPO_ROOT, 'config', 'platform.json')), ...options.config };
  const clock = createFakeClock();
  const { db } = openSqlite(':memory:');
  await migrateToLatest(db, 'sqlite');
  await storeExchangeRates(db, config.exchangeRates, clock.now());
  const app = buildApp({
    db,
    config,
    clock,
    distDir: options.distDir ?? path.join(REPO_ROOT, 'server', 'test', 'no-dist'),
    sessionTtlMinutes: options.sessionTtlMinutes ?? 720,
    build: { version: '9.9.9-test', startedAt: clock.now() },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  options.before?.(app);
  app.addHook('onClose', async () => db.destroy());
  await app.ready();
  if (options.demoUsers !== false) {
    await ensureDemoMembers({ db, auth: app.auth, wallet: app.wallet, members: config.demoMembers });
  }
  return { app, clock, db, config };
}

/** Signs in through the API and returns the token. */
export async function login(app: App, username = 'demo', password = 'demo1234'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/forehead/user/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { token: string } }).data.token;
}
