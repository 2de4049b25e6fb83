/**
 * Client side of the cash-out offer benchmark (offers.bench.mjs), run as its own process: one /push socket per member
 * of MEMBERS_FILE, signed in as that member and subscribed to their offer channel. Prints `SUBSCRIBED <json>` once
 * every socket has its subscription (a pong after the sub frame), then notes the arrival time of every offer message;
 * on `END` (stdin) writes those times (epoch ms) to ARRIVALS_FILE and prints `RESULT <json>` with their count.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import WebSocket from 'ws';

const port = Number(process.env.PORT);
const members = JSON.parse(readFileSync(String(process.env.MEMBERS_FILE), 'utf8')) as Array<{ uid: number; token: string }>;

async function main() {
  const arrivals: number[] = [];
  let offers = 0;
  let ready = 0;
  const sockets: WebSocket[] = [];
  for (let i = 0; i < members.length; i++) {
    const { uid, token } = members[i]!;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/push`);
    sockets.push(socket);
    let subscribed = false;
    socket.on('open', () => {
      socket.send(JSON.stringify({ cmd: 'auth', token }));
      socket.send(JSON.stringify({ cmd: 'sub', channels: [`member:${uid}:cashOut`] }));
      socket.send(JSON.stringify({ cmd: 'ping' }));
    });
    socket.on('message', (raw) => {
      const text = String(raw);
      if (text.startsWith('{"chId"')) {
        arrivals.push(Date.now());
        offers += (JSON.parse(text) as { data: { offers: unknown[] } }).data.offers.length;
      } else if (!subscribed && text.includes('"pong"')) {
        subscribed = true;
        ready++;
      } else if (text.includes('"error"')) {
        process.stderr.write(`offers-clients: member ${uid}: ${text}\n`);
      }
    });
    socket.on('error', () => undefined);
    // Open sockets in batches so the server is not flooded by 2,000 handshakes at once.
    if (i % 200 === 199) await new Promise((r) => setTimeout(r, 50));
  }
  for (const until = Date.now() + 60_000; ready < members.length && Date.now() < until; ) await new Promise((r) => setTimeout(r, 50));
  process.stdout.write(`SUBSCRIBED ${JSON.stringify({ subscribed: ready })}\n`);
  await new Promise<void>((resolve) => createInterface({ input: process.stdin }).on('line', (line) => line.trim() === 'END' && resolve()));
  writeFileSync(String(process.env.ARRIVALS_FILE), JSON.stringify(arrivals));
  for (const s of sockets) s.terminate();
  // Exits once the line is out: a pipe is written asynchronously.
  process.stdout.write(`RESULT ${JSON.stringify({ messages: arrivals.length, offers })}\n`, () => process.exit(0));
}

void main();
