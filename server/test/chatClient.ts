import { crc32, deflateSync } from 'node:zlib';
import WebSocket from 'ws';

/**
 * A /chat client for tests: queues what it receives so a test can await frames in order. Room frames are split into
 * one entry per event (`data` is the event), so a test need not care which fan-out window an event fell into.
 */
export interface ChatTestClient {
  ws: WebSocket;
  closed: Promise<{ code: number; reason: string }>;
  send(frame: unknown): void;
  /** The next frame (optionally the next one matching), within FRAME_WAIT_MS. */
  next(match?: (m: any) => boolean): Promise<any>;
  /** Sends a ping and waits for its pong: everything sent before was handled. */
  sync(): Promise<void>;
  /** Frames received and not yet taken. */
  pending(): any[];
}

/** How long a test waits for a frame: generous, because a busy 2-core machine delays everything. */
const FRAME_WAIT_MS = 15_000;

export function openChat(port: number, query = '', options: WebSocket.ClientOptions = {}): ChatTestClient {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/chat${query}`, options);
  const queue: any[] = [];
  const waiters: Array<{ match: (m: any) => boolean; resolve: (m: any) => void }> = [];
  const take = (message: any) => {
    const at = waiters.findIndex((w) => w.match(message));
    if (at >= 0) waiters.splice(at, 1)[0]!.resolve(message);
    else queue.push(message);
  };
  ws.on('message', (raw) => {
    const message = JSON.parse(raw.toString());
    // A room frame carries the events of one fan-out window; tests take them one by one, each with the frame's chId and seq.
    if (Array.isArray(message.data?.events)) for (const event of message.data.events) take({ ...message, data: event });
    else take(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  ws.on('error', () => undefined);
  const client: ChatTestClient = {
    ws,
    closed,
    send(frame) {
      const text = typeof frame === 'string' ? frame : JSON.stringify(frame);
      if (ws.readyState === WebSocket.OPEN) ws.send(text);
      else ws.once('open', () => ws.send(text));
    },
    next(match = () => true) {
      const at = queue.findIndex(match);
      if (at >= 0) return Promise.resolve(queue.splice(at, 1)[0]);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching frame within ${FRAME_WAIT_MS / 1000} s; queued: ${JSON.stringify(queue).slice(0, 500)}`)), FRAME_WAIT_MS);
        waiters.push({
          match,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    async sync() {
      client.send({ cmd: 'ping' });
      await client.next((m) => m.cmd === 'pong');
    },
    pending: () => queue,
  };
  return client;
}

/** A real PNG of the given size (one grey row repeated), for uploads. */
export function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const rows = Math.min(height, 64);
  const raw = Buffer.alloc(rows * (width + 1), 0x80);
  for (let r = 0; r < rows; r++) raw[r * (width + 1)] = 0;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
