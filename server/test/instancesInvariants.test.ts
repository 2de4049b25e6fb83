import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { ECONOMY_PATHS, RewardType } from '../../contract/economy';
import { OPERATOR_TOKEN_HEADER } from '../../contract/forehead';
import { OrderStatus } from '../src/betting/codes';
import { DEFAULT_ECONOMY_CONFIG } from '../src/economy/config';
import { COIN, toMinor } from '../src/money';
import { auth, bookProblems, placeSingle, selections } from './betting.support';
import { expectCoinBooksBalance, livingRoom, newMember, OPERATOR_TOKEN, type TestMember } from './economy.support';
import { buildTestApp, playOut, type TestApp } from './helpers';
import { TEST_DATABASE_URL } from './testDatabase';
import { startTestRedis, type TestRedis } from './redisServer';

/**
 * The money rules with two platform instances writing at once on one database and one Redis (issue 32): on PostgreSQL
 * (npm test's PostgreSQL pass) nothing serialises their transactions but the rows each service locks, so every race
 * below is a real one between two connection pools. Requests go to either instance at random, the same member's,
 * order's and event's at the same moment; both instances settle the same match and run the same event clock.
 * PostgreSQL only: two SQLite connections in one process (jest's) cannot run transactions side by side at all (a write
 * waiting for the other connection's lock blocks the event loop the other needs to finish), and one platform on SQLite
 * has one writer, which the rest of the suite covers.
 */
const onPostgres = TEST_DATABASE_URL ? describe : describe.skip;
let redis: TestRedis;
let folder: string;
let a: TestApp;
let b: TestApp;

/** A seeded generator (mulberry32): the workload is random but the same on every run, so a failure replays. */
function seeded(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)), pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]! };
}

beforeAll(async () => {
  if (!TEST_DATABASE_URL) return;
  redis = await startTestRedis();
  folder = mkdtempSync(path.join(tmpdir(), 'sport-pc-race-'));
  const shared = {
    databaseFile: path.join(folder, 'platform.db'),
    redis: { url: redis.url, prefix: `test-${randomBytes(6).toString('hex')}` },
    // One feed for both: a match played out ends on both instances at once, and both settle it.
    sharedFeed: true,
    operatorToken: OPERATOR_TOKEN,
    config: { economy: { ...DEFAULT_ECONOMY_CONFIG, dailyLimit: { spend: '100000.00', receive: '10000.00' } } },
  };
  a = await buildTestApp(shared);
  b = await buildTestApp({ ...shared, demoUsers: false });
}, 120_000);

