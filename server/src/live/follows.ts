import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';

/** The anchors a member follows (spec 001 live/subscribe, live/unsubscribe); each member sees and changes only their own. */
export interface LiveFollows {
  /** Follows; following again changes nothing. */
  follow(memberId: number, hostId: number): Promise<void>;
  /** Unfollows; unfollowing an anchor not followed changes nothing. */
  unfollow(memberId: number, hostId: number): Promise<void>;
  /** Followed hostIds, oldest follow first. */
  hostIds(memberId: number): Promise<number[]>;
}

export function createLiveFollows(db: Kysely<Database>, clock: Clock): LiveFollows {
  return {
    async follow(memberId, hostId) {
      await db
        .insertInto('live_follows')
        .values({ member_id: memberId, host_id: hostId, created_at: clock.now() })
        .onConflict((oc) => oc.columns(['member_id', 'host_id']).doNothing())
        .execute();
    },
    async unfollow(memberId, hostId) {
      await db.deleteFrom('live_follows').where('member_id', '=', memberId).where('host_id', '=', hostId).execute();
    },
    async hostIds(memberId) {
      const rows = await db.selectFrom('live_follows').select('host_id').where('member_id', '=', memberId).orderBy('created_at').orderBy('host_id').execute();
      return rows.map((r) => Number(r.host_id));
    },
  };
}
