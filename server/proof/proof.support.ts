import { afterAll, beforeAll, expect } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { BETTING_PATHS } from '../../contract/paths';
import { BetResult, MatchStatus, OddsChange, OrderStatus } from '../../contract/enums';
import { createFeed } from '../src/feed';
import {
  call,
  closePushClients,
  createProofDatabase,
  health,
  kill,
  migrateProofDatabase,
  pushClient,
  requiredEnv,
  startInstance,
  stopAll,
  until,
  type Instance,
  type ProofDatabase,
  type PushClient,
  type PushFrame,
} from './cluster';

/**
 * The steps of issue 19's proof on two platform processes (A and B) over one PostgreSQL database and one Redis, for
 * the proof files to run in order. The match is an e-football match (two 6-minute halves and a 1-minute break,
 * simulated) that kicks off a few seconds after the bet: at FEED_SPEED 60 it plays out in about 15 s of real time, so
 * the proof sees it priced live, ended and settled without waiting on the wall clock.
 *
 * FEED_EPOCH fixes the world (FEED_SEED 19 at that simulated instant), so which fixtures are "plain" (kick off on time,
 * never interrupted, never lose coverage, never called off) is known in advance: the proof builds the same feed in this
 * process (server/src/feed, the engine's record fates) and bets only on a plain match, instead of waiting out the 2 % of
 * kick-offs the feed delays by up to 30 simulated minutes.
 */

const FEED_SPEED = 60;
/** A fixed start for the world: any instant works, the same one every run gives the same fixtures and fates. */
const FEED_EPOCH = '2026-06-03T04:00:00Z';
const FEED_SEED = 19;
const E_FOOTBALL = 177;
/** The 1X2 market of e-football (server/src/feed/codes.ts): one bet on each of its three outcomes, exactly one wins. */
const WINNER_MARKET = E_FOOTBALL * 1000 + 5;
const DEMO = { username: 'demo', password: 'demo1234' };
const STAKE = '10.00';
/** Issue 19: when the leader dies, another instance takes over within 10 s. */
const TAKEOVER_MS = 10_000;
/**
 * Real time between choosing the match and its kick-off, at least: placing three bets and subscribing two push clients
 * take well under a second; the rest is room for a busy machine. E-football kicks off every 5 simulated minutes (5 s
 * here), so the wait for kick-off is 3-8 s.
 */
const LEAD_MS = 3_000;

/** What the steps share; filled in as they run. */
export interface ProofRun {
  database: ProofDatabase;
  a: Instance;
  b: Instance;
  token: string;
  matchId: number;
  orderIds: string[];
  /** Each instance's push client, subscribed to the match's odds and score channels. */
  push: Map<Instance, PushClient>;
}

/** Starts the database and both platforms before the file's tests and always tears everything down after. */
export function twoInstances(): ProofRun {
  const run = { push: new Map() } as ProofRun;
  beforeAll(async () => {
    run.database = await createProofDatabase(requiredEnv('TEST_DATABASE_URL'));
    // FAIR_SECRET: the same on both, as an operator sets it (env.ts requires it beside PostgreSQL).
    const shared = { DATABASE_URL: run.database.url, REDIS_URL: requiredEnv('TEST_REDIS_URL'), FEED_SEED: String(FEED_SEED), FEED_SPEED: String(FEED_SPEED), FEED_EPOCH, FAIR_SECRET: randomBytes(32).toString('hex') };
    // Migrated here, so both start at once (a platform's start is mostly loading and building the feed's world): A
    // creates the demo members, B does not need them to start.
    await migrateProofDatabase(run.database.url);
    [run.a, run.b] = await Promise.all([startInstance('A', { ...shared, DEMO_USERS: '1' }), startInstance('B', { ...shared, DEMO_USERS: '0' })]);
  }, 120_000);

  afterAll(async () => {
    // Errors the platforms logged (pino level 50 and up) are worth reading whatever the outcome.
    for (const instance of [run.a, run.b]) {
      const errors = instance?.output().split('\n').filter((line) => /"level":(5|6)\d/.test(line)) ?? [];
      if (errors.length > 0) console.warn(`platform ${instance!.name} logged errors:\n${errors.join('\n')}`);
    }
    closePushClients();
    await stopAll();
    await run.database?.drop();
  }, 60_000);
  return run;
}

interface Candidate {
  matchId: number;
  beginTime: number;
  market: { marketId: number; options: Array<{ type: string; odd: string }> };
}

