import { LiveStatus } from '../../../domain/anchors';
import type { Anchor } from '../../../contract/live';
import { IN_PLAY_STATUSES, MatchStatus, type FeedMatchData, type FeedViews } from '../feed';
import type { AnchorDirectory } from '../live/anchors';
import { findRoom } from '../live/rooms';
import { pictureGraph } from './picture';
import type { StreamSource } from './streams';
import { studioGraph } from './studio';

/** What the live streams can show: a match's video line, an anchor's room. */

/** Before kick-off a line may already be listed (the picture shows the teams at 0 - 0). */
const PRE_MATCH_STATUSES: ReadonlySet<number> = new Set([MatchStatus.Upcoming, MatchStatus.Delayed]);

/** One video line of a match (`/media/live/<matchId>/<line>...`): the pitch picture with the line's tally. */
export function matchVideoSource(feed: FeedViews & FeedMatchData, matchId: number, line: number): StreamSource {
  return {
    key: `match-${matchId}-${line}`,
    label: `match ${matchId} line ${line}`,
    /**
     * The feed lists a line while the match is in play and, for some matches, before kick-off; a finished match keeps
     * its media list for a while, but its lines are over.
     */
    unavailable() {
      const view = feed.match(matchId, 'ENG');
      const media = feed.media(matchId);
      if (!view || !media || view.isOutright) return `matchId: no match ${matchId}`;
      if (!IN_PLAY_STATUSES.has(view.matchStatus) && !PRE_MATCH_STATUSES.has(view.matchStatus)) {
        return `matchId: match ${matchId} is over (${view.matchInfo.matchPeriod || 'finished'}); its video has ended`;
      }
      if (media.videos.length === 0) return `matchId: match ${matchId} has no live video (not in play)`;
      if (!media.videos.some((v) => v.line === line)) return `line: match ${matchId} has no video line ${line} (lines 1 to ${media.videos.length})`;
      return undefined;
    },
    graph: (input) => pictureGraph({ ...input, line }),
  };
}

/** Why a room cannot be watched now (the 404 message), or undefined while it is live. */
export function roomUnavailable(room: Pick<Anchor, 'liveRoomId' | 'liveStatus'>): string | undefined {
  if (room.liveStatus === LiveStatus.Living) return undefined;
  const why = room.liveStatus === LiveStatus.Waiting ? 'is waiting for its match to kick off' : 'has ended';
  return `liveRoomId: room ${room.liveRoomId} is not live (it ${why})`;
}

/**
 * An anchor's room on its current match (`/media/anchor/<liveRoomId>/...`): the studio picture (the app draws the
 * anchor's name, the match and its score over it in the viewer's language). The key holds the match, so a room that has moved on to its next match is a
 * new stream, never the old picture.
 */
export function anchorRoomSource(anchors: AnchorDirectory, room: Pick<Anchor, 'liveRoomId' | 'matchId'>): StreamSource {
  const { liveRoomId, matchId } = room;
  return {
    key: `room-${liveRoomId}-${matchId}`,
    label: `room ${liveRoomId}`,
    unavailable() {
      const found = findRoom(anchors, liveRoomId, 'ENG');
      if (found.kind !== 'on-match' || found.room.matchId !== matchId) return `liveRoomId: room ${liveRoomId} has ended`;
      return roomUnavailable(found.room);
    },
    graph: (input) => studioGraph(input),
  };
}
