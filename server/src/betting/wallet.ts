import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../clock';
import { executeBulk, VALUES } from '../db/bulk';
import { nativeOf, type NativeStatement } from '../db/database';
import type { Database } from '../db/schema';
import { isAsset, type Asset } from '../money';

/**
 * Why a balance moved. Add kinds here as features land (orders, cash out, gifts ...) so the ledger
 * stays queryable by cause.
 */
export const LEDGER_KINDS = [
  'opening_balance',
  'adjustment',
  'bet_stake',
  'bet_refund',
  'bet_payout',
  'cash_out',
  'gift',
  'red_envelope',
  'lottery_prize',
  'coin_purchase',
  'first_bet_cover',
  'expert_message',
  'expert_refund',
  'coupon_redeem',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export interface BalanceChangeInput {
  memberId: number;
  asset: Asset;
  /** Positive integer minor units; the direction comes from credit or debit. */
  amountMinor: number;
  kind: LedgerKind;
  refType?: string | null;
  refId?: string | null;
}

export interface BalanceChange {
  ledgerId: number;
  memberId: number;
  asset: Asset;
  /** Signed: positive for a credit, negative for a debit. */
  amountMinor: number;
  balanceAfterMinor: number;
}

export interface WalletBalance {
  asset: Asset;
  balanceMinor: number;
}

/** A debit larger than the balance. Nothing was written. */
export class InsufficientFunds extends Error {
  constructor(
    readonly memberId: number,
    readonly asset: Asset,
    readonly balanceMinor: number,
    readonly requestedMinor: number,
  ) {
    super(`insufficient ${asset} balance for member ${memberId}: has ${balanceMinor}, needs ${requestedMinor} (minor units)`);
    this.name = 'InsufficientFunds';
  }
}

type Executor = Kysely<Database> | Transaction<Database>;

export interface WalletService {
  /** Creates the member's wallet for an asset with a zero balance; does nothing if it exists. */
  openWallet(executor: Executor, memberId: number, asset: Asset): Promise<void>;
  /**
   * Adds to a balance and writes the ledger row, inside the caller's transaction (the type
   * demands one) so the change commits or rolls back together with whatever caused it.
   * Opens the wallet if needed.
   */
  credit(trx: Transaction<Database>, input: BalanceChangeInput): Promise<BalanceChange>;
  /**
   * Many credits at once inside the caller's transaction, one ledger row each (as credit, in the order given per
   * wallet): one multi-row upsert adds each wallet's total (opening missing wallets) and returns the balances, then the
   * ledger rows go in multi-row inserts. A few statements per batch instead of two per credit; settlement pays with it.
   * All or nothing with the transaction; the unique ledger index on (kind, ref_type, ref_id) refuses a second payout
   * for the same cause, which fails the whole batch.
   */
  creditMany(trx: Transaction<Database>, inputs: readonly BalanceChangeInput[]): Promise<void>;
  /** Takes from a balance and writes the ledger row; throws InsufficientFunds rather than go below zero. */
  debit(trx: Transaction<Database>, input: BalanceChangeInput): Promise<BalanceChange>;
  /**
   * debit, synchronously on the embedded SQLite connection, for a caller that already holds a transaction on it (the
   * group commit of bets writes a whole group without yielding): the same conditional UPDATE and ledger row with
   * prepared statements. Undefined when the database is not the embedded SQLite.
   */
  readonly debitNow: ((input: BalanceChangeInput) => BalanceChange) | undefined;
  /** credit, synchronously on the embedded SQLite connection, like debitNow (the rain's receives use it). */
  readonly creditNow: ((input: BalanceChangeInput) => BalanceChange) | undefined;
  getBalances(memberId: number, executor?: Executor): Promise<WalletBalance[]>;
  getBalance(memberId: number, asset: Asset, executor?: Executor): Promise<number>;
}

/** Wallets per upsert and ledger rows per INSERT: well under SQLite's bound-variable limit. */
const WALLETS_PER_UPSERT = 2000;
const LEDGER_ROWS_PER_INSERT = 1000;

function checkInput(input: BalanceChangeInput): void {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) {
    throw new RangeError(`amountMinor must be a positive safe integer, got ${input.amountMinor}`);
  }
  if (!isAsset(input.asset)) throw new RangeError(`unknown asset ${JSON.stringify(input.asset)}`);
  if (!Number.isSafeInteger(input.memberId)) throw new RangeError(`memberId must be an integer, got ${input.memberId}`);
}

