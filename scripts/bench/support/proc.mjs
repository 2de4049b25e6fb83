// CPU of a process from /proc/<pid>/stat (Linux), for benches that measure a child's work rather than wall time
// (steadier on a machine other jobs share).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** comm, parent pid and CPU ticks (user + system) of a process; undefined once it is gone. */
export function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const fields = text.slice(close + 2).split(' ');
    // After "pid (comm) ": state is field 3 of the man page, so utime (14) and stime (15) are at 11 and 12 here.
    return { comm: text.slice(text.indexOf('(') + 1, close), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}
