/**
 * Server side of the chat fan-out benchmark, run as its own process. MODE=platform: the real platform (in-memory
 * database) with MEMBERS members and a chat token each, written to TOKENS_FILE. MODE=bare: a minimal `ws` server
 * that answers the same join and send frames and broadcasts the same bytes (the room's messages of a 50 ms window in
 * one frame, built once), the baseline. Prints `READY <json>` once listening.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { hashToken } from '../../../server/src/members/auth';

const mode = process.env.MODE ?? 'platform';
const port = Number(process.env.PORT ?? 0);
const members = Number(process.env.MEMBERS ?? 2000);
const tokensFile = process.env.TOKENS_FILE ?? '';
const ROOM = 8001;

async function platform(): Promise<number> {
  const { buildMemoryPlatform } = await import('./memory-platform');
  const { app, db } = await buildMemoryPlatform(
    // The load is 100 messages/s from 20 members: lift the per-member rate limit, and the client frame limits (issue 29:
    // all 2,000 members join from the bench's one address, 5 frames' worth a join, and each sender sends 5 a second,
    // over a connection's 2), keep every other rule.
    (real) => ({
      ...real,
      chat: {
        ...real.chat,
        rateLimit: { messages: 1000, perSeconds: 1 },
        tokenTtlSeconds: 3600,
        frameLimits: { ...real.chat.frameLimits, perConnection: { burst: 1000, perMinute: 100_000 }, perAddress: { burst: 100_000, perMinute: 100_000 } },
      },
    }),
    { dataDir: path.join(tmpdir(), 'sport-pc-bench-chat') },
  );
  await app.ready();
  // Members are inserted directly: signing 2,000 in through scrypt would take minutes and measures nothing here.
  const now = Date.now();
  const rows = Array.from({ length: members }, (_, i) => ({ username: `bench${i}`, password_hash: 'x', nickname: `Bench ${i}`, currency: 'CNY', vip_level: i % 11, created_at: now }));
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db.insertInto('members').values(rows.slice(i, i + 500)).returning('id').execute();
    ids.push(...inserted.map((r: { id: number }) => Number(r.id)));
  }
  // A chat token is bound to the session that asked for it (issue 29): each member gets a session the same way.
  const sessions = ids.map((id) => ({ id, token: randomBytes(24).toString('hex') }));
  for (let i = 0; i < sessions.length; i += 500) {
    await db
      .insertInto('sessions')
      .values(sessions.slice(i, i + 500).map(({ id, token }) => ({ token_hash: hashToken(token), member_id: id, created_at: now, expires_at: now + 86_400_000, revoked_at: null })))
      .execute();
  }
  const tokens: string[] = [];
  for (const { id, token } of sessions) tokens.push((await app.chat.issueToken(id, token)).token);
  writeFileSync(tokensFile, JSON.stringify(tokens));
  await app.listen({ port, host: '127.0.0.1' });
  return app.server.address().port;
}

async function bare(): Promise<number> {
  const wss = new WebSocketServer({ port, host: '127.0.0.1', path: '/chat' });
  await new Promise((resolve) => wss.once('listening', resolve));
  writeFileSync(tokensFile, JSON.stringify(Array.from({ length: members }, () => '')));
  const room = new Set<WebSocket>();
  let seq = 0;
  let id = 0;
  // The platform's framing: the room's events of one 50 ms window in one frame, serialised once for every member.
  let pending: object[] = [];
  const flush = () => {
    const out = JSON.stringify({ chId: `chat:room:${ROOM}`, seq: ++seq, epoch: 'bare0000000', data: { events: pending } });
    pending = [];
    for (const member of room) member.send(out);
  };
  wss.on('connection', (socket) => {
    socket.send(JSON.stringify({ cmd: 'hello', uid: 0, nickname: '' }));
    socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as { cmd: string; ref?: string; text?: string };
      if (frame.cmd === 'join') {
        room.add(socket);
        socket.send(JSON.stringify({ cmd: 'joined', roomId: ROOM, chId: `chat:room:${ROOM}`, messages: [] }));
      } else if (frame.cmd === 'send') {
        const createdAt = Date.now();
        const message = { id: String(++id), roomId: ROOM, kind: 'text', uid: 1, nickname: 'Bench 1', vipLevel: 1, titleId: null, userType: 0, text: frame.text, createdAt };
        if (pending.length === 0) setTimeout(flush, 50);
        pending.push({ kind: 'message', message });
        socket.send(JSON.stringify({ cmd: 'ack', ref: frame.ref, id: message.id, createdAt }));
      }
    });
    socket.on('close', () => room.delete(socket));
  });
  return (wss.address() as { port: number }).port;
}

async function main() {
  const listening = mode === 'bare' ? await bare() : await platform();
  process.stdout.write(`READY ${JSON.stringify({ port: listening, room: ROOM })}\n`);
}

void main();
