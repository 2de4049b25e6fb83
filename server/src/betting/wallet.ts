import type { Kysely, Transaction } from 'kysely';
import type { Clock } from '../clock';
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
  /** Takes from a balance and writes the ledger row; throws InsufficientFunds rather than go below zero. */
  debit(trx: Transaction<Database>, input: BalanceChangeInput): Promise<BalanceChange>;
  getBalances(memberId: number, executor?: Executor): Promise<WalletBalance[]>;
  getBalance(memberId: number, asset: Asset, executor?: Executor): Promise<number>;
}

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

  return {
    openWallet,

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
