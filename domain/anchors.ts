/**
 * Anchors (hosts of live rooms) attached to matches: spec 001 sections 3, 4 and 6. The platform and the app apply the
 * same rules, so they live here once: the platform answers a viewer only what they may see, and the app filters again
 * (an operator's platform may answer every anchor and leave visibility to the client, as the spec describes).
 */

// The room itself is the contract's (its schema names the fields once); the contract's schema takes the codes below.
import type { Anchor } from '../contract/live';

/** Spec 001 section 3, "Anchor types". */
export const AnchorType = { Normal: 0, Exclusive: 1, Agent: 17 } as const;
export type AnchorTypeId = (typeof AnchorType)[keyof typeof AnchorType];

/** Spec 001 section 4, live room: waiting 0, living 1, ended 2. */
export const LiveStatus = { Waiting: 0, Living: 1, Ended: 2 } as const;
export type LiveStatusId = (typeof LiveStatus)[keyof typeof LiveStatus];

/** Spec 001 section 3: hostLanguage 0 Mandarin, 1 Cantonese. */
export const HostLanguage = { Mandarin: 0, Cantonese: 1 } as const;
export type HostLanguageId = (typeof HostLanguage)[keyof typeof HostLanguage];

/**
 * One live room of the anchor list (GET /ssapi/anchor/search) as the app reads it: the fields spec 001 section 3 names,
 * with the anchor's display name only when the platform sends one (the spec's anchor has none, so an operator's
 * platform that follows it still shows its anchors).
 */
export interface AnchorRoom extends Omit<Anchor, 'hostName'> {
  hostName?: string;
}

export interface AnchorViewer {
  isLogin: boolean;
  /** The viewer's special rooms (live/liveRoom/getSpecialRoomIds); empty for a visitor. */
  specialRoomIds: ReadonlySet<number>;
}

/**
 * Spec 001 sections 4 and 6: normal anchors are visible to all; exclusive and agent anchors only to a signed-in
 * member whose special rooms include the room. An unknown type is treated as restricted.
 */
export function isAnchorVisible(anchor: Pick<Anchor, 'anchorType' | 'liveRoomId'>, viewer: AnchorViewer): boolean {
  if (anchor.anchorType === AnchorType.Normal) return true;
  return viewer.isLogin && viewer.specialRoomIds.has(anchor.liveRoomId);
}

/**
 * Spec 001 section 3: special rooms are "a comma-separated list of numbers". Blanks, non-numbers and repeats are
 * dropped rather than failing the whole list.
 */
export function parseSpecialRoomIds(text: unknown): number[] {
  if (typeof text !== 'string') return [];
  const ids = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d{1,15}$/.test(part))
    .map(Number)
    .filter((id) => id > 0);
  return [...new Set(ids)];
}

/**
 * Spec 001 section 3: the list is de-duplicated by liveRoomId (the first entry wins), ended rooms are dropped, and it
 * is sorted by matchId, then sort, then popularity. The spec does not give directions: ascending match id and sort
 * (an operator's order), most popular first.
 */
export function orderAnchors<A extends AnchorRoom>(list: readonly A[]): A[] {
  const seen = new Set<number>();
  const out: A[] = [];
  for (const anchor of list) {
    if (anchor.liveStatus === LiveStatus.Ended || seen.has(anchor.liveRoomId)) continue;
    seen.add(anchor.liveRoomId);
    out.push(anchor);
  }
  return out.sort((a, b) => a.matchId - b.matchId || a.sort - b.sort || b.popularity - a.popularity);
}

/**
 * Which rooms an anchor-list answer covers: the 60 s list poll asks for every room (`all`), the 20 s anchor loop for
 * the rooms on air (`inplay`), whose popularity and state change most.
 */
export type AnchorScope = 'all' | 'inplay';

/**
 * Spec 001 section 7: the anchor list is "merged by liveRoomId". A room in the answer replaces the room of the same id;
 * a room held within the answer's scope that the answer no longer has is gone (it ended or its anchor moved on), while
 * rooms outside that scope are kept until an answer that covers them (the next full list).
 */
