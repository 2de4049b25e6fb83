import { ChatError } from '../../../contract/errors';
import { AnchorType, isAnchorVisible } from '../../../domain/anchors';
import type { Member } from '../db/schema';
import type { AnchorProfile } from '../live/roster';
import { ChatRefusal, type ChatDeps } from './context';

/**
 * Who and where in the chat (spec 001 section 3): the rooms (the anchors' live rooms, seen as the anchor list shows
 * them), the match a room's anchor is on, the members who talk in them, which of them are a room's agents, and who
 * may see a room at all. Every other part of the chat asks here.
 */
export function createChatRooms({ db, anchors, specialRooms }: Pick<ChatDeps, 'db' | 'anchors' | 'specialRooms'>) {
  const roster = anchors.roster;

  return {
    room(roomId: number): AnchorProfile {
      const profile = roster.room(roomId);
      if (!profile) throw new ChatRefusal(ChatError.RoomNotFound, `roomId: no live room ${roomId}`, 404);
      return profile;
    },

    /** The match the room's anchor is on now (undefined while the anchor has none). */
    matchOf(roomId: number): number | undefined {
      return anchors.room(roomId, 'CMN')?.matchId;
    },

    /** An agent of the room: a member whose live group is the anchor's, with the type agent (spec 001 section 3). */
    isAgent(member: Pick<Member, 'live_group_id' | 'live_group_user_type'>, roomId: number): boolean {
      const profile = roster.room(roomId);
      const group = Number(member.live_group_id);
      return profile !== undefined && group > 0 && member.live_group_user_type === 'agent' && group === profile.liveUserGroupId;
    },

    async memberOf(memberId: number): Promise<Member> {
      const member = await db.selectFrom('members').selectAll().where('id', '=', memberId).executeTakeFirst();
      if (!member) throw new ChatRefusal(ChatError.TokenExpired, 'session expired', 401);
      return member;
    },

    /** Whether the viewer (undefined: a visitor) may see the room: exclusive and agent rooms need it among their special rooms. */
    async canSee(roomId: number, memberId: number | undefined): Promise<boolean> {
      const profile = roster.room(roomId);
      if (!profile) return false;
      if (profile.anchorType === AnchorType.Normal) return true;
      if (memberId === undefined) return false;
      return isAnchorVisible(profile, { isLogin: true, specialRoomIds: new Set(await specialRooms.of(memberId)) });
    },
  };
}

export type ChatRooms = ReturnType<typeof createChatRooms>;
