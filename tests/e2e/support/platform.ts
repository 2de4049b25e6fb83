import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_WORLD } from '../../world';
import { E2E_OPERATOR_TOKEN } from './world';

const root = path.resolve(__dirname, '../../..');

/** The suite's platform port (playwright.config.ts); the platforms tests start of their own use ports above it. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);

/**
 * The environment of every platform the suite starts (playwright.config.ts's webServer and those a test starts of its
 * own): the frozen world of tests/world.ts, the test controls and their operator token, warnings only in the log.
 */
export function e2ePlatformEnv({ port, dataDir }: { port: number; dataDir: string }): Record<string, string> {
  return {
    PORT: String(port),
    DATA_DIR: dataDir,
    FEED_SEED: String(E2E_WORLD.seed),
    FEED_EPOCH: E2E_WORLD.epoch,
    FEED_SPEED: '0',
    TEST_CONTROLS: '1',
    LOG_LEVEL: 'warn',
    OPERATOR_TOKEN: E2E_OPERATOR_TOKEN,
  };
}

/** What a started platform wrote to stderr (its last 4 KB): a start-up failure says why there (a bad config, a port in use). */
const stderrOf = new WeakMap<ChildProcess, () => string>();

/**
 * Starts a platform of the test's own (server/src/main.ts) beside the suite's: `cwd` is its root (config/ and dist/
 * are read from there; default this repository), `env` adds to the e2e environment.
 */
export function startPlatform({ port, dataDir, cwd = root, env = {} }: { port: number; dataDir: string; cwd?: string; env?: Record<string, string> }): ChildProcess {
  const platform = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'src', 'main.ts')], {
    cwd,
    env: { ...process.env, ...e2ePlatformEnv({ port, dataDir }), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  platform.stderr!.on('data', (data: Buffer) => {
    stderr = (stderr + data.toString()).slice(-4096);
  });
  stderrOf.set(platform, () => stderr);
  return platform;
}

/** Waits until the platform behind `api` answers /healthz; fails at once, with its stderr, when `platform` exits first. */
export async function healthy(api: APIRequestContext, platform: ChildProcess) {
  const failed = () => new Error(`the platform exited (${platform.exitCode ?? platform.signalCode}) before it answered /healthz:\n${stderrOf.get(platform)?.() ?? ''}`);
  if (platform.exitCode !== null || platform.signalCode !== null) throw failed();
  let onExit = () => {};
  const exited = new Promise<never>((_, reject) => {
    onExit = () => reject(failed());
    platform.once('exit', onExit);
  });
  try {
    await Promise.race([expect.poll(() => api.get('/healthz').then((r) => r.status()).catch(() => 0), { timeout: 90_000, message: 'the platform starts' }).toBe(200), exited]);
  } finally {
    platform.off('exit', onExit);
  }
}

/** Stops a platform (SIGTERM: it closes its sockets and database) and waits for it to exit. */
export async function stopPlatform(platform: ChildProcess) {
  if (platform.exitCode !== null || platform.signalCode !== null) return;
  const exited = new Promise((resolve) => platform.once('exit', resolve));
  platform.kill('SIGTERM');
  await exited;
}
