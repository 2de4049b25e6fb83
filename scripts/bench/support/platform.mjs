// Runs the real platform as a child process for a benchmark: its own thread (as in production), a free loopback
// port, a throw-away data folder, the embedded database (or the PostgreSQL one the bench started). Returns its base
// URL, its process id and a stop function.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { root } from '../../setup.mjs';

const HOST = '127.0.0.1';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

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

async function waitForHealth(base, child, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the platform exited with ${child.exitCode} before it was healthy`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`the platform was not healthy within ${timeoutMs / 1000} s`);
}

/** One fair secret for every platform this bench run starts (two instances on one database must share it). */
const BENCH_FAIR_SECRET = randomBytes(32).toString('hex');

/**
 * Starts the platform; `extraEnv` adds variables (FEED_SPEED...), `databaseUrl` a PostgreSQL database instead of the
 * embedded one. Ends by itself after `limitMs` whatever happens.
 */
export async function startPlatform({ extraEnv = {}, limitMs = 180_000, name = 'bench', databaseUrl } = {}) {
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sport-pc-bench-'));
  const env = { ...process.env, PORT: String(port), HOST, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_USERS: '0', ...extraEnv };
  // A bench uses the embedded SQLite database in its temp folder unless it names a server: never a configured one.
  if (databaseUrl) {
    env.DATABASE_URL = databaseUrl;
    // Every instance on PostgreSQL derives the draws' seeds from the same fair secret (docs/operations.md "Fair draws").
    env.FAIR_SECRET ??= BENCH_FAIR_SECRET;
  } else delete env.DATABASE_URL;
  // BENCH_CPU_PROF=<folder>: the platform writes a V8 CPU profile there when it stops (node --cpu-prof).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_CPU_PROF)] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join('server', 'src', 'main.ts')], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const watchdog = setTimeout(() => {
    console.error(`${name}: over ${limitMs / 1000} s; stopping`);
    child.kill('SIGKILL');
    process.exit(1);
  }, limitMs);

  const stop = () =>
    new Promise((resolve) => {
      clearTimeout(watchdog);
      const done = () => {
        rmSync(dataDir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null) return done();
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(force);
        done();
      });
      child.kill('SIGTERM');
    });

  try {
    await waitForHealth(base, child, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, pid: child.pid, stop };
}
