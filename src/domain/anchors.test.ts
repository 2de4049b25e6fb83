import { describe, expect, it } from '@jest/globals';
import { anchorRoom } from '../testing/anchorFixtures';
import { AnchorType, isAnchorVisible, LiveStatus, orderAnchors, parseSpecialRoomIds, type Anchor } from './anchors';

const anchor = (over: Partial<Anchor>): Anchor => anchorRoom(1, 100, over);

describe('isAnchorVisible (spec 001 sections 4 and 6)', () => {
  const visitor = { isLogin: false, specialRoomIds: new Set<number>() };
  const member = { isLogin: true, specialRoomIds: new Set([7]) };

  it.each([
    ['normal, visitor', AnchorType.Normal, 5, visitor, true],
    ['normal, member', AnchorType.Normal, 5, member, true],
    ['exclusive, visitor', AnchorType.Exclusive, 7, visitor, false],
    ['exclusive, member with the room', AnchorType.Exclusive, 7, member, true],
    ['exclusive, member without the room', AnchorType.Exclusive, 8, member, false],
    ['agent, member with the room', AnchorType.Agent, 7, member, true],
    ['agent, member without the room', AnchorType.Agent, 8, member, false],
    ['agent, visitor even if the room were listed', AnchorType.Agent, 7, { isLogin: false, specialRoomIds: new Set([7]) }, false],
  ])('%s', (_name, anchorType, liveRoomId, viewer, visible) => {
    expect(isAnchorVisible({ anchorType, liveRoomId }, viewer)).toBe(visible);
  });

  it('treats an unknown anchor type as restricted', () => {
    expect(isAnchorVisible({ anchorType: 5 as never, liveRoomId: 1 }, { isLogin: false, specialRoomIds: new Set() })).toBe(false);
  });
});

describe('parseSpecialRoomIds', () => {
  it('reads a comma-separated list of numbers', () => {
    expect(parseSpecialRoomIds('8010,8011, 8012')).toEqual([8010, 8011, 8012]);
  });

  it('drops blanks, non-numbers, zero and repeats, and answers [] for anything but a string', () => {
    expect(parseSpecialRoomIds(',8010,,abc,0,-3,8010,1e3,')).toEqual([8010]);
    expect(parseSpecialRoomIds('')).toEqual([]);
    expect(parseSpecialRoomIds(null)).toEqual([]);
    expect(parseSpecialRoomIds([8010])).toEqual([]);
  });
});

describe('orderAnchors (spec 001 section 3)', () => {
  it('de-duplicates by liveRoomId keeping the first, drops ended rooms, sorts by match, sort, then most popular', () => {
    const list = [
      anchor({ liveRoomId: 1, matchId: 200, sort: 1, popularity: 5 }),
      anchor({ liveRoomId: 2, matchId: 100, sort: 2, popularity: 50 }),
      anchor({ liveRoomId: 3, matchId: 100, sort: 1, popularity: 5 }),
      anchor({ liveRoomId: 4, matchId: 100, sort: 1, popularity: 9 }),
      anchor({ liveRoomId: 3, matchId: 300, sort: 0, popularity: 99 }),
      anchor({ liveRoomId: 5, matchId: 50, liveStatus: LiveStatus.Ended }),
    ];
    expect(orderAnchors(list).map((a) => a.liveRoomId)).toEqual([4, 3, 2, 1]);
  });
});
