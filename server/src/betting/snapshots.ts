import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, LegSnapshotsTable } from '../db/schema';
import type { Fixture, Market } from '../feed';
import { legSnapshot, marketSnapshot } from './orders';
import type { PricedLeg } from './rules';

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

/** Snapshot hashes remembered as stored; past this the memory starts over (a miss only costs an INSERT OR IGNORE). */
const KNOWN_SNAPSHOTS = 20_000;

/**
 * The order service's memory of snapshots: the row of a priced leg, serialised and hashed once per distinct content,
 * and which hashes it has committed to leg_snapshots (a leg on one of them needs no snapshot write). Shared by the
 * drafting step (which makes the rows) and the group commit (which stores them and notes what it committed).
 */
export interface SnapshotCache {
  /** The snapshot row of what the leg is placed on. */
  of(leg: PricedLeg): LegSnapshotsTable;
  /** Whether this service committed the hash to leg_snapshots. */
  stored(hash: string): boolean;
  /** Notes the snapshots of one request's drafts as committed. */
  noteStored(drafts: ReadonlyArray<{ snapshots: readonly LegSnapshotsTable[] }>): void;
}

export function createSnapshotCache(): SnapshotCache {
  /** Snapshot rows by their content, so the same option is hashed once (bounded like knownSnapshots). */
  const snapshotByContent = new Map<string, LegSnapshotsTable>();
  /**
   * And by the feed's market object: the feed replaces a market object whenever anything of it changes, never edits
   * one, so the same object always makes the same market part. The fixture is a fresh object per look-up, but the names
   * in it are the feed's own (the same objects each time): compared by reference, a different one serialises anew.
   */
  const snapshotByMarket = new WeakMap<Market, { fixture: Fixture; byOption: Map<string, LegSnapshotsTable> }>();
  /** Hashes committed to leg_snapshots by this service: a leg on one of them needs no snapshot write. */
  const knownSnapshots = new Set<string>();

  function snapshotOf(leg: PricedLeg): LegSnapshotsTable {
    let forMarket = snapshotByMarket.get(leg.market);
    if (!forMarket || !sameNames(forMarket.fixture, leg.fixture)) {
      forMarket = { fixture: leg.fixture, byOption: new Map() };
      snapshotByMarket.set(leg.market, forMarket);
    }
    const key = `${leg.option.type}|${leg.option.line ?? ''}`;
    let row = forMarket.byOption.get(key);
    if (!row) {
      row = serialisedSnapshot(leg);
      forMarket.byOption.set(key, row);
    }
    return row;
  }

  function serialisedSnapshot(leg: PricedLeg): LegSnapshotsTable {
    const marketJson = JSON.stringify(marketSnapshot(leg.market));
    const namesJson = JSON.stringify(legSnapshot(leg));
    const content = `${marketJson}\n${namesJson}`;
    let row = snapshotByContent.get(content);
    if (!row) {
      if (snapshotByContent.size >= KNOWN_SNAPSHOTS) snapshotByContent.clear();
      row = snapshotRow(marketJson, namesJson);
      snapshotByContent.set(content, row);
    }
    return row;
  }

  return {
    of: snapshotOf,
    stored: (hash) => knownSnapshots.has(hash),
    noteStored(drafts) {
      if (knownSnapshots.size >= KNOWN_SNAPSHOTS) knownSnapshots.clear();
      for (const d of drafts) for (const snap of d.snapshots) knownSnapshots.add(snap.hash);
    },
  };
}

function sameNames(a: Fixture, b: Fixture): boolean {
  return (
    a.isOutright === b.isOutright &&
    a.league.id === b.league.id &&
    a.league.name === b.league.name &&
    a.home.id === b.home.id &&
    a.home.name === b.home.name &&
    a.home.icon === b.home.icon &&
    a.away?.id === b.away?.id &&
    a.away?.name === b.away?.name &&
    a.away?.icon === b.away?.icon
  );
}
