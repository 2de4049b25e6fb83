import { sql, type Kysely, type Migration } from 'kysely';
import { withIdColumn, type Driver } from './columns';

/**
 * Orders and their legs, cash outs, auto cash-out rules, pre-bets (reservations) and the idempotency record of
 * placing requests. The unique ledger index makes a second stake, payout, refund or cash-out credit for the same
 * cause impossible, whatever the code above it does.
 */
export function betting(driver: Driver): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('orders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('bet_type', 'integer', (c) => c.notNull())
        .addColumn('series_number', 'integer', (c) => c.notNull())
        .addColumn('item_count', 'integer', (c) => c.notNull())
        .addColumn('bet_count', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('exchange_rate', 'text', (c) => c.notNull())
        .addColumn('unit_stake_minor', 'bigint', (c) => c.notNull())
        .addColumn('stake_minor', 'bigint', (c) => c.notNull())
        .addColumn('remaining_stake_minor', 'bigint', (c) => c.notNull())
        .addColumn('odds', 'text', (c) => c.notNull())
        .addColumn('max_win_minor', 'bigint', (c) => c.notNull())
        .addColumn('odds_change', 'integer', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('result', 'integer', (c) => c.notNull())
        .addColumn('payout_minor', 'bigint', (c) => c.notNull())
        .addColumn('cash_out_count', 'integer', (c) => c.notNull())
        .addColumn('cash_out_stake_minor', 'bigint', (c) => c.notNull())
        .addColumn('cash_out_payout_minor', 'bigint', (c) => c.notNull())
        .addColumn('reject_type', 'integer')
        .addColumn('reject_reason', 'text')
        .addColumn('is_in_play', 'integer', (c) => c.notNull())
        .addColumn('accept_at', 'bigint')
        .addColumn('reserve_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('confirmed_at', 'bigint')
        .addColumn('settled_at', 'bigint')
        .addColumn('cancelled_at', 'bigint')
        .addColumn('modified_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('orders_member_idx').on('orders').columns(['member_id', 'status', 'created_at']).execute();
      await db.schema.createIndex('orders_due_idx').on('orders').columns(['status', 'accept_at']).execute();

      await db.schema
        .createTable('order_legs')
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
        .addColumn('leg_no', 'integer', (c) => c.notNull())
        .addColumn('match_id', 'bigint', (c) => c.notNull())
        .addColumn('sport_id', 'integer', (c) => c.notNull())
        .addColumn('market_id', 'bigint', (c) => c.notNull())
        .addColumn('market_type', 'integer', (c) => c.notNull())
        .addColumn('option_type', 'text', (c) => c.notNull())
        .addColumn('line', 'text')
        .addColumn('odds', 'text', (c) => c.notNull())
        .addColumn('odds_format', 'integer', (c) => c.notNull())
        .addColumn('is_in_play', 'integer', (c) => c.notNull())
        .addColumn('begin_time', 'bigint', (c) => c.notNull())
        .addColumn('market_json', 'text', (c) => c.notNull())
        .addColumn('snapshot_json', 'text', (c) => c.notNull())
        .addColumn('result', 'integer', (c) => c.notNull())
        .addColumn('result_score', 'text')
        .addColumn('settled_at', 'bigint')
        .addPrimaryKeyConstraint('order_legs_pk', ['order_id', 'leg_no'])
        .execute();
      await db.schema.createIndex('order_legs_match_idx').on('order_legs').columns(['match_id', 'result']).execute();
      await db.schema.createIndex('order_legs_market_idx').on('order_legs').columns(['market_id']).execute();

      await db.schema
        .createTable('bet_requests')
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('order_ids', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('bet_requests_pk', ['member_id', 'request_id'])
        .execute();

      await db.schema
        .createTable('cash_outs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        .addColumn('stake_minor', 'bigint', (c) => c.notNull())
        .addColumn('payout_minor', 'bigint', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('auto', 'integer', (c) => c.notNull())
        .addColumn('cancel_reason', 'integer')
        .addColumn('accept_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('modified_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('cash_outs_order_idx').on('cash_outs').columns(['order_id']).execute();
      await db.schema.createIndex('cash_outs_due_idx').on('cash_outs').columns(['status', 'accept_at']).execute();

      await withIdColumn(driver, db.schema.createTable('auto_cash_outs'))
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        .addColumn('stake_minor', 'bigint', (c) => c.notNull())
        .addColumn('threshold_minor', 'bigint', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('cash_out_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('modified_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('auto_cash_outs_order_idx').on('auto_cash_outs').columns(['order_id', 'status']).execute();

      await db.schema
        .createTable('reservations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id'))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('match_id', 'bigint', (c) => c.notNull())
        .addColumn('sport_id', 'integer', (c) => c.notNull())
        .addColumn('market_id', 'bigint', (c) => c.notNull())
        .addColumn('market_type', 'integer', (c) => c.notNull())
        .addColumn('option_type', 'text', (c) => c.notNull())
        .addColumn('line', 'text')
        .addColumn('odds', 'text', (c) => c.notNull())
        .addColumn('booked_odds', 'text', (c) => c.notNull())
        .addColumn('unit_stake_minor', 'bigint', (c) => c.notNull())
        .addColumn('is_in_play', 'integer', (c) => c.notNull())
        .addColumn('begin_time', 'bigint', (c) => c.notNull())
        .addColumn('market_json', 'text', (c) => c.notNull())
        .addColumn('snapshot_json', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('order_id', 'text')
        .addColumn('fail_reason', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('modified_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('reservations_member_idx').on('reservations').columns(['member_id', 'status', 'created_at']).execute();
      await db.schema.createIndex('reservations_status_idx').on('reservations').columns(['status', 'market_id']).execute();

      // One stake, refund, payout or cash-out credit per cause: a retried or racing settlement cannot pay twice.
      await sql`CREATE UNIQUE INDEX ledger_cause_idx ON ledger (kind, ref_type, ref_id) WHERE kind IN ('bet_stake', 'bet_refund', 'bet_payout', 'cash_out')`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`DROP INDEX ledger_cause_idx`.execute(db);
      for (const table of ['reservations', 'auto_cash_outs', 'cash_outs', 'bet_requests', 'order_legs', 'orders']) await db.schema.dropTable(table).execute();
    },
  };
}
