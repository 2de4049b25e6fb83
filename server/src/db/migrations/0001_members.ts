import type { Kysely, Migration } from 'kysely';
import { withIdColumn, type Driver } from './columns';

/** Members, their sessions and their settings. */
export function members(driver: Driver): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withIdColumn(driver, db.schema.createTable('members'))
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('nickname', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('vip_level', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('sessions_member_idx').on('sessions').column('member_id').execute();

      await db.schema
        .createTable('member_settings')
        .addColumn('member_id', 'bigint', (c) => c.primaryKey().references('members.id').onDelete('cascade'))
        .addColumn('json', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('member_settings').execute();
      await db.schema.dropTable('sessions').execute();
      await db.schema.dropTable('members').execute();
    },
  };
}
