import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { call, createProofDatabase, kill, migrateProofDatabase, startInstance, stopAll, type Instance, type ProofDatabase } from '../proof/cluster';
import { TEST_FAIR_SECRET } from './helpers';
import { TEST_DATABASE_URL } from './testDatabase';

/**
 * kill -9 in the middle of a burst of bets (issue 32), and of a burst of bet edits (issue 33): a platform PROCESS on PostgreSQL, no writer lock, group commit
 * writing many members' bets per transaction, is killed with SIGKILL while hundreds of requests are in flight. What
 * the database holds afterwards is whole: every bet answered as accepted is there with its stake taken once, every
 * stake taken has its order, and every wallet equals its ledger and is not below zero. A request that got no answer
 * may or may not have been written, but never half.
 * PostgreSQL only (the PostgreSQL pass): on SQLite a commit is one fsync'd file write, which the jest stage's restart
 * tests cover.
 */
const onPostgres = TEST_DATABASE_URL ? describe : describe.skip;

let database: ProofDatabase;
let platform: Instance;

beforeAll(async () => {
  if (!TEST_DATABASE_URL) return;
  database = await createProofDatabase(TEST_DATABASE_URL);
  await migrateProofDatabase(database.url);
  platform = await startInstance('kill9', { DATABASE_URL: database.url, DEMO_USERS: '1', FEED_SEED: '7', FAIR_SECRET: TEST_FAIR_SECRET });
}, 120_000);

/** Both demo members signed in on the instance, and up to five open selections of today's list, one per match. */
async function signedInWithSelections(instance: Instance): Promise<{ tokens: string[]; selections: Array<{ marketId: number; optionType: string; odds: string }> }> {
  const tokens: string[] = [];
  for (const username of ['demo', 'demo2']) {
    const signed = await call<{ token: string }>(instance, 'POST', '/api/forehead/user/login', { username, password: 'demo1234' });
    expect(signed.status).toBe(200);
    tokens.push(signed.body.data.token);
  }
  const list = await call(instance, 'POST', '/api/match/getList', { type: 2, size: 50, oddsFormat: 1 });
  expect(list.status).toBe(200);
  const selections: Array<{ marketId: number; optionType: string; odds: string }> = [];
  for (const match of list.body.data.records) {
    const market = match.betGroup.flatMap((g: any) => g.moneyHandicap).find((m: any) => m.status === 1 && m.options.some((o: any) => !o.isLock));
    const option = market?.options.find((o: any) => !o.isLock);
    if (option) selections.push({ marketId: market.marketId, optionType: option.type, odds: option.odd });
    if (selections.length === 5) break;
  }
  expect(selections.length).toBeGreaterThan(0);
  return { tokens, selections };
}

afterAll(async () => {
  await stopAll();
  await database?.drop();
}, 60_000);