/** E-football matches not yet kicked off whose 1X2 market is open with every outcome on sale, the soonest first. */
async function candidates(on: Instance): Promise<Candidate[]> {
  const list = await call(on, 'POST', '/api/match/getList', { type: 6, sportId: E_FOOTBALL, size: 200, oddsFormat: 1 });
  expect(list.status).toBe(200);
  const out: Candidate[] = [];
  for (const match of list.body.data.records) {
    if (match.matchStatus !== MatchStatus.Upcoming) continue;
    const market = match.betGroup.flatMap((g: any) => g.moneyHandicap).find((m: any) => m.marketType === WINNER_MARKET);
    if (market?.status === 1 && market.options.length === 3 && market.options.every((o: any) => !o.isLock)) {
      out.push({ matchId: match.matchId, beginTime: match.beginTime, market });
    }
  }
  return out.sort((x, y) => x.beginTime - y.beginTime);
}

/**
 * The e-football matches that kick off at least LEAD_MS (real time) from now and are plain, the soonest first: the same
 * feed as the platforms' (seed, speed and the shared origin they wrote to feed_origin) built in this process, where the
 * engine's record fates say which fixtures play as scheduled.
 */
async function plainMatchesAhead(run: ProofRun): Promise<Set<number>> {
  // pg answers bigint columns as text.
  const { rows } = await run.database.pool.query<{ seed: string; speed: string; real_start: string; sim_start: string }>('select seed, speed, real_start, sim_start from feed_origin');
  const [origin] = rows;
  expect({ seed: Number(origin?.seed), speed: Number(origin?.speed), simStart: Number(origin?.sim_start) }).toEqual({ seed: FEED_SEED, speed: FEED_SPEED, simStart: Date.parse(FEED_EPOCH) });
  // No past results and a short horizon: the fixtures and their fates do not depend on either, and the world builds in a
  // fraction of the time.
  const feed = createFeed({
    seed: FEED_SEED,
    speed: FEED_SPEED,
    origin: { realStart: Number(origin!.real_start), simStart: Number(origin!.sim_start) },
    historyHours: 0,
    horizonHours: 2,
  });
  feed.tick();
  const scenario = feed.scenario();
  const from = feed.now() + LEAD_MS * FEED_SPEED;
  return new Set(
    feed
      .matches({ type: 'today', sportId: E_FOOTBALL })
      .filter((m) => m.beginTime >= from && scenario.plain(m.matchId))
      .map((m) => m.matchId),
  );
}

/** Frames of one channel in arrival order. */
export const of = (client: PushClient | undefined, channel: string): PushFrame[] => (client?.frames ?? []).filter((f) => f.chId === channel);

/** The seq numbers of a client's frames on a channel go up by one each, in one epoch. */
export function expectGapFree(frames: PushFrame[]) {
  expect(new Set(frames.map((f) => f.epoch)).size).toBeLessThanOrEqual(1);
  const first = frames[0]?.seq ?? 0;
  expect(frames.map((f) => f.seq)).toEqual(frames.map((_, i) => first + i));
}

/** A member signs in on A, is signed in on B too, and bets on B: one bet on each outcome of the match's 1X2. */
export async function signInOnABetOnB(run: ProofRun): Promise<void> {
  const login = await call(run.a, 'POST', '/api/forehead/user/login', DEMO);
  expect(login.status).toBe(200);
  run.token = login.body.data.token;
  const state = await call(run.b, 'POST', '/api/forehead/user/loginState', {}, run.token);
  expect(state.status).toBe(200);
  expect(state.body.data.userData.username).toBe(DEMO.username);

  // The soonest plain match far enough ahead to bet on before its kick-off (an in-play bet can be rejected in its
  // acceptance delay). Should it still have started (a machine so busy that seconds went by), its orders are left to the
  // books and the next plain match is tried: the settlement check below wants three orders the book took before kick-off.
  const plain = await plainMatchesAhead(run);
  let placed: any;
  for (const candidate of (await candidates(run.b)).filter((c) => plain.has(c.matchId)).slice(0, 4)) {
    run.matchId = candidate.matchId;
    // Subscribed before the bet, so the clients see the match's whole life from here.
    for (const client of run.push.values()) client.close();
    const channels = [`match:${run.matchId}:odds`, `match:${run.matchId}:score`];
    for (const instance of [run.a, run.b]) run.push.set(instance, await pushClient(instance, channels));
    const answer = await call(
      run.b,
      'POST',
      BETTING_PATHS.singlePass,
      {
        singleBetList: candidate.market.options.map((option) => ({
          unitStake: STAKE,
          oddsChange: OddsChange.Any,
          betOptionList: [{ marketId: candidate.market.marketId, optionType: option.type, odds: option.odd, oddsFormat: 1 }],
        })),
        requestId: `proof-${run.matchId}`,
      },
      run.token,
    );
    // A market that closed between the list and the bet refuses it (409); the next match is tried.
    if (answer.status !== 200) expect(answer.status).toBe(409);
    else if (answer.body.data.orders.every((o: any) => o.status === OrderStatus.Confirmed)) {
      placed = answer.body.data;
      // Kick-off in B's listing, in real seconds from now (simulated time runs FEED_SPEED times faster).
      const { rows } = await run.database.pool.query<{ real_start: string; sim_start: string }>('select real_start, sim_start from feed_origin');
      const simNow = Number(rows[0]!.sim_start) + (Date.now() - Number(rows[0]!.real_start)) * FEED_SPEED;
      console.log(`proof: bet on plain match ${candidate.matchId}, kick-off ${((candidate.beginTime - simNow) / FEED_SPEED / 1000).toFixed(1)} s ahead`);
      break;
    }
  }
  expect(placed).toBeDefined();
  expect(placed.repeated).toBe(false);
  expect(placed.orders).toHaveLength(3);
  run.orderIds = placed.orders.map((o: any) => String(o.orderId));

  // A knows the orders B wrote: same session, same database.
  const status = await call(run.a, 'POST', BETTING_PATHS.orderStatus, { orderIds: run.orderIds }, run.token);
  expect(status.status).toBe(200);
  expect(status.body.data.map((s: any) => String(s.oid)).sort()).toEqual([...run.orderIds].sort());
  for (const s of status.body.data) expect(s.st).toBe(OrderStatus.Confirmed);

  // And in PostgreSQL: the three orders, each debited once.
  const { rows } = await run.database.pool.query<{ id: string; n: string }>(
    `select o.id, (select count(*) from ledger l where l.ref_type = 'order' and l.ref_id = o.id and l.kind = 'bet_stake') as n
     from orders o where o.id = any($1)`,
    [run.orderIds],
  );
  expect(rows.map((r) => r.id).sort()).toEqual([...run.orderIds].sort());
  expect(rows.map((r) => Number(r.n))).toEqual([1, 1, 1]);
}

