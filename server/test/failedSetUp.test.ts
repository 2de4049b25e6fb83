import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './helpers';

/**
 * Issue 12: a platform built by a set-up that timed out was never closed, and jest hung until killed. This runs
 * server/test/fixtures/failedSetUp.fixture.ts (one set-up that times out mid-build, one that throws) in a jest of its
 * own, with the server project's settings, and expects it to end, failing, well within its limit.
 */
describe('a platform test file whose set-up fails', () => {
  it('ends jest with a failure instead of hanging it', async () => {
    const { projects } = require(path.join(REPO_ROOT, 'jest.config.js')) as { projects: Array<Record<string, unknown>> };
    const server = projects.find((p) => p.displayName === 'server')!;
    const config = { ...server, rootDir: REPO_ROOT, roots: ['<rootDir>/server/test/fixtures'], testMatch: ['**/failedSetUp.fixture.ts'] };
    const jest = path.join(REPO_ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
    const started = Date.now();
    const result = await new Promise<{ code: number | null; signal: string | null; output: string }>((resolve) => {
      const child = execFile(process.execPath, [jest, '--ci', '--config', JSON.stringify(config)], { cwd: REPO_ROOT, timeout: 100_000, killSignal: 'SIGKILL' }, (error, stdout, stderr) =>
        resolve({ code: child.exitCode, signal: error?.signal ?? null, output: stdout + stderr }),
      );
    });
    expect({ signal: result.signal, code: result.code }).toEqual({ signal: null, code: 1 });
    expect(result.output).toContain('Exceeded timeout of 50 ms for a hook');
    expect(result.output).toContain('boom in set-up');
    expect(result.output).not.toContain('Jest did not exit');
    expect(Date.now() - started).toBeLessThan(100_000);
  }, 120_000);
});
