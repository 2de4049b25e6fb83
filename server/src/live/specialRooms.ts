import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';

/** The exclusive and agent rooms each member is granted (spec 001 "special rooms"). */
export interface SpecialRooms {
  /** The member's rooms, ascending. */
  of(memberId: number): Promise<number[]>;
  /** Grants rooms; ones already granted are left as they are. */
  grant(db: Kysely<Database>, memberId: number, liveRoomIds: readonly number[]): Promise<void>;
}

export function createSpecialRooms(db: Kysely<Database>, clock: Clock): SpecialRooms {
  return {
    async of(memberId) {
      const rows = await db.selectFrom('special_rooms').select('live_room_id').where('member_id', '=', memberId).orderBy('live_room_id').execute();
      return rows.map((r) => Number(r.live_room_id));
    },
    async grant(trx, memberId, liveRoomIds) {
      if (liveRoomIds.length === 0) return;
      const now = clock.now();
      await trx
        .insertInto('special_rooms')
        .values(liveRoomIds.map((liveRoomId) => ({ member_id: memberId, live_room_id: liveRoomId, granted_at: now })))
        .onConflict((oc) => oc.columns(['member_id', 'live_room_id']).doNothing())
        .execute();
    },
  };
}
