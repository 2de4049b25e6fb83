import { isAnchorVisible, type AnchorViewer } from '../../../domain/anchors';
import type { Anchor } from '../../../contract/live';
import type { Lang } from '../feed';
import type { AuthService } from '../members/auth';
import type { AnchorDirectory } from './anchors';
import type { AnchorProfile, Roster } from './roster';
import type { SpecialRooms } from './specialRooms';

/** What is known of a live room id: its anchor's room on a match now, a roster room off the air, or nothing. */
export type RoomLookup =
  | { kind: 'on-match'; room: Anchor }
  | { kind: 'off-air'; profile: AnchorProfile }
  | { kind: 'unknown' };

/**
 * One room by its id, with its anchor and match, as the anchor list answers it. A room of the roster whose anchor has
 * no match now is told apart from an id no anchor has, so a caller can say which it is. Visibility is the caller's
 * (isAnchorVisible), as for the list.
 */
export function findRoom(anchors: AnchorDirectory, liveRoomId: number, lang: Lang): RoomLookup {
  const room = anchors.room(liveRoomId, lang);
  if (room) return { kind: 'on-match', room };
  const profile = anchors.roster.room(liveRoomId);
  return profile ? { kind: 'off-air', profile } : { kind: 'unknown' };
}

/**
 * Who is asking about rooms: a visitor (also with a stale or made-up token: rooms are public, so it answers as for a
 * visitor) or a member with their special rooms.
 */
export async function anchorViewerOf(auth: AuthService, specialRooms: SpecialRooms, token: string | null): Promise<AnchorViewer> {
  const session = token ? await auth.authenticate(token) : undefined;
  if (!session?.ok) return { isLogin: false, specialRoomIds: new Set() };
  return { isLogin: true, specialRoomIds: new Set(await specialRooms.of(session.session.memberId)) };
}

/**
 * A roster room the viewer may see (exclusive and agent rooms only with the special room): its profile, or undefined
 * for an unknown room and a hidden one alike, so a caller answers both as unknown.
 */
export async function visibleRoomProfile(roster: Roster, specialRooms: SpecialRooms, liveRoomId: number, memberId: number | undefined): Promise<AnchorProfile | undefined> {
  const profile = roster.room(liveRoomId);
  if (!profile) return undefined;
  // A normal room is everyone's: no need to read the member's special rooms (a rain's receives come in thousands).
  if (isAnchorVisible(profile, { isLogin: false, specialRoomIds: new Set() })) return profile;
  const viewer: AnchorViewer = memberId === undefined ? { isLogin: false, specialRoomIds: new Set() } : { isLogin: true, specialRoomIds: new Set(await specialRooms.of(memberId)) };
  return isAnchorVisible(profile, viewer) ? profile : undefined;
}
