import type { Kysely, Migration } from 'kysely';

/**
 * Platform-wide switches an operator sets (issue 19): the maintenance flag lived in one instance's memory, so behind a
 * load balancer each instance answered its own and a restart cleared it. In the database every instance reads the
 * same flag, and it holds until the operator clears it.
 */
export function platformFlags(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('platform_flags')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('platform_flags').execute();
    },
  };
}
