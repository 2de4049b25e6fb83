import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Provably fair v2 (issue 29): a new event's seed is derived from a secret outside the database and written to
 * `server_seed` only when the event is revealed ('' until then: SQLite cannot drop the column's NOT NULL in place).
 * `algorithm` names what an event was committed under: events announced before keep v1 (their seed was stored from the
 * start; they finish and verify as before). `entries_hash` is the closed entry list's hash a v2 draw is keyed with.
 * An envelope's `seq` is how many of its rain's envelopes its receive saw taken: the order a verifier checks the
 * receivers' tickets in (null for envelopes taken before).
 */
export function fairV2(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('live_events').addColumn('algorithm', 'text', (c) => c.notNull().defaultTo(sql`'hmac-sha256-v1'`)).execute();
      await db.schema.alterTable('live_events').addColumn('entries_hash', 'text').execute();
      await db.schema.alterTable('red_envelopes').addColumn('seq', 'integer').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('red_envelopes').dropColumn('seq').execute();
      await db.schema.alterTable('live_events').dropColumn('entries_hash').execute();
      await db.schema.alterTable('live_events').dropColumn('algorithm').execute();
    },
  };
}
