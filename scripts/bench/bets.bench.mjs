// Pre-match single bets over HTTP: 50 signed-in members, each keeping one POST /v1/order/bet/singlePass in flight,
// against the platform as a child process (its own thread, as in production). Prints bets/s, p50 and p99 over a 10 s
// run after a 2 s warm-up on each database of BENCH_DATABASES (default "sqlite,postgres"): the embedded one in WAL
// mode, then a throwaway PostgreSQL 15 cluster (scripts/services.mjs, fsync on) with the same workload, and the ratio
// PostgreSQL/SQLite. On SQLite it then times the same writes straight on better-sqlite3 without HTTP (one transaction
// per bet: conditional wallet debit, ledger row, order, its leg and the request record) on the same database file, and
// the ratio HTTP/raw. Any failed bet, or books that do not add up, fails the script. Each run also prints the CPU time
// per bet of the platform and of PostgreSQL's processes (less their idle use): unlike bets/s, it stays comparable when
// other jobs load the machine.
// On PostgreSQL it runs four ways (issue 32): `postgres`, the platform and PostgreSQL sharing both cores;
// `postgres-redis`, the same with a throwaway Redis (REDIS_URL: what an instance does because it may have others);
// `postgres-pinned`, PostgreSQL pinned to core 0 and the platform to core 1 (taskset: the closest this machine gets to
// a database on a machine of its own); `postgres-2`, two platform instances on the one PostgreSQL and a Redis, pinned
// to a core each, the members split between them, against the one instance of `postgres`. Each run also prints the CPU
// per bet of each process (each instance, Redis, the bench's own clients) and the machine's idle share; the two-instance
// run then what a second instance adds where CPU is not the limit (bets per CPU-second, two instances against one).
// Targets (SQLite): at least 1,500 bets/s, p99 under 50 ms, ratio HTTP/raw at least 0.3. PostgreSQL (issue 32): at
// least 0.8× SQLite's bets/s, p99 under 50 ms, CPU per bet (platform + database) at most 2× SQLite's; two instances
// more bets/s than one.
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createWalletService } from '../../server/src/betting/wallet';
import { systemClock } from '../../server/src/clock';
import { sql } from 'kysely';
import { migrateToLatest, openNativeSqlite, openPostgres, openSqlite, SQLITE_FILE_NAME } from '../../server/src/db/database';
import { createAuthService } from '../../server/src/members/auth';
import { ensureDemoMembers } from '../../server/src/members/demoMembers';
import { createSpecialRooms } from '../../server/src/live/specialRooms';
import { spawnSync } from 'node:child_process';
import { startPostgres, startRedis } from '../services.mjs';
import { cpuSeconds, machineCpu, processes, treeCpuSeconds } from './support/cpu.mjs';
import { startPlatform } from './support/platform.mjs';
import { closedLoop, request } from './support/http.mjs';

const TARGET_BETS = 1500;
const TARGET_P99_MS = 50;
const TARGET_RATIO = 0.3;
const MEMBERS = 50;
const WARMUP_S = 2;
const DURATION_S = 10;
/** Seconds of idle CPU measured before the load, to subtract the feed's own work from the CPU per bet. */
const IDLE_S = 3;
const RAW_BETS = 20_000;
const PASSWORD = 'bench1234';
const STAKE = '10.00';

const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres,postgres-redis,postgres-pinned,postgres-2').split(',').map((d) => d.trim());
const TARGET_PG_RATIO = 0.8;
const TARGET_PG_CPU = 2;

/** Pins a process and every living descendant (PostgreSQL's postmaster and its backends), all threads, to one core. */
function pin(root, cpu) {
  const all = processes();
  const tree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) {
      if (!tree.has(p.pid) && tree.has(p.ppid)) {
        tree.add(p.pid);
        grew = true;
      }
    }
  }
  for (const pid of tree) {
    const done = spawnSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' });
    if (done.status !== 0 && pid === root) throw new Error(`taskset could not pin process ${pid} to core ${cpu}`);
  }
}

/** The members, each with enough CNY for every bet of the run, created before the platform starts on that database. */
async function seedMembers(opened) {
  const { db, driver } = opened;
  try {
    await migrateToLatest(db, driver);
    const auth = createAuthService({ db, clock: systemClock, sessionTtlMs: 3_600_000 });
    const wallet = createWalletService({ db, clock: systemClock });
    const members = Array.from({ length: MEMBERS }, (_, i) => ({
      username: `bench${String(i + 1).padStart(2, '0')}`,
      password: PASSWORD,
      nickname: `Bench ${i + 1}`,
      currency: 'CNY',
      openingBalance: '10000000.00',
      coins: '0',
    }));
    await ensureDemoMembers({ db, auth, wallet, specialRooms: createSpecialRooms(db, systemClock), members });
    return members.map((m) => m.username);
  } finally {
    await db.destroy();
  }
}


