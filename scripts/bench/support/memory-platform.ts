import path from 'node:path';

/**
 * The real platform in this process, as the fan-out benches' servers run it: the repository's configuration changed by
 * `adjust` (the limits a bench lifts), an in-memory database, the feed built with seed 1 (not started). `options` go to
 * buildApp as they are. The platform is imported here, when called, so a bench's bare mode never loads it.
 */
export async function buildMemoryPlatform(adjust: (config: any) => object, options: Record<string, unknown> = {}) {
  const root = path.resolve(__dirname, '../../..');
  const { buildApp } = await import(path.join(root, 'server/src/app'));
  const { loadAppConfigs } = await import(path.join(root, 'server/src/config/appConfig'));
  const { loadPlatformConfig } = await import(path.join(root, 'server/src/config/platformConfig'));
  const { migrateToLatest, openSqlite } = await import(path.join(root, 'server/src/db/database'));
  const { createFeed } = await import(path.join(root, 'server/src/feed'));
  const { systemClock } = await import(path.join(root, 'server/src/clock'));
  const config = adjust(loadPlatformConfig(path.join(root, 'config/platform.json')));
  const { db } = openSqlite(':memory:');
  await migrateToLatest(db, 'sqlite');
  const feed = createFeed({ seed: 1, now: () => Date.now(), historyHours: 0 });
  const app = buildApp({ db, config, appConfigs: loadAppConfigs(path.join(root, 'config')), feed, clock: systemClock, ...options });
  return { app, db, feed };
}
