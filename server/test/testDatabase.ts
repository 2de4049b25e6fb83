import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateToLatest, openPostgres, openSqlite, type Db, type OpenedDatabase } from '../src/db/database';
import type { Driver } from '../src/db/migrations';

/**
 * The platform tests run on SQLite (in memory, or a file for restart tests) and, when TEST_DATABASE_URL names a
 * PostgreSQL database (scripts/services.mjs sets it for `npm test`'s PostgreSQL pass), on PostgreSQL: each platform a
 * test builds gets a schema of its own in that database, so files and tests running side by side never see each
 * other's rows, as with a fresh in-memory SQLite database.
 *
 * Migrating a schema took 1.3 s on a busy machine, and Kysely's introspection (which lists every schema's tables) got
 * slower with every schema left behind: 7-10 s once a few hundred existed. So schemas are reused: a closed platform's
 * schema is emptied (TRUNCATE ... RESTART IDENTITY, tens of milliseconds) and handed to the next platform, through a
 * small table of schemas in `public` that every jest worker shares.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

export interface TestDatabase {
  db: Db;
  driver: Driver;
  /** Closes the database; on PostgreSQL an emptied schema goes back for the next platform. */
  close(): Promise<void>;
}

const REGISTRY = 'public.sport_pc_test_schemas';

/**
 * A migrated, empty database for one test platform. `file` (an SQLite file path) is the restart case: the same file
 * gives the same schema on PostgreSQL (never reused by others), so a platform built again on it finds the data.
 */
export async function openTestDatabase(file?: string): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) return migrated(openSqlite(file ?? ':memory:'), async (db) => db.destroy());
  if (file) {
    const schema = schemaOfFile(file);
    await admin((client) => client.query(`create schema if not exists ${schema}`));
    return migrated(openPostgres(TEST_DATABASE_URL, { schema, poolSize: 5 }), async (db) => db.destroy());
  }
  const { schema, fresh } = await claimSchema();
  const release = async (db: Db) => {
    await db.destroy();
    await releaseSchema(schema);
  };
  // A reused schema was migrated when it was made, in this run of a throwaway cluster.
  return migrated(openPostgres(TEST_DATABASE_URL, { schema, poolSize: 5 }), release, !fresh);
}

/** The PostgreSQL schema a restart test's file names: two platforms built on one file share it (several instances). */
export function schemaOfFile(file: string): string {
  return `t_${createHash('sha256').update(file).digest('hex').slice(0, 20)}`;
}

async function migrated(opened: OpenedDatabase, close: (db: Db) => Promise<void>, upToDate = false): Promise<TestDatabase> {
  try {
    if (!upToDate) await migrateToLatest(opened.db, opened.driver, opened.schema);
  } catch (error) {
    await opened.db.destroy().catch(() => undefined);
    throw error;
  }
  return { db: opened.db, driver: opened.driver, close: () => close(opened.db) };
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A free schema (migrated already), or a new one (fresh: to be migrated). */
async function claimSchema(): Promise<{ schema: string; fresh: boolean }> {
  return admin(async (client) => {
    // The registry is made once per database; the lock keeps two workers from making it at the same moment.
    await client.query('select pg_advisory_lock(7219)');
    try {
      await client.query(`create table if not exists ${REGISTRY} (name text primary key, in_use boolean not null)`);
    } finally {
      await client.query('select pg_advisory_unlock(7219)');
    }
    const free = await client.query<{ name: string }>(
      `update ${REGISTRY} set in_use = true where name = (select name from ${REGISTRY} where not in_use limit 1 for update skip locked) returning name`,
    );
    if (free.rows[0]) return { schema: free.rows[0].name, fresh: false };
    const name = `t_${process.pid}_${randomBytes(6).toString('hex')}`;
    await client.query(`create schema ${name}`);
    await client.query(`insert into ${REGISTRY} (name, in_use) values ($1, true)`, [name]);
    return { schema: name, fresh: true };
  });
}

/**
 * Empties the schema's tables (Kysely's migration records stay), restarts its sequences, and frees it. DELETE with the
 * foreign-key triggers off (session_replication_role, a superuser's setting, which the throwaway cluster's user is)
 * took 35 ms where TRUNCATE, which makes new files for every table and index, took 300-350 ms: a third of a second on
 * every platform a test closed. A role that may not set it falls back to TRUNCATE.
 */
async function releaseSchema(schema: string): Promise<void> {
  await admin(async (client) => {
    const tables = (await client.query<{ tablename: string }>(`select tablename from pg_tables where schemaname = $1 and tablename not like 'kysely_%'`, [schema])).rows;
    const sequences = (await client.query<{ sequencename: string }>('select sequencename from pg_sequences where schemaname = $1', [schema])).rows;
    if (tables.length > 0) {
      const empty = [
        'begin',
        'set local session_replication_role = replica',
        ...tables.map((t) => `delete from ${schema}.${t.tablename}`),
        ...sequences.map((s) => `alter sequence ${schema}.${s.sequencename} restart`),
        'commit',
      ];
      try {
        await client.query(empty.join(';\n'));
      } catch {
        await client.query('rollback');
        await client.query(`truncate ${tables.map((t) => `${schema}.${t.tablename}`).join(', ')} restart identity cascade`);
      }
    }
    await client.query(`update ${REGISTRY} set in_use = false where name = $1`, [schema]);
  });
}
