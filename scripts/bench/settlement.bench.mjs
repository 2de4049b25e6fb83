// Settlement of 100,000 open orders when their matches end, on SQLite and then on PostgreSQL: the platform in-process
// on a SQLite file (WAL) or an empty PostgreSQL 15 database (a throwaway cluster from scripts/services.mjs), six
// pre-match matches played to their end by the feed on a fake clock, then 100,000 confirmed orders on them (80 %
// singles, 20 % 2-leg parlays across two of the matches; 2,000 members whose wallets and ledgers hold the stakes)
// written straight into the database. Times app.betting.settlement.settleMatch(result) for each match in turn, from
// the first call to the end of the last, then checks that every order is settled, that there is one payout ledger
// row per paid order and that every wallet equals the sum of its ledger.
// Also prints the CPU time of the timed part, which varies less than the wall time on a machine shared with other work:
// the platform's own (this process) and, on PostgreSQL, its server's (the postmaster and its backends).
// Target: all 100,000 settled in under 5 s on each database (issue 19).
// SETTLEMENT_DATABASES=sqlite (or postgres) measures only that one. BENCH_DATABASE_URL=postgres://... (an empty
// database) is used instead of starting a cluster. SETTLEMENT_CPU_PROFILE=<file> profiles the timed part only (one
// file per database: <file>.sqlite.cpuprofile, <file>.postgresql.cpuprofile).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { root } from '../setup.mjs';
import { startPostgres } from '../services.mjs';
import { serverCpu } from './support/cpu.mjs';
import { buildSettlementWorld, checkBooks } from './support/settlement-world';

const ORDERS = 100_000;
const MATCHES = 6;
const MEMBERS = 2_000;
const PARLAY_SHARE = 0.2;
const TARGET_S = 5;
const fmt = (n) => Math.round(n).toLocaleString('en');

/** Seeds, settles and checks one database; returns whether it met the rules (the time is reported, not enforced). */
async function measure(label, { databaseUrl, serverPid } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sport-pc-settle-'));
  let world;
  try {
    const prepared = performance.now();
    world = await buildSettlementWorld({ root, dataDir, orders: ORDERS, matches: MATCHES, members: MEMBERS, parlayShare: PARLAY_SHARE, databaseUrl });
    console.log(`\n### ${label}`);
    console.log(
      `seeded ${fmt(world.singles)} singles and ${fmt(world.parlays)} doubles (${fmt(world.legs)} legs) for ${fmt(world.members)} members ` +
        `on ${world.results.length} matches ended after ${(world.playedMs / 3_600_000).toFixed(1)} simulated hours, in ${((performance.now() - prepared) / 1000).toFixed(1)} s`,
    );

    const profileFile = process.env.SETTLEMENT_CPU_PROFILE ? `${process.env.SETTLEMENT_CPU_PROFILE.replace(/\.cpuprofile$/, '')}.${label.toLowerCase()}.cpuprofile` : undefined;
    const inspector = profileFile ? new Session() : undefined;
    if (inspector) {
      inspector.connect();
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.start');
    }
    const load = os.loadavg()[0];
    const serverBefore = serverPid ? serverCpu(serverPid) : undefined;
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    let settled = 0;
    const perMatch = [];
    for (const result of world.results) {
      const t0 = performance.now();
      const n = await world.app.betting.settlement.settleMatch(result);
      perMatch.push(`${n}/${((performance.now() - t0) / 1000).toFixed(2)}s`);
      settled += n;
    }
    const seconds = (performance.now() - started) / 1000;
    // CPU time over the timed part: on a machine shared with other work it varies less than the wall time.
    const cpu = process.cpuUsage(cpuBefore);
    const serverAfter = serverPid ? serverCpu(serverPid) : undefined;
    if (inspector) {
      const { profile } = await inspector.post('Profiler.stop');
      writeFileSync(profileFile, JSON.stringify(profile));
      inspector.disconnect();
    }

    const books = await checkBooks(world.db);
    const problems = [];
    if (settled !== ORDERS) problems.push(`settleMatch reported ${fmt(settled)} orders settled`);
    if (books.open > 0) problems.push(`${books.open} orders not settled`);
    if (books.unsettledLegs > 0) problems.push(`${books.unsettledLegs} legs without a result`);
    if (books.payouts !== books.paidOrders) problems.push(`${books.payouts} payout ledger rows for ${books.paidOrders} paid orders`);
    if (books.walletsOff > 0) problems.push(`${books.walletsOff} wallets differ from their ledger`);
    if (books.negative > 0) problems.push(`${books.negative} negative balances`);
    if (problems.length > 0) console.error(`settlement (${label}): ${problems.join('; ')}`);
    const server =
      serverBefore && serverAfter ? `; PostgreSQL's own CPU ${(serverAfter.user - serverBefore.user).toFixed(2)} s user + ${(serverAfter.system - serverBefore.system).toFixed(2)} s system` : '';
    console.log(`per match (orders settled/time): ${perMatch.join(', ')}; ${fmt(books.paidOrders)} orders paid`);
    console.log(
      `settlement (${label}): ${fmt(settled)} orders settled in ${seconds.toFixed(2)} s, ${fmt(settled / seconds)} orders/s — ` +
        `target < ${TARGET_S} s ${seconds < TARGET_S && problems.length === 0 ? '✓' : '✗'} (CPU ${(cpu.user / 1e6).toFixed(2)} s user + ${(cpu.system / 1e6).toFixed(2)} s system${server}; ` +
        `load average ${load.toFixed(1)} at the start)`,
    );
    return problems.length === 0;
  } catch (error) {
    console.error(`settlement (${label}): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return false;
  } finally {
    await world?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const wanted = (process.env.SETTLEMENT_DATABASES ?? 'sqlite,postgres').split(',').map((s) => s.trim().toLowerCase());
let failed = false;
if (wanted.includes('sqlite') && !(await measure('SQLite'))) failed = true;
if (wanted.includes('postgres')) {
  if (process.env.BENCH_DATABASE_URL) {
    if (!(await measure('PostgreSQL', { databaseUrl: process.env.BENCH_DATABASE_URL }))) failed = true;
  } else {
    let pg;
    try {
      pg = await startPostgres();
      if (!(await measure('PostgreSQL', { databaseUrl: pg.url, serverPid: pg.pid }))) failed = true;
    } catch (error) {
      failed = true;
      console.error(`settlement (PostgreSQL): ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await pg?.stop();
    }
  }
}
process.exit(failed ? 1 : 0);
