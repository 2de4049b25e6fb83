import type { Kysely, Migration } from 'kysely';

/**
 * The feed's origin (issue 19): the real and simulated instants the simulated clock started from, with the seed and
 * speed it runs at. One row (id 1), written once by the first instance; every instance and every restart maps real time
 * to simulated time from it, so all of them play the same world at the same moment.
 */
export function feedOrigin(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('feed_origin')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('seed', 'bigint', (c) => c.notNull())
        // Text: FEED_SPEED may have decimals, and the comparison with the environment must be exact.
        .addColumn('speed', 'text', (c) => c.notNull())
        .addColumn('real_start', 'bigint', (c) => c.notNull())
        .addColumn('sim_start', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('feed_origin').execute();
    },
  };
}
