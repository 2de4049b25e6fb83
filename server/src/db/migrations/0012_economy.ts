import { sql, type Kysely, type Migration } from 'kysely';
import { withIdColumn, type Driver } from './columns';

/**
 * Coins, gifts and room events (issue 16): conversions of main balance to coins, each member's daily coin use, gifts
 * presented and the anchors' tallies, room events (rains and lotteries) with their entries, envelopes, winners, and the
 * coupons won. The unique indexes are the last line against paying twice: one envelope per member per rain, one win
 * per member per event, and one ledger row per envelope, prize, gift and transfer leg, whatever the code does.
 */
export function economy(driver: Driver): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(driver, db.schema.createTable('coin_transfers'))
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount_minor', 'bigint', (c) => c.notNull())
        .addColumn('coins_minor', 'bigint', (c) => c.notNull())
        .addColumn('rate', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('fail_reason', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('modified_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('coin_transfers_member_idx').on('coin_transfers').columns(['member_id', 'id']).execute();

      await db.schema
        .createTable('coin_daily_usage')
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
        .addColumn('day', 'integer', (c) => c.notNull())
        .addColumn('spent_minor', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('received_minor', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('coin_daily_usage_pk', ['member_id', 'day'])
        .execute();

      await withIdColumn(driver, db.schema.createTable('gift_presents'))
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
        .addColumn('room_id', 'bigint', (c) => c.notNull())
        .addColumn('host_id', 'bigint', (c) => c.notNull())
        .addColumn('match_id', 'bigint', (c) => c.notNull())
        .addColumn('gift_id', 'integer', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('total_minor', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('gift_presents_room_idx').on('gift_presents').columns(['room_id', 'member_id']).execute();

      await db.schema
        .createTable('anchor_gift_tallies')
        .addColumn('host_id', 'bigint', (c) => c.primaryKey())
        .addColumn('coins_minor', 'bigint', (c) => c.notNull())
        .addColumn('gifts', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await withIdColumn(driver, db.schema.createTable('live_events'))
        .addColumn('room_id', 'bigint', (c) => c.notNull())
        .addColumn('match_id', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'integer', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('question', 'text', (c) => c.notNull())
        .addColumn('options_json', 'text', (c) => c.notNull())
        .addColumn('answer', 'integer')
        .addColumn('countdown_at', 'bigint', (c) => c.notNull())
        .addColumn('start_time', 'bigint', (c) => c.notNull())
        .addColumn('end_time', 'bigint', (c) => c.notNull())
        .addColumn('winner_count', 'integer', (c) => c.notNull())
        .addColumn('reward_type', 'integer')
        .addColumn('reward_amount_minor', 'bigint')
        .addColumn('reward_title_id', 'integer')
        .addColumn('budget_minor', 'bigint')
        .addColumn('envelope_count', 'integer')
        .addColumn('server_seed', 'text', (c) => c.notNull())
        .addColumn('seed_hash', 'text', (c) => c.notNull())
        .addColumn('message_id', 'text')
        // Who started it (schedule slot, half-time of a match, operator): a schedule slot or a half-time runs once.
        .addColumn('source_key', 'text', (c) => c.unique())
        .addColumn('drawn_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('live_events_room_idx').on('live_events').columns(['room_id', 'kind', 'id']).execute();
      await db.schema.createIndex('live_events_due_idx').on('live_events').columns(['status', 'start_time']).execute();

      await db.schema
        .createTable('live_event_entries')
        .addColumn('event_id', 'bigint', (c) => c.notNull().references('live_events.id').onDelete('cascade'))
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
        .addColumn('choice', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('live_event_entries_pk', ['event_id', 'member_id'])
        .execute();

      await db.schema
        .createTable('red_envelopes')
        .addColumn('event_id', 'bigint', (c) => c.notNull().references('live_events.id').onDelete('cascade'))
        .addColumn('idx', 'integer', (c) => c.notNull())
        .addColumn('amount_minor', 'bigint', (c) => c.notNull())
        .addColumn('member_id', 'bigint', (c) => c.references('members.id'))
        .addColumn('received_at', 'bigint')
        .addPrimaryKeyConstraint('red_envelopes_pk', ['event_id', 'idx'])
        .execute();
      // NULLs are distinct in both SQLite and PostgreSQL: untaken envelopes do not collide.
      await db.schema.createIndex('red_envelopes_member_idx').on('red_envelopes').columns(['event_id', 'member_id']).unique().execute();

      await db.schema
        .createTable('live_event_winners')
        .addColumn('event_id', 'bigint', (c) => c.notNull().references('live_events.id').onDelete('cascade'))
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
        .addColumn('draw_index', 'integer', (c) => c.notNull())
        .addColumn('reward_type', 'integer', (c) => c.notNull())
        .addColumn('amount_minor', 'bigint')
        .addColumn('currency', 'text')
        .addColumn('title_id', 'integer')
        .addColumn('coupon_id', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('live_event_winners_pk', ['event_id', 'member_id'])
        .execute();

      await withIdColumn(driver, db.schema.createTable('member_coupons'))
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
        .addColumn('type', 'integer', (c) => c.notNull())
        .addColumn('amount_minor', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('event_id', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema.createIndex('member_coupons_win_idx').on('member_coupons').columns(['event_id', 'member_id']).unique().execute();
      await db.schema.createIndex('member_coupons_member_idx').on('member_coupons').columns(['member_id', 'id']).execute();

      await sql`CREATE UNIQUE INDEX ledger_economy_idx ON ledger (kind, ref_type, ref_id, asset) WHERE kind IN ('gift', 'red_envelope', 'lottery_prize', 'coin_purchase')`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`DROP INDEX ledger_economy_idx`.execute(db);
      for (const table of ['member_coupons', 'live_event_winners', 'red_envelopes', 'live_event_entries', 'live_events', 'anchor_gift_tallies', 'gift_presents', 'coin_daily_usage', 'coin_transfers']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
