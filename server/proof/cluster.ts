import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { migrateToLatest, openPostgres } from '../src/db/database';
import { freePort } from '../test/redisServer';

/**
 * The multi-instance proof's harness (issue 19): platform PROCESSES (`node --import tsx server/src/main.ts`, as an
 * operator runs them) on one PostgreSQL database and one Redis, driven over real HTTP and real websockets only.
 *
 * PostgreSQL and Redis come from the runner (`scripts/services.mjs --postgres --redis`, which sets TEST_DATABASE_URL
 * and TEST_REDIS_URL and tears both down after). The proof makes a database of its own in that cluster, so it never
 * sees the rows of anything else run there, and drops it at the end.
 */

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
const HOST = '127.0.0.1';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `condition` (sync or async) every `everyMs` until it returns a value other than undefined/false. */
export async function until<T>(condition: () => T | undefined | false | Promise<T | undefined | false>, what: string, ms: number, everyMs = 50): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await condition();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out after ${ms / 1000} s waiting for ${what}`);
    await sleep(everyMs);
  }
}

export function requiredEnv(name: 'TEST_DATABASE_URL' | 'TEST_REDIS_URL'): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set: run the proof through the services wrapper, e.g. node scripts/services.mjs --postgres --redis -- npx jest -c jest.proof.config.js`);
  }
  return value;
}

/** A database of the proof's own in the runner's cluster, and a pg pool on it for the checks. */
export interface ProofDatabase {
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

export async function createProofDatabase(clusterUrl: string): Promise<ProofDatabase> {
  const name = `proof_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: clusterUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  let dropped: Promise<void> | undefined;
  return {
    url: url.toString(),
    pool,
    drop: () =>
      (dropped ??= (async () => {
        await pool.end().catch(() => undefined);
        // WITH (FORCE): a killed platform's sessions may still be open on the server side for a moment.
        await admin(`drop database if exists ${name} with (force)`);
      })()),
  };
}

/**
 * Brings the proof's database to the latest migration from this process, so both platforms can start at once: each
 * then finds the schema in place instead of two processes migrating one empty database side by side.
 */
export async function migrateProofDatabase(url: string): Promise<void> {
  const { db } = openPostgres(url, { poolSize: 1 });
  try {
    await migrateToLatest(db, 'postgres');
  } finally {
    await db.destroy();
  }
}

export interface Instance {
  name: string;
  port: number;
  base: string;
  child: ChildProcess;
  /** The last lines the process wrote (stdout and stderr), for failure messages. */
  output(): string;
  /** Resolves when the process has exited (whatever the reason). */
  exited: Promise<void>;
  alive(): boolean;
}

const running = new Set<Instance>();

// The last resort when jest ends the worker without running afterAll: a platform left running would hold its port and
// its database sessions. Synchronous, so it works inside 'exit'.
process.once('exit', () => {
  for (const instance of running) instance.child.kill('SIGKILL');
});

/**
 * Starts one platform process with the given environment on a free port and a temporary DATA_DIR, and waits until its
 * /healthz answers 200. The process is a plain child (same process group as the test runner), so the runner's budget
 * kill reaches it too.
 */
export async function startInstance(name: string, env: Record<string, string>, healthyWithinMs = 90_000): Promise<Instance> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), `sport-pc-proof-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('server', 'src', 'main.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, HOST, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => (tail = (tail + chunk.toString('utf8')).slice(-6000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      running.delete(instance);
      rmSync(dataDir, { recursive: true, force: true });
      resolve();
    });
  });
  const instance: Instance = {
    name,
    port,
    base: `http://${HOST}:${port}`,
    child,
    output: () => tail,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
  };
  running.add(instance);
  try {
    await until(
      async () => {
        if (!instance.alive()) throw new Error(`platform ${name} exited with ${child.exitCode ?? child.signalCode} before it was healthy:\n${tail}`);
        try {
          return (await fetch(`${instance.base}/healthz`)).ok;
        } catch {
          return false; // not listening yet
        }
      },
      `platform ${name} to answer /healthz`,
      healthyWithinMs,
      200,
    );
  } catch (error) {
    await kill(instance, 'SIGKILL');
    throw error;
  }
  return instance;
}

/** Sends the signal and waits for the exit; SIGTERM gets 10 s (the platform's own shutdown limit) before SIGKILL. */
export async function kill(instance: Instance, signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
  if (!instance.alive()) return instance.exited;
  instance.child.kill(signal);
  const force = signal === 'SIGTERM' ? setTimeout(() => instance.child.kill('SIGKILL'), 10_000) : undefined;
  await instance.exited;
  clearTimeout(force);
}

/** Stops every instance still running (a graceful stop, so their database sessions close), in parallel. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((instance) => kill(instance, 'SIGTERM')));
}

export interface Answer<T = any> {
  status: number;
  body: { code: number; msg: string; data: T };
}

/** A JSON call over real HTTP; never throws on an error status (the test reads it). */
export async function call<T = any>(instance: Instance, method: 'GET' | 'POST', url: string, body?: unknown, token?: string): Promise<Answer<T>> {
  const res = await fetch(`${instance.base}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: token } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    throw new Error(`${instance.name} ${method} ${url} answered ${res.status} with no JSON: ${text.slice(0, 300)}`);
  }
}

export interface Health {
  status: string;
  database: { ok: boolean; driver: string };
  feedRole?: 'leader' | 'follower';
}

export async function health(instance: Instance): Promise<Health | undefined> {
  try {
    const res = await fetch(`${instance.base}/healthz`, { signal: AbortSignal.timeout(2_000) });
    return (await res.json()) as Health;
  } catch {
    return undefined;
  }
}

export interface PushFrame {
  chId: string;
  seq: number;
  epoch: string;
  data: any;
}

export interface PushClient {
  frames: PushFrame[];
  close(): void;
}

const clients = new Set<WebSocket>();

/** A /push client (docs/api.md "Push") subscribed to `channels`, keeping every frame; resolves once subscribed. */
export async function pushClient(instance: Instance, channels: string[]): Promise<PushClient> {
  const ws = new WebSocket(`ws://${HOST}:${instance.port}/push`);
  clients.add(ws);
  ws.once('close', () => clients.delete(ws));
  const frames: PushFrame[] = [];
  let ponged = false;
  ws.on('message', (raw) => {
    const message = JSON.parse(raw.toString());
    if (message.chId) frames.push(message);
    else if (message.cmd === 'pong') ponged = true;
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ cmd: 'sub', channels }));
  // Frames are handled in order: the pong says the sub before it is in place.
  ws.send(JSON.stringify({ cmd: 'ping' }));
  await until(() => ponged, `the push subscription on ${instance.name}`, 10_000);
  return { frames, close: () => ws.terminate() };
}

export function closePushClients(): void {
  for (const ws of clients) ws.terminate();
  clients.clear();
}
