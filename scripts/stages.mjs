// Runs `npm test`'s stages as child processes, each with a time budget, so a hung stage ends the run with a
// failure that names it instead of hanging until CI kills the job (issue 12).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Grace between SIGTERM and SIGKILL: long enough for Playwright to close Chromium and its webServer. */
export const KILL_GRACE_MS = 10_000;

/**
 * Every descendant of `pid` (children, grandchildren, ...), read from /proc. Playwright starts its webServer and
 * Chromium in process groups of their own, so killing the stage's group alone would leave them running.
 * Returns [] where /proc is missing (the process-group kill still applies).
 */
export function descendants(pid) {
  let entries;
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return [];
  }
  const children = new Map();
  for (const entry of entries) {
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces or parentheses, so split after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      // the process ended while we read
    }
  }
  const out = [];
  const queue = [pid];
  while (queue.length) {
    for (const child of children.get(queue.shift()) ?? []) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

function signalTree(pid, pids, signal) {
  try {
    process.kill(-pid, signal); // the stage's own process group
  } catch {
    // already gone
  }
  for (const p of pids) {
    try {
      process.kill(p, signal);
    } catch {
      // already gone
    }
  }
}

/** Seconds with one decimal, for the stage lines. */
export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Runs one stage: `command args` in its own process group (detached), output passed through. Past `budgetMs` the
 * whole tree gets SIGTERM, then SIGKILL after `graceMs`; the result says so. Never rejects.
 * @returns {Promise<{ name: string, ok: boolean, code: number | null, signal: string | null, ms: number, timedOut: boolean, error?: string }>}
 */
export function runStage({ name, command, args = [], budgetMs, graceMs = KILL_GRACE_MS, cwd, env, stdio = 'inherit', onSpawn }) {
  const started = Date.now();
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(command, args, { cwd, env, stdio, detached: true });
    } catch (error) {
      resolve({ name, ok: false, code: null, signal: null, ms: 0, timedOut: false, error: String(error) });
      return;
    }
    onSpawn?.(child);
    let timedOut = false;
    let killTimer;
    // The tree as it was at SIGTERM: once the stage's leader exits, its orphans are no longer its descendants.
    let tree = [];
    const everything = () => [...new Set([...tree, ...descendants(child.pid)])];
    const budgetTimer = setTimeout(() => {
      timedOut = true;
      tree = descendants(child.pid);
      signalTree(child.pid, tree, 'SIGTERM');
      killTimer = setTimeout(() => signalTree(child.pid, everything(), 'SIGKILL'), graceMs);
      killTimer.unref?.();
    }, budgetMs);
    const finish = (result) => {
      clearTimeout(budgetTimer);
      if (timedOut) {
        // The stage's leader may exit on SIGTERM while what it started does not: finish the job now.
        clearTimeout(killTimer);
        signalTree(child.pid, everything(), 'SIGKILL');
      }
      resolve({ name, ms: Date.now() - started, timedOut, ...result, ok: !timedOut && result.code === 0 });
    };
    child.on('error', (error) => finish({ code: null, signal: null, error: String(error) }));
    child.on('exit', (code, signal) => finish({ code, signal }));
  });
}

/** Ends a running stage's tree at once (the runner itself was interrupted). */
export function killStage(child, signal = 'SIGTERM') {
  if (child?.pid) signalTree(child.pid, descendants(child.pid), signal);
}

/**
 * Runs stages in order and stops at the first failure. `totalBudgetMs` caps the whole run: a stage never gets more
 * than what is left of it. `targetMs` is the time the run should stay under: past it, a loud warning (not a failure).
 * An entry `{ name, together: [stage, ...] }` runs its stages at the same time (short single-threaded checks that
 * would leave the second core idle one after another); each one's output is held and printed whole when it ends, so
 * their logs never interleave, and the group fails if any of them does.
 * @returns {Promise<{ ok: boolean, ms: number, results: object[], failed?: object }>}
 */
export async function runStages(stages, { totalBudgetMs = Infinity, targetMs = Infinity, log = console.log, logError = console.error, ...common } = {}) {
  const started = Date.now();
  const results = [];
  const budgetOf = (stage) => {
    const left = totalBudgetMs - (Date.now() - started);
    const budgetMs = Math.max(0, Math.min(stage.budgetMs, left));
    return { budgetMs, cappedByTotal: budgetMs < stage.budgetMs };
  };
  const failed = (stage, result, { budgetMs, cappedByTotal }) => {
    const why = result.timedOut
      ? `did not finish within its budget of ${seconds(budgetMs)}${cappedByTotal ? ` (the rest of the whole run's budget of ${seconds(totalBudgetMs)})` : ''}; its processes were killed`
      : result.error ?? `exited with ${result.code ?? result.signal}`;
    logError(`\n✗ ${stage.name} FAILED after ${seconds(result.ms)}: ${why}`);
  };
  for (const entry of stages) {
    const group = entry.together ?? [entry];
    const budgets = group.map(budgetOf);
    log(`\n=== ${group.map((stage, i) => `${stage.name} (budget ${seconds(budgets[i].budgetMs)}${budgets[i].cappedByTotal ? `, what is left of the run's ${seconds(totalBudgetMs)}` : ''})`).join(' + ')} ===`);
    const run = (stage, i) => {
      if (!entry.together) return runStage({ ...common, ...stage, budgetMs: budgets[i].budgetMs });
      const output = [];
      const onSpawn = (child) => {
        child.stdout?.on('data', (chunk) => output.push(chunk));
        child.stderr?.on('data', (chunk) => output.push(chunk));
        common.onSpawn?.(child);
      };
      return runStage({ ...common, ...stage, budgetMs: budgets[i].budgetMs, stdio: ['ignore', 'pipe', 'pipe'], onSpawn }).then((result) => {
        log(`\n--- ${stage.name} (${seconds(result.ms)}) ---\n${Buffer.concat(output).toString().trimEnd()}`);
        return result;
      });
    };
    const outcomes = await Promise.all(group.map(run));
    results.push(...outcomes);
    const firstFailure = outcomes.findIndex((result) => !result.ok);
    for (const [i, result] of outcomes.entries()) if (!result.ok) failed(group[i], result, budgets[i]);
    if (firstFailure !== -1) {
      summary(results, started, targetMs, log);
      return { ok: false, ms: Date.now() - started, results, failed: outcomes[firstFailure] };
    }
    for (const result of outcomes) log(`✓ ${result.name} (${seconds(result.ms)})`);
  }
  summary(results, started, targetMs, log);
  return { ok: true, ms: Date.now() - started, results };
}

function summary(results, started, targetMs, log) {
  const ms = Date.now() - started;
  log('\nstage times:');
  for (const r of results) log(`  ${r.ok ? '✓' : '✗'} ${r.name.padEnd(36)} ${seconds(r.ms).padStart(9)}`);
  log(`  total ${' '.repeat(32)} ${seconds(ms).padStart(9)}`);
  if (ms > targetMs) {
    const bar = '!'.repeat(78);
    log(`\n${bar}\n!! the run took ${seconds(ms)}, over its target of ${seconds(targetMs)}: find the stage that grew (times above)\n${bar}`);
  }
}
