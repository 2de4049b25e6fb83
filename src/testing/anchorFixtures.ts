import { AnchorType, LiveStatus } from '../../domain/anchors';
import type { Anchor } from '../../contract/live';

/** A live normal room on a match, as the anchor search answers it; override what a test is about. */
export const anchorRoom = (liveRoomId: number, matchId: number, over: Partial<Anchor> = {}): Anchor => ({
  liveRoomId,
  matchId,
  sportId: 1,
  hostId: liveRoomId + 1000,
  hostName: `Host ${liveRoomId}`,
  anchorType: AnchorType.Normal,
  liveUserGroupId: 0,
  hostLanguage: 0,
  liveStatus: LiveStatus.Living,
  sort: 1,
  popularity: 100,
  match: { matchType: 1, liveStatus: LiveStatus.Living, half: 1, sportId: 1, liveStatusFormat: 'Live', matchStatusFormat: '1H' },
  ...over,
});
