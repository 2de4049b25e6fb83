import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { chatClientFrameSchema, chatMemberChannel, chatRoomChannel, type ChatClientFrame } from '../../../contract/chat';
import { ChatUserType } from '../../../contract/enums';
import { ChatError, ErrorCode } from '../../../contract/errors';
import { formatZodError } from '../../../contract/issues';
import type { Clock } from '../clock';
import type { Lang } from '../feed';
import type { LimitStore } from '../http/limitStore';
import { keyedBuckets, type BucketLimits } from '../http/rateLimit';
import { CLOSE_POLICY_VIOLATION, type PushHub, type PushSocket } from '../push/hub';
import { ChatRefusal } from './context';
import type { ChatService } from './service';

/** Close code of a connection whose chat token is unknown or expired (4000-4999: the application's own). */
export const CLOSE_TOKEN_EXPIRED = 4401;

interface Logger {
  warn(obj: object, msg: string): void;
}

export interface ChatSockets {
  /** Serves one /chat websocket; `token` undefined for a visitor (reads, cannot send). */
  serve(socket: WebSocket, options: { token: string | undefined; address: string; lang: Lang }): void;
  /**
   * Closes (4401) every member socket whose session has ended (signed out on any instance, expired, revoked) since it
   * opened: the loop runs it every chat.sessionRecheckSeconds (issue 29: a socket outlived its session).
   */
  recheck(): Promise<void>;
  /** A session signed out on this instance: its sockets close now. */
  endSession(sessionHash: string): void;
}

/**
 * The hub's view of a chat socket: while a join is loading history, the room's publishes are held and then sent after
 * the history (without the messages the history already holds), so a client sees every message once and in order.
 */
export class HeldSocket implements PushSocket {
  private held: string[] | undefined;
  constructor(readonly real: WebSocket) {}
  get readyState() {
    return this.real.readyState;
  }
  get bufferedAmount() {
    return this.real.bufferedAmount;
  }
  send(data: string): void {
    if (this.held) this.held.push(data);
    else this.real.send(data);
  }
  close(code?: number, reason?: string): void {
    this.real.close(code, reason);
  }
  on(event: 'message' | 'close' | 'error', listener: (...args: any[]) => void): unknown {
    return this.real.on(event, listener);
  }
  hold(): void {
    this.held = [];
  }
  /** Sends `first`, then what was held but the messages with an id at or below `seenUpTo`. */
  release(first: string, seenUpTo: number): void {
    const held = this.held ?? [];
    this.held = undefined;
    this.real.send(first);
    for (const frame of held) {
      const rest = seenUpTo > 0 ? withoutSeen(frame, seenUpTo) : frame;
      if (rest !== undefined) this.real.send(rest);
    }
  }
}

/** The frame without the messages a join's history already holds (undefined when nothing is left). */
function withoutSeen(frame: string, seenUpTo: number): string | undefined {
  const parsed = JSON.parse(frame) as { data?: { events?: Array<{ kind: string; message?: { id: string } }> } };
  const events = parsed.data?.events;
  if (!events) return frame;
  const left = events.filter((e) => !(e.kind === 'message' && Number(e.message?.id) <= seenUpTo));
  if (left.length === events.length) return frame;
  return left.length === 0 ? undefined : JSON.stringify({ ...parsed, data: { ...parsed.data, events: left } });
}

function textOf(raw: Buffer | ArrayBuffer | Buffer[]): string {
  if (Buffer.isBuffer(raw)) return raw.toString('utf8');
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  return Buffer.from(raw).toString('utf8');
}

/**
 * The /chat protocol (docs/api.md "Chat"): a connection with a chat token is that member, one without is a visitor
 * who may join rooms and read but not send. Frames are handled one after another per connection. Room events come
 * from the push hub (`chat:room:<id>`), the member's own (mutes) from `chat:member:<uid>`, so they reach every
 * instance the hub reaches. Connection limits are per member and, for visitors, per client address.
 */
