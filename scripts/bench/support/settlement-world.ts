/**
 * The world of the settlement benchmark: the platform in-process (buildApp, as server/test/helpers.ts assembles it)
 * on a SQLite file in WAL mode, a fake clock and the feed; a few pre-match matches played to their end so their
 * MatchResults are real; then open orders on those matches written straight into the database (members, funded
 * wallets, an opening-balance ledger row per member and a bet_stake ledger row per order, so every wallet equals
 * the sum of its ledger). Placing that many bets through the service would take longer than settling them.
 */
import path from 'node:path';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { seriesOptions } from '../../../domain/series';
import { buildApp, type App } from '../../../server/src/app';
import { BetType, OddsChange, OrderStatus } from '../../../server/src/betting/codes';
import { storeExchangeRates } from '../../../server/src/betting/exchangeRates';
import { NEW_ORDER_OUTCOME } from '../../../server/src/betting/orderDrafts';
import { createIdSource, legSnapshot, marketSnapshot } from '../../../server/src/betting/orders';
import { snapshotRow, storeSnapshots } from '../../../server/src/betting/snapshots';
import { createFakeClock } from '../../../server/src/clock';
import { loadAppConfigs } from '../../../server/src/config/appConfig';
import { loadPlatformConfig } from '../../../server/src/config/platformConfig';
import { migrateToLatest, openPostgres, openSqlite, SQLITE_FILE_NAME, type Db } from '../../../server/src/db/database';
import type { LedgerTable, LegSnapshotsTable, OrderLegsTable, OrdersTable } from '../../../server/src/db/schema';
import { createFeed, type Fixture, type Market, type MatchResult, type Option } from '../../../server/src/feed';
import { toMinor } from '../../../server/src/money';

const CURRENCY = 'CNY';
/** Each member's opening balance, in minor units: far above what their orders stake. */
const OPENING_MINOR = 100_000_000;
/** Rows per INSERT: under SQLite's bound-variable limit for the widest table (orders, 30 columns). */
const ROWS_PER_INSERT = 500;

export interface SettlementWorldOptions {
  /** The repository (config/ is read from it). */
  root: string;
  dataDir: string;
  orders: number;
  matches: number;
  members: number;
  /** Share of the orders that are 2-leg parlays (on two of the matches); the rest are singles. */
  parlayShare: number;
  seed?: number;
  /** A PostgreSQL database (empty) instead of the SQLite file in dataDir. */
  databaseUrl?: string;
}

export interface SettlementWorld {
  app: App;
  db: Db;
  /** The results of the matches the orders are on, in the order they ended. */
  results: MatchResult[];
  singles: number;
  parlays: number;
  legs: number;
  members: number;
  /** Simulated time played until the matches ended (ms). */
  playedMs: number;
  close(): Promise<void>;
}

interface Selection {
  market: Market;
  option: Option;
  fixture: Fixture;
}

