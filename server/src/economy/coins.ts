import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import Decimal from 'decimal.js';
import { ErrorCode } from '../../../contract/errors';
import { CouponStatus, CouponType, EconomyError, type CoinBalance, type CoinDailyLimit, type CoinTransfer, type Coupon, type CouponRedeemed } from '../../../contract/economy';
import { EconomyChannel, type MemberCoinsPush } from '../../../contract/economyPush';
import { readExchangeRates } from '../betting/exchangeRates';
import { InsufficientFunds, type WalletService } from '../betting/wallet';
import type { Clock } from '../clock';
import { nativeOf, type NativeStatement } from '../db/database';
import type { CoinTransfersTable, Database, MemberCouponsTable } from '../db/schema';
import { ApiError } from '../http/envelope';
import { COIN, fromMinor, isCurrency, Money, toMinor, type MoneyValue } from '../money';
import type { PushHub } from '../push/hub';
import type { EconomyConfig } from './config';

export const DAY_MS = 86_400_000;

/** The day a daily limit counts in: UTC days since the epoch, on the platform clock. */
export const dayOf = (now: number): number => Math.floor(now / DAY_MS);

export interface CoinsDeps {
  db: Kysely<Database>;
  clock: Clock;
  wallet: WalletService;
  hub: PushHub;
  config: EconomyConfig;
}

/** A daily limit the change would pass: nothing is written (the caller's transaction rolls back). */
export class DailyLimitReached extends ApiError {
  constructor(what: 'spend' | 'receive', limitMinor: number, usedMinor: number, wantedMinor: number) {
    super(
      422,
      EconomyError.DailyLimit,
      `${what === 'spend' ? 'count' : 'envelope'}: ${fromMinor(wantedMinor)} coins would pass today's ${what} limit of ${fromMinor(limitMinor)} (${fromMinor(usedMinor)} used)`,
    );
  }
}

/** Settled orders (spec order status 5): the turnover a flow coupon counts. */
const ORDER_SETTLED = 5;

type CouponRow = Selectable<MemberCouponsTable>;
type Executor = Kysely<Database> | Transaction<Database>;

type TransferRow = Pick<Selectable<CoinTransfersTable>, 'id' | 'status' | 'amount_minor' | 'currency' | 'coins_minor' | 'rate' | 'fail_reason' | 'created_at'>;

/**
 * The coin side of the economy (spec 001 "Coin balance", "Coin limit", transfer status): the balance, the daily spend
 * and receive limits, and conversions of main balance to coins. Coins are the wallet's COIN asset, so every change is a
 * ledger row in the transaction that causes it.
 */