/** Push clients on A and B saw the same odds frames of the match (same markets, same odds), each gap-free. */
export async function expectSameOddsOnBoth(run: ProofRun): Promise<void> {
  const channel = `match:${run.matchId}:odds`;
  const clientA = run.push.get(run.a);
  const clientB = run.push.get(run.b);
  // The match kicks off within seconds of the bet and, being plain, on time; it is repriced on every feed tick while it
  // is played (a simulated half-minute at FEED_SPEED 60): three changes both clients saw come within seconds of the
  // kick-off. The bound is only for a failure to name what was missing.
  const shared = () => {
    const [onA, onB] = [of(clientA, channel), of(clientB, channel)];
    return onA.length > 0 && onB.length > 0 ? Math.min(onA.at(-1)!.seq, onB.at(-1)!.seq) - Math.max(onA[0]!.seq, onB[0]!.seq) + 1 : 0;
  };
  await until(() => shared() >= 3, `three odds changes of match ${run.matchId} seen on both instances`, 60_000).catch((error: Error) => {
    throw new Error(`${error.message}: A saw ${of(clientA, channel).length}, B saw ${of(clientB, channel).length}`);
  });
  const last = Math.min(of(clientA, channel).at(-1)!.seq, of(clientB, channel).at(-1)!.seq);
  await until(() => of(clientA, channel).some((f) => f.seq === last) && of(clientB, channel).some((f) => f.seq === last), 'both clients at one seq', 10_000);
  const onA = of(clientA, channel);
  const onB = of(clientB, channel);
  expectGapFree(onA);
  expectGapFree(onB);
  // Over the seq range both clients saw: the same frames, the same markets at the same odds.
  const from = Math.max(onA[0]!.seq, onB[0]!.seq);
  const range = (frames: PushFrame[]) => frames.filter((f) => f.seq >= from && f.seq <= last);
  expect(range(onA).length).toBeGreaterThanOrEqual(3);
  expect(range(onA)).toEqual(range(onB));
  for (const frame of range(onA)) {
    expect(frame.data.matchId).toBe(run.matchId);
    for (const market of frame.data.markets) {
      expect(market.marketId).toEqual(expect.any(Number));
      for (const option of market.options) expect(option.odd).toMatch(/^\d+\.\d{2}$/);
    }
  }
}

/**
 * Exactly one instance reports `feedRole: 'leader'` on /healthz; once the match is live, it is killed with SIGKILL
 * (no shutdown of any kind: its lock session and sockets just drop) and the other must report `leader` within 10 s.
 * Returns the instance still running.
 */
