import { sql, type Kysely, type Migration } from 'kysely';
import { withIdColumn, type Driver } from './columns';

/**
 * The live room's member data (spec 001 sections 3 and 7): anchors a member follows, rooms they booked, the views that
 * count towards a room's popularity, the titles they obtained, and the first-bet coverage offers they joined. The
 * unique ledger index on the coverage credit makes a second refund of one order impossible, whatever the code does.
 */
export function liveRoom(driver: Driver): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('live_follows')
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
        .addColumn('host_id', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('live_follows_pk', ['member_id', 'host_id'])
        .execute();

      await withIdColumn(driver, db.schema.createTable('live_bookings'))
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
        .addColumn('live_room_id', 'bigint', (c) => c.notNull())
        .addColumn('host_id', 'bigint', (c) => c.notNull())
        .addColumn('match_id', 'bigint', (c) => c.notNull())
        .addColumn('skip_match_id', 'bigint', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('modified_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('live_bookings_member_idx').on('live_bookings').columns(['member_id', 'live_room_id', 'status']).execute();
      await db.schema.createIndex('live_bookings_open_idx').on('live_bookings').columns(['status', 'live_room_id']).execute();

      await withIdColumn(driver, db.schema.createTable('live_watches'))
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
        .addColumn('live_room_id', 'bigint', (c) => c.notNull())
        .addColumn('match_id', 'bigint', (c) => c.notNull())
        .addColumn('watched_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('live_watches_room_idx').on('live_watches').columns(['live_room_id', 'match_id']).execute();
      await db.schema.createIndex('live_watches_member_idx').on('live_watches').columns(['member_id', 'live_room_id', 'watched_at']).execute();

      await db.schema
        .createTable('member_titles')
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
        .addColumn('title_id', 'integer', (c) => c.notNull())
        .addColumn('obtained_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('member_titles_pk', ['member_id', 'title_id'])
        .execute();

      await withIdColumn(driver, db.schema.createTable('first_bet_covers'))
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
        .addColumn('live_room_id', 'bigint', (c) => c.notNull())
        .addColumn('match_id', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('cap_minor', 'bigint', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('order_id', 'text')
        .addColumn('cover_minor', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('joined_at', 'bigint', (c) => c.notNull())
        .addColumn('modified_at', 'bigint', (c) => c.notNull())
        .execute();
      // One offer per member and match, whichever of the match's rooms it was joined in.
      await db.schema.createIndex('first_bet_covers_key_idx').on('first_bet_covers').columns(['member_id', 'match_id']).unique().execute();
      await db.schema.createIndex('first_bet_covers_match_idx').on('first_bet_covers').columns(['match_id', 'status']).execute();
      await sql`CREATE UNIQUE INDEX ledger_cover_idx ON ledger (kind, ref_type, ref_id) WHERE kind = 'first_bet_cover'`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`DROP INDEX ledger_cover_idx`.execute(db);
      for (const table of ['first_bet_covers', 'member_titles', 'live_watches', 'live_bookings', 'live_follows']) await db.schema.dropTable(table).execute();
    },
  };
}
