import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, LegSnapshotsTable } from '../db/schema';

/**
 * Snapshots of what a leg was placed on (the market as settlement needs it, the names in every language as the history
 * shows them) are stored once per distinct content in leg_snapshots and referenced by their hash: thousands of legs on
 * one option share one row instead of each carrying about a kilobyte of JSON.
 */
export function snapshotHash(marketJson: string, namesJson: string): string {
  return createHash('sha256').update(marketJson).update('\n').update(namesJson).digest('base64url').slice(0, 22);
}

export function snapshotRow(marketJson: string, namesJson: string): LegSnapshotsTable {
  return { hash: snapshotHash(marketJson, namesJson), market_json: marketJson, names_json: namesJson };
}

/** Rows per INSERT: 3 columns each, well under SQLite's bound-variable limit. */
const ROWS_PER_INSERT = 300;

/** Stores snapshots that are not there yet, inside the caller's transaction (content-addressed: a repeat is a no-op). */
export async function storeSnapshots(executor: Kysely<Database> | Transaction<Database>, rows: readonly LegSnapshotsTable[]): Promise<void> {
  // In hash order: two transactions storing the same new snapshots on PostgreSQL wait on each other's rows in one order.
  const distinct = [...new Map(rows.map((r) => [r.hash, r])).values()].sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
  for (let i = 0; i < distinct.length; i += ROWS_PER_INSERT) {
    await executor
      .insertInto('leg_snapshots')
      .values(distinct.slice(i, i + ROWS_PER_INSERT))
      .onConflict((oc) => oc.column('hash').doNothing())
      .execute();
  }
}

/** The snapshots by hash (for settlement and the history). */
export async function loadSnapshots(executor: Kysely<Database> | Transaction<Database>, hashes: Iterable<string>): Promise<Map<string, LegSnapshotsTable>> {
  const wanted = [...new Set(hashes)];
  const out = new Map<string, LegSnapshotsTable>();
  for (let i = 0; i < wanted.length; i += 500) {
    const rows = await executor.selectFrom('leg_snapshots').selectAll().where('hash', 'in', wanted.slice(i, i + 500)).execute();
    for (const row of rows) out.set(row.hash, row);
  }
  return out;
}
