/**
 * Placing, step two, for requests as they arrive: the group commit. Requests that arrive while a transaction runs wait
 * and are written together in the next one, each inside its own savepoint, so one request's refusal rolls back only
 * its own writes; the answer goes out after the commit. Every stake's debit is written with its ledger entry and its
 * order in that one transaction. Three writers of a group: prepared statements on the embedded SQLite
 * (createNativeWriter), one statement of data-modifying CTEs on PostgreSQL (writeBatch, GROUP_STATEMENT), and one
 * request at a time through Kysely otherwise (writeRequest). Separate from drafting (orderDrafts.ts) because it is
 * the only part of placing that holds a transaction, and the only one with state across requests (the queue).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Clock } from '../clock';
import { executeBulkSets, isPostgres, VALUES, type BulkColumnType } from '../db/bulk';
import { nativeOf, type NativeStatement } from '../db/database';
import type { Database, OrderLegsTable, OrdersTable } from '../db/schema';
import { fromMinor } from '../money';
import type { Draft, PlaceContext, PlaceResult } from './orders';
import { LEG_COLUMNS, ORDER_COLUMNS, placedOf, refusalOf, repeatOf, writeDraft } from './orderWrites';
import { storeSnapshots, type SnapshotCache } from './snapshots';
import type { WalletService } from './wallet';

/** What the group commit writes with: the database, the clock for the request records, the wallet, the snapshots. */
export interface GroupCommitDeps {
  db: Kysely<Database>;
  clock: Clock;
  wallet: WalletService;
  snapshots: SnapshotCache;
}

/** Writes one request's drafts in the next group transaction; resolves after its commit. */
export type GroupWrite = (ctx: PlaceContext, drafts: readonly Draft[]) => Promise<PlaceResult>;

/** PostgreSQL's types of the bulk columns (executeBulk): integers as bigint, the rest text. */
const bulkTypes = <T>(columns: ReadonlyArray<keyof T>, text: ReadonlyArray<keyof T>): BulkColumnType[] => columns.map((c) => (text.includes(c) ? 'text' : 'bigint'));
const ORDER_TYPES = bulkTypes<OrdersTable>(ORDER_COLUMNS, ['id', 'request_id', 'currency', 'exchange_rate', 'odds', 'reject_reason', 'reserve_id']);
const LEG_TYPES = bulkTypes<OrderLegsTable>(LEG_COLUMNS, ['order_id', 'option_type', 'line', 'odds', 'snapshot_hash', 'result_score']);
/** The group statement's rows of requests: index in the group, member, request id, the record's order ids, currency, total stake. */
const GROUP_JOB_TYPES: BulkColumnType[] = ['bigint', 'bigint', 'text', 'text', 'text', 'bigint'];
/** Orders: their columns, then the request's index in the group and the order's place in it. */
const GROUP_ORDER_TYPES: BulkColumnType[] = [...ORDER_TYPES, 'bigint', 'bigint'];
/** Legs: their columns, then the request's index in the group. */
const GROUP_LEG_TYPES: BulkColumnType[] = [...LEG_TYPES, 'bigint'];
const columnsOf = (count: number, alias: string) => Array.from({ length: count }, (_, c) => `${alias}.column${c + 1}`).join(', ');
const orderColumn = (name: keyof OrdersTable) => `o.column${ORDER_COLUMNS.indexOf(name) + 1}`;
/**
 * A group of placing requests on PostgreSQL in one statement (writeBatch says what each part does). Its rows: jobs
 * (GROUP_JOB_TYPES), orders (GROUP_ORDER_TYPES), legs (GROUP_LEG_TYPES); parameters: the time, three times. Answers
 * each request's outcome: placed, repeat (its id was recorded before) or short (its member's balance did not cover the
 * group's total: nothing of it written but its record). The parts run on one snapshot, each reading what the one
 * before returned, and the foreign keys are checked at the statement's end, when the orders are there for their legs.
 */
