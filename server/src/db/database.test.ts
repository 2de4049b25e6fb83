import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import { cachingDatabase, migrateToLatest, openDatabase, openSqlite, pingDatabase, SQLITE_FILE_NAME } from './database';
import { migrationProvider } from './migrations';
import { legSnapshots } from './migrations/0005_leg_snapshots';
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
      expect(tables.map((t) => t.name).sort()).toEqual([
        'anchor_gift_tallies',
        'app_log',
        'auto_cash_outs',
        'bet_requests',
        'cash_outs',
        'chat_bans',
        'chat_images',
        'chat_messages',
        'chat_reports',
        'chat_rooms',
        'chat_tokens',
        'coin_daily_usage',
        'coin_transfers',
        'exchange_rates',
        'expert_comment_likes',
        'expert_comment_reports',
        'expert_comments',
        'expert_follows',
        'expert_message_reads',
        'expert_messages',
        'expert_picks',
        'expert_purchases',
        'feed_origin',
        'first_bet_covers',
        'gift_presents',
        'ledger',
        'leg_snapshots',
        'live_bookings',
        'live_event_entries',
        'live_event_winners',
        'live_events',
        'live_follows',
        'live_watches',
        'match_results',
        'member_coupons',
        'member_settings',
        'member_titles',
        'members',
        'order_legs',
        'orders',
        'platform_flags',
        'red_envelopes',
        'reservations',
        'service_news',
        'service_news_bubbles',
        'service_news_reads',
        'sessions',
        'special_rooms',
        'wallets',
      ]);
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
  it('reuses prepared statements by SQL text, drops the least recently used, and never hands out a busy one', () => {
    const native = new SqliteDatabase(':memory:');
    const cache = cachingDatabase(native, 2);
    const one = cache.prepare('select 1 as n');
    expect(cache.prepare('select 1 as n')).toBe(one);
    const two = cache.prepare('select 2 as n');
    cache.prepare('select 1 as n');
    cache.prepare('select 3 as n');
    expect(cache.cached).toBe(2);
    expect(cache.prepare('select 1 as n')).toBe(one);
    expect(cache.prepare('select 2 as n')).not.toBe(two);
    native.exec('create table t (v integer); insert into t values (1), (2)');
    const rows = cache.prepare('select v from t') as unknown as SqliteDatabase.Statement;
    const iterating = rows.iterate();
    iterating.next();
    expect(cache.prepare('select v from t')).not.toBe(rows);
    iterating.return?.();
    cache.close();
  });

  it('stores existing usernames trimmed and lower-cased, leaving one whose normal form is taken (0007)', async () => {
    const { db } = openSqlite(':memory:');
    try {
      const migrator = new Migrator({ db, provider: migrationProvider('sqlite') });
      expect((await migrator.migrateTo('0006_special_rooms')).error).toBeUndefined();
      for (const username of ['Alice', ' bob ', 'carol', 'CAROL', 'dave']) {
        await sql`insert into members (username, password_hash, nickname, currency, vip_level, created_at) values (${username}, 'x', 'M', 'CNY', 0, 1)`.execute(db);
      }
      await migrateToLatest(db, 'sqlite');
      const names = await db.selectFrom('members').select('username').orderBy('id').execute();
      expect(names.map((m) => m.username)).toEqual(['alice', 'bob', 'carol', 'CAROL', 'dave']);
    } finally {
      await db.destroy();
    }
  });

  it('moves the leg snapshots of existing orders into leg_snapshots, one row per distinct content (0005)', async () => {
    const { db } = openSqlite(':memory:');
    try {
      const migrator = new Migrator({ db, provider: migrationProvider('sqlite') });
      const to4 = await migrator.migrateTo('0004_betting');
      expect(to4.error).toBeUndefined();
      await sql`insert into members (username, password_hash, nickname, currency, vip_level, created_at) values ('m', 'x', 'M', 'CNY', 0, 1)`.execute(db);
      for (const id of ['O1', 'O2']) {
        await sql`insert into orders (id, member_id, request_id, bet_type, series_number, item_count, bet_count, currency, exchange_rate, unit_stake_minor,
          stake_minor, remaining_stake_minor, odds, max_win_minor, odds_change, status, result, payout_minor, cash_out_count, cash_out_stake_minor,
          cash_out_payout_minor, is_in_play, created_at, modified_at)
          values (${id}, 1, ${id}, 1, 0, 2, 1, 'CNY', '1', 100, 100, 100, '2', 200, 1, 4, 0, 0, 0, 0, 0, 0, 1, 1)`.execute(db);
      }
      const leg = (orderId: string, legNo: number, market: string, names: string) =>
        sql`insert into order_legs (order_id, leg_no, match_id, sport_id, market_id, market_type, option_type, line, odds, odds_format, is_in_play, begin_time,
          market_json, snapshot_json, result, result_score, settled_at)
          values (${orderId}, ${legNo}, 7, 1, 70, 1000, 'home', null, '2.00', 1, 0, 5, ${market}, ${names}, 0, null, null)`.execute(db);
      await leg('O1', 1, '{"kind":"win1x2"}', '{"option":"A"}');
      await leg('O1', 2, '{"kind":"handicap"}', '{"option":"B"}');
      await leg('O2', 1, '{"kind":"win1x2"}', '{"option":"A"}');
      await migrateToLatest(db, 'sqlite');
      const snapshots = await db.selectFrom('leg_snapshots').selectAll().orderBy('market_json').execute();
      expect(snapshots.map((r) => [r.market_json, r.names_json])).toEqual([
        ['{"kind":"handicap"}', '{"option":"B"}'],
        ['{"kind":"win1x2"}', '{"option":"A"}'],
      ]);
      const legs = await db
        .selectFrom('order_legs')
        .innerJoin('leg_snapshots', 'leg_snapshots.hash', 'order_legs.snapshot_hash')
        .select(['order_legs.order_id', 'order_legs.leg_no', 'order_legs.odds', 'leg_snapshots.market_json', 'leg_snapshots.names_json'])
        .orderBy('order_legs.order_id')
        .orderBy('order_legs.leg_no')
        .execute();
      expect(legs).toEqual([
        { order_id: 'O1', leg_no: 1, odds: '2.00', market_json: '{"kind":"win1x2"}', names_json: '{"option":"A"}' },
        { order_id: 'O1', leg_no: 2, odds: '2.00', market_json: '{"kind":"handicap"}', names_json: '{"option":"B"}' },
        { order_id: 'O2', leg_no: 1, odds: '2.00', market_json: '{"kind":"win1x2"}', names_json: '{"option":"A"}' },
      ]);
      // Run again (a crash after its commit, before Kysely recorded it): the new shape is left as it is.
      await legSnapshots().up(db as never);
      expect(await db.selectFrom('order_legs').select('order_id').execute()).toHaveLength(3);
      const columns = (await db.introspection.getTables()).find((t) => t.name === 'order_legs')!.columns.map((c) => c.name);
      expect(columns).not.toContain('market_json');
      expect(columns).toContain('snapshot_hash');
      // A leg must reference a stored snapshot.
      await expect(
        sql`insert into order_legs (order_id, leg_no, match_id, sport_id, market_id, market_type, option_type, odds, odds_format, is_in_play, begin_time, snapshot_hash, result)
          values ('O2', 2, 7, 1, 70, 1000, 'home', '2.00', 1, 0, 5, 'nope', 0)`.execute(db),
      ).rejects.toMatchObject({ message: expect.stringMatching(/FOREIGN KEY/) });
    } finally {
      await db.destroy();
    }
  });
});