export function mergeAnchors<A extends AnchorRoom>(held: readonly A[], answer: readonly A[], scope: AnchorScope): A[] {
  const fresh = new Map<number, A>();
  for (const room of answer) if (!fresh.has(room.liveRoomId)) fresh.set(room.liveRoomId, room);
  const kept = held.filter((room) => !fresh.has(room.liveRoomId) && scope === 'inplay' && room.liveStatus !== LiveStatus.Living);
  return [...kept, ...fresh.values()];
}

/** Spec 001 section 3: a member of a user live group is a user or the group's agent. */
export type LiveGroupUserType = 'user' | 'agent';
export interface UserLiveGroup {
  liveUserGroupId: number;
  liveGroupUserType: LiveGroupUserType;
}

/**
 * Spec 001 section 3, "User live group": a positive liveUserGroupId with type user or agent; a missing or non-positive
 * id (or a type that is neither) means no group.
 */
export function userLiveGroupOf(member: { liveUserGroupId?: unknown; liveGroupUserType?: unknown } | undefined): UserLiveGroup | undefined {
  const id = member?.liveUserGroupId;
  const type = member?.liveGroupUserType;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return undefined;
  return type === 'user' || type === 'agent' ? { liveUserGroupId: id, liveGroupUserType: type } : undefined;
}

/**
 * The room a live room screen shows: the one asked for while the list has it; else another room of its anchor (`hostId`,
 * when known: the room follows the chosen anchor, e.g. a platform that opens a new room per match); else (spec: "the
 * active match falls back to the first match") the first live room of the list in its order, as a fall-back; none when
 * nothing is live.
 */
export function pickRoom<A extends AnchorRoom>(rooms: readonly A[], liveRoomId: number, hostId?: number): { room: A; fellBack: boolean } | undefined {
  const asked = rooms.find((room) => room.liveRoomId === liveRoomId);
  if (asked) return { room: asked, fellBack: false };
  const ofAnchor = rooms.filter((room) => room.hostId === hostId);
  const moved = ofAnchor.find((room) => room.liveStatus === LiveStatus.Living) ?? ofAnchor[0];
  if (moved) return { room: moved, fellBack: false };
  const first = rooms.find((room) => room.liveStatus === LiveStatus.Living);
  return first && { room: first, fellBack: true };
}

/**
 * Spec 001 section 2: "The anchor tab is available only when the locale is CMN". The spec's locale codes have one
 * Chinese (CMN); the app offers it in simplified (API code CMN) and traditional (zh-TW) script, both CMN to the spec.
 */
export function hasAnchorTab(apiLanguage: string): boolean {
  return apiLanguage === 'CMN' || apiLanguage === 'zh-TW';
}

/**
 * The live lobby's order (issue 31): rooms of anchors the member follows first, then rooms on air before rooms waiting
 * for kick-off, then the most popular; the spec's list order (orderAnchors) breaks ties. `sportId` (scheme C, as the
 * rooms carry it) keeps one sport's rooms; undefined keeps every sport's.
 */
export function lobbyRooms<A extends AnchorRoom>(rooms: readonly A[], followedHostIds: ReadonlySet<number>, sportId?: number): A[] {
  const rank = (room: A) => (followedHostIds.has(room.hostId) ? 0 : 2) + (room.liveStatus === LiveStatus.Living ? 0 : 1);
  return rooms
    .map((room, index) => ({ room, index }))
    .filter(({ room }) => sportId === undefined || room.sportId === sportId)
    .sort((a, b) => rank(a.room) - rank(b.room) || b.room.popularity - a.room.popularity || a.index - b.index)
    .map(({ room }) => room);
}

/** The sports (scheme C) the rooms are on, each once, in the order the rooms first name them. */
export function roomSports(rooms: readonly AnchorRoom[]): number[] {
  return [...new Set(rooms.map((room) => room.sportId))];
}
