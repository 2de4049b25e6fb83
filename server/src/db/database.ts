import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type SqliteDatabase as KyselySqliteDatabase } from 'kysely';
import pg from 'pg';
import { redactUrl, type Env } from '../env';
import { migrationProvider, type Driver } from './migrations';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface OpenedDatabase {
  db: Db;
  driver: Driver;
  /** Where the data lives, for the start-up banner (':memory:' in tests). */
  location: string;
  /** The PostgreSQL schema it was opened in, when not the default. */
  schema?: string;
}

export const SQLITE_FILE_NAME = 'sport-pc.sqlite';

/** Distinct statements kept prepared; the queries of the platform are a few hundred shapes, the rest is churn. */
export const STATEMENT_CACHE_SIZE = 1000;

/**
 * The native database as Kysely sees it, with prepared statements reused by SQL text: better-sqlite3's prepare
 * (parsing and planning in SQLite) was a large part of each bet's CPU, and Kysely prepares every query it runs.
 * Least recently used statements go first when the cache is full (IN lists and multi-row inserts make new shapes).
 * Reuse is safe because the driver runs statements to completion synchronously (all/run); a statement still busy
 * in an iteration (Kysely's streamQuery) is not handed out again: that caller gets a fresh one.
 */
export function cachingDatabase(native: SqliteDatabase.Database, size = STATEMENT_CACHE_SIZE, onClose?: () => void): KyselySqliteDatabase & { readonly cached: number } {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => {
      onClose?.();
      native.close();
    },
    get cached() {
      return statements.size;
    },
    prepare(text: string) {
      let stmt = statements.get(text);
      if (stmt?.busy) return native.prepare(text);
      if (stmt) {
        // Map keeps insertion order: re-inserting marks it most recently used.
        statements.delete(text);
        statements.set(text, stmt);
        return stmt;
      }
      stmt = native.prepare(text);
      statements.set(text, stmt);
      if (statements.size > size) statements.delete(statements.keys().next().value!);
      return stmt;
    },
  };
}

const natives = new WeakMap<Db, SqliteDatabase.Database>();

/** A prepared statement on the native handle, bound positionally. */
export type NativeStatement = SqliteDatabase.Statement<unknown[]>;

/** The better-sqlite3 handle under a database opened by openSqlite (for synchronous hot paths and benchmarks). */
export function nativeOf(db: Db): SqliteDatabase.Database | undefined {
  return natives.get(db);
}

/**
 * Checkpoints (copying the WAL back into the database file) end in an fsync, which on these machines cost more wall
 * time than the writes themselves: settling 100,000 orders spent a third of its time in checkpoints, and a checkpoint
 * inside a bet's commit held every request in flight for 40-60 ms. So a worker thread checkpoints (PASSIVE, never
 * blocking the writer) every CHECKPOINT_INTERVAL_MS, and the connection's own automatic checkpoint is only a backstop
 * at WAL_AUTOCHECKPOINT_PAGES (about 40 MB; SQLite's default is 1,000 pages) should the worker fall behind. Durability
 * is unchanged (synchronous NORMAL in WAL mode).
 */
export const WAL_AUTOCHECKPOINT_PAGES = 10_000;
export const CHECKPOINT_INTERVAL_MS = 500;

/** Starts the checkpoint worker on a database file; stop() ends it (it closes its connection itself). */
function startCheckpointer(file: string): { stop(): void } {
  // __filename, not __dirname: under tsx's ESM loader __dirname is not the folder (the benchmarks load it that way).
  const worker = new Worker(path.join(path.dirname(__filename), 'checkpointWorker.cjs'), {
    workerData: { file: path.resolve(file), module: require.resolve('better-sqlite3'), intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  // Never keeps the process alive; a failed checkpoint is retried next round and the backstop still applies.
  worker.unref();
  worker.on('error', () => undefined);
  return { stop: () => worker.postMessage('stop') };
}

/**
 * Opens the embedded SQLite database. WAL lets readers run while a writer commits; synchronous
 * NORMAL is durable across process crashes (only an OS crash can lose the last commits) and is
 * several times faster than FULL on these machines; foreign keys are off by default in SQLite.
 */
export function openSqlite(file: string): OpenedDatabase {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const native = new SqliteDatabase(file);
  native.pragma('journal_mode = WAL');
  native.pragma('synchronous = NORMAL');
  native.pragma('foreign_keys = ON');
  native.pragma('busy_timeout = 5000');
  native.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  const checkpointer = file === ':memory:' ? undefined : startCheckpointer(file);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cachingDatabase(native, STATEMENT_CACHE_SIZE, () => checkpointer?.stop()) }) });
  natives.set(db, native);
  return { db, driver: 'sqlite', location: file };
}

/**
 * Numbers as SQLite gives them: bigint (int8: ids, minor units, epoch milliseconds) and numeric (what sum() and avg()
 * of bigints return) come back as JavaScript numbers instead of pg's default strings. Every such value of this
 * platform is an integer well inside 2^53 (money in minor units, checked with Number.isSafeInteger where it moves);
 * odds and rates are stored as text, so nothing decimal goes through these parsers.
 */
const PG_TYPES = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

export interface PostgresOptions {
  /** Connections per instance; every instance has its own pool. */
  poolSize?: number;
  /** A schema to work in (it must exist): the tests give each platform its own in one database. */
  schema?: string;
}

/**
 * Opens a PostgreSQL database through Kysely's PostgreSQL dialect (pg's pool). Transactions run at READ COMMITTED side
 * by side, across every instance sharing the database: no lock is taken for them; each service holds the rows that
 * decide its outcome (server/src/db/locks.ts, docs/operations.md "Concurrency: which rows decide").
 */
export function openPostgres(url: string, { poolSize = 10, schema }: PostgresOptions = {}): OpenedDatabase {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`schema ${JSON.stringify(schema)}: lower-case letters, digits and _ only`);
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: PG_TYPES,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle connection the server dropped (a restart, a failover) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, driver: 'postgres', location: redactUrl(url) + (schema ? ` (schema ${schema})` : ''), schema };
}

/** Opens the database the environment asks for. */
export function openDatabase(env: Pick<Env, 'database' | 'dataDir'>): OpenedDatabase {
  if (env.database.driver === 'postgres') return openPostgres(env.database.url);
  return openSqlite(path.join(env.dataDir, SQLITE_FILE_NAME));
}

/**
 * Brings the schema to the latest migration; throws with the failing migration's name. `schema`: the PostgreSQL schema
 * the database was opened in (openPostgres), where Kysely's own migration tables go too (its existence check would
 * otherwise find another schema's).
 */
export async function migrateToLatest(db: Db, driver: Driver, schema?: string): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider(driver), ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

/** A cheap round trip that proves the database answers; used by /healthz. */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    const result = await sql<{ ok: number }>`select 1 as ok`.execute(db);
    return Number(result.rows[0]?.ok) === 1;
  } catch {
    return false;
  }
}
