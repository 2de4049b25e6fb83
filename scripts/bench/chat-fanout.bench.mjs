// Chat fan-out: 2,000 members connected to /chat in one room while 20 of them send 100 messages/s in all for 20 s.
// Prints messages delivered per second, the p99 send-to-receive delay (the sender's stamp to each member's receipt,
// through the platform's rules, database write and hub), then the same load on a bare `ws` broadcast of the same
// bytes, and the ratio. Targets (issue 15): every message delivered, p99 under 200 ms, ratio at least 0.7.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { child, firstLine } from './support/children.mjs';

const MEMBERS = 2000;


async function run(mode) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sport-pc-chat-bench-'));
  const tokensFile = path.join(dir, 'tokens.json');
  const server = child('chat-server.ts', { MODE: mode, PORT: '0', MEMBERS: String(MEMBERS), TOKENS_FILE: tokensFile, LOG_LEVEL: 'silent' });
  try {
    const { port, room } = JSON.parse(await firstLine(server, 'READY '));
    const clients = child('chat-clients.ts', { PORT: String(port), ROOM: String(room), TOKENS_FILE: tokensFile, SENDERS: '20', RATE: '100', DURATION_MS: '20000' });
    return JSON.parse(await firstLine(clients));
  } finally {
    server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

const describe = (r) =>
  `${r.perSecond.toLocaleString('en')} msg/s delivered (${r.delivered.toLocaleString('en')} of ${r.expected.toLocaleString('en')}; ${r.sent} sent, ${r.acked} acknowledged), p50 ${r.p50} ms, p99 ${r.p99} ms, max ${r.max} ms (${r.joined} members)`;

const platform = await run('platform');
const allDelivered = platform.delivered === platform.expected && platform.acked === platform.sent && platform.joined === MEMBERS;
console.log(`platform /chat: ${describe(platform)} — target every message delivered and p99 < 200 ms ${allDelivered && platform.p99 < 200 ? '✓' : '✗'}`);
const bare = await run('bare');
console.log(`bare ws loop:   ${describe(bare)}`);
const ratio = platform.perSecond / bare.perSecond;
console.log(`ratio platform/bare: ${ratio.toFixed(2)} (throughput; target ≥ 0.7 ${ratio >= 0.7 ? '✓' : '✗'}), ${(platform.p99 / Math.max(1, bare.p99)).toFixed(2)} (p99 delay)`);
