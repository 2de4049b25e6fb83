import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely';

export type Driver = 'sqlite' | 'postgres';

/**
 * An auto-numbered integer primary key. SQLite and PostgreSQL spell it differently, which is the
 * only dialect difference the migrations need.
 */
export function withIdColumn<T extends string>(driver: Driver, table: CreateTableBuilder<T, never>) {
  return driver === 'postgres'
    ? table.addColumn('id', 'bigint', (c: ColumnDefinitionBuilder) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement());
}
