import type { Kysely } from 'kysely';
import { BookingStatus } from '../../../contract/enums';
import { LiveStatus } from '../../../domain/anchors';
import type { Anchor } from '../../../contract/live';
import type { Clock } from '../clock';
import { lockKeys } from '../db/locks';
import type { Database, LiveBookingRow } from '../db/schema';

/** A booking the platform just noticed: its room went live. */
export interface NoticedBooking {
  memberId: number;
  liveRoomId: number;
  hostId: number;
  matchId: number;
}

/**
 * Live booking (spec 001 "Live booking: book, cancel and user bookings"): a member books a room's next broadcast and
 * is noticed once when the room goes live. A waiting room's next broadcast is the match it waits for; a room live now
 * (or just ended) is booked for the match it takes next, since rooms here are mostly on air. A booking is the member's
 * own: every query is by member, so another member's bookings are never read or changed.
 */
export interface LiveBookings {
  /** Books the room (room: where it is now, undefined when it has no broadcast); an open booking is answered as it stands. */
  book(memberId: number, liveRoomId: number, hostId: number, room: Anchor | undefined): Promise<LiveBookingRow>;
  /** Cancels the member's open booking of the room; answers their latest booking of it, undefined when none. */
  cancel(memberId: number, liveRoomId: number): Promise<LiveBookingRow | undefined>;
  /** The member's bookings, newest first (at most 100). */
  list(memberId: number): Promise<LiveBookingRow[]>;
  /** Matches of the member's open bookings of waiting rooms, earliest booking first. */
  openMatchIds(memberId: number): Promise<number[]>;
  /** Rooms with open bookings. */
  bookedRooms(): Promise<number[]>;
  /**
   * Marks noticed the open bookings these live rooms fulfil (a broadcast other than the one running at booking) and
   * answers them: each booking once, however often it runs.
   */
  noticeLive(rooms: readonly Anchor[]): Promise<NoticedBooking[]>;
}

const LIST_LIMIT = 100;

export function createLiveBookings(db: Kysely<Database>, clock: Clock): LiveBookings {
  const latest = (memberId: number, liveRoomId: number) =>
    db.selectFrom('live_bookings').selectAll().where('member_id', '=', memberId).where('live_room_id', '=', liveRoomId).orderBy('id', 'desc').limit(1).executeTakeFirst();

  return {
    async book(memberId, liveRoomId, hostId, room) {
      // One transaction holding the member's booking of the room (a key lock on PostgreSQL, SQLite's one writer), so two
      // requests at once cannot open two bookings.
      return db.transaction().execute(async (trx) => {
        await lockKeys(trx, [`member:${memberId}:booking:${liveRoomId}`]);
        const open = await trx
          .selectFrom('live_bookings')
          .selectAll()
          .where('member_id', '=', memberId)
          .where('live_room_id', '=', liveRoomId)
          .where('status', '=', BookingStatus.Booked)
          .executeTakeFirst();
        if (open) return open;
        const waiting = room?.liveStatus === LiveStatus.Waiting;
        const now = clock.now();
        const { id } = await trx
          .insertInto('live_bookings')
          .values({
            member_id: memberId,
            live_room_id: liveRoomId,
            host_id: hostId,
            match_id: waiting ? room.matchId : 0,
            skip_match_id: room && !waiting ? room.matchId : 0,
            status: BookingStatus.Booked,
            created_at: now,
            modified_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return trx.selectFrom('live_bookings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      });
    },

    async cancel(memberId, liveRoomId) {
      await db
        .updateTable('live_bookings')
        .set({ status: BookingStatus.Cancelled, modified_at: clock.now() })
        .where('member_id', '=', memberId)
        .where('live_room_id', '=', liveRoomId)
        .where('status', '=', BookingStatus.Booked)
        .execute();
      return latest(memberId, liveRoomId);
    },

    list(memberId) {
      return db.selectFrom('live_bookings').selectAll().where('member_id', '=', memberId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(LIST_LIMIT).execute();
    },

    async openMatchIds(memberId) {
      const rows = await db
        .selectFrom('live_bookings')
        .select('match_id')
        .where('member_id', '=', memberId)
        .where('status', '=', BookingStatus.Booked)
        .where('match_id', '>', 0)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return [...new Set(rows.map((r) => Number(r.match_id)))];
    },

    async bookedRooms() {
      const rows = await db.selectFrom('live_bookings').select('live_room_id').distinct().where('status', '=', BookingStatus.Booked).execute();
      return rows.map((r) => Number(r.live_room_id));
    },

    async noticeLive(rooms) {
      const noticed: NoticedBooking[] = [];
      for (const room of rooms) {
        if (room.liveStatus !== LiveStatus.Living) continue;
        // The guarded UPDATE moves each booking once; RETURNING names exactly the members to notice.
        const moved = await db
          .updateTable('live_bookings')
          .set({ status: BookingStatus.Notified, match_id: room.matchId, modified_at: clock.now() })
          .where('live_room_id', '=', room.liveRoomId)
          .where('status', '=', BookingStatus.Booked)
          .where('skip_match_id', '!=', room.matchId)
          .returning(['member_id'])
          .execute();
        for (const row of moved) noticed.push({ memberId: Number(row.member_id), liveRoomId: room.liveRoomId, hostId: room.hostId, matchId: room.matchId });
      }
      return noticed;
    },
  };
}
