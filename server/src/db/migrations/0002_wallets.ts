import { sql, type Kysely, type Migration } from 'kysely';
import { withIdColumn, type Driver } from './columns';

/** Wallets (currencies and coins), the ledger behind them, and exchange rates. */
export function wallets(driver: Driver): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('wallets')
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
        .addColumn('asset', 'text', (c) => c.notNull())
        .addColumn('balance_minor', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('wallets_pk', ['member_id', 'asset'])
        // The database refuses an overdraft even if a caller bypasses the wallet service.
        .addCheckConstraint('wallets_not_negative', sql`balance_minor >= 0`)
        .execute();

      await withIdColumn(driver, db.schema.createTable('ledger'))
        .addColumn('member_id', 'bigint', (c) => c.notNull().references('members.id').onDelete('cascade'))
        .addColumn('asset', 'text', (c) => c.notNull())
        .addColumn('amount_minor', 'bigint', (c) => c.notNull())
        .addColumn('balance_after_minor', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('ref_type', 'text')
        .addColumn('ref_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ledger_member_asset_idx').on('ledger').columns(['member_id', 'asset', 'id']).execute();
      await db.schema.createIndex('ledger_ref_idx').on('ledger').columns(['ref_type', 'ref_id']).execute();

      await db.schema
        .createTable('exchange_rates')
        .addColumn('currency', 'text', (c) => c.primaryKey())
        .addColumn('rate_to_cny', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('exchange_rates').execute();
      await db.schema.dropTable('ledger').execute();
      await db.schema.dropTable('wallets').execute();
    },
  };
}
