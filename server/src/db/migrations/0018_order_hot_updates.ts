import { sql, type Kysely, type Migration } from 'kysely';
import type { Driver } from './columns';

/**
 * Settling an order changes its status, and every index that holds the status then takes a new entry per order
 * (issue 19: 100,000 orders settled in under 5 s; on PostgreSQL the orders' update was the batch's costliest statement,
 * 13 µs an order, none of them HOT).
 * - Orders by member: a member's orders are read by member and time, with the status as a filter over that member's
 *   few hundred rows; the status no longer sits in the index, so neither database rewrites an entry when it changes.
 * - PostgreSQL only: an update is HOT (on its page, no index entry) only when no indexed column changes, a column in
 *   an index's condition included. The due orders' index held `WHERE status = 1`; it now holds the orders that have an
 *   accept time, which is set only while an order is confirming and cleared when it leaves that state, so it lists the
 *   same rows. With the orders' pages filled to 70 % the new version fits on its page. SQLite has no HOT updates: its
 *   index keeps its condition on the status (either condition holds the confirming orders alone).
 */
export function orderHotUpdates(driver: Driver): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('orders_member_idx').execute();
      await db.schema.createIndex('orders_member_idx').on('orders').columns(['member_id', 'created_at']).execute();
      if (driver === 'postgres') {
        await db.schema.dropIndex('orders_due_idx').execute();
        await sql`CREATE INDEX orders_due_idx ON orders (accept_at) WHERE accept_at IS NOT NULL`.execute(db);
        await sql`ALTER TABLE orders SET (fillfactor = 70)`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      if (driver === 'postgres') {
        await sql`ALTER TABLE orders RESET (fillfactor)`.execute(db);
        await db.schema.dropIndex('orders_due_idx').execute();
        await sql`CREATE INDEX orders_due_idx ON orders (accept_at) WHERE status = 1`.execute(db);
      }
      await db.schema.dropIndex('orders_member_idx').execute();
      await db.schema.createIndex('orders_member_idx').on('orders').columns(['member_id', 'status', 'created_at']).execute();
    },
  };
}
