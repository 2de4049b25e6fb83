import type { Kysely, Migration } from 'kysely';
import { withIdColumn, type Driver } from './columns';

/**
 * The app logging service's events (spec 001 section 7): what the app posted, with the page origin and the member
 * the session names (never what the app claimed), kept for `appLog.retentionDays`.
 */
export function appLog(driver: Driver): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(driver, db.schema.createTable('app_log'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('client_time', 'bigint', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('member_id', 'bigint')
        .addColumn('username', 'text')
        .addColumn('origin', 'text', (c) => c.notNull())
        .addColumn('level', 'text', (c) => c.notNull())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('message', 'text')
        .execute();
      await db.schema.createIndex('app_log_created_idx').on('app_log').column('created_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('app_log').execute();
    },
  };
}
