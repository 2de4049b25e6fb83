import { createHash } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';
import type { Driver } from './columns';

/** Must equal betting/snapshots.ts snapshotHash (kept here so the migration never changes with later code). */
function hashOf(marketJson: string, namesJson: string): string {
  return createHash('sha256').update(marketJson).update('\n').update(namesJson).digest('base64url').slice(0, 22);
}

/** The two tables as this migration sees them (the shapes of later code may differ). */
interface Shape {
  order_legs: { market_json: string; snapshot_json: string };
  leg_snapshots: { hash: string; market_json: string; names_json: string };
}

const LEG_COLUMNS = ['order_id', 'leg_no', 'match_id', 'sport_id', 'market_id', 'market_type', 'option_type', 'line', 'odds', 'odds_format', 'is_in_play', 'begin_time'];
const TAIL_COLUMNS = ['result', 'result_score', 'settled_at'];

/**
 * Storage for speed (issue 5's benchmarks). The market and name snapshots move off order_legs into leg_snapshots, one row per distinct content, referenced by
 * its hash: every leg on an option carried the same kilobyte of JSON, which made placing and settling write and read
 * far more than the leg itself. order_legs is rebuilt (SQLite cannot add a NOT NULL reference to a table in place);
 * existing legs keep their snapshots through the new reference. No index on snapshot_hash: snapshots are never deleted
 * or changed, so nothing looks legs up by it, and every placed leg would pay for maintaining one.
 */
export function legSnapshots(driver: Driver = 'sqlite'): Migration {
  return {
    async up(outer: Kysely<unknown>) {
      // Kysely runs SQLite migrations outside a transaction; this one drops and rebuilds a table, so it makes its own:
      // a crash half way leaves the old shape, whole. Should the crash fall between the commit and Kysely recording
      // the migration, the next start finds the new shape and has nothing to do. On PostgreSQL Kysely already runs
      // each migration in a transaction (DDL is transactional there), which gives the same.
      // PostgreSQL's introspection lists every schema's tables: only the one the database was opened in counts.
      const schema = driver === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(outer)).rows[0]?.s : undefined;
      const legColumns =
        (await outer.introspection.getTables()).find((t) => t.name === 'order_legs' && (schema === undefined || t.schema === schema))?.columns.map((c) => c.name) ?? [];
      if (legColumns.includes('snapshot_hash')) return;
      if (outer.isTransaction) await rebuild(outer, driver);
      else await outer.transaction().execute((trx) => rebuild(trx, driver));
    },
    async down() {
      throw new Error('0005_leg_snapshots cannot be undone: restore a backup taken before it');
    },
  };
}

async function rebuild(db: Kysely<unknown>, driver: Driver): Promise<void> {
  const typed = db as unknown as Kysely<Shape>;
  await db.schema
    .createTable('leg_snapshots')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('market_json', 'text', (c) => c.notNull())
    .addColumn('names_json', 'text', (c) => c.notNull())
    .execute();

  const distinct = await typed.selectFrom('order_legs').select(['market_json', 'snapshot_json']).distinct().execute();
  const rows = distinct.map((r) => ({ hash: hashOf(r.market_json, r.snapshot_json), market_json: r.market_json, names_json: r.snapshot_json }));
  for (let i = 0; i < rows.length; i += 300) {
    await typed.insertInto('leg_snapshots').values(rows.slice(i, i + 300)).onConflict((oc) => oc.column('hash').doNothing()).execute();
  }

  await db.schema
    .createTable('order_legs_new')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('leg_no', 'integer', (c) => c.notNull())
    .addColumn('match_id', 'bigint', (c) => c.notNull())
    .addColumn('sport_id', 'integer', (c) => c.notNull())
    .addColumn('market_id', 'bigint', (c) => c.notNull())
    .addColumn('market_type', 'integer', (c) => c.notNull())
    .addColumn('option_type', 'text', (c) => c.notNull())
    .addColumn('line', 'text')
    .addColumn('odds', 'text', (c) => c.notNull())
    .addColumn('odds_format', 'integer', (c) => c.notNull())
    .addColumn('is_in_play', 'integer', (c) => c.notNull())
    .addColumn('begin_time', 'bigint', (c) => c.notNull())
    .addColumn('snapshot_hash', 'text', (c) => c.notNull().references('leg_snapshots.hash'))
    .addColumn('result', 'integer', (c) => c.notNull())
    .addColumn('result_score', 'text')
    .addColumn('settled_at', 'bigint')
    // PostgreSQL names a key's index after the constraint, in one namespace per schema, and the old table still holds
    // order_legs_pk; SQLite keeps constraint names per table.
    .addPrimaryKeyConstraint(driver === 'postgres' ? 'order_legs_snapshot_pk' : 'order_legs_pk', ['order_id', 'leg_no'])
    .execute();
  // A temporary index lets every old leg find its snapshot's hash by content in one pass.
  await db.schema.createIndex('leg_snapshots_content_tmp').on('leg_snapshots').columns(['market_json', 'names_json']).execute();
  const cols = sql.join(LEG_COLUMNS.map((c) => sql.ref(`l.${c}`)));
  const tail = sql.join(TAIL_COLUMNS.map((c) => sql.ref(`l.${c}`)));
  await sql`insert into order_legs_new (${sql.join([...LEG_COLUMNS, 'snapshot_hash', ...TAIL_COLUMNS].map((c) => sql.id(c)))})
    select ${cols}, s.hash, ${tail}
    from order_legs l join leg_snapshots s on s.market_json = l.market_json and s.names_json = l.snapshot_json`.execute(db);
  await db.schema.dropIndex('leg_snapshots_content_tmp').execute();
  // Every leg must have come across (a hash collision would have dropped one): otherwise roll the whole change back.
  const count = async (table: string) => Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]?.n ?? 0);
  const [before, after] = [await count('order_legs'), await count('order_legs_new')];
  if (before !== after) throw new Error(`0005_leg_snapshots: ${before} legs but ${after} moved; nothing was changed`);
  await db.schema.dropTable('order_legs').execute();
  await db.schema.alterTable('order_legs_new').renameTo('order_legs').execute();
  await db.schema.createIndex('order_legs_match_idx').on('order_legs').columns(['match_id', 'result']).execute();
  await db.schema.createIndex('order_legs_market_idx').on('order_legs').columns(['market_id']).execute();

  // Only Confirming orders (status 1) wait for the end of an in-play delay: a partial index keeps every other order
  // out of it, so placing a pre-match bet adds no entry and settling one moves none.
  await db.schema.dropIndex('orders_due_idx').execute();
  await sql`CREATE INDEX orders_due_idx ON orders (accept_at) WHERE status = 1`.execute(db);
}
