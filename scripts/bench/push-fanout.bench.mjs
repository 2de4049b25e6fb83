// Push fan-out: 2,000 websocket clients each subscribed to 20 live-match channels while the feed runs and a
// publisher stamps messages on those channels. Prints messages delivered per second and the p99 delivery delay
// for the platform's /push, then the same load on a bare `ws` broadcast loop, and the ratio.
// Targets (issue 3): at least 50,000 messages/s delivered with p99 under 100 ms.
import { child, firstLine } from './support/children.mjs';

const RATE = 250; // publishes per second; each reaches ~200 subscribers: 2,000 clients x 20 channels / 200 channels


async function run(mode) {
  const server = child('push-server.ts', { MODE: mode, PORT: '0', RATE: String(RATE), CHANNELS: '200', LOG_LEVEL: 'silent' });
  try {
    const { port, channels } = JSON.parse(await firstLine(server, 'READY '));
    const clients = child('push-clients.ts', { PORT: String(port), CHANNEL_LIST: JSON.stringify(channels), CLIENTS: '2000', PER_CLIENT: '20' });
    return JSON.parse(await firstLine(clients));
  } finally {
    server.kill();
  }
}

const platform = await run('platform');
console.log(`platform /push: ${platform.perSecond.toLocaleString('en')} msg/s delivered, p50 ${platform.p50} ms, p99 ${platform.p99} ms (${platform.open} clients) — target ≥ 50,000 msg/s and p99 < 100 ms ${platform.perSecond >= 50000 && platform.p99 < 100 ? '✓' : '✗'}`);
const bare = await run('bare');
console.log(`bare ws loop:   ${bare.perSecond.toLocaleString('en')} msg/s delivered, p50 ${bare.p50} ms, p99 ${bare.p99} ms (${bare.open} clients)`);
console.log(`ratio platform/bare: ${(platform.perSecond / bare.perSecond).toFixed(2)} (throughput), ${(platform.p99 / Math.max(1, bare.p99)).toFixed(2)} (p99 delay)`);
