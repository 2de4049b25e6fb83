/**
 * Client side of the chat fan-out benchmark, run as its own process: one socket per token joins the room; after a
 * warm-up, SENDERS of them send RATE messages/s in all for DURATION_MS, each stamped with its send time. Every
 * socket counts the messages it receives and the send-to-receive delay of each. Prints one JSON line.
 */
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';

const port = Number(process.env.PORT);
const room = Number(process.env.ROOM ?? 8001);
const tokens = JSON.parse(readFileSync(process.env.TOKENS_FILE ?? '', 'utf8')) as string[];
const senders = Number(process.env.SENDERS ?? 20);
const rate = Number(process.env.RATE ?? 100);
const warmupMs = Number(process.env.WARMUP_MS ?? 3000);
const durationMs = Number(process.env.DURATION_MS ?? 20000);
const STAMP = '"text":"b:';

async function main() {
  const sockets: WebSocket[] = [];
  let joined = 0;
  let delivered = 0;
  let sent = 0;
  let acked = 0;
  let refused = 0;
  const delays: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const socket = new WebSocket(`ws://127.0.0.1:${port}/chat${token ? `?token=${token}` : ''}`);
    sockets.push(socket);
    socket.on('message', (raw) => {
      const text = String(raw);
      let at = text.indexOf(STAMP);
      if (at >= 0) {
        const now = Date.now();
        // A frame carries every message of the room's fan-out window.
        for (; at >= 0; at = text.indexOf(STAMP, at + 1)) {
          delivered++;
          delays.push(now - Number(text.slice(at + STAMP.length, text.indexOf('"', at + STAMP.length))));
        }
      } else if (text.startsWith('{"cmd":"joined"')) joined++;
      else if (text.startsWith('{"cmd":"ack"')) acked++;
      else if (text.startsWith('{"cmd":"error"')) refused++;
    });
    socket.on('open', () => socket.send(JSON.stringify({ cmd: 'join', roomId: room })));
    socket.on('error', () => undefined);
    // Handshakes in batches so the server is not flooded by 2,000 at once.
    if (i % 200 === 199) await new Promise((r) => setTimeout(r, 100));
  }
  const joinBy = Date.now() + 60_000;
  while (joined < tokens.length && Date.now() < joinBy) await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, warmupMs));

  // One message per tick from the next sender: RATE per second in all, without a timer per message.
  const tickMs = 1000 / rate;
  const start = Date.now();
  let next = 0;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(Math.floor((Date.now() - start) / tickMs) + 1, Math.round((durationMs / 1000) * rate));
      for (; sent < due; sent++) {
        const socket = sockets[next++ % senders]!;
        socket.send(JSON.stringify({ cmd: 'send', ref: String(sent), roomId: room, kind: 'text', text: `b:${Date.now()}` }));
      }
      if (Date.now() - start >= durationMs) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  // Let the last messages arrive.
  const expected = sent * joined;
  const drainBy = Date.now() + 10_000;
  while (delivered < expected && Date.now() < drainBy) await new Promise((r) => setTimeout(r, 50));
  delays.sort((a, b) => a - b);
  const q = (p: number) => delays[Math.min(delays.length - 1, Math.floor(p * delays.length))] ?? NaN;
  process.stdout.write(
    `${JSON.stringify({ joined, sent, acked, refused, delivered, expected, perSecond: Math.round(delivered / (durationMs / 1000)), p50: q(0.5), p99: q(0.99), max: delays.at(-1) })}\n`,
  );
  for (const s of sockets) s.terminate();
  process.exit(0);
}

void main();
