// Throwaway PostgreSQL and Redis for the tests and benchmarks (issue 19): each starts on a free local port under a
// temporary folder, in the caller's process tree, and stop() ends it and deletes the folder. Debian's postgresql and
// redis-server are installed with apt-get when missing, as scripts/setup.mjs does for Chromium.
//
// As a command it wraps another one and always tears down what it started, also when the command fails or a signal
// (the test runner's budget, Ctrl-C) ends it:
//   node scripts/services.mjs [--postgres] [--redis] -- <command> [args...]
// The command gets DATABASE_URL / REDIS_URL (and TEST_DATABASE_URL / TEST_REDIS_URL, which the test helpers read).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PG_BIN = '/usr/lib/postgresql/15/bin';
const PG_USER = 'sportpc';
const PG_DB = 'sportpc';
const asRoot = process.getuid?.() === 0;

function sh(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed with ${result.status ?? result.signal}: ${result.stderr || result.stdout}`);
  return result.stdout;
}

/** apt-get install when a binary is missing (root, or password-less sudo). */
export function ensureDebian(pkg, present) {
  if (present()) return;
  console.log(`» installing Debian package ${pkg}…`);
  const sudo = asRoot ? [] : ['sudo', '-n'];
  const apt = (...args) =>
    execFileSync(sudo[0] ?? 'apt-get', sudo.length ? [...sudo.slice(1), 'apt-get', ...args] : args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  apt('update', '-qq');
  apt('install', '-y', '-qq', pkg);
  if (!present()) throw new Error(`${pkg} was installed but is still missing`);
}

/** A port nothing listens on now (the kernel's choice), far from the platform's 8080/18080. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Ends a child started by start*(), then its group (postgres forks its workers). */
function endChild(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      // SIGINT is PostgreSQL's "fast shutdown": disconnect everyone and stop, no waiting for clients.
      process.kill(-child.pid, 'SIGINT');
    } catch {
      child.kill('SIGINT');
    }
  });
}

/**
 * A PostgreSQL 15 cluster owned by the `postgres` system user (initdb refuses root), trusting local connections,
 * with fsync off: the data is thrown away, so durability buys nothing here and costs most of a commit's time
 * (`durable: true` keeps fsync on, for benchmarks).
 * @returns {Promise<{ url: string, port: number, pid: number, stop(): Promise<void> }>}
 */
export async function startPostgres({ log = console.log, durable = false } = {}) {
  ensureDebian('postgresql', () => existsSync(path.join(PG_BIN, 'postgres')));
  const dir = mkdtempSync(path.join(tmpdir(), 'sport-pc-pg-'));
  const data = path.join(dir, 'pg');
  const port = await freePort();
  // initdb and postgres refuse to run as root: as root, both run as the `postgres` system user (no su in between, so
  // the signals of stop() reach postgres itself).
  const owner = asRoot ? { uid: Number(sh('id', ['-u', 'postgres']).trim()), gid: Number(sh('id', ['-g', 'postgres']).trim()) } : {};
  if (asRoot) chownSync(dir, owner.uid, owner.gid);
  const stopAll = async (child) => {
    await endChild(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    sh(path.join(PG_BIN, 'initdb'), ['-D', data, '-A', 'trust', '-U', PG_USER, '--no-sync', '-E', 'UTF8', '--locale', 'C'], { ...owner, cwd: dir });
  } catch (error) {
    await stopAll(undefined);
    throw error;
  }
  // durable (benchmarks): fsync and full-page writes on, as a production server runs, so the figures compare with SQLite's
  // WAL at synchronous=NORMAL; commits still do not wait for the disk (synchronous_commit=off), which is what NORMAL
  // gives SQLite too (a power cut may lose the last commits, never corrupt).
  const safety = durable ? [] : ['-c', 'fsync=off', '-c', 'full_page_writes=off'];
  // shared_buffers: the buffer cache as a production server sizes it (PostgreSQL's docs suggest a quarter of the memory
  // of a machine of its own); 512 MB holds the settlement bench's whole database, which the default 128 MB only just
  // held beside everything else, and it is taken only as pages are used.
  const settings = [...safety, ...(process.env.PG_DIAG ? ['-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'pg_stat_statements.track=all', '-c', 'pg_stat_statements.track_planning=on'] : []), '-c', 'synchronous_commit=off', '-c', 'shared_buffers=512MB', '-c', 'max_connections=300', '-c', 'listen_addresses=127.0.0.1'];
  // detached: its own process group, so stop() can end postgres and every backend it forked in one signal.
  const child = spawn(path.join(PG_BIN, 'postgres'), ['-D', data, '-p', String(port), '-k', dir, ...settings], { stdio: ['ignore', 'ignore', 'pipe'], detached: true, cwd: dir, ...owner });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  const started = Date.now();
  for (;;) {
    const ready = spawnSync(path.join(PG_BIN, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-U', PG_USER], { stdio: 'ignore' });
    if (ready.status === 0) break;
    if (child.exitCode !== null || Date.now() - started > 30_000) {
      await stopAll(child);
      throw new Error(`PostgreSQL did not start on port ${port}: ${stderr}`);
    }
    await sleep(100);
  }
  sh(path.join(PG_BIN, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', PG_USER, PG_DB]);
  log(`» PostgreSQL 15 on 127.0.0.1:${port} (${((Date.now() - started) / 1000).toFixed(1)} s), data in ${data}`);
  // pid: the postmaster, parent of every backend (the settlement bench reads their CPU time).
  return { url: `postgres://${PG_USER}@127.0.0.1:${port}/${PG_DB}`, port, pid: child.pid, stop: () => stopAll(child) };
}

