/**
 * Client side of the push fan-out benchmark, run as its own process: CLIENTS sockets each subscribe to PER_CLIENT
 * of the server's channels, then for DURATION_MS count every frame and the delay of each stamped one.
 * Prints one JSON line with the figures. PORTS (a comma list) splits the clients over several instances in turn.
 */
import WebSocket from 'ws';

const ports = (process.env.PORTS ?? process.env.PORT ?? '').split(',').map(Number);
const channels = JSON.parse(process.env.CHANNEL_LIST ?? '[]') as string[];
const clients = Number(process.env.CLIENTS ?? 2000);
const perClient = Number(process.env.PER_CLIENT ?? 20);
const warmupMs = Number(process.env.WARMUP_MS ?? 3000);
const durationMs = Number(process.env.DURATION_MS ?? 10000);

async function main() {
  const sockets: WebSocket[] = [];
  let measuring = false;
  let delivered = 0;
  /** Frames delivered by each instance of PORTS: every half must get its share, not only the publisher's. */
  const perInstance = ports.map(() => 0);
  const delays: number[] = [];
  for (let i = 0; i < clients; i++) {
    const socket = new WebSocket(`ws://127.0.0.1:${ports[i % ports.length]}/push`);
    sockets.push(socket);
    socket.on('message', (raw) => {
      if (!measuring) return;
      delivered++;
      perInstance[i % ports.length]! += 1;
      const text = String(raw);
      const at = text.indexOf('"bench":');
      if (at >= 0) delays.push(Date.now() - Number(text.slice(at + 8, text.indexOf(',', at))));
    });
    socket.on('open', () => {
      const mine = Array.from({ length: perClient }, (_, j) => channels[(i * 7 + j * 13) % channels.length]!);
      socket.send(JSON.stringify({ cmd: 'sub', channels: [...new Set(mine)] }));
    });
    socket.on('error', () => undefined);
    // Open sockets in batches so the server is not flooded by 2,000 handshakes at once.
    if (i % 200 === 199) await new Promise((r) => setTimeout(r, 50));
  }
  // On a loaded machine 2,000 handshakes take longer than the warm-up: wait for them (up to 30 s), so every run measures
  // the same number of clients.
  const openNow = () => sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
  for (const until = Date.now() + 30_000; openNow() < clients && Date.now() < until; ) await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, warmupMs));
  const open = openNow();
  const openPerInstance = ports.map((_, p) => sockets.filter((s, i) => i % ports.length === p && s.readyState === WebSocket.OPEN).length);
  measuring = true;
  await new Promise((r) => setTimeout(r, durationMs));
  measuring = false;
  delays.sort((a, b) => a - b);
  const q = (p: number) => delays[Math.min(delays.length - 1, Math.floor(p * delays.length))] ?? NaN;
  process.stdout.write(`${JSON.stringify({ open, delivered, perSecond: Math.round(delivered / (durationMs / 1000)), p50: q(0.5), p99: q(0.99), samples: delays.length, perInstance, openPerInstance })}\n`);
  for (const s of sockets) s.terminate();
  process.exit(0);
}

void main();
