import { AnchorType, HostLanguage, type AnchorTypeId, type HostLanguageId } from '../../../domain/anchors';

/** A host of the platform's live rooms; the room is the anchor's own and moves with them from match to match. */
export interface AnchorProfile {
  hostId: number;
  hostName: string;
  liveRoomId: number;
  anchorType: AnchorTypeId;
  /** The agent's live group for agent anchors, 0 for the others. */
  liveUserGroupId: number;
  hostLanguage: HostLanguageId;
  /** The operator's order among anchors on the same match (lower first). */
  sort: number;
  /** Viewers at the start of a broadcast; it grows while the anchor is live. */
  basePopularity: number;
  /** Sports the anchor covers (scheme A ids of the match lists). */
  sports: readonly number[];
}

const FOOTBALL = 1;
const BASKETBALL = 3;
const E_FOOTBALL = 177;
const E_BASKETBALL = 178;
const TENNIS = 5;

const { Mandarin, Cantonese } = HostLanguage;

/**
 * The platform's anchors: mostly normal rooms everyone sees, two exclusive rooms and one agent room that only members
 * granted them see (their special rooms, config/platform.json demoMembers[].specialRoomIds).
 */
export const ANCHOR_ROSTER: readonly AnchorProfile[] = [
  { hostId: 9001, hostName: '小雅', liveRoomId: 8001, anchorType: AnchorType.Normal, liveUserGroupId: 0, hostLanguage: Mandarin, sort: 1, basePopularity: 48_200, sports: [FOOTBALL] },
  { hostId: 9002, hostName: '阿杰说球', liveRoomId: 8002, anchorType: AnchorType.Normal, liveUserGroupId: 0, hostLanguage: Mandarin, sort: 2, basePopularity: 31_500, sports: [FOOTBALL, E_FOOTBALL] },
  { hostId: 9003, hostName: '波叔', liveRoomId: 8003, anchorType: AnchorType.Normal, liveUserGroupId: 0, hostLanguage: Cantonese, sort: 3, basePopularity: 22_800, sports: [FOOTBALL] },
  { hostId: 9004, hostName: '篮球小王', liveRoomId: 8004, anchorType: AnchorType.Normal, liveUserGroupId: 0, hostLanguage: Mandarin, sort: 1, basePopularity: 36_900, sports: [BASKETBALL, E_BASKETBALL] },
  { hostId: 9005, hostName: '米娅', liveRoomId: 8005, anchorType: AnchorType.Normal, liveUserGroupId: 0, hostLanguage: Mandarin, sort: 4, basePopularity: 18_400, sports: [FOOTBALL, BASKETBALL] },
  { hostId: 9006, hostName: '阿Ken', liveRoomId: 8006, anchorType: AnchorType.Normal, liveUserGroupId: 0, hostLanguage: Cantonese, sort: 2, basePopularity: 15_100, sports: [BASKETBALL] },
  { hostId: 9007, hostName: '电竞老周', liveRoomId: 8007, anchorType: AnchorType.Normal, liveUserGroupId: 0, hostLanguage: Mandarin, sort: 1, basePopularity: 27_300, sports: [E_FOOTBALL, E_BASKETBALL] },
  { hostId: 9008, hostName: '网球琳达', liveRoomId: 8008, anchorType: AnchorType.Normal, liveUserGroupId: 0, hostLanguage: Mandarin, sort: 1, basePopularity: 9_600, sports: [TENNIS] },
  { hostId: 9009, hostName: '老K', liveRoomId: 8009, anchorType: AnchorType.Normal, liveUserGroupId: 0, hostLanguage: Mandarin, sort: 5, basePopularity: 12_700, sports: [FOOTBALL, TENNIS] },
  { hostId: 9010, hostName: '晴天', liveRoomId: 8010, anchorType: AnchorType.Exclusive, liveUserGroupId: 0, hostLanguage: Mandarin, sort: 0, basePopularity: 8_800, sports: [FOOTBALL] },
  { hostId: 9011, hostName: '嘉嘉', liveRoomId: 8011, anchorType: AnchorType.Exclusive, liveUserGroupId: 0, hostLanguage: Cantonese, sort: 0, basePopularity: 7_200, sports: [BASKETBALL] },
  { hostId: 9012, hostName: '代理直播间', liveRoomId: 8012, anchorType: AnchorType.Agent, liveUserGroupId: 31, hostLanguage: Mandarin, sort: 6, basePopularity: 5_300, sports: [FOOTBALL, BASKETBALL] },
];

/**
 * The anchors the platform runs: the roster above, plus rooms a test control adds (TEST_CONTROLS, a room of a test's
 * own on a match of its own). Everything that asks which anchor a room or host id is reads it here.
 */
export class Roster {
  private readonly byRoom = new Map<number, AnchorProfile>();
  private readonly byHost = new Map<number, AnchorProfile>();

  constructor(profiles: readonly AnchorProfile[] = ANCHOR_ROSTER) {
    for (const profile of profiles) this.add(profile);
  }

  all(): AnchorProfile[] {
    return [...this.byRoom.values()];
  }

  room(liveRoomId: number): AnchorProfile | undefined {
    return this.byRoom.get(liveRoomId);
  }

  host(hostId: number): AnchorProfile | undefined {
    return this.byHost.get(hostId);
  }

  add(profile: AnchorProfile): void {
    if (this.byRoom.has(profile.liveRoomId) || this.byHost.has(profile.hostId)) {
      throw new Error(`roster: room ${profile.liveRoomId} or host ${profile.hostId} is taken`);
    }
    this.byRoom.set(profile.liveRoomId, profile);
    this.byHost.set(profile.hostId, profile);
  }
}