/**
 * A Redis server that writes nothing to disk.
 * @returns {Promise<{ url: string, port: number, pid: number, stop(): Promise<void> }>}
 */
export async function startRedis({ log = console.log } = {}) {
  ensureDebian('redis-server', () => existsSync('/usr/bin/redis-server'));
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'sport-pc-redis-'));
  const child = spawn('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: 'ignore',
    detached: true,
  });
  const stop = async () => {
    await endChild(child);
    rmSync(dir, { recursive: true, force: true });
  };
  const started = Date.now();
  for (;;) {
    const ping = spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' });
    if (ping.stdout?.trim() === 'PONG') break;
    if (child.exitCode !== null || Date.now() - started > 15_000) {
      await stop();
      throw new Error(`redis-server did not start on port ${port}`);
    }
    await sleep(50);
  }
  log(`» Redis on 127.0.0.1:${port}`);
  return { url: `redis://127.0.0.1:${port}`, port, pid: child.pid, stop };
}

async function main() {
  const dash = process.argv.indexOf('--');
  const flags = process.argv.slice(2, dash === -1 ? undefined : dash);
  const command = dash === -1 ? [] : process.argv.slice(dash + 1);
  if (command.length === 0) throw new Error('usage: node scripts/services.mjs [--postgres] [--redis] -- <command> [args...]');
  const services = [];
  const env = { ...process.env };
  let child;
  // One teardown, whoever asks first (a signal, or the command's end); everyone waits for it before exiting.
  let stopping;
  const stopAll = () => (stopping ??= Promise.all(services.map((s) => s.stop().catch(() => undefined))));
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, async () => {
      // The command's whole group: a shell's children do not get a signal sent to the shell alone.
      try {
        if (child?.pid) process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
      await stopAll();
      process.exit(130);
    });
  }
  try {
    if (flags.includes('--postgres')) {
      const pg = await startPostgres();
      services.push(pg);
      env.DATABASE_URL = env.TEST_DATABASE_URL = pg.url;
    }
    if (flags.includes('--redis')) {
      const redis = await startRedis();
      services.push(redis);
      env.REDIS_URL = env.TEST_REDIS_URL = redis.url;
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  const code = await new Promise((resolve) => {
    child = spawn(command[0], command.slice(1), { stdio: 'inherit', env, detached: true });
    child.on('error', (error) => {
      console.error(String(error));
      resolve(1);
    });
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
  });
  await stopAll();
  process.exit(code);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
