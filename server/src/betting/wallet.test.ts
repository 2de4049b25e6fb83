import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createFakeClock } from '../clock';
import { migrateToLatest, openSqlite, type Db } from '../db/database';
import type { Asset } from '../money';
import { InsufficientFunds, createWalletService, type LedgerKind, type WalletService } from './wallet';

/** mulberry32: a tiny seeded PRNG so a failing workload can be replayed exactly. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let db: Db;
let wallet: WalletService;
const clock = createFakeClock();

async function addMember(username: string): Promise<number> {
  const row = await db
    .insertInto('members')
    .values({ username, password_hash: 'x', nickname: username, currency: 'CNY', vip_level: 0, created_at: clock.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

beforeEach(async () => {
  db = openSqlite(':memory:').db;
  await migrateToLatest(db, 'sqlite');
  wallet = createWalletService({ db, clock });
});

afterEach(async () => {
  await db.destroy();
});

describe('wallet', () => {
  it('credits and debits with a ledger row each', async () => {
    const id = await addMember('a');
    await db.transaction().execute((trx) => wallet.credit(trx, { memberId: id, asset: 'CNY', amountMinor: 1000, kind: 'opening_balance' }));
    const change = await db
      .transaction()
      .execute((trx) => wallet.debit(trx, { memberId: id, asset: 'CNY', amountMinor: 250, kind: 'bet_stake', refType: 'order', refId: 'O1' }));
    expect(change).toMatchObject({ amountMinor: -250, balanceAfterMinor: 750 });
    expect(await wallet.getBalances(id)).toEqual([{ asset: 'CNY', balanceMinor: 750 }]);
    const rows = await db.selectFrom('ledger').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.amount_minor, r.balance_after_minor, r.kind, r.ref_type, r.ref_id])).toEqual([
      [1000, 1000, 'opening_balance', null, null],
      [-250, 750, 'bet_stake', 'order', 'O1'],
    ]);
  });

  it('refuses an overdraft and writes nothing', async () => {
    const id = await addMember('a');
    await db.transaction().execute((trx) => wallet.credit(trx, { memberId: id, asset: 'COIN', amountMinor: 100, kind: 'gift' }));
    const attempt = db.transaction().execute((trx) => wallet.debit(trx, { memberId: id, asset: 'COIN', amountMinor: 101, kind: 'gift' }));
    await expect(attempt).rejects.toBeInstanceOf(InsufficientFunds);
    await expect(
      db.transaction().execute((trx) => wallet.debit(trx, { memberId: id, asset: 'USD', amountMinor: 1, kind: 'bet_stake' })),
    ).rejects.toMatchObject({ name: 'InsufficientFunds', balanceMinor: 0, requestedMinor: 1 });
    expect(await wallet.getBalance(id, 'COIN')).toBe(100);
    expect(await db.selectFrom('ledger').select('id').execute()).toHaveLength(1);
  });

  it('rejects amounts that are not positive integers of minor units', async () => {
    const id = await addMember('a');
    for (const amountMinor of [0, -1, 1.5, Number.NaN, 2 ** 60]) {
      await expect(
        db.transaction().execute((trx) => wallet.credit(trx, { memberId: id, asset: 'CNY', amountMinor, kind: 'adjustment' })),
      ).rejects.toThrow(RangeError);
    }
  });

  it('rolls a balance change back with the transaction that failed after it', async () => {
    const id = await addMember('a');
    await db.transaction().execute((trx) => wallet.credit(trx, { memberId: id, asset: 'CNY', amountMinor: 500, kind: 'adjustment' }));
    await expect(
      db.transaction().execute(async (trx) => {
        await wallet.debit(trx, { memberId: id, asset: 'CNY', amountMinor: 200, kind: 'bet_stake' });
        throw new Error('order insert failed');
      }),
    ).rejects.toThrow('order insert failed');
    expect(await wallet.getBalance(id, 'CNY')).toBe(500);
    expect(await db.selectFrom('ledger').select('id').execute()).toHaveLength(1);
  });

  it('keeps every balance equal to the sum of its ledger and never negative under a random workload', async () => {
    const random = rng(20250101);
    const members = [await addMember('m1'), await addMember('m2'), await addMember('m3'), await addMember('m4')];
    const assets: Asset[] = ['CNY', 'USD', 'COIN'];
    const kinds: LedgerKind[] = ['bet_stake', 'bet_payout', 'cash_out', 'gift', 'adjustment'];
    const expected = new Map<string, number>();
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
    let refused = 0;
    let rolledBack = 0;

    for (let i = 0; i < 1500; i++) {
      const memberId = pick(members);
      const asset = pick(assets);
      const amountMinor = 1 + Math.floor(random() * 5000);
      const key = `${memberId}:${asset}`;
      const before = expected.get(key) ?? 0;
      const roll = random();
      if (roll < 0.45) {
        await db.transaction().execute((trx) => wallet.credit(trx, { memberId, asset, amountMinor, kind: pick(kinds), refId: String(i) }));
        expected.set(key, before + amountMinor);
      } else if (roll < 0.9) {
        try {
          await db.transaction().execute((trx) => wallet.debit(trx, { memberId, asset, amountMinor, kind: pick(kinds), refId: String(i) }));
          expected.set(key, before - amountMinor);
        } catch (error) {
          expect(error).toBeInstanceOf(InsufficientFunds);
          expect(amountMinor).toBeGreaterThan(before);
          refused++;
        }
      } else {
        // A transfer whose second half fails must leave both sides untouched.
        const other = pick(members.filter((m) => m !== memberId));
        await expect(
          db.transaction().execute(async (trx) => {
            await wallet.credit(trx, { memberId: other, asset, amountMinor, kind: 'adjustment' });
            await wallet.debit(trx, { memberId, asset, amountMinor: before + amountMinor, kind: 'adjustment' });
          }),
        ).rejects.toBeInstanceOf(InsufficientFunds);
        rolledBack++;
      }
    }
    expect(refused).toBeGreaterThan(50);
    expect(rolledBack).toBeGreaterThan(50);

    const walletRows = await db.selectFrom('wallets').selectAll().execute();
    const sums = await db
      .selectFrom('ledger')
      .select(['member_id', 'asset', (eb) => eb.fn.sum<number>('amount_minor').as('total')])
      .groupBy(['member_id', 'asset'])
      .execute();
    const sumByKey = new Map(sums.map((s) => [`${s.member_id}:${s.asset}`, Number(s.total)]));
    for (const row of walletRows) {
      const key = `${row.member_id}:${row.asset}`;
      expect(row.balance_minor).toBeGreaterThanOrEqual(0);
      expect(sumByKey.get(key) ?? 0).toBe(row.balance_minor);
      expect(row.balance_minor).toBe(expected.get(key) ?? 0);
    }

    // Each ledger row's balance_after is the running sum of its wallet's rows.
    const ledger = await db.selectFrom('ledger').selectAll().orderBy('id').execute();
    const running = new Map<string, number>();
    for (const row of ledger) {
      const key = `${row.member_id}:${row.asset}`;
      const next = (running.get(key) ?? 0) + row.amount_minor;
      expect(row.balance_after_minor).toBe(next);
      expect(next).toBeGreaterThanOrEqual(0);
      running.set(key, next);
    }
  });

  it('has a database-level guard against negative balances', async () => {
    const id = await addMember('a');
    await wallet.openWallet(db, id, 'CNY');
    // Matched by message: better-sqlite3 builds its errors in the realm of the first test file that
    // loaded the native module, so toThrow's instanceof Error check is unreliable across files.
    await expect(db.updateTable('wallets').set({ balance_minor: -1 }).where('member_id', '=', id).execute()).rejects.toMatchObject({
      message: expect.stringMatching(/CHECK constraint failed/),
    });
  });
  it('credits many at once: one ledger row each with the running balance, opening a missing wallet', async () => {
    const a = await addMember('a');
    const b = await addMember('b');
    await db.transaction().execute((trx) => wallet.credit(trx, { memberId: a, asset: 'CNY', amountMinor: 1000, kind: 'opening_balance' }));
    await db.transaction().execute((trx) =>
      wallet.creditMany(trx, [
        { memberId: a, asset: 'CNY', amountMinor: 250, kind: 'bet_payout', refType: 'order', refId: 'O1' },
        { memberId: b, asset: 'USD', amountMinor: 70, kind: 'bet_payout', refType: 'order', refId: 'O2' },
        { memberId: a, asset: 'CNY', amountMinor: 5, kind: 'bet_payout', refType: 'order', refId: 'O3' },
      ]),
    );
    expect(await wallet.getBalance(a, 'CNY')).toBe(1255);
    expect(await wallet.getBalance(b, 'USD')).toBe(70);
    const rows = await db.selectFrom('ledger').selectAll().where('kind', '=', 'bet_payout').orderBy('id').execute();
    expect(rows.map((r) => [r.member_id, r.asset, r.amount_minor, r.balance_after_minor, r.ref_id])).toEqual([
      [a, 'CNY', 250, 1250, 'O1'],
      [a, 'CNY', 5, 1255, 'O3'],
      [b, 'USD', 70, 70, 'O2'],
    ]);
  });

  it('refuses a second payout for the same cause: the whole batch rolls back', async () => {
    const a = await addMember('a');
    await db.transaction().execute((trx) => wallet.creditMany(trx, [{ memberId: a, asset: 'CNY', amountMinor: 100, kind: 'bet_payout', refType: 'order', refId: 'O1' }]));
    await expect(
      db.transaction().execute((trx) =>
        wallet.creditMany(trx, [
          { memberId: a, asset: 'CNY', amountMinor: 40, kind: 'bet_payout', refType: 'order', refId: 'O2' },
          { memberId: a, asset: 'CNY', amountMinor: 100, kind: 'bet_payout', refType: 'order', refId: 'O1' },
        ]),
      ),
    ).rejects.toMatchObject({ message: expect.stringMatching(/UNIQUE constraint failed/) });
    expect(await wallet.getBalance(a, 'CNY')).toBe(100);
    expect(await db.selectFrom('ledger').select('id').execute()).toHaveLength(1);
    await expect(
      db.transaction().execute((trx) => wallet.creditMany(trx, [{ memberId: a, asset: 'CNY', amountMinor: 0, kind: 'bet_payout', refType: 'order', refId: 'O9' }])),
    ).rejects.toThrow(RangeError);
    expect(await wallet.getBalance(a, 'CNY')).toBe(100);
  });

  it('debits synchronously on the embedded connection inside a transaction, with its ledger row, or refuses', async () => {
    const a = await addMember('a');
    await db.transaction().execute((trx) => wallet.credit(trx, { memberId: a, asset: 'CNY', amountMinor: 300, kind: 'opening_balance' }));
    expect(wallet.debitNow).toBeDefined();
    const change = await db.transaction().execute(async () => wallet.debitNow!({ memberId: a, asset: 'CNY', amountMinor: 120, kind: 'bet_stake', refType: 'order', refId: 'S1' }));
    expect(change).toMatchObject({ amountMinor: -120, balanceAfterMinor: 180 });
    await expect(
      db.transaction().execute(async () => wallet.debitNow!({ memberId: a, asset: 'CNY', amountMinor: 181, kind: 'bet_stake', refType: 'order', refId: 'S2' })),
    ).rejects.toMatchObject({ name: 'InsufficientFunds', balanceMinor: 180, requestedMinor: 181 });
    expect(await wallet.getBalance(a, 'CNY')).toBe(180);
    const ledger = await db.selectFrom('ledger').selectAll().where('ref_id', '=', 'S1').execute();
    expect(ledger).toEqual([expect.objectContaining({ amount_minor: -120, balance_after_minor: 180, kind: 'bet_stake' })]);
  });
});
