// Child processes of the fan-out benches: a TypeScript script of this folder run with tsx, and the first line it
// prints (its READY line or its result), so a bench can start a server, then its clients, and read their figures.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Runs support/<script> with tsx and these extra environment variables; stdout is piped for firstLine, and stdin too
 * with `{ stdin: true }` (a bench that tells its child when to start or stop).
 */
export function child(script, env, { stdin = false } = {}) {
  return spawn(process.execPath, ['--import', 'tsx', path.join(here, script)], { env: { ...process.env, ...env }, stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'inherit'] });
}

/** The rest of the first line the child prints that starts with `prefix`; fails if the child exits first. */
export function firstLine(proc, prefix = '') {
  return new Promise((resolve, reject) => {
    let buffer = '';
    proc.stdout.on('data', (chunk) => {
      buffer += chunk;
      const line = buffer.split('\n').find((l) => l.startsWith(prefix) && buffer.includes('\n'));
      if (line) resolve(line.slice(prefix.length).trim());
    });
    proc.on('exit', (code) => reject(new Error(`${prefix || 'child'} exited with ${code}`)));
  });
}
