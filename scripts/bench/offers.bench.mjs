// Cash-out offers pushed as prices move (issue 33): 2,000 members, each with an open bet and a /push socket signed in
// and subscribed to their offer channel (member:<uid>:cashOut); the platform reprices the home win of all 20 matches
// at once, 12 times 1.5 s apart (past the 1 s a bet waits between two messages), so every round changes every
// member's offer. Prints the messages/s delivered, the time from a price change to the last member's message
// (median and p99 over the rounds) and to each message (median, p99), and the platform's CPU per round.
// Target: every member's new offer within a second of the price change.
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { child } from './support/children.mjs';

const MEMBERS = 2000;
const MATCHES = 20;
const ROUNDS = 12;
const INTERVAL_MS = 1500;

/** Every line a child prints, and a wait for the next one that starts with a prefix. */
function lines(proc, name) {
  const seen = [];
  const waiters = [];
  createInterface({ input: proc.stdout }).on('line', (line) => {
    seen.push(line);
    for (const w of [...waiters]) if (line.startsWith(w.prefix)) (waiters.splice(waiters.indexOf(w), 1), w.resolve(line.slice(w.prefix.length).trim()));
  });
  proc.on('exit', (code) => {
    for (const w of waiters.splice(0)) w.reject(new Error(`${name} exited with ${code} before ${w.prefix}`));
  });
  return {
    seen,
    next: (prefix) => new Promise((resolve, reject) => waiters.push({ prefix, resolve, reject })),
  };
}

const quantile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;

const server = child('offers-server.ts', { MEMBERS: String(MEMBERS), MATCHES: String(MATCHES), ROUNDS: String(ROUNDS), INTERVAL_MS: String(INTERVAL_MS), LOG_LEVEL: 'silent' }, { stdin: true });
const serverOut = lines(server, 'offers-server');
let clients;
const arrivalsFile = path.join(tmpdir(), `offers-bench-arrivals-${process.pid}.json`);
try {
  const setUpAt = Date.now();
  const ready = JSON.parse(await serverOut.next('READY '));
  console.log(`set-up: ${MEMBERS.toLocaleString('en')} members with an open bet on ${ready.markets} matches in ${((Date.now() - setUpAt) / 1000).toFixed(1)} s`);
  clients = child('offers-clients.ts', { PORT: String(ready.port), MEMBERS_FILE: ready.membersFile, ARRIVALS_FILE: arrivalsFile }, { stdin: true });
  const clientOut = lines(clients, 'offers-clients');
  const { subscribed } = JSON.parse(await clientOut.next('SUBSCRIBED '));
  if (subscribed < MEMBERS) throw new Error(`only ${subscribed} of ${MEMBERS} members subscribed`);

  server.stdin.write('GO\n');
  const done = JSON.parse(await serverOut.next('DONE '));
  // The last round's messages: the platform waits a whole interval after it before DONE.
  clients.stdin.write('END\n');
  const { offers } = JSON.parse(await clientOut.next('RESULT '));
  const arrivals = JSON.parse(readFileSync(arrivalsFile, 'utf8'));
  const changes = serverOut.seen.filter((l) => l.startsWith('CHANGE ')).map((l) => Number(l.slice(7)));

  const toLast = [];
  const each = [];
  let missing = 0;
  changes.forEach((at, r) => {
    const end = changes[r + 1] ?? Number.POSITIVE_INFINITY;
    const mine = arrivals.filter((t) => t >= at && t < end);
    if (mine.length < MEMBERS) missing += MEMBERS - mine.length;
    if (mine.length > 0) toLast.push(Math.max(...mine) - at);
    for (const t of mine) each.push(t - at);
  });
  toLast.sort((a, b) => a - b);
  each.sort((a, b) => a - b);
  const seconds = done.wallSeconds;
  console.log(`messages: ${arrivals.length.toLocaleString('en')} (${offers.toLocaleString('en')} offers) in ${seconds.toFixed(1)} s: ${Math.round(arrivals.length / seconds).toLocaleString('en')} msg/s; ${missing} member-rounds without a message`);
  console.log(`price change -> last member's message: median ${quantile(toLast, 0.5)} ms, p99 ${quantile(toLast, 0.99)} ms (${toLast.length} rounds)`);
  console.log(`price change -> each message: median ${quantile(each, 0.5)} ms, p99 ${quantile(each, 0.99)} ms`);
  console.log(
    `platform CPU: ${done.cpuSeconds.toFixed(2)} s over ${seconds.toFixed(1)} s (${((100 * done.cpuSeconds) / seconds).toFixed(1)} % of a core), ` +
      `${((1000 * done.cpuSeconds) / ROUNDS).toFixed(0)} ms per round of ${MEMBERS.toLocaleString('en')} offers; priced ${done.stats.priced.toLocaleString('en')}, published ${done.stats.messages.toLocaleString('en')}`,
  );
  const p99 = quantile(toLast, 0.99);
  console.log(`target: every member's offer within 1,000 ms of the price change ${p99 < 1000 && missing === 0 ? '✓' : '✗'}`);
  if (missing > 0) process.exitCode = 1;
} finally {
  server.kill();
  clients?.kill();
  rmSync(arrivalsFile, { force: true });
}