export async function killLeaderMidMatch(run: ProofRun): Promise<Instance> {
  const roles = await until(
    async () => {
      const [onA, onB] = await Promise.all([health(run.a), health(run.b)]);
      const found = [onA?.feedRole, onB?.feedRole];
      return found.includes('leader') && found.includes('follower') && found;
    },
    'one leader and one follower on /healthz (feedRole)',
    30_000,
    250,
  );
  const [leader, follower] = roles[0] === 'leader' ? [run.a, run.b] : [run.b, run.a];
  const score = `match:${run.matchId}:score`;
  // Mid-match: its clock runs, and it has not ended.
  await until(() => of(run.push.get(follower), score).some((f) => f.data.kind === 'clock' && f.data.clock.running), `match ${run.matchId} to be live`, 60_000);
  expect(of(run.push.get(follower), score).some((f) => f.data.kind === 'ended')).toBe(false);
  const killedAt = Date.now();
  await kill(leader, 'SIGKILL');
  const tookMs = await until(
    async () => (await health(follower))?.feedRole === 'leader' && Date.now() - killedAt,
    `${follower.name} to take the lead after ${leader.name} was killed`,
    TAKEOVER_MS + 5_000,
    100,
  );
  console.log(`proof: ${follower.name} took the lead ${tookMs} ms after ${leader.name} was killed`);
  expect(tookMs).toBeLessThan(TAKEOVER_MS);
  return follower;
}

/**
 * The match ended and its orders were settled once: one winner paid once (one payout ledger entry), the losers paid
 * nothing, and every wallet in the database equals the sum of its ledger. `alive`: the instances still running.
 */
export async function expectSettledOnce(run: ProofRun, alive: Instance[]): Promise<void> {
  const survivor = alive[0]!;
  const score = `match:${run.matchId}:score`;
  await until(() => of(run.push.get(survivor), score).some((f) => f.data.kind === 'ended'), `match ${run.matchId} to end`, 60_000, 250);
  const orders = async () =>
    (
      await run.database.pool.query<{ id: string; status: number; result: number; payout_minor: string; stake_minor: string; odds: string }>(
        'select id, status, result, payout_minor, stake_minor, odds from orders where id = any($1)',
        [run.orderIds],
      )
    ).rows;
  const settled = await until(
    async () => {
      const rows = await orders();
      return rows.every((r) => r.status === OrderStatus.Settled) && rows;
    },
    'the three orders to be settled',
    90_000,
    250,
  ).catch(async (error: Error) => {
    // What a failure needs to be understood: where the orders are, whether the result was stored, what was logged.
    const stored = await run.database.pool.query('select match_id, match_status from match_results where match_id = $1', [run.matchId]);
    const logs = alive.map((instance) => `--- ${instance.name}:\n${instance.output()}`).join('\n');
    throw new Error(`${error.message}\norders: ${JSON.stringify(await orders())}\nstored result: ${JSON.stringify(stored.rows)}\n${logs}`);
  });
  const ended = of(run.push.get(survivor), score).find((f) => f.data.kind === 'ended')!;
  expect(ended.data.matchStatus).toBe(MatchStatus.Ended);
  // The survivor's client saw the match's whole life without a gap, also across a change of leader.
  expectGapFree(of(run.push.get(survivor), score));
  expectGapFree(of(run.push.get(survivor), `match:${run.matchId}:odds`));
  const won = settled.filter((r) => r.result === BetResult.Won);
  expect(won).toHaveLength(1);
  expect(settled.filter((r) => r.result === BetResult.Lost)).toHaveLength(2);

  const { rows: credits } = await run.database.pool.query<{ ref_id: string; kind: string; amount_minor: string }>(
    `select ref_id, kind, amount_minor from ledger where ref_type = 'order' and ref_id = any($1) and kind <> 'bet_stake'`,
    [run.orderIds],
  );
  // One payout, for the winner, of stake x odds to the cent; nothing for the two losers.
  expect(credits).toEqual([{ ref_id: won[0]!.id, kind: 'bet_payout', amount_minor: won[0]!.payout_minor }]);
  expect(Number(won[0]!.payout_minor)).toBe(Math.round(Number(won[0]!.stake_minor) * Number(won[0]!.odds)));

  // The session still works on both instances, and both answer the same settled status.
  for (const instance of alive) {
    const status = await call(instance, 'POST', BETTING_PATHS.orderStatus, { orderIds: run.orderIds }, run.token);
    expect(status.body.data.map((s: any) => s.st)).toEqual([OrderStatus.Settled, OrderStatus.Settled, OrderStatus.Settled]);
  }

  const { rows: books } = await run.database.pool.query<{ member_id: number; asset: string; balance_minor: string; ledger: string | null }>(
    `select w.member_id, w.asset, w.balance_minor,
            (select sum(l.amount_minor) from ledger l where l.member_id = w.member_id and l.asset = w.asset) as ledger
     from wallets w`,
  );
  expect(books.length).toBeGreaterThan(0);
  for (const row of books) expect({ wallet: `${row.member_id}/${row.asset}`, balance: Number(row.balance_minor) }).toEqual({ wallet: `${row.member_id}/${row.asset}`, balance: Number(row.ledger ?? 0) });
}
