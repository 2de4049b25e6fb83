import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { executeBulk, executeBulkSets, executeText, isPostgres, VALUES } from '../src/db/bulk';
import { openTestDatabase, type TestDatabase } from './testDatabase';

// executeBulk on the database of the run (SQLite, and PostgreSQL in npm test's second pass, where rows go as arrays).
describe('executeBulk', () => {
  let t: TestDatabase;
  let memberId: number;

  beforeAll(async () => {
    t = await openTestDatabase();
    const row = await t.db
      .insertInto('members')
      .values({ username: 'bulk', password_hash: 'x', nickname: 'Bulk', currency: 'CNY', vip_level: 0, created_at: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    memberId = Number(row.id);
  });
  afterAll(async () => t?.close());

  const INSERT = `insert into ledger (member_id, asset, amount_minor, balance_after_minor, kind, ref_type, ref_id, created_at) ${VALUES}`;
  const TYPES = ['bigint', 'text', 'bigint', 'bigint', 'text', 'text', 'text', 'bigint'] as const;
  /** Text that a hand-made array literal or VALUES list would get wrong. */
  const AWKWARD = ['a "quoted", {braced} value', 'back\\slash', 'NULL', '', '线路 ✓', "it's"];

  it('inserts thousands of rows with awkward text, nulls and big integers, each value as given', async () => {
    const rows = Array.from({ length: 2_500 }, (_, i) => [memberId, 'CNY', i + 1, 9_007_199_254_738_000 + i, 'adjustment', i % 3 ? AWKWARD[i % AWKWARD.length]! : null, `bulk-${i}`, 1_700_000_000_000 + i]);
    await executeBulk(t.db, INSERT, [], TYPES, rows);
    const stored = await t.db
      .selectFrom('ledger')
      .select(['amount_minor', 'balance_after_minor', 'ref_type', 'ref_id', 'created_at'])
      .where('member_id', '=', memberId)
      .where('ref_id', 'like', 'bulk-%')
      .orderBy('amount_minor')
      .execute();
    expect(stored.map((r) => [Number(r.amount_minor), Number(r.balance_after_minor), r.ref_type, r.ref_id, Number(r.created_at)])).toEqual(rows.map((r) => [r[2], r[3], r[5], r[6], r[7]]));
  });

  it('updates from its rows with parameters before and after them, and returns only the rows it matched', async () => {
    const moved = await executeBulk<{ ref_id: string }>(
      t.db,
      `update ledger set amount_minor = cast(v.column2 as bigint), created_at = ? from (${VALUES}) as v where ledger.ref_id = v.column1 and ledger.kind = ? returning ledger.ref_id`,
      [42, 'adjustment'],
      ['text', 'bigint'],
      [
        ['bulk-1', -5],
        ['bulk-2', 7],
        ['no-such-row', 9],
      ],
    );
    expect(moved.rows.map((r) => r.ref_id).sort()).toEqual(['bulk-1', 'bulk-2']);
    const rows = await t.db.selectFrom('ledger').select(['ref_id', 'amount_minor', 'created_at']).where('ref_id', 'in', ['bulk-1', 'bulk-2', 'bulk-3']).orderBy('ref_id').execute();
    expect(rows.map((r) => [r.ref_id, Number(r.amount_minor), Number(r.created_at)])).toEqual([
      ['bulk-1', -5, 42],
      ['bulk-2', 7, 42],
      ['bulk-3', 4, 1_700_000_000_003],
    ]);
  });

  it('refuses rows of the wrong width, a parameter count that does not match the template, and no rows, writing nothing', async () => {
    const count = async () => Number((await t.db.selectFrom('ledger').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const row = [memberId, 'CNY', 1, 1, 'adjustment', null, 'x', 1];
    await expect(executeBulk(t.db, INSERT, [], TYPES, [row, row.slice(1)])).rejects.toThrow('a row of 7 values for 8 columns');
    await expect(executeBulk(t.db, INSERT, [1], TYPES, [row])).rejects.toThrow('1 parameters for 0 ?');
    await expect(executeBulk(t.db, `${INSERT} returning ?`, [], TYPES, [row])).rejects.toThrow('more ? than the 0 parameters');
    await expect(executeBulk(t.db, INSERT, [], TYPES, [])).rejects.toThrow('no rows');
    await expect(executeBulk(t.db, INSERT, [], TYPES, [row, [memberId, 'CNY', 1.5, 1, 'adjustment', null, 'y', 1]])).rejects.toThrow('1.5 in column 3 is not an integer (bigint)');
    await expect(executeBulk(t.db, INSERT, [], TYPES, [[memberId, 'CNY', '12,13', 1, 'adjustment', null, 'z', 1]])).rejects.toThrow('12,13 in column 3 is not an integer');
    expect(await count()).toBe(before);
  });

  it('feeds several row sets to one statement in the order of its VALUES, and checks each', async () => {
    const both = await executeBulkSets<{ ref_id: string; tag: string }>(
      t.db,
      `with a as (${VALUES}), b as (${VALUES}) select ledger.ref_id, b.column2 as tag from ledger join a on ledger.ref_id = a.column1 join b on b.column1 = a.column1 where ledger.member_id = ? order by ledger.ref_id`,
      [memberId],
      [
        { types: ['text'], rows: [['bulk-5'], ['bulk-6'], ['missing']] },
        { types: ['text', 'text'], rows: [['bulk-6', 'six'], ['bulk-5', 'five']] },
      ],
    );
    expect(both.rows.map((r) => [r.ref_id, r.tag])).toEqual([
      ['bulk-5', 'five'],
      ['bulk-6', 'six'],
    ]);
    await expect(executeBulkSets(t.db, `with a as (${VALUES}) select 1`, [], [])).rejects.toThrow('more :values than the 0 row sets');
    await expect(executeBulkSets(t.db, `with a as (${VALUES}) select 1`, [], [{ types: ['text'], rows: [['x']] }, { types: ['text'], rows: [['y']] }])).rejects.toThrow('2 row sets for 1 :values');
    expect((await executeText<{ n: number }>(t.db, 'select count(*) as n from ledger where member_id = ? and ref_id = ?', [memberId, 'bulk-5'])).rows.map((r) => Number(r.n))).toEqual([1]);
  });

  it('PostgreSQL: prepares a statement run again under a name on its connection, never one with * in its result', async () => {
    if (!isPostgres(t.db)) return;
    const names = await t.db.connection().execute(async (conn) => {
      for (let i = 0; i < 3; i++) {
        await executeText(conn, 'select count(*) as n from ledger where member_id = ?', [memberId]);
        await executeText(conn, 'select * from ledger where member_id = ? limit 1', [memberId]);
      }
      return (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(conn)).rows;
    });
    const ours = names.filter((n) => n.statement.includes('from ledger where member_id = $1'));
    expect(ours.map((n) => n.statement)).toEqual(['select count(*) as n from ledger where member_id = $1']);
    expect(ours[0]!.name).toMatch(/^sport_pc_\d+$/);
  });
});