const GROUP_STATEMENT = `with jobs as (${VALUES}),
recorded as (
  insert into bet_requests (member_id, request_id, order_ids, created_at)
  select jobs.column2, jobs.column3, jobs.column4, ? from jobs where jobs.column3 is not null
  on conflict (member_id, request_id) do nothing
  returning member_id, request_id),
fresh as (
  select jobs.column1 as job, jobs.column2 as member_id, jobs.column5 as asset, jobs.column6 as total from jobs
  where jobs.column3 is null or exists (select 1 from recorded r where r.member_id = jobs.column2 and r.request_id = jobs.column3)),
totals as (select member_id, asset, sum(total)::bigint as total from fresh group by member_id, asset),
locked as materialized (
  select w.member_id, w.asset from wallets w join totals t on w.member_id = t.member_id and w.asset = t.asset
  order by w.member_id, w.asset for update of w),
debited as (
  update wallets set balance_minor = wallets.balance_minor - totals.total, updated_at = ?
  from totals, locked
  where wallets.member_id = totals.member_id and wallets.asset = totals.asset
    and locked.member_id = wallets.member_id and locked.asset = wallets.asset
    and wallets.balance_minor >= totals.total
  returning wallets.member_id, wallets.asset, wallets.balance_minor + totals.total as before),
placed as (select fresh.job from fresh join debited d on d.member_id = fresh.member_id and d.asset = fresh.asset),
placed_orders as (select ${columnsOf(GROUP_ORDER_TYPES.length, 'o')} from (${VALUES}) as o where o.column${ORDER_COLUMNS.length + 1} in (select job from placed)),
inserted_orders as (insert into orders (${ORDER_COLUMNS.join(', ')}) select ${columnsOf(ORDER_COLUMNS.length, 'o')} from placed_orders o),
inserted_ledger as (
  insert into ledger (member_id, asset, amount_minor, balance_after_minor, kind, ref_type, ref_id, created_at)
  select ${orderColumn('member_id')}, ${orderColumn('currency')}, -${orderColumn('stake_minor')},
    d.before - sum(${orderColumn('stake_minor')}) over (partition by ${orderColumn('member_id')}, ${orderColumn('currency')} order by o.column${ORDER_COLUMNS.length + 2}),
    'bet_stake', 'order', ${orderColumn('id')}, ?
  from placed_orders o join debited d on d.member_id = ${orderColumn('member_id')} and d.asset = ${orderColumn('currency')}
  order by o.column${ORDER_COLUMNS.length + 2}),
inserted_legs as (
  insert into order_legs (${LEG_COLUMNS.join(', ')})
  select ${columnsOf(LEG_COLUMNS.length, 'g')} from (${VALUES}) as g where g.column${LEG_COLUMNS.length + 1} in (select job from placed))
select jobs.column1 as job,
  case when jobs.column1 in (select job from placed) then 'placed' when jobs.column1 in (select job from fresh) then 'short' else 'repeat' end as outcome
from jobs`;

/** What one request of a group came to: its result, or why it was refused (its writes were rolled back). */
type Outcome = { ok: true; result: PlaceResult } | { ok: false; error: unknown };

/** Placing requests written in one transaction at most (each in its own savepoint). */
const MAX_GROUP = 200;

/** A placing request waiting for the next group transaction. */
interface Waiting {
  ctx: PlaceContext;
  drafts: readonly Draft[];
  resolve: (result: PlaceResult) => void;
  reject: (error: unknown) => void;
}