export function createChatSockets({ chat, hub, clock, log, limits, frames }: {
  chat: ChatService;
  hub: PushHub;
  clock: Clock;
  log?: Logger;
  limits: { perMember: number; visitorsPerAddress: number };
  /** Frame rate limits (config chat.frameLimits) in the platform's limit store; without it frames are not limited. */
  frames?: { store: LimitStore; perConnection: BucketLimits; perAddress: BucketLimits; joinCost: number };
}): ChatSockets {
  const connectionBucket = frames && keyedBuckets('chatFrames:connection', frames.perConnection);
  const addressBucket = frames && keyedBuckets('chatFrames:address', frames.perAddress);
  /** Takes a frame's cost from its connection's and its address's buckets; the refusal to answer if either is empty. */
  async function admitFrame(connection: string, address: string, frame: ChatClientFrame): Promise<ChatRefusal | undefined> {
    if (!frames || !connectionBucket || !addressBucket) return undefined;
    const cost = frame.cmd === 'join' ? frames.joinCost : 1;
    const taken = await frames.store.take([connectionBucket(connection, cost), addressBucket(address, cost)]);
    if (taken.ok) return undefined;
    const retryAfterSeconds = Math.max(1, Math.ceil(taken.retryAfterMs / 1000));
    const [what, limit] = taken.refusedBy === 0 ? ['this connection', frames.perConnection] : ['this address', frames.perAddress];
    return new ChatRefusal(
      ErrorCode.TOO_MANY_REQUESTS,
      `too many frames from ${what} (at most ${limit.perMinute} a minute, ${limit.burst} at once; a join counts ${frames.joinCost}); try again in ${retryAfterSeconds} s`,
      429,
      retryAfterSeconds,
    );
  }

  const perMember = new Map<number, number>();
  const visitorsPerAddress = new Map<string, number>();
  /** Open member sockets by the hash of the session their chat token belongs to. */
  const bySession = new Map<string, Set<() => void>>();
  const endAll = (sessionHash: string) => {
    for (const close of [...(bySession.get(sessionHash) ?? [])]) close();
    bySession.delete(sessionHash);
  };

  const count = <K>(map: Map<K, number>, key: K, by: number) => {
    const n = (map.get(key) ?? 0) + by;
    if (n > 0) map.set(key, n);
    else map.delete(key);
  };

  return {
    async recheck() {
      const hashes = [...bySession.keys()];
      if (hashes.length === 0) return;
      const live = await chat.liveSessions(hashes);
      for (const hash of hashes) if (!live.has(hash)) endAll(hash);
    },

    endSession: endAll,

    serve(socket, { token, address, lang }) {
      const held = new HeldSocket(socket);
      const link = hub.connect(held);
      const connection = randomUUID();
      let memberId: number | undefined;
      let nickname = '';
      let roomId: number | undefined;
      let counted: (() => void) | undefined;
      socket.on('close', () => counted?.());

      const reply = (message: object) => link.send(message);
      const fail = (error: unknown, ref?: string) => {
        if (error instanceof ChatRefusal) {
          reply({ cmd: 'error', ...(ref === undefined ? {} : { ref }), code: error.code, msg: error.message, ...(error.retryAfterSeconds ? { retryAfterSeconds: error.retryAfterSeconds } : {}) });
          return;
        }
        log?.warn({ err: error }, 'chat frame handling failed');
        reply({ cmd: 'error', ...(ref === undefined ? {} : { ref }), code: ErrorCode.INTERNAL, msg: 'internal error' });
      };
      const signedIn = (): number => {
        if (memberId === undefined) throw new ChatRefusal(ChatError.SignInToChat, 'sign in to chat: visitors can read but not send', 401);
        return memberId;
      };
      const inRoom = (id: number) => {
        if (roomId !== id) throw new ChatRefusal(ChatError.NotInRoom, `roomId: join room ${id} first`, 400);
      };

      async function start(): Promise<boolean> {
        if (token !== undefined) {
          const redeemed = await chat.redeemToken(token);
          if (redeemed === undefined) {
            socket.close(CLOSE_TOKEN_EXPIRED, 'chat token unknown or expired, or its session ended; fetch a new one');
            return false;
          }
          memberId = redeemed.memberId;
          const member = memberId;
          const { sessionHash } = redeemed;
          if (sessionHash !== null) {
            const close = () => socket.close(CLOSE_TOKEN_EXPIRED, 'the session ended (signed out or expired); sign in again');
            let sockets = bySession.get(sessionHash);
            if (!sockets) bySession.set(sessionHash, (sockets = new Set()));
            sockets.add(close);
            socket.on('close', () => {
              const open = bySession.get(sessionHash);
              open?.delete(close);
              if (open?.size === 0) bySession.delete(sessionHash);
            });
          }
          if ((perMember.get(member) ?? 0) >= limits.perMember) {
            socket.close(CLOSE_POLICY_VIOLATION, `too many chat connections for this member (at most ${limits.perMember})`);
            return false;
          }
          count(perMember, member, 1);
          counted = () => count(perMember, member, -1);
          nickname = (await chat.memberOf(member)).nickname;
          link.subscribe(chatMemberChannel(member));
        } else {
          if ((visitorsPerAddress.get(address) ?? 0) >= limits.visitorsPerAddress) {
            socket.close(CLOSE_POLICY_VIOLATION, `too many connections from this address (at most ${limits.visitorsPerAddress})`);
            return false;
          }
          count(visitorsPerAddress, address, 1);
          counted = () => count(visitorsPerAddress, address, -1);
        }
        reply({ cmd: 'hello', uid: memberId ?? 0, nickname, chatRule: chat.rule });
        return true;
      }

      async function join(id: number): Promise<void> {
        if (!(await chat.canSee(id, memberId))) throw new ChatRefusal(ChatError.RoomNotFound, `roomId: no live room ${id}`, 404);
        if (roomId !== undefined && roomId !== id) link.unsubscribe(chatRoomChannel(roomId));
        roomId = id;
        // Subscribed before the history is read, and held until it is sent: nothing published meanwhile is lost.
        held.hold();
        link.subscribe(chatRoomChannel(id));
        try {
          const member = memberId === undefined ? undefined : await chat.memberOf(memberId);
          const [messages, { blocked: chatBlock, slowSeconds }, chatBanInfo] = await Promise.all([
            chat.history(id),
            chat.settingsOf(id),
            memberId === undefined ? Promise.resolve(null) : chat.banOf(memberId, id),
          ]);
          const agent = member !== undefined && chat.isAgent(member, id);
          const nextSendAt = memberId === undefined || agent ? 0 : await chat.nextSendAt(memberId, id, slowSeconds);
          const joined = {
            cmd: 'joined',
            roomId: id,
            chId: chatRoomChannel(id),
            messages,
            chatBlock,
            chatBanInfo,
            userType: agent ? ChatUserType.Agent : ChatUserType.User,
            canSend: memberId !== undefined && !chatBlock && chatBanInfo === null,
            slowSeconds,
            nextSendAt,
          };
          const last = messages.at(-1);
          held.release(JSON.stringify(joined), last ? Number(last.id) : 0);
        } catch (error) {
          held.release(JSON.stringify({ cmd: 'error', code: ErrorCode.INTERNAL, msg: 'internal error' }), 0);
          throw error;
        }
      }

      async function handle(frame: ChatClientFrame): Promise<void> {
        switch (frame.cmd) {
          case 'ping':
            return reply({ cmd: 'pong', t: clock.now() });
          case 'join':
            return join(frame.roomId);
          case 'leave':
            if (roomId === frame.roomId) {
              link.unsubscribe(chatRoomChannel(frame.roomId));
              roomId = undefined;
            }
            return reply({ cmd: 'left', roomId: frame.roomId });
          case 'send': {
            const sender = signedIn();
            inRoom(frame.roomId);
            const message = await chat.send(sender, frame.roomId, frame, lang);
            return reply({ cmd: 'ack', ...(frame.ref === undefined ? {} : { ref: frame.ref }), id: message.id, createdAt: message.createdAt });
          }
          case 'delete':
            inRoom(frame.roomId);
            await chat.remove(signedIn(), frame.roomId, frame.messageId);
            return reply({ cmd: 'ack', ...(frame.ref === undefined ? {} : { ref: frame.ref }), createdAt: clock.now() });
          case 'mute':
            inRoom(frame.roomId);
            await chat.mute(signedIn(), frame.roomId, frame.uid, frame.minutes, frame.reason);
            return reply({ cmd: 'ack', ...(frame.ref === undefined ? {} : { ref: frame.ref }), createdAt: clock.now() });
          case 'unmute':
            inRoom(frame.roomId);
            await chat.unmute(signedIn(), frame.roomId, frame.uid);
            return reply({ cmd: 'ack', ...(frame.ref === undefined ? {} : { ref: frame.ref }), createdAt: clock.now() });
          case 'block':
            inRoom(frame.roomId);
            await chat.setBlock(signedIn(), frame.roomId, frame.chatBlock);
            return reply({ cmd: 'ack', ...(frame.ref === undefined ? {} : { ref: frame.ref }), createdAt: clock.now() });
          case 'slow':
            inRoom(frame.roomId);
            await chat.setSlowMode(signedIn(), frame.roomId, frame.slowSeconds);
            return reply({ cmd: 'ack', ...(frame.ref === undefined ? {} : { ref: frame.ref }), createdAt: clock.now() });
        }
      }

      function parse(raw: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): ChatClientFrame | undefined {
        if (isBinary) {
          reply({ cmd: 'error', code: ErrorCode.INVALID_INPUT, msg: 'expected a text frame holding JSON, got a binary frame' });
          return undefined;
        }
        let json: unknown;
        try {
          json = JSON.parse(textOf(raw));
        } catch {
          reply({ cmd: 'error', code: ErrorCode.INVALID_INPUT, msg: 'expected a JSON frame like {"cmd":"ping"}, got malformed JSON' });
          return undefined;
        }
        const parsed = chatClientFrameSchema.safeParse(json);
        if (!parsed.success) {
          const ref = typeof (json as { ref?: unknown } | null)?.ref === 'string' ? (json as { ref: string }).ref : undefined;
          reply({ cmd: 'error', ...(ref === undefined ? {} : { ref }), code: ErrorCode.INVALID_INPUT, msg: formatZodError(parsed.error, 'frame') });
          return undefined;
        }
        return parsed.data;
      }

      // Frames are queued from the first moment (the token check is asynchronous) and handled one at a time.
      let chain: Promise<boolean> = start().catch((error: unknown) => {
        log?.warn({ err: error }, 'chat connection failed to start');
        socket.close(1011, 'internal error');
        return false;
      });
      socket.on('message', (raw, isBinary) => {
        chain = chain.then(async (open) => {
          if (!open || link.closed) return open;
          const frame = parse(raw as Buffer, isBinary);
          if (!frame) return open;
          try {
            const refused = await admitFrame(connection, address, frame);
            if (refused) throw refused;
            await handle(frame);
          } catch (error) {
            fail(error, 'ref' in frame ? frame.ref : undefined);
          }
          return open;
        });
      });
    },
  };
}
