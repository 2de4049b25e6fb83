import type { Kysely } from 'kysely';
import type { Driver } from '../db/migrations';
import type { Database } from '../db/schema';
import type { FeedOrigin } from '../feed';
import { StartupError } from '../startupError';

export interface StoredFeedOrigin extends FeedOrigin {
  seed: number;
  speed: number;
}

/**
 * The feed's origin, shared through the database (migration 0014): the first instance to start writes it (an insert
 * that does nothing when the row exists, so two instances starting at once agree on one), every later instance and
 * every restart reads it, so all of them compute the same simulated time and so play the same world.
 *
 * FEED_SEED or FEED_SPEED other than the stored ones: on PostgreSQL other instances may be running the stored clock, so
 * start-up stops with both values named. On SQLite the platform is the only instance: the clock is re-anchored at the
 * simulated instant it had reached (time carries on from there at the new speed, in the new seed's world), so changing
 * FEED_SPEED between two `npm start`s keeps working as it always did.
 */
export async function loadFeedOrigin(db: Kysely<Database>, driver: Driver, wanted: { seed: number; speed: number; now: number; epoch?: number }): Promise<StoredFeedOrigin> {
  const now = Math.round(wanted.now);
  // FEED_EPOCH starts a new clock at that simulated instant (the same "today" on every test run); a database whose
  // clock already runs keeps it, so a restart never replays matches its orders were placed on.
  const simStart = wanted.epoch === undefined ? now : Math.round(wanted.epoch);
  await db
    .insertInto('feed_origin')
    .values({ id: 1, seed: wanted.seed, speed: String(wanted.speed), real_start: now, sim_start: simStart, updated_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await db.selectFrom('feed_origin').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  const stored = { seed: Number(row.seed), speed: Number(row.speed), realStart: Number(row.real_start), simStart: Number(row.sim_start) };
  if (stored.seed === wanted.seed && stored.speed === wanted.speed) return stored;
  if (driver === 'postgres') {
    throw new StartupError(
      `FEED_SEED=${wanted.seed} FEED_SPEED=${wanted.speed} differ from the feed this database runs (FEED_SEED=${stored.seed} FEED_SPEED=${stored.speed}, ` +
        'stored in its feed_origin table): start every instance with the stored values, or stop every instance and delete that row to start a new feed clock',
    );
  }
  const reached = Math.round(stored.simStart + (now - stored.realStart) * stored.speed);
  await db.updateTable('feed_origin').set({ seed: wanted.seed, speed: String(wanted.speed), real_start: now, sim_start: reached, updated_at: now }).where('id', '=', 1).execute();
  return { seed: wanted.seed, speed: wanted.speed, realStart: now, simStart: reached };
}
