import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { channelAccess } from '../../../contract/channels';
import type { Clock } from '../clock';
import { formatZodError, installZodMessages } from '../validation/issues';

installZodMessages();

/**
 * The push hub behind the `/push` websocket: clients subscribe to channels, the platform publishes
 * to a channel, every subscriber gets `{ chId, seq, epoch, data }`. `seq` counts up from 1 per
 * channel for every publish (with or without subscribers), without gaps, so a client that sees a
 * gap knows it missed something and refetches. `epoch` is a random id a channel gets at its first
 * publish in this process: after a platform restart seq starts at 1 again, and the new epoch is
 * what tells a client its old seq means nothing and it must refetch.
 *
 * Client frames: `{ cmd: 'sub', channels: [...] }`, `{ cmd: 'unsub', channels: [...] }`,
 * `{ cmd: 'ping' }` (answered `{ cmd: 'pong', t }`), `{ cmd: 'auth', token }` (answered
 * `{ cmd: 'auth', uid }`). A bad frame is answered `{ cmd: 'error', msg }` and otherwise ignored.
 *
 * Who may subscribe to what is the contract's allow-list (contract/channels.ts `channelAccess`): public channels for
 * anyone, a member's own (`member:<uid>:...`) only for a connection signed in as that member (the auth frame with a
 * live session token), a live room's only for whoever may see the room, the chat's never here (the chat socket
 * serves them), and no channel the list does not name. Frames that follow an auth frame or a room check wait for
 * it, so `auth` then `sub` in one go works. Access is not granted for ever: `recheck()` (run every few seconds, and
 * `endSession` at once on a sign-out) drops what a connection may no longer have: a signed-out or expired session's
 * own channels, a room the member lost.
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

/** A socket another protocol serves (the chat), fed by the hub with the channels its owner subscribes it to. */
export interface HubSubscriber {
  subscribe(chId: string): void;
  unsubscribe(chId: string): void;
  /** Sends a reply of the owner's protocol (slow-consumer rule included). */
  send(message: object): void;
  readonly closed: boolean;
}

/**
 * Carries publishes between platform instances (several instances, issue 19): the hub hands every publish to the
 * relay instead of delivering it, and the relay gives each publish back to every instance's hub (this one included)
 * through `receive`, with the seq and epoch it assigned once for all instances.
 */
export interface PushRelay {
  /** `dataJson` is the publish's data, serialised once. */
  publish(chId: string, dataJson: string): void;
  close(): Promise<void>;
}