export function createCoins({ db, clock, wallet, hub, config }: CoinsDeps) {
  const limits = { spend: toMinor(config.dailyLimit.spend), receive: toMinor(config.dailyLimit.receive) };

  /**
   * Counts coins against today's limit inside the caller's transaction: one conditional UPDATE, so racing calls cannot
   * together pass the limit. Throws DailyLimitReached (nothing counted) when it would.
   */
  async function countAgainstLimit(trx: Transaction<Database>, memberId: number, what: 'spend' | 'receive', amountMinor: number): Promise<number> {
    const day = dayOf(clock.now());
    const column = what === 'spend' ? 'spent_minor' : 'received_minor';
    await trx.insertInto('coin_daily_usage').values({ member_id: memberId, day }).onConflict((oc) => oc.columns(['member_id', 'day']).doNothing()).execute();
    const row = await trx
      .updateTable('coin_daily_usage')
      .set({ [column]: sql`${sql.ref(column)} + ${amountMinor}` })
      .where('member_id', '=', memberId)
      .where('day', '=', day)
      .where(sql<boolean>`${sql.ref(column)} + ${amountMinor} <= ${limits[what]}`)
      .returning(column)
      .executeTakeFirst();
    if (!row) {
      const used = await trx.selectFrom('coin_daily_usage').select(column).where('member_id', '=', memberId).where('day', '=', day).executeTakeFirst();
      throw new DailyLimitReached(what, limits[what], Number((used as Record<string, number> | undefined)?.[column] ?? 0), amountMinor);
    }
    return Number((row as Record<string, number>)[column]);
  }

  /** What today's limit still allows the member (hundredths), read in the caller's transaction. */
  async function leftToday(trx: Transaction<Database>, memberId: number, what: 'spend' | 'receive'): Promise<number> {
    const column = what === 'spend' ? 'spent_minor' : 'received_minor';
    const row = await trx.selectFrom('coin_daily_usage').select(column).where('member_id', '=', memberId).where('day', '=', dayOf(clock.now())).executeTakeFirst();
    return Math.max(0, limits[what] - Number((row as Record<string, number> | undefined)?.[column] ?? 0));
  }

  const native = nativeOf(db);
  let usage: Record<'open' | 'spend' | 'receive' | 'used', NativeStatement> | undefined;
  const prepareUsage = () =>
    (usage ??= {
      open: native!.prepare<unknown[]>('insert into coin_daily_usage (member_id, day) values (?, ?) on conflict (member_id, day) do nothing'),
      spend: native!.prepare<unknown[]>('update coin_daily_usage set spent_minor = spent_minor + ? where member_id = ? and day = ? and spent_minor + ? <= ? returning spent_minor as used'),
      receive: native!.prepare<unknown[]>('update coin_daily_usage set received_minor = received_minor + ? where member_id = ? and day = ? and received_minor + ? <= ? returning received_minor as used'),
      used: native!.prepare<unknown[]>('select spent_minor as spend, received_minor as receive from coin_daily_usage where member_id = ? and day = ?'),
    });
  /** leftToday, synchronously on the embedded SQLite connection (a rain's receive). */
  const leftTodayNow = native
    ? (memberId: number, what: 'spend' | 'receive'): number => {
        const used = prepareUsage().used.get(memberId, dayOf(clock.now())) as Record<'spend' | 'receive', number> | undefined;
        return Math.max(0, limits[what] - Number(used?.[what] ?? 0));
      }
    : undefined;
  /**
   * countAgainstLimit, synchronously on the embedded SQLite connection, for a caller that holds a transaction on it
   * (a rain's receive): the same upsert and conditional UPDATE with prepared statements.
   */
  const countNow = native
    ? (memberId: number, what: 'spend' | 'receive', amountMinor: number): number => {
        const usage = prepareUsage();
        const day = dayOf(clock.now());
        usage.open.run(memberId, day);
        const row = usage[what].get(amountMinor, memberId, day, amountMinor, limits[what]) as { used: number } | undefined;
        if (!row) {
          const used = usage.used.get(memberId, day) as Record<'spend' | 'receive', number> | undefined;
          throw new DailyLimitReached(what, limits[what], Number(used?.[what] ?? 0), amountMinor);
        }
        return Number(row.used);
      }
    : undefined;

  /** Tells the member's own push channel the new balance (the app hands it to the host's onBalanceChange). */
  function publishBalance(memberId: number, balanceMinor: number, reason: Extract<MemberCoinsPush, { kind: 'coins' }>['reason'], changeMinor: number): void {
    hub.publish(EconomyChannel.memberCoins(memberId), { kind: 'coins', coinBalance: fromMinor(balanceMinor), reason, change: fromMinor(changeMinor) } satisfies MemberCoinsPush);
  }

  async function transferWire(row: TransferRow, memberId: number): Promise<CoinTransfer> {
    const currency = row.currency;
    return {
      transferId: Number(row.id),
      status: row.status,
      amount: fromMinor(Number(row.amount_minor)),
      currency,
      coins: fromMinor(Number(row.coins_minor)),
      rate: row.rate,
      failReason: row.fail_reason,
      coinBalance: fromMinor(await wallet.getBalance(memberId, COIN)),
      balance: isCurrency(currency) ? fromMinor(await wallet.getBalance(memberId, currency)) : '0.00',
      createdAt: Number(row.created_at),
    };
  }

  const transferColumns = ['id', 'status', 'amount_minor', 'currency', 'coins_minor', 'rate', 'fail_reason', 'created_at'] as const;

  /** Coins one unit of `currency` buys (its CNY rate x coinsPerCny); undefined without a rate. */
  async function coinRate(executor: Executor, currency: string): Promise<MoneyValue | undefined> {
    const rateToCny = isCurrency(currency) ? (await readExchangeRates(executor))[currency] : undefined;
    return rateToCny === undefined ? undefined : new Money(rateToCny).times(config.coinsPerCny);
  }

  /** `amount` of a currency in coins at `rate`, rounded down to the hundredth: never a fraction the rate did not pay for. */
  const coinsFor = (amount: string, rate: MoneyValue): number => toMinor(new Money(amount).times(rate).toDecimalPlaces(2, Decimal.ROUND_DOWN));

  /**
   * What unlocks a coupon and how far the member is (docs/api.md "Coupons"): a cash coupon nothing; a deposit coupon
   * main balance converted to coins (succeeded transfers) since it was won, at least its value; a flow coupon the stake
   * of bets settled since it was won, flowCouponTurnover times its value. All in the coupon's currency.
   */
  async function conditionOf(executor: Executor, row: CouponRow): Promise<{ condition: Coupon['condition']; requiredMinor: number; progressMinor: number }> {
    const amountMinor = Number(row.amount_minor);
    const since = Number(row.created_at);
    const memberId = Number(row.member_id);
    if (row.type === CouponType.Deposit) {
      const done = await executor
        .selectFrom('coin_transfers')
        .select((eb) => eb.fn.sum<number | string | null>('amount_minor').as('total'))
        .where('member_id', '=', memberId)
        .where('currency', '=', row.currency)
        .where('status', '=', 'succeeded')
        .where('created_at', '>=', since)
        .executeTakeFirst();
      return { condition: 'conversion', requiredMinor: amountMinor, progressMinor: Number(done?.total ?? 0) };
    }
    if (row.type === CouponType.Flow) {
      const done = await executor
        .selectFrom('orders')
        .select((eb) => eb.fn.sum<number | string | null>('stake_minor').as('total'))
        .where('member_id', '=', memberId)
        .where('currency', '=', row.currency)
        .where('status', '=', ORDER_SETTLED)
        .where('settled_at', '>=', since)
        .executeTakeFirst();
      return { condition: 'turnover', requiredMinor: amountMinor * config.flowCouponTurnover, progressMinor: Number(done?.total ?? 0) };
    }
    return { condition: 'none', requiredMinor: 0, progressMinor: 0 };
  }

  async function couponWire(executor: Executor, row: CouponRow, now: number): Promise<Coupon> {
    const status = row.used_at !== null ? CouponStatus.Used : Number(row.expires_at) <= now ? CouponStatus.Expired : CouponStatus.Unused;
    const { condition, requiredMinor, progressMinor } = await conditionOf(executor, row);
    return {
      couponId: Number(row.id),
      type: row.type as Coupon['type'],
      amount: fromMinor(Number(row.amount_minor)),
      currency: row.currency,
      status,
      recordId: Number(row.event_id),
      createdAt: Number(row.created_at),
      expiresAt: Number(row.expires_at),
      redeemsInto: row.type === CouponType.Deposit ? 'coins' : 'balance',
      condition,
      required: fromMinor(requiredMinor),
      progress: fromMinor(Math.min(progressMinor, requiredMinor)),
      usable: status === CouponStatus.Unused && progressMinor >= requiredMinor,
      usedAt: row.used_at === null ? null : Number(row.used_at),
    };
  }

  return {
    limits,
    countAgainstLimit,
    countNow,
    leftToday,
    leftTodayNow,
    publishBalance,

    /** The coins, the main balance and the rate a transfer would use now (the conversion dialog's preview). */
    async balance(memberId: number, currency: string): Promise<CoinBalance> {
      const rate = await coinRate(db, currency);
      return {
        coinBalance: fromMinor(await wallet.getBalance(memberId, COIN)),
        balance: isCurrency(currency) ? fromMinor(await wallet.getBalance(memberId, currency)) : '0.00',
        currency,
        rate: rate?.toString() ?? null,
      };
    },

    async dailyLimit(memberId: number): Promise<CoinDailyLimit> {
      const day = dayOf(clock.now());
      const row = await db.selectFrom('coin_daily_usage').select(['spent_minor', 'received_minor']).where('member_id', '=', memberId).where('day', '=', day).executeTakeFirst();
      const used = { spend: Number(row?.spent_minor ?? 0), receive: Number(row?.received_minor ?? 0) };
      const resetAt = (day + 1) * DAY_MS;
      return {
        configs: (['spend', 'receive'] as const).map((type) => ({
          type,
          limit: fromMinor(limits[type]),
          used: fromMinor(used[type]),
          remaining: fromMinor(Math.max(0, limits[type] - used[type])),
          resetAt,
        })),
      };
    },

    /**
     * Converts `amount` of the member's main balance to coins at coinsPerCny through the exchange rate, rounded down
     * to the hundredth (the member never gets a fraction the rate did not pay for). The transfer is written pending
     * first; the debit, the credit and the status succeeded then commit together, or the status becomes failed and
     * nothing moved. A platform that stops in between leaves it pending; the next start marks it failed (interrupted).
     */
    async transfer(memberId: number, currency: string, amount: string): Promise<CoinTransfer> {
      const now = clock.now();
      const amountMinor = toMinor(amount);
      const rate = await coinRate(db, currency);
      const coinsMinor = rate === undefined ? 0 : coinsFor(amount, rate);
      if (rate !== undefined && coinsMinor === 0) {
        throw new ApiError(400, ErrorCode.INVALID_INPUT, `amount: ${amount} ${currency} buys less than 0.01 coins (rate ${rate.toString()} coins per ${currency})`);
      }
      const inserted = await db
        .insertInto('coin_transfers')
        .values({ member_id: memberId, currency, amount_minor: amountMinor, coins_minor: coinsMinor, rate: rate?.toString() ?? '0', status: 'pending', fail_reason: null, created_at: now, modified_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(inserted.id);
      const fail = async (reason: 'insufficientBalance' | 'noRate') =>
        db.updateTable('coin_transfers').set({ status: 'failed', fail_reason: reason, modified_at: clock.now() }).where('id', '=', id).where('status', '=', 'pending').execute();
      if (rate === undefined || !isCurrency(currency)) await fail('noRate');
      else {
        try {
          const credited = await db.transaction().execute(async (trx) => {
            await wallet.debit(trx, { memberId, asset: currency, amountMinor, kind: 'coin_purchase', refType: 'coin_transfer', refId: String(id) });
            const change = await wallet.credit(trx, { memberId, asset: COIN, amountMinor: coinsMinor, kind: 'coin_purchase', refType: 'coin_transfer', refId: String(id) });
            const done = await trx.updateTable('coin_transfers').set({ status: 'succeeded', modified_at: clock.now() }).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
            // Marked failed meanwhile (failInterrupted): the money must not move for a transfer that says it did not.
            if (Number(done.numUpdatedRows) !== 1) throw new Error(`coin transfer ${id} is no longer pending`);
            return change;
          });
          publishBalance(memberId, credited.balanceAfterMinor, 'transfer', coinsMinor);
        } catch (error) {
          if (!(error instanceof InsufficientFunds)) throw error;
          await fail('insufficientBalance');
        }
      }
      const row = await db.selectFrom('coin_transfers').select(transferColumns).where('id', '=', id).executeTakeFirstOrThrow();
      return transferWire(row, memberId);
    },

    /** The member's coupons won in room events, newest first, each with its state and its condition's progress. */
    async coupons(memberId: number): Promise<Coupon[]> {
      const now = clock.now();
      const rows = await db.selectFrom('member_coupons').selectAll().where('member_id', '=', memberId).orderBy('id', 'desc').limit(200).execute();
      return Promise.all(rows.map((row) => couponWire(db, row, now)));
    },

    /**
     * Redeems one of the member's coupons (docs/api.md "Coupons"): in one transaction the coupon is marked used by a
     * conditional update (so of racing requests exactly one wins) and its value credited with its ledger row, to the
     * main balance (cash, flow) or as coins at the conversion rate (deposit). Unknown or another member's: 404; used
     * or expired: 409; condition not met: 422. Nothing changes on a refusal.
     */
    async redeemCoupon(memberId: number, couponId: number): Promise<CouponRedeemed> {
      const now = clock.now();
      const notMine = () => new ApiError(404, EconomyError.CouponNotFound, `couponId: no coupon ${couponId} of yours`);
      const used = () => new ApiError(409, EconomyError.CouponUsed, `couponId: coupon ${couponId} was redeemed already`);
      const done = await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('member_coupons').selectAll().where('id', '=', couponId).where('member_id', '=', memberId).executeTakeFirst();
        if (!row) throw notMine();
        if (row.used_at !== null) throw used();
        if (Number(row.expires_at) <= now) throw new ApiError(409, EconomyError.CouponExpired, `couponId: coupon ${couponId} expired at ${new Date(Number(row.expires_at)).toISOString()}`);
        const { condition, requiredMinor, progressMinor } = await conditionOf(trx, row);
        if (progressMinor < requiredMinor) {
          const what = condition === 'conversion' ? 'main balance converted to coins' : 'stake of bets settled';
          throw new ApiError(422, EconomyError.CouponLocked, `couponId: coupon ${couponId} needs ${fromMinor(requiredMinor)} ${row.currency} ${what} since it was won; ${fromMinor(progressMinor)} so far`);
        }
        if (!isCurrency(row.currency)) throw new ApiError(409, EconomyError.NoCoinRate, `couponId: coupon ${couponId} is in ${row.currency}, which this platform no longer carries`);
        const claimed = await trx
          .updateTable('member_coupons')
          .set({ used_at: now })
          .where('id', '=', couponId)
          .where('member_id', '=', memberId)
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) throw used();
        const amount = fromMinor(Number(row.amount_minor));
        const cause = { memberId, kind: 'coupon_redeem' as const, refType: 'coupon', refId: String(couponId) };
        let change;
        if (row.type === CouponType.Deposit) {
          const rate = await coinRate(trx, row.currency);
          const coinsMinor = rate === undefined ? 0 : coinsFor(amount, rate);
          if (coinsMinor === 0) throw new ApiError(409, EconomyError.NoCoinRate, `couponId: ${amount} ${row.currency} buys no coins at the current rate`);
          change = await wallet.credit(trx, { ...cause, asset: COIN, amountMinor: coinsMinor });
        } else {
          change = await wallet.credit(trx, { ...cause, asset: row.currency, amountMinor: Number(row.amount_minor) });
        }
        const after = await trx.selectFrom('member_coupons').selectAll().where('id', '=', couponId).executeTakeFirstOrThrow();
        return { change, coupon: await couponWire(trx, after, now) };
      });
      if (done.change.asset === COIN) publishBalance(memberId, done.change.balanceAfterMinor, 'coupon', done.change.amountMinor);
      const currency = done.coupon.currency;
      return {
        coupon: done.coupon,
        asset: done.change.asset,
        credited: fromMinor(done.change.amountMinor),
        balance: isCurrency(currency) ? fromMinor(await wallet.getBalance(memberId, currency)) : '0.00',
        coinBalance: fromMinor(await wallet.getBalance(memberId, COIN)),
      };
    },

    /** One of the member's own transfers; another member's id is answered as unknown. */
    async transferStatus(memberId: number, transferId: number): Promise<CoinTransfer> {
      const row = await db.selectFrom('coin_transfers').select(transferColumns).where('id', '=', transferId).where('member_id', '=', memberId).executeTakeFirst();
      if (!row) throw new ApiError(404, EconomyError.TransferNotFound, `transferId: no transfer ${transferId} of yours`);
      return transferWire(row, memberId);
    },

    /**
     * At start: a transfer left pending by a stop before its money moved never will; it failed. Only those older than
     * a minute, so another instance's transfer in flight is left alone (and if it were not, its transaction would
     * roll back rather than move money for a failed transfer).
     */
    async failInterrupted(): Promise<number> {
      const result = await db
        .updateTable('coin_transfers')
        .set({ status: 'failed', fail_reason: 'interrupted', modified_at: clock.now() })
        .where('status', '=', 'pending')
        .where('created_at', '<', clock.now() - 60_000)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type Coins = ReturnType<typeof createCoins>;