onPostgres('kill -9 during a burst of bets on PostgreSQL', () => {
  it('leaves every accepted bet whole and the books balanced', async () => {
    const { tokens, selections } = await signedInWithSelections(platform);

    const accepted: string[] = [];
    let answered = 0;
    /** What refused a bet (odds moved, a balance run out): shown if too few were accepted. */
    const refusals = new Set<string>();
    const bet = async (i: number) => {
      const s = selections[i % selections.length]!;
      try {
        const res = await call(platform, 'POST', '/v1/order/bet/singlePass', {
          singleBetList: [{ unitStake: `${10 + (i % 7)}.00`, oddsChange: 2, betOptionList: [{ ...s, oddsFormat: 1 }] }],
          requestId: `killnine-${i}`,
        }, tokens[i % tokens.length]);
        answered += 1;
        if (res.status !== 200) refusals.add(`${res.status} ${res.body.msg}`);
        if (res.status === 200) for (const o of res.body.data.orders) accepted.push(o.orderId);
      } catch {
        // No answer: the process died with the request in flight.
      }
    };
    // Waves of requests until some have been answered, then SIGKILL with the next waves still in flight.
    const inFlight: Array<Promise<void>> = [];
    let i = 0;
    while (answered < 150) {
      for (let n = 0; n < 50; n++) inFlight.push(bet(i++));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (let n = 0; n < 200; n++) inFlight.push(bet(i++));
    await kill(platform, 'SIGKILL');
    await Promise.all(inFlight);
    expect({ accepted: accepted.length > 100, refusals: [...refusals].slice(0, 3) }).toEqual({ accepted: true, refusals: [] });
    expect(answered).toBeLessThan(i);

    const q = async <T>(text: string, values: unknown[] = []) => (await database.pool.query(text, values)).rows as T[];
    // Every accepted bet is there, its stake taken once.
    const found = await q<{ id: string; stake_minor: string; taken: string }>(
      `select o.id, o.stake_minor, (select -sum(l.amount_minor) from ledger l where l.kind = 'bet_stake' and l.ref_id = o.id) as taken from orders o where o.id = any($1)`,
      [accepted],
    );
    expect(found.length).toBe(accepted.length);
    for (const o of found) expect({ id: o.id, taken: Number(o.taken) }).toEqual({ id: o.id, taken: Number(o.stake_minor) });
    // No stake without its order, no order without its stake, no request record without its orders.
    expect(await q(`select l.ref_id from ledger l where l.kind = 'bet_stake' and not exists (select 1 from orders o where o.id = l.ref_id)`)).toEqual([]);
    expect(await q(`select o.id from orders o where not exists (select 1 from ledger l where l.kind = 'bet_stake' and l.ref_id = o.id)`)).toEqual([]);
    const records = await q<{ order_ids: string }>(`select order_ids from bet_requests where request_id like 'killnine-%'`);
    const written = new Set((await q<{ id: string }>('select id from orders')).map((o) => o.id));
    for (const r of records) for (const id of JSON.parse(r.order_ids) as string[]) expect(written.has(id)).toBe(true);
    // Every wallet equals its ledger and none is below zero.
    expect(
      await q(`select w.member_id, w.asset, w.balance_minor from wallets w
               where w.balance_minor < 0 or w.balance_minor <> coalesce((select sum(l.amount_minor) from ledger l where l.member_id = w.member_id and l.asset = w.asset), 0)`),
    ).toEqual([]);
  }, 90_000);
});

onPostgres('kill -9 during a burst of bet edits on PostgreSQL (issue 33)', () => {
  it('leaves each edited bet either standing or replaced by exactly one new bet, and the books balanced', async () => {
    // A fresh process on the same database (the test above killed its own).
    const editor = await startInstance('kill9-edit', { DATABASE_URL: database.url, DEMO_USERS: '1', FEED_SEED: '7', FAIR_SECRET: TEST_FAIR_SECRET });
    const { tokens, selections } = await signedInWithSelections(editor);

    // Bets to edit, each previewed (the preview writes nothing).
    const previews: Array<{ orderId: string; token: string; body: any }> = [];
    for (let i = 0; i < 240; i++) {
      const token = tokens[i % 2]!;
      const s = selections[i % selections.length]!;
      const placed = await call(editor, 'POST', '/v1/order/bet/singlePass', { singleBetList: [{ unitStake: '20.00', oddsChange: 2, betOptionList: [{ ...s, oddsFormat: 1 }] }] }, token);
      if (placed.status !== 200) continue;
      const orderId = placed.body.data.orders[0].orderId as string;
      const preview = await call(editor, 'POST', '/v1/order/bet/edit/preview', { orderId, stakeChange: '1.00' }, token);
      if (preview.status === 200) previews.push({ orderId, token, body: preview.body.data });
    }
    expect(previews.length).toBeGreaterThan(150);

    let answered = 0;
    const done = new Set<string>();
    const editRefusals = new Set<string>();
    const edit = async (n: number) => {
      const { orderId, token, body } = previews[n]!;
      try {
        // Any cash-out value and any price: the test is about what a kill leaves, not about moved prices.
        const res = await call(editor, 'POST', '/v1/order/bet/edit/confirm', { orderId, betOptionList: body.betOptionList, stakeChange: body.stakeChange, cashOutValue: '0.01', oddsChange: 2 }, token);
        answered += 1;
        if (res.status === 200) done.add(orderId);
        else editRefusals.add(`${res.status} ${res.body.msg}`);
      } catch {
        // No answer: the process died with the edit in flight.
      }
    };
    const inFlight: Array<Promise<void>> = [];
    let n = 0;
    // A first third in waves, until a few dozen are answered; then the rest at once, and SIGKILL while they run.
    while (n < previews.length / 3) {
      for (let k = 0; k < 10; k++) inFlight.push(edit(n++));
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    while (answered < 30) await new Promise((resolve) => setTimeout(resolve, 10));
    while (n < previews.length) inFlight.push(edit(n++));
    await new Promise((resolve) => setTimeout(resolve, 30));
    await kill(editor, 'SIGKILL');
    await Promise.all(inFlight);
    expect({ done: done.size > 10, refusals: [...editRefusals].slice(0, 3) }).toEqual({ done: true, refusals: [] });
    expect(answered).toBeLessThan(previews.length);

    const q = async <T>(text: string, values: unknown[] = []) => (await database.pool.query(text, values)).rows as T[];
    const olds = await q<{ id: string; status: number; remaining_stake_minor: string; stake_minor: string; cashed: string; replaced: string }>(
      `select o.id, o.status, o.remaining_stake_minor, o.stake_minor,
              (select count(*) from cash_outs c join ledger l on l.kind = 'cash_out' and l.ref_id = c.id where c.order_id = o.id) as cashed,
              (select count(*) from orders n where n.request_id = 'edit-' || o.id) as replaced
       from orders o where o.id = any($1)`,
      [previews.map((p) => p.orderId)],
    );
    expect(olds.length).toBe(previews.length);
    for (const o of olds) {
      const state = { id: o.id, status: Number(o.status), remaining: Number(o.remaining_stake_minor), cashed: Number(o.cashed), replaced: Number(o.replaced) };
      // Either the old bet stands untouched, or it was cashed out once and replaced by exactly one new bet: never both, never neither.
      const stands = { id: o.id, status: 4, remaining: Number(o.stake_minor), cashed: 0, replaced: 0 };
      const replaced = { id: o.id, status: 102, remaining: 0, cashed: 1, replaced: 1 };
      expect([stands, replaced]).toContainEqual(state);
      if (done.has(o.id)) expect(state).toEqual(replaced);
    }
    // Every new bet has its stake taken once.
    const news = await q<{ id: string; stake_minor: string; taken: string }>(
      `select o.id, o.stake_minor, (select -sum(l.amount_minor) from ledger l where l.kind = 'bet_stake' and l.ref_id = o.id) as taken from orders o where o.request_id like 'edit-%'`,
    );
    for (const o of news) expect({ id: o.id, taken: Number(o.taken) }).toEqual({ id: o.id, taken: Number(o.stake_minor) });
    expect(
      await q(`select w.member_id, w.asset, w.balance_minor from wallets w
               where w.balance_minor < 0 or w.balance_minor <> coalesce((select sum(l.amount_minor) from ledger l where l.member_id = w.member_id and l.asset = w.asset), 0)`),
    ).toEqual([]);
  }, 120_000);
});
