import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { migrateToLatest, openDatabase, pingDatabase, SQLITE_FILE_NAME } from './database';
import type { Database } from './schema';

describe('database', () => {
  it('opens a file database in WAL mode with foreign keys on, and migrates idempotently', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'sport-pc-db-')), 'nested', 'data');
    const { db, driver, location } = openDatabase({ database: { driver: 'sqlite' }, dataDir });
    expect(location).toBe(path.join(dataDir, SQLITE_FILE_NAME));
    try {
      await migrateToLatest(db, driver);
      await migrateToLatest(db, driver);
      const pragma = async (name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('synchronous')).toBe(1);
      expect(await pragma('busy_timeout')).toBe(5000);
      const tables = await db.introspection.getTables();
      expect(tables.map((t) => t.name).sort()).toEqual(['auto_cash_outs', 'bet_requests', 'cash_outs', 'exchange_rates', 'ledger', 'match_results', 'member_settings', 'members', 'order_legs', 'orders', 'reservations', 'sessions', 'wallets']);
      expect(await pingDatabase(db)).toBe(true);
      await expect(
        db.insertInto('sessions').values({ token_hash: 'x', member_id: 999, created_at: 0, expires_at: 1, revoked_at: null }).execute(),
      ).rejects.toMatchObject({ message: expect.stringMatching(/FOREIGN KEY/) });
    } finally {
      await db.destroy();
    }
  });

  it('reports a database that does not answer', async () => {
    const native = new SqliteDatabase(':memory:');
    native.close();
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: native }) });
    expect(await pingDatabase(db)).toBe(false);
  });
});
