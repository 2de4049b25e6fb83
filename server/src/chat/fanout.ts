import { chatRoomChannel, type ChatRoomEvent, type ChatRoomFrame } from '../../../contract/chat';
import type { ChatDeps } from './context';

/**
 * The rooms' fan-out window: room events wait up to chat.fanoutMs and go out together as one hub publish `{ events }`:
 * at 100 messages a second to 2,000 members, one frame per message per member is 200,000 socket writes a second; a
 * window of 50 ms cuts that to 40,000 frames carrying the same messages. Each window is serialised once for every
 * member. The windows waiting are the closure's state; messages, moderation and notices all publish through it.
 */
export function createRoomFanout({ hub, config }: Pick<ChatDeps, 'hub' | 'config'>) {
  const pending = new Map<number, ChatRoomEvent[]>();
  const timers = new Map<number, NodeJS.Timeout>();
  function flush(roomId: number): void {
    const events = pending.get(roomId);
    pending.delete(roomId);
    timers.delete(roomId);
    if (events && events.length > 0) hub.publish(chatRoomChannel(roomId), { events } satisfies ChatRoomFrame);
  }

  return {
    publishToRoom(roomId: number, event: ChatRoomEvent): void {
      const events = pending.get(roomId);
      if (events) {
        events.push(event);
        return;
      }
      pending.set(roomId, [event]);
      if (config.chat.fanoutMs === 0) return flush(roomId);
      timers.set(roomId, setTimeout(() => flush(roomId), config.chat.fanoutMs));
    },

    /** Sends what is waiting at once (shutdown); later events go out as usual. */
    flushAll(): void {
      for (const [roomId, timer] of timers) {
        clearTimeout(timer);
        flush(roomId);
      }
    },
  };
}

export type RoomFanout = ReturnType<typeof createRoomFanout>;
