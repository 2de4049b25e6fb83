/**
 * Server side of the push fan-out benchmark, run as its own process. MODE=platform: the real platform (in-memory
 * database, the feed running and publishing) plus a publisher that stamps messages on live match channels.
 * MODE=bare: a minimal `ws` server with the same sub protocol and the same publisher, the baseline.
 * Prints `READY <json channels>` once listening; publishes RATE messages/s for as long as it runs.
 * REDIS_URL (and REDIS_PREFIX): the platform relays through Redis, as one of several instances. FOLLOWER=1: it only
 * serves its clients (no feed, no publisher): what the publishing instance sends reaches them through Redis.
 */
import { WebSocketServer, type WebSocket } from 'ws';

const mode = process.env.MODE ?? 'platform';
const port = Number(process.env.PORT ?? 0);
const rate = Number(process.env.RATE ?? 250);
const channelCount = Number(process.env.CHANNELS ?? 200);
const follower = process.env.FOLLOWER === '1';
const redis = process.env.REDIS_URL ? { url: process.env.REDIS_URL, prefix: process.env.REDIS_PREFIX ?? 'bench' } : undefined;

type Publish = (chId: string, data: unknown) => void;

async function platform(): Promise<{ publish: Publish; channels: string[]; port: number }> {
  const { buildMemoryPlatform } = await import('./memory-platform');
  const { app, feed } = await buildMemoryPlatform(
    // Every bench client connects from 127.0.0.1: the per-address limit (20, against one address's connection flood)
    // would turn all but 20 of the 2,000 away.
    (real) => ({ ...real, push: { ...real.push, maxConnectionsPerAddress: 10_000 } }),
    { redis },
  );
  await app.listen({ port, host: '127.0.0.1' });
  // Same seed, same world: a follower lists the same live channels without running the feed.
  if (!follower) feed.start(500);
  const live = feed.matches({ type: 'inplay' }).map((m: { matchId: number }) => m.matchId);
  const channels = live.flatMap((id: number) => [`match:${id}:odds`, `match:${id}:score`]).slice(0, channelCount);
  return { publish: (chId, data) => app.pushHub.publish(chId, data), channels, port: app.server.address().port };
}

async function bare(): Promise<{ publish: Publish; channels: string[]; port: number }> {
  const subscribers = new Map<string, Set<WebSocket>>();
  const seqs = new Map<string, number>();
  const wss = new WebSocketServer({ port, host: '127.0.0.1' });
  await new Promise((resolve) => wss.once('listening', resolve));
  wss.on('connection', (socket) => {
    socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as { cmd: string; channels?: string[] };
      if (frame.cmd !== 'sub') return;
      for (const ch of frame.channels ?? []) {
        if (!subscribers.has(ch)) subscribers.set(ch, new Set());
        subscribers.get(ch)!.add(socket);
      }
    });
    socket.on('close', () => subscribers.forEach((set) => set.delete(socket)));
  });
  const channels = Array.from({ length: channelCount }, (_, i) => `match:${1000 + i}:odds`);
  const publish: Publish = (chId, data) => {
    const seq = (seqs.get(chId) ?? 0) + 1;
    seqs.set(chId, seq);
    const frame = JSON.stringify({ chId, seq, data });
    for (const socket of subscribers.get(chId) ?? []) socket.send(frame);
  };
  return { publish, channels, port: (wss.address() as { port: number }).port };
}

async function main() {
  const server = mode === 'bare' ? await bare() : await platform();
  process.stdout.write(`READY ${JSON.stringify({ port: server.port, channels: server.channels })}\n`);
  if (follower) return;
  // Publish in small batches every 10 ms so the rate holds without a timer per message.
  let next = 0;
  const perTick = rate / 100;
  let carry = 0;
  setInterval(() => {
    carry += perTick;
    for (; carry >= 1; carry -= 1) {
      const chId = server.channels[next++ % server.channels.length]!;
      server.publish(chId, { bench: Date.now(), odds: [{ type: 'home', odd: '1.950' }, { type: 'away', odd: '1.870' }] });
    }
  }, 10);
}

void main();
