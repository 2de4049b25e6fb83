import { chatMemberChannel, type ChatBanInfo, type ChatMemberEvent } from '../../../contract/chat';
import { ChatError } from '../../../contract/errors';
import type { Member } from '../db/schema';
import { ChatRefusal, type ChatDeps } from './context';
import type { RoomFanout } from './fanout';
import type { ChatGuards } from './guards';
import type { ChatRooms } from './rooms';
import { cleanChatText } from './text';

/**
 * Moderation (spec 001 section 6): a room's agents delete messages, mute and unmute members, block the room's chat and
 * set its slow mode, each told to the room or to the member; and any member reports a message. The guards these set
 * are read back by guards.ts.
 */
export function createChatModeration({ db, clock, hub }: Pick<ChatDeps, 'db' | 'clock' | 'hub'>, parts: { rooms: ChatRooms; guards: ChatGuards; fanout: RoomFanout }) {
  const { rooms, guards, fanout } = parts;

  async function requireAgent(memberId: number, roomId: number): Promise<Member> {
    const member = await rooms.memberOf(memberId);
    if (!rooms.isAgent(member, roomId)) throw new ChatRefusal(ChatError.NotAgent, `only an agent of room ${roomId} may moderate its chat`, 403);
    return member;
  }

  return {
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
      fanout.publishToRoom(roomId, { kind: 'delete', roomId, messageId });
    },

    /** An agent mutes a member in their room until now + minutes; the member's clients are told. */
    async mute(agentId: number, roomId: number, uid: number, minutes: number, reason: string): Promise<ChatBanInfo> {
      await requireAgent(agentId, roomId);
      if (uid === agentId) throw new ChatRefusal(ChatError.NotAgent, 'uid: an agent cannot mute themselves', 400);
      const target = await db.selectFrom('members').select(['id', 'live_group_id', 'live_group_user_type']).where('id', '=', uid).executeTakeFirst();
      if (!target) throw new ChatRefusal(ChatError.MessageNotFound, `uid: no member ${uid}`, 404);
      if (rooms.isAgent(target, roomId)) throw new ChatRefusal(ChatError.NotAgent, `uid: ${uid} is an agent of room ${roomId} too`, 403);
      const cleanReason = cleanChatText(reason);
      if (cleanReason === '') throw new ChatRefusal(ChatError.TooLong, 'reason: empty, expected why the member is muted', 400);
      const now = clock.now();
      const info: ChatBanInfo = { until: now + minutes * 60_000, reason: cleanReason };
      await db.insertInto('chat_bans').values({ member_id: uid, room_id: roomId, until: info.until, reason: info.reason, created_by: agentId, created_at: now }).execute();
      hub.publish(chatMemberChannel(uid), { kind: 'ban', roomId, chatBanInfo: await guards.banOf(uid, roomId) } satisfies ChatMemberEvent);
      return info;
    },

    /** An agent lifts the member's mutes in their room (a platform-wide mute stays). */
    async unmute(agentId: number, roomId: number, uid: number): Promise<void> {
      await requireAgent(agentId, roomId);
      await db.updateTable('chat_bans').set({ until: clock.now() }).where('member_id', '=', uid).where('room_id', '=', roomId).where('until', '>', clock.now()).execute();
      hub.publish(chatMemberChannel(uid), { kind: 'ban', roomId, chatBanInfo: await guards.banOf(uid, roomId) } satisfies ChatMemberEvent);
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
      fanout.publishToRoom(roomId, { kind: 'block', roomId, chatBlock: blocked });
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
      fanout.publishToRoom(roomId, { kind: 'slow', roomId, slowSeconds });
    },

    /** Stores a report; one per member and message. */
    async report(memberId: number, messageId: string, cateId: number, remark: string): Promise<{ id: number; messageId: string; cateId: number; createdAt: number }> {
      const message = await db.selectFrom('chat_messages').select(['id', 'member_id', 'room_id']).where('id', '=', Number(messageId)).executeTakeFirst();
      // A message of a room the member may not see is answered like an unknown one, so a report cannot tell it exists.
      if (!message || !(await rooms.canSee(Number(message.room_id), memberId))) throw new ChatRefusal(ChatError.MessageNotFound, `messageId: no message ${messageId}`, 404);
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
  };
}
