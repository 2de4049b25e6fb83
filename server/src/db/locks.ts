import { sql, type Kysely } from 'kysely';
import { isPostgres } from './bulk';
import type { Database } from './schema';

/**
 * The locks of a read-decide-write transaction, for what one conditional UPDATE cannot decide on its own
 * (docs/operations.md "Concurrency: which rows decide"). On SQLite both are no-ops: its one writer already runs every
 * write transaction alone. On PostgreSQL (READ COMMITTED, several instances on one database) they hold exactly the
 * rows or keys the decision reads, until the transaction ends.
 *
 * Deadlock-free order, kept by every transaction: advisory keys first (all in one call, sorted), then rows of `orders`
 * (sorted by id), then wallets (by member id), then whatever else the transaction updates.
 */

/**
 * Takes PostgreSQL transaction-level advisory locks on these keys ("member:7:reservations", "order:123"), sorted so two
 * transactions asking for overlapping keys take them in the same order; released at commit or rollback. The key is
 * hashed with the schema's name, so platforms in other schemas of the same database (the tests') never wait on them.
 */
export async function lockKeys(executor: Kysely<Database>, keys: readonly string[]): Promise<void> {
  if (keys.length === 0 || !isPostgres(executor)) return;
  const sorted = [...new Set(keys)].sort();
  // unnest yields the array in order and the function runs per row as it comes: the locks are taken in key order.
  await sql`select pg_advisory_xact_lock(hashtextextended(current_schema() || ' ' || k, 0)) from unnest(${sorted}::text[]) as k`.execute(executor);
}

/**
 * Locks these orders' rows (SELECT ... FOR UPDATE, in id order) on PostgreSQL, so what the transaction reads of them
 * stays true until it commits: a cash out or another settlement of the same order waits for it, then sees its result.
 */
export async function lockOrders(executor: Kysely<Database>, ids: readonly string[]): Promise<void> {
  if (ids.length === 0 || !isPostgres(executor)) return;
  await sql`select id from orders where id = any(${[...ids]}::text[]) order by id for update`.execute(executor);
}
