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
 * A better-sqlite3 connection to the embedded database, set up as the platform runs it (the benches' raw baselines
 * write through one too). WAL lets readers run while a writer commits; synchronous NORMAL is durable across process
 * crashes (only an OS crash can lose the last commits) and is several times faster than FULL on these machines;
 * foreign keys are off by default in SQLite.
 */
export function openNativeSqlite(file: string): SqliteDatabase.Database {
  const native = new SqliteDatabase(file);
  native.pragma('journal_mode = WAL');
  native.pragma('synchronous = NORMAL');
  native.pragma('foreign_keys = ON');
  native.pragma('busy_timeout = 5000');
  native.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  return native;
}

/** Opens the embedded SQLite database (openNativeSqlite) behind Kysely, with its checkpointer. */
export function openSqlite(file: string): OpenedDatabase {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const native = openNativeSqlite(file);
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

/** Distinct statements each PostgreSQL connection keeps prepared (server-side, named); the rest run unnamed. */
export const PREPARED_STATEMENTS = 300;
/** Texts counted while waiting to be seen a second time; past this the count starts over. */
const SEEN_TEXTS = 5_000;

/**
 * pg's pool as Kysely sees it, with the statements PostgreSQL gets again and again prepared once per connection under
 * a name: pg otherwise sends each as an unnamed statement, which PostgreSQL parses, analyses and plans anew every time
 * (planning alone was most of the session look-up's time on the server, and a share of every bet group's statements).
 * A named statement is parsed once per connection, and PostgreSQL keeps its plan (a generic one, once it costs no more
 * than the custom ones it made for the first five runs).
 * - Only statements with parameters (the others go through the simple protocol, one message) and only on their
 *   second sighting, so one-off texts (a multi-row insert of an odd size) never take a name; at most
 *   PREPARED_STATEMENTS names per process, each prepared on a connection when that connection first runs it.
 * - Never a statement with `*` in its result (`select *`, `returning *`): a prepared statement's result columns are
 *   fixed, and a column another instance's migration adds would fail it ("cached plan must not change result type"),
 *   where the unnamed statement just returns the new column.
 * pg tracks the names per connection (a new connection prepares them again) and only after PostgreSQL parsed them.
 */
export function preparingPool(pool: pg.Pool, limit = PREPARED_STATEMENTS): { connect(): Promise<pg.PoolClient>; end(): Promise<void>; readonly prepared: number } {
  const names = new Map<string, string>();
  const seen = new Set<string>();
  const nameOf = (text: string): string | undefined => {
    const name = names.get(text);
    if (name !== undefined || names.size >= limit) return name;
    if (!seen.has(text)) {
      if (seen.size >= SEEN_TEXTS) seen.clear();
      seen.add(text);
      return undefined;
    }
    if (STAR_RESULT.test(text)) return undefined;
    const created = `sport_pc_${names.size + 1}`;
    names.set(text, created);
    return created;
  };
  const wrapped = new WeakSet<pg.PoolClient>();
  return {
    get prepared() {
      return names.size;
    },
    end: () => pool.end(),
    async connect() {
      const client = await pool.connect();
      if (!wrapped.has(client)) {
        wrapped.add(client);
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        // Kysely calls query(text, values) for statements and query(cursor) for streams; only the first is named.
        (client as { query: unknown }).query = (first: unknown, values?: unknown, ...rest: unknown[]) => {
          if (typeof first === 'string' && Array.isArray(values) && values.length > 0 && rest.length === 0) {
            const name = nameOf(first);
            if (name !== undefined) return query({ name, text: first, values });
          }
          return query(first, values, ...rest);
        };
      }
      return client;
    },
  };
}

/** A result of every column of a table, whose shape a migration may change under a prepared statement. */
const STAR_RESULT = /(^|[\s,(.])\*(\s*(,|from\b|$))/i;

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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
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
