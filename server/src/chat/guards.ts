import type { ChatBanInfo } from '../../../contract/chat';
import { ChatError } from '../../../contract/errors';
import { ChatRefusal, type ChatDeps } from './context';

/** Mutes with room_id 0 hold in every room. */
const EVERY_ROOM = 0;

/**
 * What keeps a member from talking (spec 001 sections 5 and 6): mutes (chatBanInfo, in a room or everywhere), a room
 * whose chat its agents blocked, slow mode (seconds between two messages of a member in the room), and the send rate
 * window. All read from the database or the limit store, so they hold across instances; a refused send changes
 * nothing. Sending checks them; the socket's join answers them; moderation (moderation.ts) sets them.
 */
export function createChatGuards({ db, clock, config, limits }: Pick<ChatDeps, 'db' | 'clock' | 'config' | 'limits'>) {
  /** The room's agent settings: its chat blocked, its slow mode (seconds between two messages of a member). */
  async function settingsOf(roomId: number): Promise<{ blocked: boolean; slowSeconds: number }> {
    const row = await db.selectFrom('chat_rooms').select(['blocked', 'slow_seconds']).where('room_id', '=', roomId).executeTakeFirst();
    return { blocked: Number(row?.blocked ?? 0) === 1, slowSeconds: Number(row?.slow_seconds ?? 0) };
  }

  return {
    settingsOf,

    async banOf(memberId: number, roomId: number): Promise<ChatBanInfo | null> {
      const ban = await db
        .selectFrom('chat_bans')
        .select(['until', 'reason'])
        .where('member_id', '=', memberId)
        .where('room_id', 'in', roomId === EVERY_ROOM ? [EVERY_ROOM] : [EVERY_ROOM, roomId])
        .where('until', '>', clock.now())
        .orderBy('until', 'desc')
        .executeTakeFirst();
      return ban ? { until: Number(ban.until), reason: ban.reason } : null;
    },

    async isBlocked(roomId: number): Promise<boolean> {
      return (await settingsOf(roomId)).blocked;
    },

    /**
     * Slow mode: when the member may send in the room again (epoch ms), 0 when they may now. Read from their last stored
     * message there (deleted ones count: they were sent), so it holds across instances and a refused send changes nothing.
     */
    async nextSendAt(memberId: number, roomId: number, slowSeconds: number): Promise<number> {
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
    },

    /** Counts the send against the member's window (in the limit store, so it holds across instances); refuses it when the window is full. */
    async admit(memberId: number): Promise<void> {
      const { messages, perSeconds } = config.chat.rateLimit;
      const hit = await limits.hit(`chat:send:${memberId}`, messages, perSeconds * 1000);
      if (!hit.ok) {
        const retryAfterSeconds = Math.max(1, Math.ceil(hit.retryAfterMs / 1000));
        throw new ChatRefusal(ChatError.RateLimited, `too many messages: at most ${messages} in ${perSeconds} s; try again in ${retryAfterSeconds} s`, 429, retryAfterSeconds);
      }
    },
  };
}

export type ChatGuards = ReturnType<typeof createChatGuards>;
