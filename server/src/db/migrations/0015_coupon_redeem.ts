import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Coupons redeemed (issue 16, docs/api.md "Coupons"): the coupon's `used_at` is set by a conditional update in the
 * redeeming transaction; this unique ledger index is the last line behind it, so one coupon can never pay twice
 * whatever the code does (ref_id is the coupon's id).
 */
export function couponRedeem(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`CREATE UNIQUE INDEX ledger_coupon_idx ON ledger (kind, ref_type, ref_id) WHERE kind = 'coupon_redeem'`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await sql`DROP INDEX ledger_coupon_idx`.execute(db);
    },
  };
}