export interface PushHub {
  /**
   * Serves a websocket; `address` is the client's (request.ip). A connection over the address's
   * limit is closed at once with code 1008.
   */
  attach(socket: PushSocket, address: string): void;
  /**
   * Serves a socket whose frames its owner reads (the /chat protocol): it gets the publishes of the channels the owner
   * subscribes it to, framed as for /push, with the same slow-consumer rule and shutdown. Not counted against the
   * push per-address limit (the chat has its own).
   */
  connect(socket: PushSocket): HubSubscriber;
  /**
   * Sends to every subscriber of the channel and returns the seq it assigned; with a relay the relay assigns it, after
   * this returns, and this returns 0.
   */
  publish(chId: string, data: unknown): number;
  /** A publish the relay brings back, seq and epoch assigned, `frame` the whole `{ chId, seq, epoch, data }` text. */
  receive(chId: string, seq: number, epoch: string, frame: string): void;
  /** The last seq assigned on a channel (0 before its first publish). */
  currentSeq(chId: string): number;
  /** The channel's epoch in this process (undefined before its first publish). */
  currentEpoch(chId: string): string | undefined;
  stats(): PushHubStats;
  /**
   * Checks every connection's access again: a session that ended (signed out, expired, revoked) signs its connections
   * out and drops their own channels; room channels the viewer may no longer see are dropped. Each connection is told
   * what it lost (`{ cmd: 'error', msg, channels }`).
   */
  recheck(): Promise<void>;
  /** A session signed out here: its connections on this instance are signed out now (other instances at their recheck). */
  endSession(token: string): void;
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
/** RFC 6455 "Policy Violation": a foreign origin, or one connection too many from an address. */
export const CLOSE_POLICY_VIOLATION = 1008;

export const CHANNEL_NAME = /^[A-Za-z0-9][A-Za-z0-9:_.-]{0,127}$/;

const channelList = z
  .array(z.string().regex(CHANNEL_NAME, { error: 'expected a channel name of letters, digits and ":_.-" (at most 128)' }))
  .min(1)
  .max(1000);

const frameSchema = z.discriminatedUnion('cmd', [
  z.object({ cmd: z.literal('sub'), channels: channelList }),
  z.object({ cmd: z.literal('unsub'), channels: channelList }),
  z.object({ cmd: z.literal('ping') }),
  z.object({ cmd: z.literal('auth'), token: z.string().min(1).max(256) }),
]);

/** The member a token signs in, or undefined for an unknown, expired or revoked one. */
export type PushAuthenticate = (token: string) => Promise<number | undefined>;
/** Whether a viewer (undefined: a visitor) may see a live room, and so receive its channels. */
export type PushRoomAccess = (roomId: number, memberId: number | undefined) => Promise<boolean>;

interface Client {
  socket: PushSocket;
  address: string;
  channels: Set<string>;
  closed: boolean;
  /** The member the connection signed in as (auth frame), and the token it did so with. */
  memberId: number | undefined;
  token: string | undefined;
  /** Frames held while an auth frame is being checked, handled in order after it. */
  held: Array<() => void> | undefined;
}

export function createPushHub({
  clock,
  maxBufferedBytes,
  maxChannelsPerClient = 500,
  maxConnectionsPerAddress = 20,
  authenticate,
  mayWatchRoom,
  relay,
  log,
}: {
  clock: Clock;
  maxBufferedBytes: number;
  maxChannelsPerClient?: number;
  maxConnectionsPerAddress?: number;
  /** Checks an auth frame's token; without it every auth frame is refused (and private channels with it). */
  authenticate?: PushAuthenticate;
  /** Decides a live room's channels; without it they are refused. */
  mayWatchRoom?: PushRoomAccess;
  /** Set when several instances share the channels (REDIS_URL). */
  relay?: PushRelay;
  log?: Logger;
}): PushHub {
  const clients = new Set<Client>();
  const connectionsPerAddress = new Map<string, number>();
  const subscribers = new Map<string, Set<Client>>();
  const channels = new Map<string, { epoch: string; seq: number }>();

  function detach(client: Client): void {
    if (client.closed) return;
    client.closed = true;
    clients.delete(client);
    const connections = (connectionsPerAddress.get(client.address) ?? 1) - 1;
    if (connections > 0) connectionsPerAddress.set(client.address, connections);
    else connectionsPerAddress.delete(client.address);
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

  function add(client: Client, chId: string): void {
    client.channels.add(chId);
    let subs = subscribers.get(chId);
    if (!subs) subscribers.set(chId, (subs = new Set()));
    subs.add(client);
  }

  /** Runs `work` with the client's later frames held until it is done, so frames keep their order. */
  function holding(client: Client, work: Promise<void>): void {
    const held: Array<() => void> = [];
    client.held = held;
    void work
      .catch((error: unknown) => log?.warn({ err: error }, 'push frame handling failed'))
      .then(() => {
        client.held = undefined;
        for (const frame of held) frame();
      });
  }

  /** Why the client may not have `chId` now (the contract's allow-list, contract/channels.ts), or undefined if it may. */
  async function refusal(client: Client, chId: string): Promise<string | undefined> {
    const access = channelAccess(chId);
    if (access?.kind !== 'room') return refusalAtOnce(client, chId);
    return mayWatchRoom && (await mayWatchRoom(access.roomId, client.memberId)) ? undefined : 'no live room you may see';
  }

  /** refusal() for every family but a room's, which needs a look-up. */
  function refusalAtOnce(client: Client, chId: string): string | undefined {
    const access = channelAccess(chId);
    if (!access) return 'no such channel';
    if (access.kind === 'own') return access.memberId === client.memberId ? undefined : 'belongs to a member: send {"cmd":"auth","token":...} as that member first';
    if (access.kind === 'chat') return 'served by the chat socket (/chat), not /push';
    return undefined;
  }

  function subscribe(client: Client, channels: string[]): void {
    const wanted = [...new Set(channels)].filter((chId) => !client.channels.has(chId));
    const refused = new Map<string, string[]>();
    const refuse = (chId: string, why: string) => refused.set(why, [...(refused.get(why) ?? []), chId]);
    const decide = (chId: string, why: string | undefined) => {
      if (why !== undefined) return refuse(chId, why);
      if (client.channels.size >= maxChannelsPerClient) {
        return refuse(chId, `channel limit reached: a client holds at most ${maxChannelsPerClient} channels`);
      }
      add(client, chId);
    };
    const answer = () => {
      for (const [why, ids] of refused) reply(client, { cmd: 'error', msg: `channels ${ids.join(', ')}: ${why}; not subscribed`, channels: ids });
    };
    // Most subscriptions are public match channels: decided at once. A room's needs a look-up, held like an auth.
    if (!wanted.some((chId) => channelAccess(chId)?.kind === 'room')) {
      for (const chId of wanted) decide(chId, refusalAtOnce(client, chId));
      return answer();
    }
    holding(
      client,
      (async () => {
        const reasons = await Promise.all(wanted.map((chId) => refusal(client, chId)));
        if (client.closed) return;
        wanted.forEach((chId, i) => decide(chId, reasons[i]));
        answer();
      })(),
    );
  }

  /** Drops the client's channels it may no longer have, telling it which. */
  async function revalidate(client: Client): Promise<void> {
    const lost: string[] = [];
    for (const chId of [...client.channels]) if ((await refusal(client, chId)) !== undefined) lost.push(chId);
    if (lost.length === 0 || client.closed) return;
    unsubscribe(client, lost);
    reply(client, { cmd: 'error', msg: `access ended for channels ${lost.join(', ')}; not subscribed any more`, channels: lost });
  }

  /** The connection's session is over: signed out, its own channels (and private rooms') dropped. */
  async function signOut(client: Client): Promise<void> {
    client.memberId = undefined;
    client.token = undefined;
    reply(client, { cmd: 'error', msg: 'token: the session ended (signed out, expired or revoked); not signed in' });
    await revalidate(client);
  }

  /** Signs the connection in; what the previous member had and the new one may not is dropped first. */
  function signIn(client: Client, token: string): void {
    const check = authenticate ? authenticate(token) : Promise.resolve(undefined);
    holding(
      client,
      check
        .catch((error: unknown) => {
          log?.warn({ err: error }, 'push auth failed');
          return undefined;
        })
        .then(async (memberId) => {
          if (client.closed) return;
          const changed = memberId !== client.memberId;
          client.memberId = memberId;
          client.token = memberId === undefined ? undefined : token;
          if (changed) await revalidate(client);
          if (memberId === undefined) reply(client, { cmd: 'error', msg: 'token: unknown, expired or revoked session; not signed in' });
          else reply(client, { cmd: 'auth', uid: memberId });
        }),
    );
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
    if (client.held) {
      client.held.push(() => onFrame(client, raw, isBinary));
      return;
    }
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
      case 'auth':
        return signIn(client, frame.token);
    }
  }

  return {
    attach(socket, address) {
      const connections = connectionsPerAddress.get(address) ?? 0;
      if (connections >= maxConnectionsPerAddress) {
        log?.warn({ limit: maxConnectionsPerAddress }, 'push connection over the per-address limit; closed');
        socket.close(CLOSE_POLICY_VIOLATION, `too many connections from this address (at most ${maxConnectionsPerAddress})`);
        return;
      }
      connectionsPerAddress.set(address, connections + 1);
      const client: Client = { socket, address, channels: new Set(), closed: false, memberId: undefined, token: undefined, held: undefined };
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

    connect(socket) {
      // The caller (the chat socket) decides the channels itself, so this client never signs in with an auth frame.
      const client: Client = { socket, address: '', channels: new Set(), closed: false, memberId: undefined, token: undefined, held: undefined };
      clients.add(client);
      socket.on('close', () => detach(client));
      socket.on('error', (error) => {
        log?.debug({ err: error }, 'hub socket error');
        detach(client);
      });
      return {
        subscribe: (chId) => {
          if (!client.closed && !client.channels.has(chId)) add(client, chId);
        },
        unsubscribe: (chId) => unsubscribe(client, [chId]),
        send: (message) => reply(client, message),
        get closed() {
          return client.closed;
        },
      };
    },

    publish(chId, data) {
      if (relay) {
        relay.publish(chId, JSON.stringify(data));
        return 0;
      }
      let channel = channels.get(chId);
      if (!channel) channels.set(chId, (channel = { epoch: randomBytes(8).toString('base64url'), seq: 0 }));
      const seq = ++channel.seq;
      const subs = subscribers.get(chId);
      if (!subs || subs.size === 0) return seq;
      const frame = JSON.stringify({ chId, seq, epoch: channel.epoch, data });
      for (const client of [...subs]) deliver(client, frame);
      return seq;
    },

    receive(chId, seq, epoch, frame) {
      channels.set(chId, { epoch, seq });
      const subs = subscribers.get(chId);
      if (!subs || subs.size === 0) return;
      for (const client of [...subs]) deliver(client, frame);
    },

    currentSeq(chId) {
      return channels.get(chId)?.seq ?? 0;
    },

    currentEpoch(chId) {
      return channels.get(chId)?.epoch;
    },

    stats() {
      return { clients: clients.size, channels: subscribers.size };
    },

    async recheck() {
      // Only /push connections (address set): the chat socket's hub clients are the chat's to check.
      const checks = [...clients]
        .filter((client) => client.address !== '' && !client.held && (client.token !== undefined || client.channels.size > 0))
        .map(async (client) => {
          const token = client.token;
          if (token !== undefined) {
            const memberId = await (authenticate ? authenticate(token) : Promise.resolve(undefined)).catch(() => client.memberId);
            if (client.closed || client.token !== token) return;
            if (memberId !== client.memberId) return signOut(client);
          }
          if ([...client.channels].some((chId) => channelAccess(chId)?.kind === 'room')) await revalidate(client);
        });
      await Promise.all(checks);
    },

    endSession(token) {
      for (const client of clients) {
        if (client.token !== token) continue;
        const end = () => holding(client, signOut(client));
        if (client.held) client.held.push(end);
        else end();
      }
    },

    close() {
      for (const client of [...clients]) {
        detach(client);
        client.socket.close(CLOSE_GOING_AWAY, 'server shutting down');
      }
    },
  };
}
