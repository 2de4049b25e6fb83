import { z } from 'zod';
import type { Clock } from '../clock';
import { formatZodError, installZodMessages } from '../validation/issues';

installZodMessages();

/**
 * The push hub behind the `/push` websocket: clients subscribe to channels, the platform publishes
 * to a channel, every subscriber gets `{ chId, seq, data }`. `seq` counts up from 1 per channel for
 * every publish (with or without subscribers), so a client that sees a gap knows it missed
 * something and refetches.
 *
 * Channel names in use (keep this list current when adding publishers):
 * - `match:<matchId>:score`  score, clock and period of one match
 * - `match:<matchId>:odds`   market and odds changes of one match
 * - `football:tec`           football technical statistics (spec: "football tec")
 * - `football:js1`           football event stream (spec: "football js1")
 * - `lineup:status`          line-up status updates (spec: "line-up status update")
 *
 * Client frames: `{ cmd: 'sub', channels: [...] }`, `{ cmd: 'unsub', channels: [...] }`,
 * `{ cmd: 'ping' }` (answered `{ cmd: 'pong', t }`). A bad frame is answered
 * `{ cmd: 'error', msg }` and otherwise ignored.
 */

/** The part of a `ws` WebSocket the hub uses; tests pass a fake. */
export interface PushSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface PushHubStats {
  /** Connected clients. */
  clients: number;
  /** Channels with at least one subscriber. */
  channels: number;
}

export interface PushHub {
  attach(socket: PushSocket): void;
  /** Sends to every subscriber of the channel and returns the seq it assigned. */
  publish(chId: string, data: unknown): number;
  /** The last seq assigned on a channel (0 before its first publish). */
  currentSeq(chId: string): number;
  stats(): PushHubStats;
  /** Closes every client (server shutdown). */
  close(): void;
}

interface Logger {
  warn(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
}

const OPEN = 1;
/** RFC 6455 "Try Again Later": the server dropped the client because it fell behind. */
export const CLOSE_SLOW_CONSUMER = 1013;
export const CLOSE_GOING_AWAY = 1001;

export const CHANNEL_NAME = /^[A-Za-z0-9][A-Za-z0-9:_.-]{0,127}$/;

const channelList = z
  .array(z.string().regex(CHANNEL_NAME, { error: 'expected a channel name of letters, digits and ":_.-" (at most 128)' }))
  .min(1)
  .max(1000);

const frameSchema = z.discriminatedUnion('cmd', [
  z.object({ cmd: z.literal('sub'), channels: channelList }),
  z.object({ cmd: z.literal('unsub'), channels: channelList }),
  z.object({ cmd: z.literal('ping') }),
]);

interface Client {
  socket: PushSocket;
  channels: Set<string>;
  closed: boolean;
}

export function createPushHub({
  clock,
  maxBufferedBytes,
  maxChannelsPerClient = 500,
  log,
}: {
  clock: Clock;
  maxBufferedBytes: number;
  maxChannelsPerClient?: number;
  log?: Logger;
}): PushHub {
  const clients = new Set<Client>();
  const subscribers = new Map<string, Set<Client>>();
  const seqs = new Map<string, number>();

  function detach(client: Client): void {
    if (client.closed) return;
    client.closed = true;
    clients.delete(client);
    for (const chId of client.channels) {
      const subs = subscribers.get(chId);
      subs?.delete(client);
      if (subs && subs.size === 0) subscribers.delete(chId);
    }
    client.channels.clear();
  }

  /** Sends unless the client has fallen behind, in which case it is dropped instead. */
  function deliver(client: Client, frame: string): void {
    if (client.closed || client.socket.readyState !== OPEN) return;
    if (client.socket.bufferedAmount > maxBufferedBytes) {
      log?.warn({ bufferedAmount: client.socket.bufferedAmount, limit: maxBufferedBytes }, 'push client too slow; dropped');
      detach(client);
      client.socket.close(CLOSE_SLOW_CONSUMER, 'slow consumer');
      return;
    }
    client.socket.send(frame);
  }

  function reply(client: Client, message: object): void {
    deliver(client, JSON.stringify(message));
  }

  function subscribe(client: Client, channels: string[]): void {
    const rejected: string[] = [];
    for (const chId of channels) {
      if (client.channels.has(chId)) continue;
      if (client.channels.size >= maxChannelsPerClient) {
        rejected.push(chId);
        continue;
      }
      client.channels.add(chId);
      let subs = subscribers.get(chId);
      if (!subs) subscribers.set(chId, (subs = new Set()));
      subs.add(client);
    }
    if (rejected.length > 0) {
      reply(client, {
        cmd: 'error',
        msg: `channel limit reached: a client holds at most ${maxChannelsPerClient} channels; ${rejected.length} not subscribed`,
        channels: rejected,
      });
    }
  }

  function unsubscribe(client: Client, channels: string[]): void {
    for (const chId of channels) {
      if (!client.channels.delete(chId)) continue;
      const subs = subscribers.get(chId);
      subs?.delete(client);
      if (subs && subs.size === 0) subscribers.delete(chId);
    }
  }

  function onFrame(client: Client, raw: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): void {
    if (isBinary) return reply(client, { cmd: 'error', msg: 'expected a text frame holding JSON, got a binary frame' });
    const text = Buffer.isBuffer(raw)
      ? raw.toString('utf8')
      : Array.isArray(raw)
        ? Buffer.concat(raw).toString('utf8')
        : Buffer.from(raw).toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return reply(client, { cmd: 'error', msg: 'expected a JSON frame like {"cmd":"ping"}, got malformed JSON' });
    }
    const parsed = frameSchema.safeParse(json);
    if (!parsed.success) return reply(client, { cmd: 'error', msg: formatZodError(parsed.error, 'frame') });
    const frame = parsed.data;
    switch (frame.cmd) {
      case 'sub':
        return subscribe(client, frame.channels);
      case 'unsub':
        return unsubscribe(client, frame.channels);
      case 'ping':
        return reply(client, { cmd: 'pong', t: clock.now() });
    }
  }

  return {
    attach(socket) {
      const client: Client = { socket, channels: new Set(), closed: false };
      clients.add(client);
      socket.on('message', (data, isBinary) => {
        try {
          onFrame(client, data, isBinary);
        } catch (error) {
          // A bug in frame handling must cost this frame only, never the process or other clients.
          log?.warn({ err: error }, 'push frame handling failed');
          reply(client, { cmd: 'error', msg: 'internal error' });
        }
      });
      socket.on('close', () => detach(client));
      socket.on('error', (error) => {
        log?.debug({ err: error }, 'push socket error');
        detach(client);
      });
    },

    publish(chId, data) {
      const seq = (seqs.get(chId) ?? 0) + 1;
      seqs.set(chId, seq);
      const subs = subscribers.get(chId);
      if (!subs || subs.size === 0) return seq;
      const frame = JSON.stringify({ chId, seq, data });
      for (const client of [...subs]) deliver(client, frame);
      return seq;
    },

    currentSeq(chId) {
      return seqs.get(chId) ?? 0;
    },

    stats() {
      return { clients: clients.size, channels: subscribers.size };
    },

    close() {
      for (const client of [...clients]) {
        detach(client);
        client.socket.close(CLOSE_GOING_AWAY, 'server shutting down');
      }
    },
  };
}
