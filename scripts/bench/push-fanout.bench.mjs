// Push fan-out: 2,000 websocket clients each subscribed to 20 live-match channels while the feed runs and a
// publisher stamps messages on those channels. Prints messages delivered per second and the p99 delivery delay
// for the platform's /push, then the same load on a bare `ws` broadcast loop, and the ratio.
// Then several instances (issue 19): the same 2,000 clients split over two platform instances sharing a throwaway
// Redis (scripts/services.mjs); one runs the feed and the publisher, so what reaches the other's clients went through
// Redis. Also one instance through Redis, to tell Redis' own cost from the second instance's. Ratios to one instance.
// Targets (issue 3): at least 50,000 messages/s delivered with p99 under 100 ms.
import { randomBytes } from 'node:crypto';
import { startRedis } from '../services.mjs';
import { child, firstLine } from './support/children.mjs';

const RATE = 250; // publishes per second; each reaches ~200 subscribers: 2,000 clients x 20 channels / 200 channels
const SERVER_ENV = { PORT: '0', RATE: String(RATE), CHANNELS: '200', LOG_LEVEL: 'silent' };

/** Starts the servers (the first publishes), then the clients spread over all of them; the clients' figures. */
async function run(servers) {
  const started = servers.map((env) => child('push-server.ts', { ...SERVER_ENV, ...env }));
  try {
    const ready = await Promise.all(started.map(async (server) => JSON.parse(await firstLine(server, 'READY '))));
    const clients = child('push-clients.ts', { PORTS: ready.map((r) => r.port).join(','), CHANNEL_LIST: JSON.stringify(ready[0].channels), CLIENTS: '2000', PER_CLIENT: '20' });
    return JSON.parse(await firstLine(clients));
  } finally {
    for (const server of started) server.kill();
  }
}

const line = (name, r) => `${name} ${r.perSecond.toLocaleString('en')} msg/s delivered, p50 ${r.p50} ms, p99 ${r.p99} ms (${r.open} clients)`;

const platform = await run([{ MODE: 'platform' }]);
console.log(`${line('platform /push:', platform)} — target ≥ 50,000 msg/s and p99 < 100 ms ${platform.perSecond >= 50000 && platform.p99 < 100 ? '✓' : '✗'}`);
const bare = await run([{ MODE: 'bare' }]);
console.log(line('bare ws loop:  ', bare));
console.log(`ratio platform/bare: ${(platform.perSecond / bare.perSecond).toFixed(2)} (throughput), ${(platform.p99 / Math.max(1, bare.p99)).toFixed(2)} (p99 delay)`);

const redis = await startRedis({ log: () => undefined });
try {
  const viaRedis = (extra = {}) => ({ MODE: 'platform', REDIS_URL: redis.url, REDIS_PREFIX: `bench-${randomBytes(4).toString('hex')}`, ...extra });
  const one = await run([viaRedis()]);
  console.log(line('1 instance through Redis: ', one));
  const prefix = viaRedis().REDIS_PREFIX;
  const two = await run([viaRedis({ REDIS_PREFIX: prefix }), viaRedis({ REDIS_PREFIX: prefix, FOLLOWER: '1' })]);
  const perClient = two.perInstance.map((n, i) => n / Math.max(1, two.openPerInstance[i]));
  console.log(
    `${line('2 instances through Redis:', two)}; frames per open client: ${perClient.map((n) => Math.round(n).toLocaleString('en')).join(' (publisher) / ')} (follower)`,
  );
  // Each instance serves half the clients, all subscribed alike: a half far short of the other missed the relay.
  if (Math.min(...perClient) < 0.8 * Math.max(...perClient)) {
    console.error('push-fanout: the follower instance delivered far less than the publishing one: Redis did not relay');
    process.exitCode = 1;
  }
  console.log(
    `ratio 2 instances/1 instance (no Redis): ${(two.perSecond / platform.perSecond).toFixed(2)} (throughput), ${(two.p99 / Math.max(1, platform.p99)).toFixed(2)} (p99 delay); ` +
      `2 instances/1 instance through Redis: ${(two.perSecond / one.perSecond).toFixed(2)}, ${(two.p99 / Math.max(1, one.p99)).toFixed(2)}`,
  );
} finally {
  await redis.stop();
}
