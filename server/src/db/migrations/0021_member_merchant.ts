import type { Kysely, Migration } from 'kysely';

/**
 * The merchant a member belongs to (issue 28): the platform judges a member's bets by this merchant's config, never by
 * what a request says. Existing members (the demo members) have none: the default merchant.
 */
export function memberMerchant(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('members').addColumn('merchant_id', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('members').dropColumn('merchant_id').execute();
    },
  };
}
