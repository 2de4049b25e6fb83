import type { Kysely, Migration } from 'kysely';

/** Results of finished matches, kept for the results screens and for settlement beyond the feed's memory. */
export function matchResults(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('match_results')
        .addColumn('match_id', 'bigint', (c) => c.primaryKey())
        .addColumn('sport_id', 'integer', (c) => c.notNull())
        .addColumn('league_id', 'bigint', (c) => c.notNull())
        .addColumn('begin_time', 'bigint', (c) => c.notNull())
        .addColumn('end_time', 'bigint', (c) => c.notNull())
        .addColumn('match_status', 'integer', (c) => c.notNull())
        /** The feed's MatchResult as JSON: scores, final per-period totals and every market's outcomes. */
        .addColumn('result_json', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('match_results_time_idx').on('match_results').columns(['begin_time', 'sport_id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('match_results').execute();
    },
  };
}
