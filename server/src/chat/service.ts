import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import {
  chatMemberChannel,
  chatRoomChannel,
  type ChatBanInfo,
  type ChatImage,
  type ChatMemberEvent,
  type ChatMessage,
  type ChatNotice,
  type ChatOrderItem,
  type ChatRoomEvent,
  type ChatRoomFrame,
  type ChatRule,
} from '../../../contract/chat';
import { ChatMessageKind, ChatUserType, MEMBER_CHAT_KINDS } from '../../../contract/enums';
import { ChatError, ErrorCode } from '../../../contract/errors';
import { CHAT_PATHS } from '../../../contract/paths';
import { AnchorType, isAnchorVisible } from '../../../domain/anchors';
import type { Clock } from '../clock';
import type { PlatformConfig } from '../config/platformConfig';
import type { ChatMessagesTable, Database, Member } from '../db/schema';
import type { Lang } from '../feed';
import type { LimitStore } from '../http/limitStore';
import { keyedBuckets } from '../http/rateLimit';
import type { AnchorDirectory } from '../live/anchors';
import type { AnchorProfile } from '../live/roster';
import type { SpecialRooms } from '../live/specialRooms';
import { hashToken } from '../members/auth';
import type { PushHub } from '../push/hub';
import { IMAGE_TYPES, inspectImage, type ImageStore } from './images';
import { createOrderSharing } from './orders';
import { cleanChatText, codePointLength } from './text';

/** A chat rule the member broke, or a thing that does not exist: its code (contract ChatError) and HTTP status. */
const DAY_MS = 24 * 60 * 60 * 1000;

export class ChatRefusal extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status = 403,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ChatRefusal';
  }
}

/** What a member sends (the /chat `send` frame without its framing). */
export interface ChatSend {
  kind: (typeof MEMBER_CHAT_KINDS)[number];
  text?: string;
  image?: string;
  replyTo?: string;
  orderId?: string;
}

export interface ChatDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: PlatformConfig;
  anchors: AnchorDirectory;
  specialRooms: SpecialRooms;
  hub: PushHub;
  images: ImageStore;
  /** The platform's limit store: the send window holds across instances sharing Redis. */
  limits: LimitStore;
}

/** Mutes with room_id 0 hold in every room. */
const EVERY_ROOM = 0;

type MessageRow = Selectable<ChatMessagesTable>;

/**
 * The chat's rules and storage (spec 001 sections 3, 5, 6 and 7): chat tokens, rooms (the anchors' live rooms, seen
 * as the anchor list shows them), messages kept in the database and fanned out through the push hub, mutes, blocked
 * rooms, agents' moderation, reports and images. The /chat socket (socket.ts) and the routes call it.
 */
