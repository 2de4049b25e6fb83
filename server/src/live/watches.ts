import type { Kysely } from 'kysely';
import type { Anchor } from '../../../contract/live';
import type { Clock } from '../clock';
import { lockKeys } from '../db/locks';
import type { Database } from '../db/schema';

/** A member's repeated views of one room within this window count once towards its popularity. */
export const WATCH_WINDOW_MS = 30 * 60_000;

/**
 * Views of live rooms (spec 001 live/submit/watch). A counted view adds one to the room's popularity for the match it
 * is on. Counted in the database rather than in memory, so every platform instance answers the same popularity.
 */
export interface LiveWatches {
  /** Records the member's view of the room; false when they already viewed it within the window. */
  watch(memberId: number, room: Pick<Anchor, 'liveRoomId' | 'matchId'>): Promise<boolean>;
  /** Counted views per room of these rooms on their current matches, keyed `<liveRoomId>:<matchId>`. */
  viewsOf(rooms: ReadonlyArray<Pick<Anchor, 'liveRoomId' | 'matchId'>>): Promise<Map<string, number>>;
}

export const viewKey = (room: Pick<Anchor, 'liveRoomId' | 'matchId'>) => `${room.liveRoomId}:${room.matchId}`;

export function createLiveWatches(db: Kysely<Database>, clock: Clock): LiveWatches {
  return {
    async watch(memberId, room) {
      return db.transaction().execute(async (trx) => {
        // The member's views of the room, held until commit: the recent-view check decides whether this one counts.
        await lockKeys(trx, [`member:${memberId}:watch:${room.liveRoomId}`]);
        const now = clock.now();
        const recent = await trx
          .selectFrom('live_watches')
          .select('id')
          .where('member_id', '=', memberId)
          .where('live_room_id', '=', room.liveRoomId)
          .where('watched_at', '>', now - WATCH_WINDOW_MS)
          .limit(1)
          .executeTakeFirst();
        if (recent) return false;
        await trx.insertInto('live_watches').values({ member_id: memberId, live_room_id: room.liveRoomId, match_id: room.matchId, watched_at: now }).execute();
        return true;
      });
    },

    async viewsOf(rooms) {
      const views = new Map<string, number>();
      if (rooms.length === 0) return views;
      const rows = await db
        .selectFrom('live_watches')
        .select(['live_room_id', 'match_id', (eb) => eb.fn.countAll<number>().as('views')])
        .where('live_room_id', 'in', [...new Set(rooms.map((r) => r.liveRoomId))])
        .where('match_id', 'in', [...new Set(rooms.map((r) => r.matchId))])
        .groupBy(['live_room_id', 'match_id'])
        .execute();
      for (const row of rows) views.set(`${Number(row.live_room_id)}:${Number(row.match_id)}`, Number(row.views));
      return views;
    },
  };
}
