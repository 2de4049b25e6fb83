// CPU time of processes from /proc/<pid>/stat (Linux), for benches that report CPU beside wall time: CPU per unit of
// work stays comparable when other jobs load the machine, where throughput and latency do not.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** comm, parent pid, process group and CPU ticks (user + system) of a process; undefined once it is gone. */
export function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const fields = text.slice(close + 2).split(' ');
    // After "pid (comm) ": state is field 3 of the man page, so ppid (4), pgrp (5), utime (14) and stime (15) are at
    // 1, 2, 11 and 12 here.
    return { comm: text.slice(text.indexOf('(') + 1, close), ppid: Number(fields[1]), pgrp: Number(fields[2]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

/** The living processes of /proc with their stat. */
export function processes() {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => ({ pid: Number(name), ...stat(Number(name)) }))
    .filter((p) => p.ticks !== undefined);
}

/**
 * CPU seconds used so far by a process and every living descendant (a server and the workers it forked; PostgreSQL's
 * backends each lead a process group of their own, so the tree is followed by parent, not by group).
 */
export function treeCpuSeconds(root) {
  const all = processes();
  const inTree = new Set([root]);
  // Parents come before their children in pid order only mostly (pids wrap): repeat until nothing is added.
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) {
      if (!inTree.has(p.pid) && inTree.has(p.ppid)) {
        inTree.add(p.pid);
        grew = true;
      }
    }
  }
  return all.filter((p) => inTree.has(p.pid)).reduce((sum, p) => sum + p.ticks, 0) / ticksPerSecond;
}

/** CPU seconds used so far by one process (all its threads). */
export function cpuSeconds(pid) {
  return (stat(pid)?.ticks ?? Number.NaN) / ticksPerSecond;
}

/**
 * User and system CPU seconds of a server process and its children (PostgreSQL's postmaster and the backends it forked,
 * which start sessions of their own, so their process group differs), including children that already ended; undefined
 * where /proc is not there to read.
 */
export function serverCpu(pid) {
  let user = 0;
  let system = 0;
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue; // ended while listing
      }
      // Fields after the command name (which may hold spaces and parentheses): state, ppid, pgrp, ... utime is the 12th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(entry) !== pid && Number(fields[1]) !== pid) continue;
      user += Number(fields[11]) + Number(fields[13]);
      system += Number(fields[12]) + Number(fields[14]);
    }
  } catch {
    return undefined;
  }
  return { user: user / ticksPerSecond, system: system / ticksPerSecond };
}

/**
 * The whole machine's CPU seconds so far from /proc/stat's first line: busy (every process, this machine's other jobs
 * too) and idle (idle + iowait), summed over the cores; undefined where /proc is not there to read.
 */
export function machineCpu() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already inside user).
    const idle = fields[3] + fields[4];
    const busy = fields[0] + fields[1] + fields[2] + fields[5] + fields[6] + fields[7];
    return { busy: busy / ticksPerSecond, idle: idle / ticksPerSecond };
  } catch {
    return undefined;
  }
}
