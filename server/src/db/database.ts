import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import type { Env } from '../env';
import { StartupError } from '../startupError';
import { migrationProvider, type Driver } from './migrations';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface OpenedDatabase {
  db: Db;
  driver: Driver;
  /** Where the data lives, for the start-up banner (':memory:' in tests). */
  location: string;
}

export const SQLITE_FILE_NAME = 'sport-pc.sqlite';

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
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: native }) });
  return { db, driver: 'sqlite', location: file };
}

/** Opens the database the environment asks for. */
export function openDatabase(env: Pick<Env, 'database' | 'dataDir'>): OpenedDatabase {
  if (env.database.driver === 'postgres') {
    throw new StartupError(
      'DATABASE_URL: PostgreSQL support is not available yet; unset DATABASE_URL to use the embedded SQLite database',
    );
  }
  return openSqlite(path.join(env.dataDir, SQLITE_FILE_NAME));
}

/** Brings the schema to the latest migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Db, driver: Driver): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider(driver) });
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