/** A small deterministic generator, so every run seeds the same orders. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function insertChunked<T extends 'orders' | 'order_legs' | 'ledger'>(
  db: Db,
  table: T,
  rows: T extends 'orders' ? OrdersTable[] : T extends 'order_legs' ? OrderLegsTable[] : Omit<LedgerTable, 'id'>[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      await trx
        .insertInto(table)
        .values(rows.slice(i, i + ROWS_PER_INSERT) as never)
        .execute();
    }
  });
}

export async function buildSettlementWorld(options: SettlementWorldOptions): Promise<SettlementWorld> {
  const { root } = options;
  const rand = random(options.seed ?? 42);
  const config = loadPlatformConfig(path.join(root, 'config', 'platform.json'));
  const clock = createFakeClock();
  const { db, driver } = options.databaseUrl ? openPostgres(options.databaseUrl) : openSqlite(path.join(options.dataDir, SQLITE_FILE_NAME));
  await migrateToLatest(db, driver);
  await storeExchangeRates(db, config.exchangeRates, clock.now());
  // 600 simulated ms per clock ms: a 1 s clock step moves the world 10 minutes.
  const feed = createFeed({ seed: options.seed ?? 7, now: () => clock.now(), historyHours: 0, speed: 600 });
  const app = buildApp({
    db,
    dbDriver: driver,
    config,
    feed,
    appConfigs: loadAppConfigs(path.join(root, 'config')),
    clock,
    distDir: path.join(root, 'server', 'test', 'no-dist'),
    bettingLoopMs: 0,
    build: { version: 'bench', startedAt: clock.now() },
  });
  await app.ready();

  // The first matches of the today list that have markets on sale, and their open selections as a bettor sees them.
  const selections = new Map<number, Selection[]>();
  const candidates = feed.matches({ type: 'today' }).filter((m) => !m.isOutright).sort((a, b) => a.beginTime - b.beginTime);
  for (const match of candidates) {
    if (selections.size >= options.matches) break;
    const fixture = feed.fixture(match.matchId);
    if (!fixture) continue;
    const open: Selection[] = [];
    for (const market of feed.markets(match.matchId)) {
      if (market.status !== 1) continue;
      for (const option of market.options) if (!option.isLock) open.push({ market, option, fixture });
    }
    if (open.some((s) => s.market.allowParley) && open.length >= 3) selections.set(match.matchId, open);
  }
  if (selections.size < Math.min(2, options.matches)) throw new Error(`only ${selections.size} pre-match matches with open markets`);

  // Play the feed until they have all ended. No order exists yet, so the engine's own settlement has nothing to do.
  const results = new Map<number, MatchResult>();
  const unsubscribe = feed.on((change) => {
    if (change.kind === 'ended' && selections.has(change.matchId)) results.set(change.matchId, change.result);
  });
  let playedMs = 0;
  for (let step = 0; results.size < selections.size; step++) {
    if (step > 2000) throw new Error(`the matches had not ended after ${playedMs / 3_600_000} simulated hours`);
    clock.advance(1000);
    playedMs += 600_000;
    feed.tick();
    await app.betting.idle();
  }
  unsubscribe();

  // Members with funded wallets.
  const now = clock.now();
  const memberRows = Array.from({ length: options.members }, (_, i) => ({
    username: `settle${i + 1}`,
    password_hash: 'bench: no sign-in',
    nickname: `Settle ${i + 1}`,
    currency: CURRENCY,
    vip_level: 0,
    created_at: now,
  }));
  const memberIds: number[] = [];
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < memberRows.length; i += ROWS_PER_INSERT) {
      const ids = await trx.insertInto('members').values(memberRows.slice(i, i + ROWS_PER_INSERT)).returning('id').execute();
      memberIds.push(...ids.map((r) => Number(r.id)));
    }
  });
  const balance = new Map<number, number>(memberIds.map((id) => [id, OPENING_MINOR]));
  const ledger: Omit<LedgerTable, 'id'>[] = memberIds.map((id) => ({
    member_id: id,
    asset: CURRENCY,
    amount_minor: OPENING_MINOR,
    balance_after_minor: OPENING_MINOR,
    kind: 'opening_balance',
    ref_type: null,
    ref_id: null,
    created_at: now,
  }));

  // The orders: singles on any open selection, 2-leg parlays (the double, series 2001) on two different matches.
  const matchIds = [...selections.keys()];
  const all = matchIds.flatMap((id) => selections.get(id)!);
  const parlayable = new Map(matchIds.map((id) => [id, selections.get(id)!.filter((s) => s.market.allowParley)]));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const nextId = createIdSource(clock);
  const orders: OrdersTable[] = [];
  const legs: OrderLegsTable[] = [];
  const snapshots = new Map<string, LegSnapshotsTable>();
  const legRow = (orderId: string, legNo: number, s: Selection): OrderLegsTable => {
    const key = `${s.market.marketId}|${s.option.type}`;
    let snap = snapshots.get(key);
    if (!snap) {
      snap = snapshotRow(JSON.stringify(marketSnapshot(s.market)), JSON.stringify(legSnapshot(s)));
      snapshots.set(key, snap);
    }
    return {
      order_id: orderId,
      leg_no: legNo,
      match_id: s.market.matchId,
      sport_id: s.market.sportId,
      market_id: s.market.marketId,
      market_type: s.market.marketType,
      option_type: s.option.type,
      line: s.option.line ?? s.market.line ?? null,
      odds: s.option.odd,
      odds_format: 1,
      is_in_play: 0,
      begin_time: s.fixture.beginTime,
      snapshot_hash: snap.hash,
      result: 0,
      result_score: null,
      settled_at: null,
    };
  };
  let singles = 0;
  let parlays = 0;
  for (let n = 0; n < options.orders; n++) {
    const memberId = memberIds[n % memberIds.length]!;
    const id = nextId();
    const unit = new Decimal(10 + Math.floor(rand() * 191));
    let chosen: Selection[];
    let betType: number;
    let seriesNumber = 0;
    let odds: Decimal;
    if (matchIds.length >= 2 && rand() < options.parlayShare) {
      const first = pick(matchIds);
      const second = pick(matchIds.filter((m) => m !== first));
      chosen = [pick(parlayable.get(first)!), pick(parlayable.get(second)!)];
      const double = seriesOptions(chosen.map((s) => s.option.odd)).find((o) => o.kind.type === 'fold' && o.kind.size === 2)!;
      betType = BetType.Multiple;
      seriesNumber = double.seriesNumber;
      odds = double.seriesOdd;
      parlays++;
    } else {
      chosen = [pick(all)];
      betType = BetType.Single;
      odds = new Decimal(chosen[0]!.option.odd);
      singles++;
    }
    const stakeMinor = toMinor(unit);
    orders.push({
      id,
      member_id: memberId,
      request_id: id,
      bet_type: betType,
      series_number: seriesNumber,
      item_count: chosen.length,
      bet_count: 1,
      currency: CURRENCY,
      exchange_rate: config.exchangeRates[CURRENCY],
      unit_stake_minor: stakeMinor,
      stake_minor: stakeMinor,
      remaining_stake_minor: stakeMinor,
      odds: odds.toString(),
      max_win_minor: toMinor(unit.times(odds).toDecimalPlaces(2, Decimal.ROUND_DOWN)),
      odds_change: OddsChange.Any,
      status: OrderStatus.Confirmed,
      ...NEW_ORDER_OUTCOME,
      is_in_play: 0,
      accept_at: null,
      reserve_id: null,
      created_at: now,
      confirmed_at: now,
      settled_at: null,
      cancelled_at: null,
      modified_at: now,
    });
    chosen.forEach((s, i) => legs.push(legRow(id, i + 1, s)));
    const after = balance.get(memberId)! - stakeMinor;
    balance.set(memberId, after);
    ledger.push({
      member_id: memberId,
      asset: CURRENCY,
      amount_minor: -stakeMinor,
      balance_after_minor: after,
      kind: 'bet_stake',
      ref_type: 'order',
      ref_id: id,
      created_at: now,
    });
  }
  await db.transaction().execute(async (trx) => {
    const wallets = memberIds.map((id) => ({ member_id: id, asset: CURRENCY, balance_minor: balance.get(id)!, updated_at: now }));
    for (let i = 0; i < wallets.length; i += ROWS_PER_INSERT) await trx.insertInto('wallets').values(wallets.slice(i, i + ROWS_PER_INSERT)).execute();
  });
  await insertChunked(db, 'ledger', ledger);
  await storeSnapshots(db, [...snapshots.values()]);
  await insertChunked(db, 'orders', orders);
  await insertChunked(db, 'order_legs', legs);
  // Fold the seeding into the database file now, so the timed part does not pay for checkpointing it.
  if (driver === 'sqlite') await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  // PostgreSQL: the orders as a running database holds them, placed over hours and long since seen by autovacuum:
  // vacuumed (hint bits and visibility map set, so the timed part does not dirty every page it reads for them, nor
  // meet an autovacuum of the bulk load halfway) and analysed (fresh statistics for the planner).
  else await sql`vacuum analyze`.execute(db);

  return {
    app,
    db,
    results: matchIds.map((id) => results.get(id)!).sort((a, b) => a.endTime - b.endTime),
    singles,
    parlays,
    legs: legs.length,
    members: memberIds.length,
    playedMs,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}

export interface BookCheck {
  open: number;
  unsettledLegs: number;
  payouts: number;
  paidOrders: number;
  walletsOff: number;
  negative: number;
}

/** After settling: orders not settled, legs without a result, payout rows vs paid orders, wallets that differ from their ledger. */
export async function checkBooks(db: Db): Promise<BookCheck> {
  const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: unknown }> }) => Number((await query.executeTakeFirstOrThrow()).n);
  const walletsOff = await sql<{ n: number }>`
    select count(*) as n from wallets w
    where w.balance_minor != coalesce((select sum(l.amount_minor) from ledger l where l.member_id = w.member_id and l.asset = w.asset), 0)`.execute(db);
  return {
    open: await count(db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where('status', '!=', OrderStatus.Settled)),
    unsettledLegs: await count(db.selectFrom('order_legs').select((eb) => eb.fn.countAll().as('n')).where('result', '=', 0)),
    payouts: await count(db.selectFrom('ledger').select((eb) => eb.fn.countAll().as('n')).where('kind', '=', 'bet_payout')),
    paidOrders: await count(db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where('payout_minor', '>', 0)),
    walletsOff: Number(walletsOff.rows[0]?.n ?? 0),
    negative: await count(db.selectFrom('wallets').select((eb) => eb.fn.countAll().as('n')).where('balance_minor', '<', 0)),
  };
}
