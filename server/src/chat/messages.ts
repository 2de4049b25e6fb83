import type { ChatMessage, ChatNotice, ChatOrderItem } from '../../../contract/chat';
import { ChatUserType } from '../../../contract/enums';
import type { ChatDeps, MessageRow } from './context';
import type { RoomFanout } from './fanout';
import { imageOf } from './uploads';

/**
 * The room's messages as stored and as the wire carries them (spec 001 section 5): a stored row becomes a message
 * with its image and the message it replies to; storing one publishes it to the room through the fan-out window; the
 * history a join answers and the scroll-back page before a message read them back, deleted ones left out.
 */
export function createChatMessages({ db, config }: Pick<ChatDeps, 'db' | 'config'>, fanout: RoomFanout) {
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

  /** Up to `limit` undeleted messages of the room (below the id `before` when given), oldest first; one more is read to tell `hasMore`. */
  async function page(roomId: number, limit: number, before?: number): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
    if (limit === 0) return { messages: [], hasMore: false };
    let query = db.selectFrom('chat_messages').selectAll().where('room_id', '=', roomId).where('deleted_at', 'is', null);
    if (before !== undefined) query = query.where('id', '<', before);
    const rows = await query.orderBy('id', 'desc').limit(limit + 1).execute();
    const hasMore = rows.length > limit;
    return { messages: await toMessages(rows.slice(0, limit).reverse() as MessageRow[]), hasMore };
  }

  return {
    /** Stores the message and publishes it to the room; answers it as stored. */
    async store(row: Omit<MessageRow, 'id' | 'deleted_at' | 'deleted_by'>): Promise<ChatMessage> {
      const inserted = await db
        .insertInto('chat_messages')
        .values({ ...row, deleted_at: null, deleted_by: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const [message] = await toMessages([{ ...row, id: Number(inserted.id), deleted_at: null, deleted_by: null }]);
      const published = message as ChatMessage;
      fanout.publishToRoom(row.room_id, { kind: 'message', message: published });
      return published;
    },

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
  };
}

export type ChatMessages = ReturnType<typeof createChatMessages>;