/**
 * Open pre-match selections, as the app finds them: on sale, not locked, kick-off over an hour away. From the today
 * list, and the early list too: the platform's day is Asia/Shanghai's, whose last hours (from about 15:00 UTC) leave
 * no match of today over an hour away.
 */
async function pickSelections(base) {
  const agent = new http.Agent({ keepAlive: true });
  const soon = Date.now() + 3_600_000;
  const out = [];
  try {
    for (const type of [2, 3]) {
      const res = await request(agent, base, '/api/match/getList', { type, size: 200, oddsFormat: 1 });
      if (res.status !== 200) throw new Error(`getList (type ${type}) answered ${res.status}: ${res.text.slice(0, 200)}`);
      for (const match of JSON.parse(res.text).data.records) {
        if (match.matchStatus !== 0 || match.beginTime < soon) continue;
        for (const group of match.betGroup) {
          for (const market of group.moneyHandicap) {
            // Markets without a line: a line move replaces a handicap or total market, which a bet would then miss.
            if (market.status !== 1 || market.line !== undefined) continue;
            for (const option of market.options) {
              if (!option.isLock) out.push({ marketId: market.marketId, optionType: option.type, odds: option.odd });
            }
          }
        }
      }
    }
  } finally {
    agent.destroy();
  }
  if (out.length === 0) throw new Error('no open pre-match selection in the today and early lists');
  return out;
}


/** MEMBERS workers, one request in flight each, until `seconds` have passed. */
async function load(members, selections, seconds, runId) {
  let next = 0;
  /** Bets answered by each instance (by base URL): an instance that answers faster serves more of the members' bets. */
  const byBase = {};
  const { count, ...run } = await closedLoop(
    members,
    seconds,
    ({ token, agent, base }, w, n) => {
      const s = selections[next++ % selections.length];
      const body = {
        singleBetList: [{ unitStake: STAKE, oddsChange: 2, betOptionList: [{ marketId: s.marketId, optionType: s.optionType, odds: s.odds, oddsFormat: 1 }] }],
        requestId: `${runId}-${w}-${n}`,
      };
      return request(agent, base, '/v1/order/bet/singlePass', body, { authorization: token });
    },
    (answer, { base }) => {
      const placed = answer?.code === 0 && answer.data.orders.length === 1 && answer.data.orders[0].status === 4 && !answer.data.repeated;
      if (placed) byBase[base] = (byBase[base] ?? 0) + 1;
      return placed;
    },
  );
  return { bets: count, byBase, ...run };
}

/**
 * The same writes as a placed single, straight on better-sqlite3 with prepared statements, one transaction per bet,
 * on the database the platform just wrote (its rows are the templates, so the values have the same size).
 */
function rawRate(file, bets) {
  const native = openNativeSqlite(file);
  try {
    const order = native.prepare('select * from orders order by created_at desc limit 1').get();
    const leg = native.prepare('select * from order_legs where order_id = ?').get(order.id);
    const memberIds = native.prepare("select member_id from wallets where asset = 'CNY' order by member_id").pluck().all();
    const debit = native.prepare('update wallets set balance_minor = balance_minor - ?, updated_at = ? where member_id = ? and asset = ? and balance_minor >= ? returning balance_minor');
    const ledger = native.prepare(
      'insert into ledger (member_id, asset, amount_minor, balance_after_minor, kind, ref_type, ref_id, created_at) values (?, ?, ?, ?, ?, ?, ?, ?) returning id',
    );
    const orderColumns = Object.keys(order);
    const insertOrder = native.prepare(`insert into orders (${orderColumns.join(', ')}) values (${orderColumns.map((c) => `@${c}`).join(', ')})`);
    const legColumns = Object.keys(leg);
    const insertLeg = native.prepare(`insert into order_legs (${legColumns.join(', ')}) values (${legColumns.map((c) => `@${c}`).join(', ')})`);
    const insertRequest = native.prepare('insert into bet_requests (member_id, request_id, order_ids, created_at) values (?, ?, ?, ?)');
    const place = native.transaction((memberId, id, requestId) => {
      const now = Date.now();
      const row = debit.get(order.stake_minor, now, memberId, 'CNY', order.stake_minor);
      if (!row) throw new Error(`insufficient funds for member ${memberId}`);
      ledger.get(memberId, 'CNY', -order.stake_minor, row.balance_minor, 'bet_stake', 'order', id, now);
      insertOrder.run({ ...order, id, member_id: memberId, request_id: requestId, created_at: now, confirmed_at: now, modified_at: now });
      insertLeg.run({ ...leg, order_id: id });
      insertRequest.run(memberId, requestId, JSON.stringify([id]), now);
    });
    const stamp = Date.now();
    const started = performance.now();
    for (let i = 0; i < bets; i++) {
      const id = `${stamp}${String(i).padStart(6, '0')}9`;
      place(memberIds[i % memberIds.length], id, `raw-${stamp}-${i}`);
    }
    const seconds = (performance.now() - started) / 1000;
    return { bets, seconds, perSecond: bets / seconds };
  } finally {
    native.close();
  }
}