export function createGroupCommit(deps: GroupCommitDeps): GroupWrite {
  const { db, clock, wallet, snapshots } = deps;
  const waiting: Waiting[] = [];
  let writing = false;
  const writeNow = createNativeWriter();
  /** PostgreSQL: the group in a few multi-row statements (writeBatch) rather than several round trips per bet. */
  const batched = isPostgres(db);

  /**
   * The group's writes on the embedded SQLite connection with prepared statements, synchronously: a whole group runs
   * without yielding, inside the transaction the group holds through Kysely (so no other transaction can be open on the
   * connection meanwhile). PostgreSQL writes a group in a few multi-row statements instead (writeBatch).
   */
  function createNativeWriter(): ((ctx: PlaceContext, drafts: readonly Draft[]) => Outcome) | undefined {
    const native = nativeOf(db);
    const debitNow = wallet.debitNow;
    if (!native || !debitNow) return undefined;
    let st: Record<'savepoint' | 'release' | 'rollbackTo' | 'request' | 'requestOrders' | 'snapshot' | 'order' | 'leg' | 'record', NativeStatement> | undefined;
    const prepare = () =>
      (st ??= {
        savepoint: native.prepare<unknown[]>('savepoint bet_request'),
        release: native.prepare<unknown[]>('release bet_request'),
        rollbackTo: native.prepare<unknown[]>('rollback to bet_request'),
        request: native.prepare<unknown[]>('select order_ids from bet_requests where member_id = ? and request_id = ?'),
        requestOrders: native.prepare<unknown[]>('select id, status, stake_minor, odds, series_number from orders where id in (select value from json_each(?))'),
        snapshot: native.prepare<unknown[]>('insert into leg_snapshots (hash, market_json, names_json) values (?, ?, ?) on conflict (hash) do nothing'),
        order: native.prepare<unknown[]>(`insert into orders (${ORDER_COLUMNS.join(', ')}) values (${ORDER_COLUMNS.map(() => '?').join(', ')})`),
        leg: native.prepare<unknown[]>(`insert into order_legs (${LEG_COLUMNS.join(', ')}) values (${LEG_COLUMNS.map(() => '?').join(', ')})`),
        record: native.prepare<unknown[]>('insert into bet_requests (member_id, request_id, order_ids, created_at) values (?, ?, ?, ?)'),
      });

    function repeatNow(s: NonNullable<typeof st>, ctx: PlaceContext): PlaceResult | undefined {
      const row = s.request.get(ctx.memberId, ctx.requestId) as { order_ids: string } | undefined;
      if (!row) return undefined;
      const ids = JSON.parse(row.order_ids) as string[];
      const rows = s.requestOrders.all(row.order_ids) as Array<{ id: string; status: number; stake_minor: number; odds: string; series_number: number }>;
      const byId = new Map(rows.map((o) => [o.id, o]));
      return {
        repeated: true,
        orders: ids.flatMap((id) => {
          const o = byId.get(id);
          return o ? [{ orderId: o.id, status: o.status, betAmount: fromMinor(Number(o.stake_minor)), odds: o.odds, seriesNumber: o.series_number }] : [];
        }),
      };
    }

    return (ctx, drafts) => {
      const s = prepare();
      s.savepoint.run();
      let result: PlaceResult | undefined;
      try {
        if (ctx.requestId !== undefined) result = repeatNow(s, ctx);
        if (!result) {
          for (const d of drafts) {
            for (const snap of d.snapshots) if (!snapshots.stored(snap.hash)) s.snapshot.run(snap.hash, snap.market_json, snap.names_json);
            debitNow({ memberId: ctx.memberId, asset: ctx.currency, amountMinor: d.order.stake_minor, kind: 'bet_stake', refType: 'order', refId: d.order.id });
            s.order.run(ORDER_COLUMNS.map((c) => d.order[c]));
            for (const leg of d.legs) s.leg.run(LEG_COLUMNS.map((c) => leg[c]));
          }
          if (ctx.requestId !== undefined) s.record.run(ctx.memberId, ctx.requestId, JSON.stringify(drafts.map((d) => d.order.id)), clock.now());
          result = { orders: drafts.map(placedOf), repeated: false };
        }
      } catch (error) {
        // Only this request's writes go; the group's transaction stays open for the others. Should the rollback itself
        // fail, that throws out of the group, whose whole transaction then rolls back.
        s.rollbackTo.run();
        s.release.run();
        return { ok: false, error };
      }
      s.release.run();
      return { ok: true, result };
    };
  }

  /**
   * Debits the stakes and writes the orders, their legs and the request record, all or nothing for this request.
   * Group commit: requests that arrive while a transaction runs wait and are written together in the next one, each
   * inside its own savepoint, so one request's refusal (or failure) rolls back only its own writes while the others
   * commit. One commit per group instead of one per bet: the commit was the largest single cost of placing a bet.
   * Answers only after the commit, so an accepted order is durable when the member hears of it.
   */
  function write(ctx: PlaceContext, drafts: readonly Draft[]): Promise<PlaceResult> {
    return new Promise((resolve, reject) => {
      waiting.push({ ctx, drafts, resolve, reject });
      if (!writing) {
        writing = true;
        // Requests parsed in the same turn of the event loop join the first group.
        setImmediate(() => void writeGroups());
      }
    });
  }

  async function writeGroups(): Promise<void> {
    try {
      while (waiting.length > 0) {
        const group = nextGroup();
        let outcomes: Outcome[] = [];
        try {
          await db.transaction().execute(async (trx) => {
            if (writeNow) outcomes = group.map((job) => writeNow(job.ctx, job.drafts));
            else if (batched) outcomes = await writeBatch(trx, group);
            else {
              for (const job of group) {
                await sql`savepoint bet_request`.execute(trx);
                try {
                  const result = await writeRequest(trx, job.ctx, job.drafts);
                  await sql`release bet_request`.execute(trx);
                  outcomes.push({ ok: true, result });
                } catch (error) {
                  await sql`rollback to bet_request`.execute(trx);
                  await sql`release bet_request`.execute(trx);
                  outcomes.push({ ok: false, error });
                }
              }
            }
          });
        } catch (error) {
          // The group's transaction did not commit: nothing of any of its requests was written.
          for (const job of group) job.reject(error);
          continue;
        }
        group.forEach((job, i) => {
          const outcome = outcomes[i]!;
          if (outcome.ok) {
            if (!outcome.result.repeated) snapshots.noteStored(job.drafts);
            job.resolve(outcome.result);
          } else job.reject(refusalOf(job.ctx, outcome.error));
        });
      }
    } finally {
      writing = false;
    }
  }

  /**
   * The next group, in member id order (a stable sort: one member's requests keep their order). Group transactions of
   * several instances then lock the members' wallets in the same order and never wait on each other in a cycle. A
   * request repeating the id of one already in the group waits for the next group, where it finds the first's orders.
   */
  function nextGroup(): Waiting[] {
    const group: Waiting[] = [];
    const later: Waiting[] = [];
    const ids = new Set<string>();
    for (const job of waiting.splice(0, MAX_GROUP)) {
      const key = job.ctx.requestId === undefined ? undefined : `${job.ctx.memberId} ${job.ctx.requestId}`;
      if (key !== undefined && ids.has(key)) later.push(job);
      else {
        if (key !== undefined) ids.add(key);
        group.push(job);
      }
    }
    waiting.unshift(...later);
    return group.sort((a, b) => a.ctx.memberId - b.ctx.memberId);
  }

  /**
   * A group on PostgreSQL in one statement whatever its size (GROUP_STATEMENT; a round trip each was the cost), plus the
   * legs' snapshots not known to be stored (one INSERT, rarely):
   * 1. the request records, INSERT ... ON CONFLICT DO NOTHING: a record already there (committed by an earlier request,
   *    on any instance; PostgreSQL waits for one in flight) makes that request a repeat, answered with the orders it made;
   * 2. every member's stakes of the other requests in one UPDATE: the wallets are locked in member id order (the
   *    materialised FOR UPDATE), then each debited by its total where the balance covers it (`balance_minor >= total`,
   *    the check and the debit together);
   * 3. the orders, their legs and a ledger row per order of the requests whose member was debited, the ledger's
   *    balance after each stake running down from the balance before the group, in request order.
   * A member whose balance does not cover all their requests of the group has them written one by one in savepoints
   * (writeDraft's conditional debit), so each is accepted or refused on its own, as on SQLite.
   */
  async function writeBatch(trx: Transaction<Database>, group: readonly Waiting[]): Promise<Outcome[]> {
    const outcomes: Array<Outcome | undefined> = group.map(() => undefined);
    const now = clock.now();
    const missing = group.flatMap((job) => job.drafts.flatMap((d) => d.snapshots)).filter((snap) => !snapshots.stored(snap.hash));
    if (missing.length > 0) await storeSnapshots(trx, missing);

    const jobRows: unknown[][] = [];
    const orderRows: unknown[][] = [];
    const legRows: unknown[][] = [];
    group.forEach((job, i) => {
      const stake = job.drafts.reduce((sum, d) => sum + d.order.stake_minor, 0);
      const record = job.ctx.requestId === undefined ? null : JSON.stringify(job.drafts.map((d) => d.order.id));
      jobRows.push([i, job.ctx.memberId, job.ctx.requestId ?? null, record, job.ctx.currency, stake]);
      for (const d of job.drafts) {
        orderRows.push([...ORDER_COLUMNS.map((c) => d.order[c]), i, orderRows.length]);
        for (const leg of d.legs) legRows.push([...LEG_COLUMNS.map((c) => leg[c]), i]);
      }
    });
    const written = await executeBulkSets<{ job: number; outcome: 'placed' | 'short' | 'repeat' }>(trx, GROUP_STATEMENT, [now, now, now], [
      { types: GROUP_JOB_TYPES, rows: jobRows },
      { types: GROUP_ORDER_TYPES, rows: orderRows },
      { types: GROUP_LEG_TYPES, rows: legRows },
    ]);
    const oneByOne: Waiting[] = [];
    const repeats: Waiting[] = [];
    for (const row of written.rows) {
      const i = Number(row.job);
      const job = group[i]!;
      if (row.outcome === 'placed') outcomes[i] = { ok: true, result: { orders: job.drafts.map(placedOf), repeated: false } };
      else if (row.outcome === 'short') oneByOne.push(job);
      else repeats.push(job);
    }
    const at = new Map(group.map((job, i) => [job, i]));

    for (const job of oneByOne) {
      await sql`savepoint bet_request`.execute(trx);
      try {
        for (const d of job.drafts) await writeDraft(wallet, trx, job.ctx, d, () => true);
        await sql`release bet_request`.execute(trx);
        outcomes[at.get(job)!] = { ok: true, result: { orders: job.drafts.map(placedOf), repeated: false } };
      } catch (error) {
        await sql`rollback to bet_request`.execute(trx);
        await sql`release bet_request`.execute(trx);
        // Refused: its request record goes too, so the member may send the same id again.
        if (job.ctx.requestId !== undefined) await trx.deleteFrom('bet_requests').where('member_id', '=', job.ctx.memberId).where('request_id', '=', job.ctx.requestId).execute();
        outcomes[at.get(job)!] = { ok: false, error };
      }
    }
    for (const job of repeats) {
      const seen = await repeatOf(trx, job.ctx);
      outcomes[at.get(job)!] = { ok: true, result: seen ?? { orders: [], repeated: true } };
    }
    return outcomes.map((o) => o!);
  }

  /** One request inside the group transaction (and its savepoint): the repeat check, the orders, the request record. */
  async function writeRequest(trx: Transaction<Database>, ctx: PlaceContext, drafts: readonly Draft[]): Promise<PlaceResult> {
    if (ctx.requestId !== undefined) {
      const seen = await repeatOf(trx, ctx);
      if (seen) return seen;
    }
    for (const d of drafts) await writeDraft(wallet, trx, ctx, d, snapshots.stored);
    if (ctx.requestId !== undefined) {
      await trx
        .insertInto('bet_requests')
        .values({ member_id: ctx.memberId, request_id: ctx.requestId, order_ids: JSON.stringify(drafts.map((d) => d.order.id)), created_at: clock.now() })
        .execute();
    }
    return { orders: drafts.map(placedOf), repeated: false };
  }
  return write;
}
