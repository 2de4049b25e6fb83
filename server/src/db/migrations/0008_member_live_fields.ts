import type { Kysely, Migration } from 'kysely';

/**
 * What the live side reads from a member's record (spec 001 sections 3 and 6): the user live group (a positive id with
 * type user or agent; 0 means no group) and the title the member wears in chat. VIP level is already a column.
 */
export function memberLiveFields(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('members').addColumn('live_group_id', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('members').addColumn('live_group_user_type', 'text', (c) => c.notNull().defaultTo('user')).execute();
      await db.schema.alterTable('members').addColumn('worn_title_id', 'integer').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const column of ['worn_title_id', 'live_group_user_type', 'live_group_id']) await db.schema.alterTable('members').dropColumn(column).execute();
    },
  };
}
