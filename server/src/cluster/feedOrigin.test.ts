import { afterEach, describe, expect, it } from '@jest/globals';
import { openTestDatabase, type TestDatabase } from '../../test/testDatabase';
import { createFakeClock } from '../clock';
import { createFeed } from '../feed';
import { StartupError } from '../startupError';
import { loadFeedOrigin } from './feedOrigin';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const opened: TestDatabase[] = [];
afterEach(async () => {
  for (const d of opened.splice(0)) await d.close();
});

async function database(): Promise<TestDatabase> {
  const d = await openTestDatabase();
  opened.push(d);
  return d;
}

describe('the shared feed origin', () => {
  it('is written once: a later start (another instance, a restart) reads the first one and plays the same moment', async () => {
    const { db, driver } = await database();
    const first = await loadFeedOrigin(db, driver, { seed: 5, speed: 60, now: 1_000_000 });
    expect(first).toEqual({ seed: 5, speed: 60, realStart: 1_000_000, simStart: 1_000_000 });
    const later = await loadFeedOrigin(db, driver, { seed: 5, speed: 60, now: 1_000_000 + HOUR });
    expect(later).toEqual(first);

    // Two feeds built ten minutes apart (real) on that origin agree on the simulated time and on what is in play (a
    // gap of minutes shows it as an hour did, with a sixth of the simulation).
    const clock = createFakeClock(Date.UTC(2025, 0, 1));
    const origin = await (async () => {
      const { db: db2, driver: d2 } = await database();
      return loadFeedOrigin(db2, d2, { seed: 9, speed: 2, now: clock.now() });
    })();
    const a = createFeed({ seed: 9, speed: 2, origin, now: () => clock.now(), historyHours: 0 });
    clock.advance(10 * MINUTE);
    a.tick();
    const b = createFeed({ seed: 9, speed: 2, origin, now: () => clock.now(), historyHours: 0 });
    expect(b.now()).toBe(a.now());
    expect(b.now()).toBe(origin.simStart + 20 * MINUTE);
    const ids = (f: typeof a) => f.matches({ type: 'inplay' }).map((m) => [m.matchId, m.matchInfo.period]);
    expect(ids(b)).toEqual(ids(a));
  });

  it('two instances starting at the same moment agree on one origin', async () => {
    const { db, driver } = await database();
    const [x, y] = await Promise.all([loadFeedOrigin(db, driver, { seed: 1, speed: 1, now: 10 }), loadFeedOrigin(db, driver, { seed: 1, speed: 1, now: 20 })]);
    expect(x).toEqual(y);
  });

  it('another FEED_SPEED or FEED_SEED: a start-up error naming both on PostgreSQL, a re-anchored clock on SQLite', async () => {
    const { db, driver } = await database();
    await loadFeedOrigin(db, driver, { seed: 1, speed: 20, now: 1_000 });
    const changed = loadFeedOrigin(db, driver, { seed: 1, speed: 60, now: 1_000 + HOUR });
    if (driver === 'postgres') {
      await expect(changed).rejects.toThrow(StartupError);
      await expect(changed).rejects.toThrow(/FEED_SEED=1 FEED_SPEED=60 differ .*FEED_SEED=1 FEED_SPEED=20/);
      expect(await db.selectFrom('feed_origin').select('speed').executeTakeFirst()).toEqual({ speed: '20' });
    } else {
      // The simulated time reached at speed 20 carries on at 60 from now.
      expect(await changed).toEqual({ seed: 1, speed: 60, realStart: 1_000 + HOUR, simStart: 1_000 + 20 * HOUR });
      expect(await loadFeedOrigin(db, driver, { seed: 1, speed: 60, now: 1_000 + 2 * HOUR })).toEqual({ seed: 1, speed: 60, realStart: 1_000 + HOUR, simStart: 1_000 + 20 * HOUR });
    }
  });
});