afterAll(async () => {
  await a?.app.close();
  await b?.app.close();
  await redis?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const post = (t: TestApp, url: string, payload: unknown, token?: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'POST', url, payload, headers: { ...(token ? auth(token) : {}), ...headers } });

/** Every ledger cause (kind, reference and asset) written more than once: a stake, payout or prize paid twice. */
async function paidTwice(t: TestApp): Promise<unknown[]> {
  return t.db
    .selectFrom('ledger')
    .select(['kind', 'ref_type', 'ref_id', 'asset', (eb) => eb.fn.countAll<number>().as('n')])
    .where('ref_id', 'is not', null)
    .groupBy(['kind', 'ref_type', 'ref_id', 'asset'])
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
}

onPostgres('two instances racing on the same members, orders and events', () => {
  it('bets, repeated requests, cash outs and a settlement on both at once keep the books', async () => {
    const random = seeded(32);
    const members = await Promise.all(Array.from({ length: 4 }, () => newMember(a, '0.00', 'CNY', '600.00')));
    const pool = selections(a, 'today', { limit: 4 });
    expect(pool.length).toBe(4);
    const accepted = new Set<string>();
    const instance = () => (random.next() < 0.5 ? a : b);

    for (let round = 0; round < 3; round++) {
      const burst: Array<Promise<{ statusCode: number; json: () => any }>> = [];
      for (let i = 0; i < 24; i++) {
        const m = random.pick(members);
        const s = random.pick(pool);
        const stake = `${random.int(10, 120)}.00`;
        if (i % 6 === 0) {
          // The same request id to both instances at the same moment: one set of orders, both answers naming it.
          const requestId = `race-${round}-${i}`;
          const pair = [placeSingle(a, m.token, s, stake, { oddsChange: 2, requestId }), placeSingle(b, m.token, s, stake, { oddsChange: 2, requestId })];
          burst.push(...pair);
          burst.push(
            Promise.all(pair).then(([x, y]) => {
              if (x.statusCode === 200 && y.statusCode === 200) {
                expect(y.json().data.orders.map((o: { orderId: string }) => o.orderId)).toEqual(x.json().data.orders.map((o: { orderId: string }) => o.orderId));
              }
              return x;
            }),
          );
        } else burst.push(placeSingle(instance(), m.token, s, stake, { oddsChange: 2 }));
      }
      for (const res of await Promise.all(burst)) {
        // Accepted, or refused by a rule (short of balance: 422; the odds moved: 409).
        if (res.statusCode === 200) for (const o of res.json().data.orders) accepted.add(o.orderId);
        else expect([409, 422]).toContain(res.statusCode);
      }
      const ids = await a.db.selectFrom('bet_requests').select(['request_id', 'order_ids']).where('request_id', 'like', `race-${round}-%`).execute();
      for (const row of ids) expect((JSON.parse(row.order_ids) as string[]).every((id) => accepted.has(id))).toBe(true);

      // Cash outs of the same orders on both instances at once: full against full, full against partial.
      const orders = await a.db.selectFrom('orders').select(['id', 'member_id', 'remaining_stake_minor']).where('id', 'in', [...accepted]).where('status', '=', OrderStatus.Confirmed).execute();
      const tokenOf = new Map(members.map((m) => [m.id, m.token]));
      await Promise.all(
        orders.slice(0, 8).flatMap((o) => {
          const token = tokenOf.get(Number(o.member_id))!;
          const remaining = Number(o.remaining_stake_minor);
          const half = (Math.floor(remaining / 2) / 100).toFixed(2);
          const cashOut = (t: TestApp, stake: string) => post(t, '/v1/order/cashOut/execute', { orderId: o.id, cashOutStake: stake, expectedAmount: '0.01' }, token);
          return [cashOut(a, (remaining / 100).toFixed(2)), cashOut(b, random.next() < 0.5 ? half : (remaining / 100).toFixed(2))];
        }),
      );
    }

    // One match's orders: cashed out on both instances while both settle it (the shared feed ends it on both).
    const match = pool[0]!.match.matchId;
    const onMatch = await a.db
      .selectFrom('orders')
      .innerJoin('order_legs', 'order_legs.order_id', 'orders.id')
      .select(['orders.id', 'orders.member_id', 'orders.remaining_stake_minor'])
      .where('order_legs.match_id', '=', match)
      .where('orders.status', '=', OrderStatus.Confirmed)
      .execute();
    const tokenOf = new Map(members.map((m) => [m.id, m.token]));
    // A partial cash out on one instance and a full one on the other: whichever lands, settlement pays on what is left.
    const racing = onMatch.flatMap((o) => {
      const remaining = Number(o.remaining_stake_minor);
      const stakes = [(Math.floor(remaining / 2) / 100).toFixed(2), (remaining / 100).toFixed(2)];
      return [a, b].map((t, i) => post(t, '/v1/order/cashOut/execute', { orderId: o.id, cashOutStake: stakes[i], expectedAmount: '0.01' }, tokenOf.get(Number(o.member_id))!));
    });
    playOut(a, match);
    await Promise.all(racing);
    await Promise.all([a.app.betting.idle(), b.app.betting.idle()]);
    // Settling again on both (as a restart's catch-up would) pays nothing more.
    await Promise.all([a.app.betting.settlement.settleStored(), b.app.betting.settlement.settleStored()]);

    expect(await bookProblems(a)).toEqual([]);
    expect(await paidTwice(a)).toEqual([]);
    const rows = await a.db.selectFrom('orders').select(['id', 'status', 'stake_minor', 'payout_minor', 'max_win_minor', 'cash_out_payout_minor', 'remaining_stake_minor']).where('id', 'in', [...accepted]).execute();
    expect(rows).toHaveLength(accepted.size);
    // Settled on the stake still running when it settled: never more than that stake's full return (a settlement that
    // read the order before a partial cash out and paid after it would pay on the stake cashed out too).
    expect(rows.filter((o) => o.status === OrderStatus.Settled && Number(o.payout_minor) > Number(o.max_win_minor))).toEqual([]);
    // Every accepted order's stake was taken once; every settled one paid its payout once, every cashed-out one its cash outs.
    const ledger = await a.db.selectFrom('ledger').select(['kind', 'ref_type', 'ref_id', 'amount_minor']).where('kind', 'in', ['bet_stake', 'bet_payout', 'cash_out']).execute();
    const stakes = new Map(ledger.filter((l) => l.kind === 'bet_stake').map((l) => [l.ref_id, -Number(l.amount_minor)]));
    const payouts = new Map(ledger.filter((l) => l.kind === 'bet_payout').map((l) => [l.ref_id, Number(l.amount_minor)]));
    for (const o of rows) {
      expect({ id: o.id, stake: stakes.get(o.id) }).toEqual({ id: o.id, stake: Number(o.stake_minor) });
      expect({ id: o.id, payout: payouts.get(o.id) ?? 0 }).toEqual({ id: o.id, payout: o.status === OrderStatus.Settled ? Number(o.payout_minor) : 0 });
    }
    const cashOuts = await a.db.selectFrom('cash_outs').select(['id', 'order_id', 'payout_minor']).where('status', '=', 5).execute();
    const cashOutPaid = new Map(ledger.filter((l) => l.kind === 'cash_out').map((l) => [l.ref_id, Number(l.amount_minor)]));
    expect(cashOuts.map((c) => [c.id, Number(c.payout_minor)]).sort()).toEqual([...cashOutPaid.entries()].sort());
    for (const o of rows) {
      const paid = cashOuts.filter((c) => c.order_id === o.id).reduce((sum, c) => sum + Number(c.payout_minor), 0);
      expect({ id: o.id, cashedOut: Number(o.cash_out_payout_minor) }).toEqual({ id: o.id, cashedOut: paid });
    }
    // The races did happen: some cash outs went through and the match settled orders.
    expect(cashOuts.length).toBeGreaterThan(0);
    expect(rows.filter((o) => o.status === OrderStatus.Settled || o.status === OrderStatus.CashOut).length).toBeGreaterThan(0);
  }, 120_000);

  it('settles on the stake a cash out left running when the cash out commits while the settlement starts', async () => {
    // Deterministic: a transaction holding a (stand-in) partial cash out of every option of one market, uncommitted,
    // while the match ends on both instances. Settlement must wait for it and pay on the halved stake, not read the
    // stake before the cash out and pay on it after.
    const member = await newMember(a, '0.00', 'CNY', '600.00');
    const pick = selections(a, 'today', { limit: 8 }).at(-1)!;
    const placed: string[] = [];
    for (const option of pick.market.options.filter((o) => !o.isLock)) {
      const res = await placeSingle(a, member.token, { ...pick, option }, '100.00', { oddsChange: 2 });
      expect(res.statusCode).toBe(200);
      placed.push(res.json().data.orders[0].orderId);
    }
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const halved = new Promise<void>((resolve) => (written = resolve));
    let xid = '';
    const cashOut = a.db.transaction().execute(async (trx) => {
      xid = (await sql<{ x: string }>`select pg_current_xact_id()::text as x`.execute(trx)).rows[0]!.x;
      await trx
        .updateTable('orders')
        .set((eb) => ({ remaining_stake_minor: eb('remaining_stake_minor', '/', 2), max_win_minor: eb('max_win_minor', '/', 2) }))
        .where('id', 'in', placed)
        .execute();
      written();
      await held;
    });
    await halved;
    playOut(a, pick.match.matchId);
    // A settlement waits for the cash out's transaction before it commits.
    for (let waiting = 0; waiting === 0; ) {
      waiting = Number((await sql<{ n: number }>`select count(*) as n from pg_locks where not granted and locktype = 'transactionid' and transactionid::text = ${xid}`.execute(a.db)).rows[0]!.n);
    }
    release();
    await cashOut;
    await Promise.all([a.app.betting.idle(), b.app.betting.idle()]);
    const rows = await a.db.selectFrom('orders').select(['id', 'status', 'payout_minor', 'max_win_minor']).where('id', 'in', placed).execute();
    expect(rows.every((o) => o.status === OrderStatus.Settled)).toBe(true);
    expect(rows.filter((o) => Number(o.payout_minor) > Number(o.max_win_minor))).toEqual([]);
    expect(rows.some((o) => Number(o.payout_minor) > 0)).toBe(true);
  }, 60_000);

  it('gifts, transfers, one rain and one lottery per room, envelopes and draws on both at once keep the coin books', async () => {
    const random = seeded(29);
    const room = livingRoom(a);
    const members: TestMember[] = await Promise.all(Array.from({ length: 6 }, () => newMember(a, `${random.int(0, 30)}.00`, 'CNY', `${random.int(0, 30)}.00`)));
    const start = (t: TestApp, body: Record<string, unknown>) => post(t, ECONOMY_PATHS.operatorStartEvent, { roomId: room.liveRoomId, ...body }, undefined, { [OPERATOR_TOKEN_HEADER]: OPERATOR_TOKEN });
    // The same start on both instances at once: the room runs one rain and one lottery.
    const rainBody = { kind: 3, budget: '30.00', envelopes: 8, countdownSeconds: 0, durationSeconds: 600 };
    const drawBody = { kind: 1, winners: 3, reward: { type: RewardType.Coin, amount: '2.50' }, question: 'Next goal?', options: ['Home', 'Away'], countdownSeconds: 0, durationSeconds: 60 };
    const rains = await Promise.all([start(a, rainBody), start(b, rainBody)]);
    const draws = await Promise.all([start(a, drawBody), start(b, drawBody)]);
    for (const pair of [rains, draws]) expect(pair.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const rain = rains.find((res) => res.statusCode === 200)!.json().data as { recordId: number };
    const draw = draws.find((res) => res.statusCode === 200)!.json().data as { recordId: number };

    const actions: Array<() => Promise<{ statusCode: number }>> = [];
    for (const m of members) {
      for (let i = random.int(6, 10); i > 0; i -= 1) {
        const pick = random.int(0, 3);
        const t = random.next() < 0.5 ? a : b;
        if (pick === 0) actions.push(() => post(t, ECONOMY_PATHS.giftPresent, { roomId: room.liveRoomId, hostId: room.hostId, giftId: random.int(1, 3), count: random.int(1, 3) }, m.token));
        else if (pick === 1) actions.push(() => post(t, ECONOMY_PATHS.transfer, { amount: `${random.int(1, 12)}.00` }, m.token));
        else if (pick === 2) actions.push(() => post(t, ECONOMY_PATHS.redEnvelopeReceive, { recordId: rain.recordId, roomId: room.liveRoomId }, m.token));
        else actions.push(() => post(t, ECONOMY_PATHS.voteSubmit, { recordId: draw.recordId, roomId: room.liveRoomId, voteResult: random.int(0, 1) }, m.token));
      }
    }
    const answers = await Promise.all(actions.map((act) => ({ act, k: random.next() })).sort((x, y) => x.k - y.k).map(({ act }) => act()));
    for (const res of answers) expect([200, 409, 422]).toContain(res.statusCode);
    expect(answers.filter((res) => res.statusCode === 200).length).toBeGreaterThan(members.length);

    // The lottery ends on both instances' event clocks at once (both run on the shared feed's simulated time).
    a.scenario.shiftClock(60_000);
    await Promise.all([a.app.economy.tick(), b.app.economy.tick(), a.app.economy.tick(), b.app.economy.tick()]);

    await expectCoinBooksBalance(a);
    expect(await paidTwice(a)).toEqual([]);
    const winners = await a.db.selectFrom('live_event_winners').select('member_id').where('event_id', '=', draw.recordId).execute();
    const entrants = await a.db.selectFrom('live_event_entries').select('member_id').where('event_id', '=', draw.recordId).execute();
    expect(winners).toHaveLength(Math.min(3, entrants.length));
    const prizes = await a.db.selectFrom('ledger').select('member_id').where('kind', '=', 'lottery_prize').where('ref_id', 'like', `${draw.recordId}:%`).execute();
    expect(prizes.map((p) => Number(p.member_id)).sort()).toEqual(winners.map((w) => Number(w.member_id)).sort());
    const envelopes = await a.db.selectFrom('red_envelopes').select(['member_id', 'amount_minor']).where('event_id', '=', rain.recordId).execute();
    const taken = envelopes.filter((e) => e.member_id !== null);
    expect(envelopes.reduce((sum, e) => sum + Number(e.amount_minor), 0)).toBeLessThanOrEqual(toMinor('30.00'));
    expect(new Set(taken.map((e) => Number(e.member_id))).size).toBe(taken.length);
    const paid = await a.db.selectFrom('ledger').select(['member_id', 'amount_minor']).where('kind', '=', 'red_envelope').where('ref_id', 'like', `${rain.recordId}:%`).execute();
    expect(paid.map((p) => [Number(p.member_id), Number(p.amount_minor)]).sort()).toEqual(taken.map((e) => [Number(e.member_id), Number(e.amount_minor)]).sort());
    for (const m of members) {
      const presented = Number((await a.db.selectFrom('gift_presents').select(sql<number>`coalesce(sum(total_minor), 0)`.as('s')).where('member_id', '=', m.id).executeTakeFirst())?.s ?? 0);
      const gifts = Number((await a.db.selectFrom('ledger').select(sql<number>`coalesce(sum(amount_minor), 0)`.as('s')).where('member_id', '=', m.id).where('asset', '=', COIN).where('kind', '=', 'gift').executeTakeFirst())?.s ?? 0);
      expect(presented + gifts).toBe(0);
    }
    expect(await bookProblems(a)).toEqual([]);
  }, 90_000);
});