/** After the run: every answered bet is one order with one stake ledger row, and each wallet equals its ledger. */
async function checkBooks({ db }, expectedOrders) {
  const count = async (query) => Number((await query.execute(db)).rows[0].n);
  try {
    const problems = [];
    const orders = await count(sql`select count(*) as n from orders`);
    const stakes = await count(sql`select count(*) as n from ledger where kind = 'bet_stake'`);
    if (orders !== expectedOrders) problems.push(`${orders} orders for ${expectedOrders} accepted bets`);
    if (stakes !== orders) problems.push(`${stakes} stake ledger rows for ${orders} orders`);
    const off = await count(
      sql`select count(*) as n from wallets w where w.balance_minor != coalesce((select sum(l.amount_minor) from ledger l where l.member_id = w.member_id and l.asset = w.asset), 0)`,
    );
    if (off > 0) problems.push(`${off} wallets differ from their ledger`);
    return problems;
  } finally {
    await db.destroy();
  }
}

const fmt = (n) => Math.round(n).toLocaleString('en');

/**
 * Seeds the members, runs the platform on the database and loads it; checks the books after. `cores`: one core per
 * instance to pin it to (none: unpinned, one instance); several instances need `redisUrl`.
 */
async function measure(name, open, { databaseUrl, dataDir, serverPid, cores = [undefined], redisUrl, redisPid }) {
  const usernames = await seedMembers(open());
  const platforms = [];
  for (const [n, core] of cores.entries()) {
    const extraEnv = { DATA_DIR: n === 0 ? dataDir : `${dataDir}-${n}`, ...(redisUrl ? { REDIS_URL: redisUrl } : {}) };
    const platform = await startPlatform({ name: `bets (${name})`, limitMs: 240_000, databaseUrl, extraEnv });
    platforms.push(platform);
    if (core !== undefined) pin(platform.pid, core);
  }
  const stop = () => Promise.all(platforms.map((p) => p.stop()));
  const base = platforms[0].base;
  let run;
  let accepted = 0;
  const failures = [];
  try {
    const members = [];
    for (const [i, username] of usernames.entries()) {
      // Each member from a loopback address of its own, as members sign in from their own machines: from one address
      // the sign-in throttle (20 attempts a minute per address) would refuse the 21st.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.1.${i + 1}` });
      const res = await request(agent, base, '/api/forehead/user/login', { username, password: PASSWORD });
      if (res.status !== 200) throw new Error(`sign-in of ${username} answered ${res.status}: ${res.text.slice(0, 200)}`);
      // Members split evenly between the instances, as a load balancer spreads them.
      members.push({ token: JSON.parse(res.text).data.token, agent, base: platforms[i % platforms.length].base });
    }
    const selections = await pickSelections(base);
    console.log(`${name}: ${members.length} members signed in; ${selections.length} open pre-match selections`);
    // CPU seconds of the platform and of the database server's processes over the timed run, less what they use idle
    // (the feed runs all the time): per bet, they stay comparable when other jobs load the machine, where bets/s does not.
    // Also each instance, Redis and this bench's own clients apart, and the whole machine (its idle share says whether
    // CPU was the limit).
    const cpu = () => ({
      platform: platforms.reduce((sum, p) => sum + cpuSeconds(p.pid), 0),
      server: serverPid ? treeCpuSeconds(serverPid) : 0,
      ...Object.fromEntries(platforms.map((p, n) => [`instance${n}`, cpuSeconds(p.pid)])),
      redis: redisPid ? cpuSeconds(redisPid) : 0,
      clients: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
    });
    const idleFrom = { ...cpu(), at: performance.now() };
    await new Promise((resolve) => setTimeout(resolve, IDLE_S * 1000));
    const idleTo = { ...cpu(), at: performance.now() };
    const idleSeconds = (idleTo.at - idleFrom.at) / 1000;
    const warm = await load(members, selections, WARMUP_S, `w${Date.now()}`);
    const before = cpu();
    const machineBefore = machineCpu();
    if (process.env.PG_DIAG && databaseUrl) { const d = open(); await sql`create extension if not exists pg_stat_statements`.execute(d.db); await sql`select pg_stat_statements_reset()`.execute(d.db); await d.db.destroy(); }
    run = await load(members, selections, DURATION_S, `r${Date.now()}`);
    if (process.env.PG_DIAG && databaseUrl) { const d = open(); const r = await sql`select calls, round(total_exec_time::numeric,1) as ms, round(total_plan_time::numeric,1) as plan, round((total_exec_time+total_plan_time)::numeric / greatest(calls, 1), 3) as per, rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 160) as q from pg_stat_statements order by calls desc limit 25`.execute(d.db); console.log('bets', run.bets); console.table(r.rows); await d.db.destroy(); }
    const after = cpu();
    const machineAfter = machineCpu();
    const perBet = (key) => ((after[key] - before[key] - ((idleTo[key] - idleFrom[key]) / idleSeconds) * run.seconds) * 1000) / run.bets;
    run.cpuMsPerBet = Object.fromEntries(Object.keys(after).map((key) => [key, perBet(key)]));
    if (machineBefore && machineAfter) {
      const busy = machineAfter.busy - machineBefore.busy;
      run.machineIdle = (machineAfter.idle - machineBefore.idle) / (busy + machineAfter.idle - machineBefore.idle);
    }
    accepted = warm.bets + run.bets;
    for (const m of members) m.agent.destroy();
    failures.push(...warm.failures, ...run.failures);
  } finally {
    await stop();
  }
  const problems = await checkBooks(open(), accepted);
  if (failures.length > 0) problems.unshift(`${failures.length} failed requests, first: ${failures[0]}`);
  console.log(
    `HTTP singlePass on ${name}, ${MEMBERS} members: ${fmt(run.perSecond)} bets/s (${fmt(run.bets)} in ${run.seconds.toFixed(1)} s), ` +
      `p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms, ${run.failures.length} errors; CPU per bet beyond idle: platform ` +
      `${run.cpuMsPerBet.platform.toFixed(2)} ms${serverPid ? `, database server ${run.cpuMsPerBet.server.toFixed(2)} ms` : ''}`,
  );
  console.log(
    `  CPU per bet by process: ${platforms
      .map((p, n) => {
        const share = (run.byBase[p.base] ?? 0) / run.bets;
        const own = platforms.length > 1 ? ` (${(share * 100).toFixed(0)}% of the bets: ${(run.cpuMsPerBet[`instance${n}`] / share).toFixed(3)} ms per bet of its own)` : '';
        return `instance ${n + 1} ${run.cpuMsPerBet[`instance${n}`].toFixed(3)} ms${own}`;
      })
      .join(', ')}` +
      `${redisPid ? `, Redis ${run.cpuMsPerBet.redis.toFixed(3)} ms` : ''}, the bench's clients ${run.cpuMsPerBet.clients.toFixed(3)} ms; ` +
      `machine idle ${run.machineIdle === undefined ? '?' : `${(run.machineIdle * 100).toFixed(0)}%`} of ${os.cpus().length} cores ` +
      `(load average ${os.loadavg()[0].toFixed(1)})`,
  );
  return { ...run, problems };
}

