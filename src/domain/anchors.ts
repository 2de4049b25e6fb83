/**
 * Anchors (hosts of live rooms) attached to matches: spec 001 sections 3, 4 and 6. The platform and the app apply the
 * same rules, so they live here once: the platform answers a viewer only what they may see, and the app filters again
 * (an operator's platform may answer every anchor and leave visibility to the client, as the spec describes).
 */

/** Spec 001 section 3, "Anchor types". */
export const AnchorType = { Normal: 0, Exclusive: 1, Agent: 17 } as const;
export type AnchorTypeId = (typeof AnchorType)[keyof typeof AnchorType];

/** Spec 001 section 4, live room: waiting 0, living 1, ended 2. */
export const LiveStatus = { Waiting: 0, Living: 1, Ended: 2 } as const;
export type LiveStatusId = (typeof LiveStatus)[keyof typeof LiveStatus];

/** Spec 001 section 3: hostLanguage 0 Mandarin, 1 Cantonese. */
export const HostLanguage = { Mandarin: 0, Cantonese: 1 } as const;
export type HostLanguageId = (typeof HostLanguage)[keyof typeof HostLanguage];

/** The match an anchor is on, as the anchor list carries it (spec: "Anchor match entry"). */
export interface AnchorMatch {
  /** The getList type of the match's list: 1 in-play, 2 today (see docs/api.md). */
  matchType: number;
  liveStatus: LiveStatusId;
  /** The period in play (0 before kick-off). */
  half: number;
  /** Scheme C, like the anchor's. */
  sportId: number;
  /** The room's state in the request language ("Live", "Starting soon", "Ended"). */
  liveStatusFormat: string;
  /** The match's period text in the request language ("2nd half", "Q3"), empty before kick-off. */
  matchStatusFormat: string;
}

/** One live room of the anchor list (GET /ssapi/anchor/search), fields as spec 001 section 3 names them. */
export interface Anchor {
  liveRoomId: number;
  matchId: number;
  /** Scheme C (live side). */
  sportId: number;
  hostId: number;
  hostName: string;
  anchorType: AnchorTypeId;
  liveUserGroupId: number;
  hostLanguage: HostLanguageId;
  liveStatus: LiveStatusId;
  sort: number;
  popularity: number;
  match: AnchorMatch;
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
export function orderAnchors(list: readonly Anchor[]): Anchor[] {
  const seen = new Set<number>();
  const out: Anchor[] = [];
  for (const anchor of list) {
    if (anchor.liveStatus === LiveStatus.Ended || seen.has(anchor.liveRoomId)) continue;
    seen.add(anchor.liveRoomId);
    out.push(anchor);
  }
  return out.sort((a, b) => a.matchId - b.matchId || a.sort - b.sort || b.popularity - a.popularity);
}
