// POST /api/match/getList under load: a page of 50 in-play matches ({ type: 1, size: 50 }) while the feed ticks.
// Target: at least 2,000 requests/s. The platform runs as a child process (its own thread, as in production) on a
// free loopback port with a throw-away data folder; autocannon drives it from this process for 10 s per run (one
// run with Accept-Encoding: gzip, one without), each after a 2 s warm-up.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { root } from '../setup.mjs';

const TARGET_RPS = 2000;
const DURATION_S = 10;
const CONNECTIONS = 50;
const HOST = '127.0.0.1';
const BODY = JSON.stringify({ type: 1, size: 50 });

let autocannon;
try {
  autocannon = (await import('autocannon')).default;
} catch {
  console.log('getList: skipped, the load generator is missing (npm install --save-dev autocannon)');
  process.exit(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForHealth(base, child, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the platform exited with ${child.exitCode} before it was healthy`);
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`the platform was not healthy within ${timeoutMs / 1000} s`);
}

function stop(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

const port = await freePort();
const base = `http://${HOST}:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sport-pc-bench-'));
const env = { ...process.env, PORT: String(port), HOST, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_USERS: '0' };
// The bench always uses the embedded SQLite database in its temp folder, never a configured server.
delete env.DATABASE_URL;
const child = spawn(process.execPath, ['--import', 'tsx', path.join('server', 'src', 'main.ts')], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
// However the run goes, it ends within this bound.
const watchdog = setTimeout(() => {
  console.error('getList: the bench took over 2 minutes; stopping');
  child.kill('SIGKILL');
  process.exit(1);
}, 120_000);

let failed = false;
try {
  await waitForHealth(base, child, 60_000);
  const probe = await fetch(`${base}/api/match/getList`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: BODY });
  const page = (await probe.json()).data;
  console.log(`page: ${page.records.length} of ${page.total} in-play matches, ${page.records.reduce((n, m) => n + m.betGroup.length, 0)} bet groups`);

  // Browsers always send Accept-Encoding, so the gzip run is what the app sees; the identity run shows the
  // uncompressed ceiling, where the load generator parsing ~120 KB per answer is usually the limit.
  for (const [label, extra] of [
    ['gzip (as a browser asks)', { 'accept-encoding': 'gzip, deflate, br' }],
    ['identity', {}],
  ]) {
    const options = {
      url: `${base}/api/match/getList`,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...extra },
      body: BODY,
      connections: CONNECTIONS,
    };
    await autocannon({ ...options, duration: 2 });
    const result = await autocannon({ ...options, duration: DURATION_S });
    const rps = result.requests.average;
    const errors = result.errors + result.timeouts + result.non2xx;
    const met = rps >= TARGET_RPS && errors === 0;
    console.log(
      `getList {type:1,size:50}, ${label}: ${Math.round(rps)} requests/s, p99 ${result.latency.p99} ms, ` +
        `${(result.throughput.average / 1e6).toFixed(1)} MB/s, ${errors} errors/non-2xx — target ≥ ${TARGET_RPS} requests/s ${met ? '✓' : '✗'}`,
    );
  }
} catch (error) {
  failed = true;
  console.error(`getList: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await stop(child);
  clearTimeout(watchdog);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
