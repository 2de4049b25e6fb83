import path from 'node:path';
import { buildApp } from './app';
import { storeExchangeRates } from './betting/exchangeRates';
import { readBuildInfo } from './buildInfo';
import { loadFeedOrigin } from './cluster/feedOrigin';
import { LEADER_RETRY_MS, postgresLeadership } from './cluster/leadership';
import { systemClock } from './clock';
import { loadAppConfigs } from './config/appConfig';
import { loadPlatformConfig } from './config/platformConfig';
import { migrateToLatest, openDatabase, type OpenedDatabase } from './db/database';
import { parseEnv } from './env';
import { loadFairSecrets, requireRevealable } from './economy/fair';
import { createFeed } from './feed';
import { ensureDemoMembers } from './members/demoMembers';
import { StartupError } from './startupError';

/** The lease's messages before the app's logger exists: one line each. */
const lineLog = {
  info: (obj: object, msg: string) => process.stdout.write(`${msg} ${JSON.stringify(obj)}\n`),
  warn: (obj: object, msg: string) => process.stderr.write(`${msg}: ${String((obj as { err?: unknown }).err ?? JSON.stringify(obj))}\n`),
};

/**
 * Starts the platform: environment, config/platform.json, database and migrations, demo members,
 * then HTTP and websockets on HOST:PORT. Ctrl-C (SIGINT) or SIGTERM closes the server, its
 * sockets and the database, in that order.
 */
async function main(): Promise<void> {
  const root = process.cwd();
  const env = parseEnv();
  const config = loadPlatformConfig(path.join(root, 'config', 'platform.json'));
  const appConfigs = loadAppConfigs(path.join(root, 'config'));
  const clock = systemClock;

  const opened: OpenedDatabase = openDatabase(env);
  const { db, driver, location } = opened;
  await migrateToLatest(db, driver);
  await storeExchangeRates(db, config.exchangeRates, clock.now());
  const fairSecrets = loadFairSecrets(env);
  await requireRevealable(db, fairSecrets);

  // Every instance on this database (and every restart) continues one simulated clock: the same play everywhere.
  const origin = await loadFeedOrigin(db, driver, { seed: env.feedSeed, speed: env.feedSpeed, now: clock.now(), epoch: env.feedEpoch });
  // On PostgreSQL several instances may share the database: one holds the feed-leader lease, the others follow its
  // prices (through Redis) until they take the lease over. The feed starts following and prices once it leads.
  const shared = env.database.driver === 'postgres';
  const leadership = env.database.driver === 'postgres' ? postgresLeadership({ url: env.database.url, retryMs: LEADER_RETRY_MS, log: lineLog }) : undefined;
  if (shared && !env.redisUrl) {
    process.stderr.write('sport-pc: warning: DATABASE_URL without REDIS_URL: run one instance only (followers get the leader\'s prices and pushes through Redis)\n');
  }
  const feed = createFeed({ seed: env.feedSeed, speed: env.feedSpeed, origin, following: shared, now: () => clock.now(), onError: (error) => process.stderr.write(`feed: ${String(error)}\n`) });

  const app = buildApp({
    db,
    dbDriver: driver,
    config,
    appConfigs,
    feed,
    clock,
    sessionTtlMinutes: env.sessionTtlMinutes,
    trustProxy: env.trustProxy.length > 0 ? env.trustProxy : false,
    publicOrigins: env.publicOrigins,
    operatorToken: env.operatorToken,
    fairSecrets,
    distDir: path.join(root, 'dist'),
    dataDir: env.dataDir,
    logger: { level: env.logLevel },
    build: readBuildInfo(root, clock.now()),
    redis: env.redisUrl ? { url: env.redisUrl } : undefined,
    leadership,
    testControls: env.testControls,
  });
  await app.ready();
  // Ticks twice a second so odds and clocks move smoothly even at a high FEED_SPEED.
  feed.start(500);

  if (env.demoUsers) {
    const created = await ensureDemoMembers({ db, auth: app.auth, wallet: app.wallet, specialRooms: app.specialRooms, members: config.demoMembers });
    if (created.length > 0) app.log.info({ members: created }, 'demo members created');
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    const force = setTimeout(() => {
      process.stderr.write('shutdown took over 10 s; exiting\n');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      feed.stop();
      await app.close();
      await db.destroy();
      process.exit(0);
    } catch (error) {
      process.stderr.write(`error while stopping: ${(error as Error).message}\n`);
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  try {
    await app.listen({ port: env.port, host: env.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new StartupError(`PORT: ${env.host}:${env.port} is already in use; stop the other process or set PORT to a free port`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new StartupError(`HOST: cannot listen on ${env.host} (${code})`);
    if (code === 'EACCES') throw new StartupError(`PORT: no permission to listen on port ${env.port}; use a port above 1023`);
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.port;
  const shownHost = env.host === '0.0.0.0' || env.host === '::' ? 'localhost' : env.host.includes(':') ? `[${env.host}]` : env.host;
  const base = `http://${shownHost}:${port}`;
  process.stdout.write(
    [
      '',
      ...(env.testControls
        ? [
            '!!! TEST CONTROLS ARE ON (TEST_CONTROLS=1): /__test/ routes let the operator token create money, move matches and the clock.',
            `!!! For test runs only. Feed speed ${env.feedSpeed}${env.feedSpeed === 0 ? ' (frozen: it moves only when a control says so)' : ''}, simulated now ${new Date(feed.now()).toISOString()}.`,
            '',
          ]
        : []),
      `sport-pc platform ${app.buildInfo.version} is running (database: ${location})`,
      `  demo host page   ${base}/newSport`,
      `  app standalone   ${base}/spa/sport-pc/`,
      `  health           ${base}/healthz`,
      `  OpenAPI          ${base}/openapi.json`,
      ...(env.demoUsers && config.demoMembers.length > 0
        ? [`  demo sign-in     ${config.demoMembers.map((m) => `${m.username} / ${m.password}`).join(', ')}`]
        : []),
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  // Operator mistakes get one readable line; anything else is a bug and keeps its stack.
  if (error instanceof StartupError) process.stderr.write(`sport-pc: ${error.message}\n`);
  else process.stderr.write(`sport-pc: failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
