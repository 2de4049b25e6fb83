import type { ChatMessage, ChatNotice, ChatOrderItem } from '../../../contract/chat';
import { ChatMessageKind, ChatUserType, MEMBER_CHAT_KINDS } from '../../../contract/enums';
import { ChatError } from '../../../contract/errors';
import type { Lang } from '../feed';
import { ChatRefusal, type ChatDeps } from './context';
import type { ChatGuards } from './guards';
import type { ChatMessages } from './messages';
import type { OrderSharing } from './orders';
import type { ChatRooms } from './rooms';
import { cleanChatText, codePointLength } from './text';

/** What a member sends (the /chat `send` frame without its framing). */
export interface ChatSend {
  kind: (typeof MEMBER_CHAT_KINDS)[number];
  text?: string;
  image?: string;
  replyTo?: string;
  orderId?: string;
}

/**
 * Posting in a room (spec 001 sections 5 and 7): a member's send, checked against every rule first (the room, the
 * send rate, mutes, a blocked chat, slow mode: guards.ts) and then by its kind (text, reply, image, a shared order);
 * the platform's notices (a gift, an answer lottery's question), which no rule holds back; and a gift's chat line,
 * which the room's rules may leave out.
 */
export function createChatSending(
  { db, clock, config, limits }: Pick<ChatDeps, 'db' | 'clock' | 'config' | 'limits'>,
  parts: { rooms: ChatRooms; guards: ChatGuards; messages: ChatMessages; orders: OrderSharing },
) {
  const { rooms, guards, messages, orders } = parts;

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

  /**
   * The platform's announcement in a room (a gift, an answer lottery's question): no sender, never rate limited, and
   * stored as the notice itself, which each viewer's app words in their language (its text stays empty).
   */
  async function postNotice(roomId: number, notice: ChatNotice): Promise<ChatMessage> {
    rooms.room(roomId);
    return messages.store({
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

  return {
    /** Checks every rule, stores the message and publishes it to the room; answers it as stored. */
    async send(memberId: number, roomId: number, input: ChatSend, lang: Lang): Promise<ChatMessage> {
      rooms.room(roomId);
      await guards.admit(memberId);
      const member = await rooms.memberOf(memberId);
      const [ban, { blocked, slowSeconds }] = await Promise.all([guards.banOf(memberId, roomId), guards.settingsOf(roomId)]);
      if (ban) throw new ChatRefusal(ChatError.Banned, `you are muted until ${new Date(ban.until).toISOString()}: ${ban.reason}`, 403);
      if (blocked) throw new ChatRefusal(ChatError.RoomBlocked, `the chat of room ${roomId} is blocked`, 403);
      // The room's agents (the anchor's live group) keep talking at their pace: slow mode is for the audience.
      if (slowSeconds > 0 && !rooms.isAgent(member, roomId)) {
        const next = await guards.nextSendAt(memberId, roomId, slowSeconds);
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
          const matchId = rooms.matchOf(roomId);
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
      return messages.store({
        room_id: roomId,
        kind: input.kind,
        member_id: memberId,
        nickname: member.nickname,
        vip_level: Math.max(0, Math.min(10, Number(member.vip_level))),
        title_id: member.worn_title_id === null ? null : Number(member.worn_title_id),
        user_type: rooms.isAgent(member, roomId) ? ChatUserType.Agent : ChatUserType.User,
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
      const [ban, blocked] = await Promise.all([guards.banOf(memberId, roomId), guards.isBlocked(roomId)]);
      if (ban || blocked) return undefined;
      const { perMember, perRoom, perSeconds } = config.chat.giftLines;
      const window = perSeconds * 1000;
      const mine = await limits.hit(`chat:giftLine:${roomId}:${memberId}`, perMember, window);
      if (!mine.ok) return undefined;
      const room = await limits.hit(`chat:giftLines:${roomId}`, perRoom, window);
      if (!room.ok) return undefined;
      return postNotice(roomId, notice);
    },
  };
}
