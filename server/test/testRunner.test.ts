import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './helpers';

/**
 * scripts/stages.mjs: `npm test`'s stages run with time budgets, and a stage past its budget is killed with
 * everything it started (issue 12: a hung stage hung the whole run). The runner is ESM and jest runs CommonJS here,
 * so each case runs it in a child `node` and reads its JSON answer.
 */
const STAGES = path.join(REPO_ROOT, 'scripts', 'stages.mjs');

function runner(code: string): Promise<any> {
  const script = `import(${JSON.stringify(STAGES)}).then(async (m) => { const out = await (${code})(m); process.stdout.write('\\n@@' + JSON.stringify(out)); })`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', script], { timeout: 30_000 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`${error.message}\n${stderr}`));
      resolve({ ...JSON.parse(stdout.slice(stdout.lastIndexOf('@@') + 2)), stdout, stderr });
    });
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm test stage runner', () => {
  it('a stage that never ends is killed at its budget and fails, naming it', async () => {
    const out = await runner(`(m) => m.runStages([{ name: 'forever', command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'], budgetMs: 1000 }], { log: console.log, logError: console.log })`);
    expect(out.ok).toBe(false);
    expect(out.failed).toMatchObject({ name: 'forever', timedOut: true, ok: false });
    expect(out.failed.ms).toBeLessThan(10_000);
    expect(out.stdout).toContain('✗ forever FAILED');
    expect(out.stdout).toContain('did not finish within its budget of 1.0 s');
  }, 30_000);

  it('kills what the stage started in other process groups too (like Playwright\'s webServer), even if it ignores SIGTERM', async () => {
    // The stage starts a detached grandchild that ignores SIGTERM, prints its pid and waits forever.
    const grandchild = `process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)`;
    const stage = `const c = require('child_process').spawn(process.execPath, ['-e', ${JSON.stringify(grandchild)}], { detached: true, stdio: 'ignore' }); console.log('grandchild ' + c.pid); setInterval(() => {}, 1000)`;
    const out = await runner(
      `(m) => m.runStage({ name: 'tree', command: process.execPath, args: ['-e', ${JSON.stringify(stage)}], budgetMs: 1500, graceMs: 500, stdio: ['ignore', 'inherit', 'inherit'] })`,
    );
    expect(out).toMatchObject({ ok: false, timedOut: true });
    const pid = Number(/grandchild (\d+)/.exec(out.stdout)?.[1]);
    expect(pid).toBeGreaterThan(0);
    // SIGKILL is asynchronous: give the kernel a moment.
    for (let i = 0; i < 50 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    expect(alive(pid)).toBe(false);
  }, 30_000);

  it('passing stages run in order and report their times; a failing one stops the run', async () => {
    const out = await runner(
      `(m) => m.runStages([
        { name: 'first', command: process.execPath, args: ['-e', 'console.log("one")'], budgetMs: 10000 },
        { name: 'second', command: process.execPath, args: ['-e', 'process.exit(3)'], budgetMs: 10000 },
        { name: 'third', command: process.execPath, args: ['-e', 'console.log("never")'], budgetMs: 10000 },
      ], { log: console.log, logError: console.log })`,
    );
    expect(out.ok).toBe(false);
    expect(out.results.map((r: { name: string; ok: boolean }) => [r.name, r.ok])).toEqual([
      ['first', true],
      ['second', false],
    ]);
    expect(out.stdout).toContain('✗ second FAILED');
    expect(out.stdout).toContain('exited with 3');
    expect(out.stdout).not.toContain('never');
    expect(out.stdout).toMatch(/✓ first \(\d+\.\d s\)/);
  }, 30_000);

  it('stages run together at the same time, each output printed whole; one failing fails the group and stops the run', async () => {
    // Each stage marks that it started, then waits for its partner's mark: run one after the other, the first would
    // wait out its 10 s and fail. Together both see each other at once.
    const marks = mkdtempSync(path.join(tmpdir(), 'stages-'));
    const stage = (name: string, partner: string, code = 0) => {
      const script = `const fs = require('fs'); fs.writeFileSync(${JSON.stringify(path.join(marks, name))}, ''); console.log('${name} started');
        const t = setInterval(() => { if (fs.existsSync(${JSON.stringify(path.join(marks, partner))})) { console.log('${name} met ${partner}'); process.exit(${code}); } }, 20);
        setTimeout(() => process.exit(9), 10000);`;
      return `{ name: '${name}', command: process.execPath, args: ['-e', ${JSON.stringify(script)}], budgetMs: 20000 }`;
    };
    const out = await runner(
      `(m) => m.runStages([
        { together: [${stage('left', 'right')}, ${stage('right', 'left')}] },
        { together: [${stage('fine', 'broken')}, ${stage('broken', 'fine', 4)}] },
        { name: 'after', command: process.execPath, args: ['-e', 'console.log("never")'], budgetMs: 10000 },
      ], { log: console.log, logError: console.log })`,
    );
    expect(out.ok).toBe(false);
    expect(out.results.map((r: { name: string; ok: boolean }) => [r.name, r.ok])).toEqual([
      ['left', true],
      ['right', true],
      ['fine', true],
      ['broken', false],
    ]);
    // Printed whole: each stage's lines stand together under its own header.
    expect(out.stdout).toMatch(/--- left \(\d+\.\d s\) ---\nleft started\nleft met right\n/);
    expect(out.stdout).toMatch(/--- right \(\d+\.\d s\) ---\nright started\nright met left\n/);
    expect(out.stdout).toContain('✗ broken FAILED');
    expect(out.stdout).toContain('exited with 4');
    expect(out.stdout).not.toContain('never');
  }, 30_000);

  it('the whole run has a budget: a stage gets at most what is left of it', async () => {
    const out = await runner(
      `(m) => m.runStages([{ name: 'slow', command: process.execPath, args: ['-e', 'setTimeout(() => {}, 20000)'], budgetMs: 60000 }], { totalBudgetMs: 1000, log: console.log, logError: console.log })`,
    );
    expect(out.ok).toBe(false);
    expect(out.failed).toMatchObject({ name: 'slow', timedOut: true });
    expect(out.stdout).toContain("the rest of the whole run's budget of 1.0 s");
  }, 30_000);

  it('past the target time the run passes with a loud warning', async () => {
    const out = await runner(`(m) => m.runStages([{ name: 'quick', command: process.execPath, args: ['-e', 'setTimeout(() => {}, 300)'], budgetMs: 10000 }], { targetMs: 100, log: console.log })`);
    expect(out.ok).toBe(true);
    expect(out.stdout).toMatch(/over its target of 0\.1 s/);
  }, 30_000);
});