export function createWalletService({ db, clock }: { db: Kysely<Database>; clock: Clock }): WalletService {
  async function openWallet(executor: Executor, memberId: number, asset: Asset): Promise<void> {
    await executor
      .insertInto('wallets')
      .values({ member_id: memberId, asset, balance_minor: 0, updated_at: clock.now() })
      .onConflict((oc) => oc.columns(['member_id', 'asset']).doNothing())
      .execute();
  }

  async function writeLedger(
    trx: Transaction<Database>,
    input: BalanceChangeInput,
    signedAmount: number,
    balanceAfter: number,
    now: number,
  ): Promise<BalanceChange> {
    const row = await trx
      .insertInto('ledger')
      .values({
        member_id: input.memberId,
        asset: input.asset,
        amount_minor: signedAmount,
        balance_after_minor: balanceAfter,
        kind: input.kind,
        ref_type: input.refType ?? null,
        ref_id: input.refId ?? null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      ledgerId: Number(row.id),
      memberId: input.memberId,
      asset: input.asset,
      amountMinor: signedAmount,
      balanceAfterMinor: balanceAfter,
    };
  }

  const native = nativeOf(db);
  /** Prepared on first use: the service may be made before the migrations have created the tables. */
  let statements: { debit: NativeStatement; credit: NativeStatement; balance: NativeStatement; ledger: NativeStatement } | undefined;
  const prepared = (on: NonNullable<typeof native>) =>
    (statements ??= {
      debit: on.prepare<unknown[]>('update wallets set balance_minor = balance_minor - ?, updated_at = ? where member_id = ? and asset = ? and balance_minor >= ? returning balance_minor'),
      credit: on.prepare<unknown[]>(
        'insert into wallets (member_id, asset, balance_minor, updated_at) values (?, ?, ?, ?) on conflict (member_id, asset) do update set balance_minor = wallets.balance_minor + excluded.balance_minor, updated_at = excluded.updated_at returning balance_minor',
      ),
      balance: on.prepare<unknown[]>('select balance_minor from wallets where member_id = ? and asset = ?'),
      ledger: on.prepare<unknown[]>(
        'insert into ledger (member_id, asset, amount_minor, balance_after_minor, kind, ref_type, ref_id, created_at) values (?, ?, ?, ?, ?, ?, ?, ?) returning id',
      ),
    });
  const debitNow = native
    ? (input: BalanceChangeInput): BalanceChange => {
        checkInput(input);
        const statements = prepared(native);
        const now = clock.now();
        const row = statements.debit.get(input.amountMinor, now, input.memberId, input.asset, input.amountMinor) as { balance_minor: number } | undefined;
        if (!row) {
          const current = statements.balance.get(input.memberId, input.asset) as { balance_minor: number } | undefined;
          throw new InsufficientFunds(input.memberId, input.asset, Number(current?.balance_minor ?? 0), input.amountMinor);
        }
        const after = Number(row.balance_minor);
        const ledger = statements.ledger.get(input.memberId, input.asset, -input.amountMinor, after, input.kind, input.refType ?? null, input.refId ?? null, now) as { id: number };
        return { ledgerId: Number(ledger.id), memberId: input.memberId, asset: input.asset, amountMinor: -input.amountMinor, balanceAfterMinor: after };
      }
    : undefined;
  const creditNow = native
    ? (input: BalanceChangeInput): BalanceChange => {
        checkInput(input);
        const st = prepared(native);
        const now = clock.now();
        const after = Number((st.credit.get(input.memberId, input.asset, input.amountMinor, now) as { balance_minor: number }).balance_minor);
        if (!Number.isSafeInteger(after)) throw new RangeError(`balance of ${input.asset} for member ${input.memberId} overflowed`);
        const ledger = st.ledger.get(input.memberId, input.asset, input.amountMinor, after, input.kind, input.refType ?? null, input.refId ?? null, now) as { id: number };
        return { ledgerId: Number(ledger.id), memberId: input.memberId, asset: input.asset, amountMinor: input.amountMinor, balanceAfterMinor: after };
      }
    : undefined;

  return {
    openWallet,
    debitNow,
    creditNow,

    async credit(trx, input) {
      checkInput(input);
      const now = clock.now();
      // One statement both opens and credits, so two credits racing on a new wallet cannot collide.
      const row = await trx
        .insertInto('wallets')
        .values({ member_id: input.memberId, asset: input.asset, balance_minor: input.amountMinor, updated_at: now })
        .onConflict((oc) =>
          oc.columns(['member_id', 'asset']).doUpdateSet((eb) => ({
            balance_minor: eb('wallets.balance_minor', '+', input.amountMinor),
            updated_at: now,
          })),
        )
        .returning('balance_minor')
        .executeTakeFirstOrThrow();
      const after = Number(row.balance_minor);
      if (!Number.isSafeInteger(after)) throw new RangeError(`balance of ${input.asset} for member ${input.memberId} overflowed`);
      return writeLedger(trx, input, input.amountMinor, after, now);
    },

    async creditMany(trx, inputs) {
      if (inputs.length === 0) return;
      const now = clock.now();
      const wallets = new Map<string, { memberId: number; asset: Asset; total: number; inputs: BalanceChangeInput[] }>();
      for (const input of inputs) {
        checkInput(input);
        const key = `${input.memberId}|${input.asset}`;
        const w = wallets.get(key);
        if (w) {
          w.total += input.amountMinor;
          w.inputs.push(input);
        } else wallets.set(key, { memberId: input.memberId, asset: input.asset, total: input.amountMinor, inputs: [input] });
      }
      /** Ledger rows in the column order of the INSERT below. */
      const ledger: Array<[number, Asset, number, number, LedgerKind, string | null, string | null, number]> = [];
      // In member id order (then asset): the upsert locks the wallets in the order of its rows, and every transaction
      // that touches several members' wallets takes them in this order, so two never wait on each other in a cycle.
      const all = [...wallets.values()].sort((a, b) => a.memberId - b.memberId || (a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0));
      for (let i = 0; i < all.length; i += WALLETS_PER_UPSERT) {
        const chunk = all.slice(i, i + WALLETS_PER_UPSERT);
        for (const w of chunk) if (!Number.isSafeInteger(w.total)) throw new RangeError(`credits of ${w.asset} for member ${w.memberId} overflow`);
        const balances = await trx
          .insertInto('wallets')
          .values(chunk.map((w) => ({ member_id: w.memberId, asset: w.asset, balance_minor: w.total, updated_at: now })))
          .onConflict((oc) =>
            oc.columns(['member_id', 'asset']).doUpdateSet((eb) => ({
              balance_minor: eb('wallets.balance_minor', '+', eb.ref('excluded.balance_minor')),
              updated_at: now,
            })),
          )
          .returning(['member_id', 'asset', 'balance_minor'])
          .execute();
        if (balances.length !== chunk.length) throw new Error(`creditMany: ${chunk.length - balances.length} wallets did not take their credit`);
        for (const row of balances) {
          const w = wallets.get(`${Number(row.member_id)}|${row.asset}`)!;
          const after = Number(row.balance_minor);
          if (!Number.isSafeInteger(after)) throw new RangeError(`balance of ${w.asset} for member ${w.memberId} overflowed`);
          // The balance after each credit runs up to the wallet's new balance in the order the credits were given.
          let balance = after - w.total;
          for (const input of w.inputs) {
            balance += input.amountMinor;
            ledger.push([input.memberId, input.asset, input.amountMinor, balance, input.kind, input.refType ?? null, input.refId ?? null, now]);
          }
        }
      }
      for (let i = 0; i < ledger.length; i += LEDGER_ROWS_PER_INSERT) {
        await executeBulk(
          trx,
          `insert into ledger (member_id, asset, amount_minor, balance_after_minor, kind, ref_type, ref_id, created_at) ${VALUES}`,
          [],
          ['bigint', 'text', 'bigint', 'bigint', 'text', 'text', 'text', 'bigint'],
          ledger.slice(i, i + LEDGER_ROWS_PER_INSERT),
        );
      }
    },

    async debit(trx, input) {
      checkInput(input);
      const now = clock.now();
      // The balance check and the subtraction are one conditional UPDATE: no read-then-write race.
      const row = await trx
        .updateTable('wallets')
        .set((eb) => ({ balance_minor: eb('balance_minor', '-', input.amountMinor), updated_at: now }))
        .where('member_id', '=', input.memberId)
        .where('asset', '=', input.asset)
        .where('balance_minor', '>=', input.amountMinor)
        .returning('balance_minor')
        .executeTakeFirst();
      if (!row) {
        const current = await trx
          .selectFrom('wallets')
          .select('balance_minor')
          .where('member_id', '=', input.memberId)
          .where('asset', '=', input.asset)
          .executeTakeFirst();
        throw new InsufficientFunds(input.memberId, input.asset, Number(current?.balance_minor ?? 0), input.amountMinor);
      }
      return writeLedger(trx, input, -input.amountMinor, Number(row.balance_minor), now);
    },

    async getBalances(memberId, executor = db) {
      const rows = await executor
        .selectFrom('wallets')
        .select(['asset', 'balance_minor'])
        .where('member_id', '=', memberId)
        .orderBy('asset')
        .execute();
      return rows.map((r) => ({ asset: r.asset as Asset, balanceMinor: Number(r.balance_minor) }));
    },

    async getBalance(memberId, asset, executor = db) {
      const row = await executor
        .selectFrom('wallets')
        .select('balance_minor')
        .where('member_id', '=', memberId)
        .where('asset', '=', asset)
        .executeTakeFirst();
      return Number(row?.balance_minor ?? 0);
    },
  };
}