/** The PostgreSQL runs: where PostgreSQL and the instances run (cores of this machine). */
const PG_RUNS = {
  postgres: { label: 'PostgreSQL' },
  'postgres-pinned': { label: 'PostgreSQL pinned (database core 0, platform core 1)', pinServer: 0, cores: [1] },
  'postgres-redis': { label: 'PostgreSQL, one instance + Redis', redis: true },
  'postgres-2': { label: 'PostgreSQL, two instances (core 0 and core 1) + Redis', cores: [0, 1], redis: true },
};

let failed = false;
const figures = {};
for (const database of DATABASES) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sport-pc-bets-'));
  let postgres;
  let redis;
  try {
    if (database === 'sqlite') {
      const dbFile = path.join(dataDir, SQLITE_FILE_NAME);
      const run = await measure('SQLite', () => openSqlite(dbFile), { dataDir });
      figures.sqlite = run;
      const met = run.perSecond >= TARGET_BETS && run.p99 < TARGET_P99_MS && run.failures.length === 0;
      console.log(`SQLite target ≥ ${fmt(TARGET_BETS)} bets/s and p99 < ${TARGET_P99_MS} ms ${met ? '✓' : '✗'}`);
      const raw = rawRate(dbFile, RAW_BETS);
      console.log(`raw better-sqlite3, same writes, 1 transaction per bet: ${fmt(raw.perSecond)} bets/s (${fmt(raw.bets)} in ${raw.seconds.toFixed(2)} s)`);
      const ratio = run.perSecond / raw.perSecond;
      console.log(`ratio HTTP/raw: ${ratio.toFixed(2)} — target ≥ ${TARGET_RATIO} ${ratio >= TARGET_RATIO ? '✓' : '✗'}`);
      if (run.problems.length) throw new Error(run.problems.join('; '));
    } else if (database in PG_RUNS) {
      const { label, pinServer, cores, redis: withRedis } = PG_RUNS[database];
      postgres = await startPostgres({ durable: true });
      if (pinServer !== undefined) pin(postgres.pid, pinServer);
      redis = withRedis ? await startRedis() : undefined;
      figures[database] = await measure(label, () => openPostgres(postgres.url, { poolSize: 2 }), {
        databaseUrl: postgres.url,
        dataDir,
        serverPid: postgres.pid,
        cores,
        redisUrl: redis?.url,
        redisPid: redis?.pid,
      });
      if (figures[database].problems.length) throw new Error(figures[database].problems.join('; '));
    } else throw new Error(`BENCH_DATABASES: unknown database ${JSON.stringify(database)} (sqlite, ${Object.keys(PG_RUNS).join(', ')})`);
  } catch (error) {
    failed = true;
    console.error(`bets (${database}): ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await postgres?.stop();
    await redis?.stop();
    for (const dir of [dataDir, `${dataDir}-1`]) rmSync(dir, { recursive: true, force: true });
  }
}
for (const key of Object.keys(PG_RUNS)) {
  const pg = figures[key];
  if (!figures.sqlite || !pg) continue;
  const ratio = pg.perSecond / figures.sqlite.perSecond;
  const cpu = (pg.cpuMsPerBet.platform + pg.cpuMsPerBet.server) / figures.sqlite.cpuMsPerBet.platform;
  const met = ratio >= TARGET_PG_RATIO && pg.p99 < TARGET_P99_MS && cpu <= TARGET_PG_CPU;
  console.log(
    `${PG_RUNS[key].label}/SQLite: ${ratio.toFixed(2)} (bets/s), ${(pg.p99 / Math.max(0.1, figures.sqlite.p99)).toFixed(2)} (p99); CPU per bet ` +
      `(platform + database server) ${cpu.toFixed(2)}× SQLite's — target ≥ ${TARGET_PG_RATIO}×, p99 < ${TARGET_P99_MS} ms, CPU ≤ ${TARGET_PG_CPU}× ${met ? '✓' : '✗'}`,
  );
}
if (figures.postgres && figures['postgres-2']) {
  const one = figures.postgres;
  const two = figures['postgres-2'];
  const ratio = two.perSecond / one.perSecond;
  console.log(`two instances/one instance on PostgreSQL: ${ratio.toFixed(2)} (bets/s) — the second must add throughput ${ratio > 1 ? '✓' : '✗'}`);
  // Where CPU is the limit (2 cores, the bench's clients on them too) a second instance cannot add a core's work. What
  // it adds where CPU is not: bets per CPU-second of the platform's side (instances, PostgreSQL, Redis). At the same
  // efficiency (1.00) two instances given a core each of their own serve twice the bets; above 0.5 they serve more than one.
  const side = (f) => f.cpuMsPerBet.platform + f.cpuMsPerBet.server + f.cpuMsPerBet.redis;
  const efficiency = side(one) / side(two);
  const instances = one.cpuMsPerBet.platform / two.cpuMsPerBet.platform;
  console.log(
    `two instances/one where CPU is not the limit: bets per CPU-second of the instances ${instances.toFixed(2)}, of instances + PostgreSQL + Redis ` +
      `${efficiency.toFixed(2)} (${fmt(1000 / two.cpuMsPerBet.platform)} against ${fmt(1000 / one.cpuMsPerBet.platform)} bets per instance CPU-second); ` +
      `each instance on a core of its own: ${(2 * efficiency).toFixed(2)}× one instance's bets/s — target > 1 ${2 * efficiency > 1 ? '✓' : '✗'}`,
  );
}
process.exit(failed ? 1 : 0);