export function createChat(deps: ChatDeps) {
  const { db, clock, config, hub, images } = deps;
  const uploadBucket = keyedBuckets('chatImages:member', config.chat.imageUploads.perMember);
  const roster = deps.anchors.roster;

  /**
   * Room events wait up to chat.fanoutMs and go out together as one hub publish `{ events }`: at 100 messages a
   * second to 2,000 members, one frame per message per member is 200,000 socket writes a second; a window of 50 ms
   * cuts that to 40,000 frames carrying the same messages. Each window is serialised once for every member.
   */
  const pending = new Map<number, ChatRoomEvent[]>();
  const timers = new Map<number, NodeJS.Timeout>();
  function flush(roomId: number): void {
    const events = pending.get(roomId);
    pending.delete(roomId);
    timers.delete(roomId);
    if (events && events.length > 0) hub.publish(chatRoomChannel(roomId), { events } satisfies ChatRoomFrame);
  }
  function publishToRoom(roomId: number, event: ChatRoomEvent): void {
    const events = pending.get(roomId);
    if (events) {
      events.push(event);
      return;
    }
    pending.set(roomId, [event]);
    if (config.chat.fanoutMs === 0) return flush(roomId);
    timers.set(roomId, setTimeout(() => flush(roomId), config.chat.fanoutMs));
  }

  const rule: ChatRule = {
    maxTextLength: config.chat.maxTextLength,
    rateLimit: { ...config.chat.rateLimit },
    historySize: config.chat.historySize,
    image: { ...config.chat.image, types: [...IMAGE_TYPES] },
    memberKinds: [...MEMBER_CHAT_KINDS],
    tokenTtlSeconds: config.chat.tokenTtlSeconds,
  };

  const orders = createOrderSharing(db, config);

  function room(roomId: number): AnchorProfile {
    const profile = roster.room(roomId);
    if (!profile) throw new ChatRefusal(ChatError.RoomNotFound, `roomId: no live room ${roomId}`, 404);
    return profile;
  }

  /** The match the room's anchor is on now (undefined while the anchor has none). */
  function matchOf(roomId: number): number | undefined {
    return deps.anchors.room(roomId, 'CMN')?.matchId;
  }

  /** An agent of the room: a member whose live group is the anchor's, with the type agent (spec 001 section 3). */
  function isAgent(member: Pick<Member, 'live_group_id' | 'live_group_user_type'>, roomId: number): boolean {
    const profile = roster.room(roomId);
    const group = Number(member.live_group_id);
    return profile !== undefined && group > 0 && member.live_group_user_type === 'agent' && group === profile.liveUserGroupId;
  }

  async function memberOf(memberId: number): Promise<Member> {
    const member = await db.selectFrom('members').selectAll().where('id', '=', memberId).executeTakeFirst();
    if (!member) throw new ChatRefusal(ChatError.TokenExpired, 'session expired', 401);
    return member;
  }

  async function banOf(memberId: number, roomId: number): Promise<ChatBanInfo | null> {
    const ban = await db
      .selectFrom('chat_bans')
      .select(['until', 'reason'])
      .where('member_id', '=', memberId)
      .where('room_id', 'in', roomId === EVERY_ROOM ? [EVERY_ROOM] : [EVERY_ROOM, roomId])
      .where('until', '>', clock.now())
      .orderBy('until', 'desc')
      .executeTakeFirst();
    return ban ? { until: Number(ban.until), reason: ban.reason } : null;
  }

  /** The room's agent settings: its chat blocked, its slow mode (seconds between two messages of a member). */
  async function settingsOf(roomId: number): Promise<{ blocked: boolean; slowSeconds: number }> {
    const row = await db.selectFrom('chat_rooms').select(['blocked', 'slow_seconds']).where('room_id', '=', roomId).executeTakeFirst();
    return { blocked: Number(row?.blocked ?? 0) === 1, slowSeconds: Number(row?.slow_seconds ?? 0) };
  }

  async function isBlocked(roomId: number): Promise<boolean> {
    return (await settingsOf(roomId)).blocked;
  }

  /**
   * Slow mode: when the member may send in the room again (epoch ms), 0 when they may now. Read from their last stored
   * message there (deleted ones count: they were sent), so it holds across instances and a refused send changes nothing.
   */
  async function nextSendAt(memberId: number, roomId: number, slowSeconds: number): Promise<number> {
    if (slowSeconds === 0) return 0;
    const last = await db
      .selectFrom('chat_messages')
      .select('created_at')
      .where('member_id', '=', memberId)
      .where('room_id', '=', roomId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const next = last ? Number(last.created_at) + slowSeconds * 1000 : 0;
    return next > clock.now() ? next : 0;
  }

  /** Counts the send against the member's window (in the limit store, so it holds across instances); refuses it when the window is full. */
  async function admit(memberId: number): Promise<void> {
    const { messages, perSeconds } = config.chat.rateLimit;
    const hit = await deps.limits.hit(`chat:send:${memberId}`, messages, perSeconds * 1000);
    if (!hit.ok) {
      const retryAfterSeconds = Math.max(1, Math.ceil(hit.retryAfterMs / 1000));
      throw new ChatRefusal(ChatError.RateLimited, `too many messages: at most ${messages} in ${perSeconds} s; try again in ${retryAfterSeconds} s`, 429, retryAfterSeconds);
    }
  }

  /** An upload within the member's rate and 24-hour quota (config chat.imageUploads), or the refusal saying which. */
  async function admitUpload(memberId: number, bytes: number): Promise<void> {
    const { perMember, dailyBytesPerMember } = config.chat.imageUploads;
    const taken = await deps.limits.take([uploadBucket(String(memberId), 1)]);
    if (!taken.ok) {
      const retryAfterSeconds = Math.max(1, Math.ceil(taken.retryAfterMs / 1000));
      throw new ChatRefusal(ErrorCode.TOO_MANY_REQUESTS, `too many image uploads: at most ${perMember.perMinute} a minute, ${perMember.burst} at once; try again in ${retryAfterSeconds} s`, 429, retryAfterSeconds);
    }
    const since = clock.now() - DAY_MS;
    const used = await db.selectFrom('chat_images').select((eb) => eb.fn.sum<number | string | null>('bytes').as('bytes')).where('member_id', '=', memberId).where('created_at', '>', since).executeTakeFirst();
    const usedBytes = Number(used?.bytes ?? 0);
    if (usedBytes + bytes > dailyBytesPerMember) {
      const size = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MiB` : `${Math.ceil(n / 1024)} KiB`);
      throw new ChatRefusal(ErrorCode.TOO_MANY_REQUESTS, `image quota: at most ${size(dailyBytesPerMember)} of images in 24 hours; ${size(usedBytes)} used, this one is ${size(bytes)}`, 429);
    }
  }

  function imageOf(row: { file: string; type: string; width: number; height: number; bytes: number }): ChatImage {
    return { file: row.file, url: `${CHAT_PATHS.file}/${row.file}`, type: row.type, width: Number(row.width), height: Number(row.height), bytes: Number(row.bytes) };
  }

  /** Rows to wire messages, with their images and the messages they reply to. */
  async function toMessages(rows: MessageRow[]): Promise<ChatMessage[]> {
    const files = [...new Set(rows.map((r) => r.image_file).filter((f): f is string => f !== null))];
    const replyIds = [...new Set(rows.map((r) => r.reply_to).filter((id): id is number => id !== null))];
    const [imageRows, quoted] = await Promise.all([
      files.length ? db.selectFrom('chat_images').selectAll().where('file', 'in', files).execute() : [],
      replyIds.length ? db.selectFrom('chat_messages').select(['id', 'member_id', 'nickname', 'kind', 'text']).where('id', 'in', replyIds).execute() : [],
    ]);
    const imageByFile = new Map(imageRows.map((i) => [i.file, imageOf(i)]));
    const quoteById = new Map(quoted.map((q) => [Number(q.id), q]));
    return rows.map((r) => {
      const message: ChatMessage = {
        id: String(r.id),
        roomId: Number(r.room_id),
        kind: r.kind as ChatMessage['kind'],
        uid: Number(r.member_id),
        nickname: r.nickname,
        vipLevel: Number(r.vip_level),
        titleId: r.title_id === null ? null : Number(r.title_id),
        userType: r.user_type === ChatUserType.Agent ? ChatUserType.Agent : ChatUserType.User,
        text: r.text,
        createdAt: Number(r.created_at),
      };
      const image = r.image_file === null ? undefined : imageByFile.get(r.image_file);
      if (image) message.image = image;
      const quote = r.reply_to === null ? undefined : quoteById.get(Number(r.reply_to));
      if (quote) message.reply = { id: String(quote.id), uid: Number(quote.member_id), nickname: quote.nickname, kind: quote.kind as ChatMessage['kind'], text: quote.text };
      if (r.order_json !== null) message.order = JSON.parse(r.order_json) as ChatOrderItem;
      if (r.notice_json !== null) message.notice = JSON.parse(r.notice_json) as ChatNotice;
      return message;
    });
  }

  async function store(row: Omit<MessageRow, 'id' | 'deleted_at' | 'deleted_by'>): Promise<ChatMessage> {
    const inserted = await db
      .insertInto('chat_messages')
      .values({ ...row, deleted_at: null, deleted_by: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [message] = await toMessages([{ ...row, id: Number(inserted.id), deleted_at: null, deleted_by: null }]);
    const published = message as ChatMessage;
    publishToRoom(row.room_id, { kind: 'message', message: published });
    return published;
  }

  /** The text of a send, cleaned and within the length limit; `required` when the kind is nothing but text. */
  function textOf(raw: string | undefined, required: boolean): string {
    const text = cleanChatText(raw ?? '');
    if (required && text === '') throw new ChatRefusal(ChatError.TooLong, 'text: empty, expected a message (invisible characters are removed)', 400);
    const length = codePointLength(text);
    if (length > config.chat.maxTextLength) {
      throw new ChatRefusal(ChatError.TooLong, `text: ${length} characters, at most ${config.chat.maxTextLength}`, 400);
    }
    return text;
  }

  async function requireAgent(memberId: number, roomId: number): Promise<Member> {
    const member = await memberOf(memberId);
    if (!isAgent(member, roomId)) throw new ChatRefusal(ChatError.NotAgent, `only an agent of room ${roomId} may moderate its chat`, 403);
    return member;
  }

  /**
   * The platform's announcement in a room (a gift, an answer lottery's question): no sender, never rate limited, and
   * stored as the notice itself, which each viewer's app words in their language (its text stays empty).
   */
  async function postNotice(roomId: number, notice: ChatNotice): Promise<ChatMessage> {
    room(roomId);
    return store({
      room_id: roomId,
      kind: ChatMessageKind.Act,
      member_id: 0,
      nickname: '',
      vip_level: 0,
      title_id: null,
      user_type: ChatUserType.User,
      text: '',
      image_file: null,
      reply_to: null,
      order_json: null,
      notice_json: JSON.stringify(notice),
      created_at: clock.now(),
    });
  }

  /** Of these session token hashes, those whose session is live: not signed out, not expired. */
  async function liveSessions(hashes: readonly string[]): Promise<Set<string>> {
    if (hashes.length === 0) return new Set();
    const rows = await db.selectFrom('sessions').select('token_hash').where('token_hash', 'in', [...hashes]).where('revoked_at', 'is', null).where('expires_at', '>', clock.now()).execute();
    return new Set(rows.map((r) => r.token_hash));
  }

  /** Up to `limit` undeleted messages of the room (below the id `before` when given), oldest first; one more is read to tell `hasMore`. */
  async function page(roomId: number, limit: number, before?: number): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
    if (limit === 0) return { messages: [], hasMore: false };
    let query = db.selectFrom('chat_messages').selectAll().where('room_id', '=', roomId).where('deleted_at', 'is', null);
    if (before !== undefined) query = query.where('id', '<', before);
    const rows = await query.orderBy('id', 'desc').limit(limit + 1).execute();
    const hasMore = rows.length > limit;
    return { messages: await toMessages(rows.slice(0, limit).reverse() as MessageRow[]), hasMore };
  }

  /** Whether the viewer (undefined: a visitor) may see the room: exclusive and agent rooms need it among their special rooms. */
  async function canSee(roomId: number, memberId: number | undefined): Promise<boolean> {
    const profile = roster.room(roomId);
    if (!profile) return false;
    if (profile.anchorType === AnchorType.Normal) return true;
    if (memberId === undefined) return false;
    return isAnchorVisible(profile, { isLogin: true, specialRoomIds: new Set(await deps.specialRooms.of(memberId)) });
  }

  return {
    rule,
    orders,
    room,
    matchOf,
    isAgent,
    memberOf,
    banOf,
    isBlocked,
    settingsOf,
    nextSendAt,
    /** The file of a name the image store made (undefined for any other name). */
    imagePath: (name: string) => images.pathOf(name),

    /** Sends what is waiting at once (shutdown); later events go out as usual. */
    flushAll(): void {
      for (const [roomId, timer] of timers) {
        clearTimeout(timer);
        flush(roomId);
      }
    },

    /**
     * A short-lived token that opens /chat as the member, bound to the session that asked for it (`sessionToken`):
     * stored hashed, like sessions. It and the sockets it opens die with that session (issue 29).
     */
    async issueToken(memberId: number, sessionToken: string): Promise<{ token: string; expiresAt: number }> {
      const now = clock.now();
      const token = randomBytes(32).toString('base64url');
      const expiresAt = now + config.chat.tokenTtlSeconds * 1000;
      await db.deleteFrom('chat_tokens').where('expires_at', '<=', now).execute();
      await db.insertInto('chat_tokens').values({ token_hash: hashToken(token), member_id: memberId, expires_at: expiresAt, session_hash: hashToken(sessionToken) }).execute();
      return { token, expiresAt };
    },

    /** The member and session of a chat token that is unexpired and whose session is neither signed out nor expired. */
    async redeemToken(token: string): Promise<{ memberId: number; sessionHash: string | null } | undefined> {
      const row = await db.selectFrom('chat_tokens').select(['member_id', 'expires_at', 'session_hash']).where('token_hash', '=', hashToken(token)).executeTakeFirst();
      if (!row || Number(row.expires_at) <= clock.now()) return undefined;
      const sessionHash = row.session_hash;
      if (sessionHash !== null && !(await liveSessions([sessionHash])).has(sessionHash)) return undefined;
      return { memberId: Number(row.member_id), sessionHash };
    },

    liveSessions,

    canSee,

    /** The latest messages of the room, oldest first, without deleted ones. */
    async history(roomId: number, limit = config.chat.historySize): Promise<ChatMessage[]> {
      return (await page(roomId, limit)).messages;
    },

    /**
     * The scroll-back: up to `limit` messages of the room older than the message `before`, oldest first, without
     * deleted ones, and whether older ones remain. The caller checks the viewer may see the room.
     */
    async earlier(roomId: number, before: string, limit = config.chat.historySize): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
      return page(roomId, limit, Number(before));
    },

    /** Checks every rule, stores the message and publishes it to the room; answers it as stored. */
    async send(memberId: number, roomId: number, input: ChatSend, lang: Lang): Promise<ChatMessage> {
      room(roomId);
      await admit(memberId);
      const member = await memberOf(memberId);
      const [ban, { blocked, slowSeconds }] = await Promise.all([banOf(memberId, roomId), settingsOf(roomId)]);
      if (ban) throw new ChatRefusal(ChatError.Banned, `you are muted until ${new Date(ban.until).toISOString()}: ${ban.reason}`, 403);
      if (blocked) throw new ChatRefusal(ChatError.RoomBlocked, `the chat of room ${roomId} is blocked`, 403);
      // The room's agents (the anchor's live group) keep talking at their pace: slow mode is for the audience.
      if (slowSeconds > 0 && !isAgent(member, roomId)) {
        const next = await nextSendAt(memberId, roomId, slowSeconds);
        if (next > 0) {
          const retryAfterSeconds = Math.max(1, Math.ceil((next - clock.now()) / 1000));
          throw new ChatRefusal(ChatError.SlowMode, `slow mode: one message every ${slowSeconds} s in room ${roomId}; try again in ${retryAfterSeconds} s`, 429, retryAfterSeconds);
        }
      }

      let text = '';
      let imageFile: string | null = null;
      let replyTo: number | null = null;
      let order: ChatOrderItem | null = null;
      switch (input.kind) {
        case ChatMessageKind.Text:
          text = textOf(input.text, true);
          break;
        case ChatMessageKind.Reply: {
          text = textOf(input.text, true);
          if (input.replyTo === undefined) throw new ChatRefusal(ChatError.MessageNotFound, 'replyTo: missing, expected the id of a message of this room', 400);
          const target = await db
            .selectFrom('chat_messages')
            .select('id')
            .where('id', '=', Number(input.replyTo))
            .where('room_id', '=', roomId)
            .where('deleted_at', 'is', null)
            .executeTakeFirst();
          if (!target) throw new ChatRefusal(ChatError.MessageNotFound, `replyTo: no message ${input.replyTo} in room ${roomId}`, 404);
          replyTo = Number(target.id);
          break;
        }
        case ChatMessageKind.Image:
        case ChatMessageKind.ImageText: {
          text = textOf(input.text, input.kind === ChatMessageKind.ImageText);
          if (input.image === undefined) throw new ChatRefusal(ChatError.ImageNotFound, 'image: missing, expected the file of an uploaded image', 400);
          const stored = await db.selectFrom('chat_images').select('file').where('file', '=', input.image).where('member_id', '=', memberId).executeTakeFirst();
          if (!stored) throw new ChatRefusal(ChatError.ImageNotFound, `image: no image "${input.image}" uploaded by you`, 404);
          imageFile = stored.file;
          break;
        }
        case ChatMessageKind.Order: {
          text = textOf(input.text, false);
          const matchId = matchOf(roomId);
          const item = input.orderId === undefined || matchId === undefined ? undefined : await orders.shareable(memberId, matchId, input.orderId, lang);
          if (!item) {
            throw new ChatRefusal(
              ChatError.OrderNotShareable,
              `orderId: ${input.orderId ?? 'missing'} is not an order of yours that may be shared here (confirmed or settled, on the room's match, no auto cash out armed, staked at least the minimum)`,
              422,
            );
          }
          order = item;
          break;
        }
      }
      return store({
        room_id: roomId,
        kind: input.kind,
        member_id: memberId,
        nickname: member.nickname,
        vip_level: Math.max(0, Math.min(10, Number(member.vip_level))),
        title_id: member.worn_title_id === null ? null : Number(member.worn_title_id),
        user_type: isAgent(member, roomId) ? ChatUserType.Agent : ChatUserType.User,
        text,
        image_file: imageFile,
        reply_to: replyTo,
        order_json: order === null ? null : JSON.stringify(order),
        notice_json: null,
        created_at: clock.now(),
      });
    },

    postNotice,

    /**
     * The chat line of a member's gift, when the room allows it (issue 29): none while the member is muted there or the
     * room's chat is blocked, and none past chat.giftLines (per member and per room), so gifts cannot flush the
     * history or speak for a muted member. The gift itself is the economy's and is not refused here. Answers the line,
     * or undefined when none was posted.
     */
    async postGiftLine(memberId: number, roomId: number, notice: ChatNotice): Promise<ChatMessage | undefined> {
      const [ban, blocked] = await Promise.all([banOf(memberId, roomId), isBlocked(roomId)]);
      if (ban || blocked) return undefined;
      const { perMember, perRoom, perSeconds } = config.chat.giftLines;
      const window = perSeconds * 1000;
      const mine = await deps.limits.hit(`chat:giftLine:${roomId}:${memberId}`, perMember, window);
      if (!mine.ok) return undefined;
      const room = await deps.limits.hit(`chat:giftLines:${roomId}`, perRoom, window);
      if (!room.ok) return undefined;
      return postNotice(roomId, notice);
    },

    /** An agent deletes a message of their room: history leaves it out and the room is told. */
    async remove(agentId: number, roomId: number, messageId: string): Promise<void> {
      await requireAgent(agentId, roomId);
      const result = await db
        .updateTable('chat_messages')
        .set({ deleted_at: clock.now(), deleted_by: agentId })
        .where('id', '=', Number(messageId))
        .where('room_id', '=', roomId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new ChatRefusal(ChatError.MessageNotFound, `messageId: no message ${messageId} in room ${roomId}`, 404);
      publishToRoom(roomId, { kind: 'delete', roomId, messageId });
    },

    /** An agent mutes a member in their room until now + minutes; the member's clients are told. */
    async mute(agentId: number, roomId: number, uid: number, minutes: number, reason: string): Promise<ChatBanInfo> {
      await requireAgent(agentId, roomId);
      if (uid === agentId) throw new ChatRefusal(ChatError.NotAgent, 'uid: an agent cannot mute themselves', 400);
      const target = await db.selectFrom('members').select(['id', 'live_group_id', 'live_group_user_type']).where('id', '=', uid).executeTakeFirst();
      if (!target) throw new ChatRefusal(ChatError.MessageNotFound, `uid: no member ${uid}`, 404);
      if (isAgent(target, roomId)) throw new ChatRefusal(ChatError.NotAgent, `uid: ${uid} is an agent of room ${roomId} too`, 403);
      const cleanReason = cleanChatText(reason);
      if (cleanReason === '') throw new ChatRefusal(ChatError.TooLong, 'reason: empty, expected why the member is muted', 400);
      const now = clock.now();
      const info: ChatBanInfo = { until: now + minutes * 60_000, reason: cleanReason };
      await db.insertInto('chat_bans').values({ member_id: uid, room_id: roomId, until: info.until, reason: info.reason, created_by: agentId, created_at: now }).execute();
      hub.publish(chatMemberChannel(uid), { kind: 'ban', roomId, chatBanInfo: await banOf(uid, roomId) } satisfies ChatMemberEvent);
      return info;
    },

    /** An agent lifts the member's mutes in their room (a platform-wide mute stays). */
    async unmute(agentId: number, roomId: number, uid: number): Promise<void> {
      await requireAgent(agentId, roomId);
      await db.updateTable('chat_bans').set({ until: clock.now() }).where('member_id', '=', uid).where('room_id', '=', roomId).where('until', '>', clock.now()).execute();
      hub.publish(chatMemberChannel(uid), { kind: 'ban', roomId, chatBanInfo: await banOf(uid, roomId) } satisfies ChatMemberEvent);
    },

    /** An agent blocks or reopens the chat of their room (chatBlock). */
    async setBlock(agentId: number, roomId: number, blocked: boolean): Promise<void> {
      await requireAgent(agentId, roomId);
      const now = clock.now();
      await db
        .insertInto('chat_rooms')
        .values({ room_id: roomId, blocked: blocked ? 1 : 0, modified_by: agentId, modified_at: now })
        .onConflict((oc) => oc.column('room_id').doUpdateSet({ blocked: blocked ? 1 : 0, modified_by: agentId, modified_at: now }))
        .execute();
      publishToRoom(roomId, { kind: 'block', roomId, chatBlock: blocked });
    },

    /** An agent sets the room's slow mode (0 turns it off); the room is told, and the next send is checked against it. */
    async setSlowMode(agentId: number, roomId: number, slowSeconds: number): Promise<void> {
      await requireAgent(agentId, roomId);
      const now = clock.now();
      await db
        .insertInto('chat_rooms')
        .values({ room_id: roomId, blocked: 0, slow_seconds: slowSeconds, modified_by: agentId, modified_at: now })
        .onConflict((oc) => oc.column('room_id').doUpdateSet({ slow_seconds: slowSeconds, modified_by: agentId, modified_at: now }))
        .execute();
      publishToRoom(roomId, { kind: 'slow', roomId, slowSeconds });
    },

    /** Stores a report; one per member and message. */
    async report(memberId: number, messageId: string, cateId: number, remark: string): Promise<{ id: number; messageId: string; cateId: number; createdAt: number }> {
      const message = await db.selectFrom('chat_messages').select(['id', 'member_id', 'room_id']).where('id', '=', Number(messageId)).executeTakeFirst();
      // A message of a room the member may not see is answered like an unknown one, so a report cannot tell it exists.
      if (!message || !(await canSee(Number(message.room_id), memberId))) throw new ChatRefusal(ChatError.MessageNotFound, `messageId: no message ${messageId}`, 404);
      if (Number(message.member_id) === memberId) throw new ChatRefusal(ChatError.MessageNotFound, `messageId: ${messageId} is your own message`, 400);
      const existing = await db.selectFrom('chat_reports').select('id').where('member_id', '=', memberId).where('message_id', '=', Number(messageId)).executeTakeFirst();
      if (existing) throw new ChatRefusal(ChatError.AlreadyReported, `messageId: you already reported message ${messageId}`, 409);
      const createdAt = clock.now();
      const row = await db
        .insertInto('chat_reports')
        .values({ message_id: Number(messageId), member_id: memberId, cate_id: cateId, remark: cleanChatText(remark), created_at: createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: Number(row.id), messageId, cateId, createdAt };
    },

    /** Checks an upload by its content and stores it for the member. */
    async saveImage(memberId: number, bytes: Buffer): Promise<ChatImage> {
      const checked = inspectImage(bytes);
      if (!checked.ok) throw new ChatRefusal(ErrorCode.UNSUPPORTED_MEDIA_TYPE, `body: ${checked.reason}`, 415);
      const { image } = checked;
      const { maxWidth, maxHeight } = config.chat.image;
      if (image.width > maxWidth || image.height > maxHeight) {
        throw new ChatRefusal(ErrorCode.INVALID_INPUT, `body: an image of ${image.width} × ${image.height} pixels, at most ${maxWidth} × ${maxHeight}`, 400);
      }
      await admitUpload(memberId, bytes.length);
      const file = images.save(bytes, image.ext);
      const row = { file, member_id: memberId, type: image.type, width: image.width, height: image.height, bytes: bytes.length, created_at: clock.now() };
      await db.insertInto('chat_images').values(row).execute();
      return imageOf(row);
    },

    /**
     * Deletes images no message uses that were uploaded more than chat.imageUploads.unpostedMinutes ago, rows and files
     * (issue 29: they were kept for ever). Answers how many. A message can no longer name one (its send checks the row).
     */
    async purgeUnposted(): Promise<number> {
      const before = clock.now() - config.chat.imageUploads.unpostedMinutes * 60_000;
      const stale = await db
        .selectFrom('chat_images')
        .select('file')
        .where('created_at', '<', before)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('chat_messages').select('chat_messages.id').whereRef('chat_messages.image_file', '=', 'chat_images.file'))))
        .limit(1000)
        .execute();
      if (stale.length === 0) return 0;
      const files = stale.map((row) => row.file);
      // The rows first: a send racing this sees no image rather than a row whose file is gone.
      await db.deleteFrom('chat_images').where('file', 'in', files).where('created_at', '<', before).execute();
      for (const file of files) images.remove(file);
      return files.length;
    },
  };
}

export type ChatService = ReturnType<typeof createChat>;
