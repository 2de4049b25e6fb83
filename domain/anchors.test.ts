import { describe, expect, it } from '@jest/globals';
import { anchorRoom } from '../src/testing/anchorFixtures';
import { AnchorType, hasAnchorTab, isAnchorVisible, LiveStatus, lobbyRooms, mergeAnchors, orderAnchors, parseSpecialRoomIds, pickRoom, roomSports, userLiveGroupOf } from './anchors';
import type { Anchor } from '../contract/live';

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

describe('mergeAnchors (spec 001 section 7: merged by liveRoomId)', () => {
  const held = [
    anchor({ liveRoomId: 1, popularity: 10 }),
    anchor({ liveRoomId: 2, liveStatus: LiveStatus.Waiting }),
    anchor({ liveRoomId: 3, popularity: 30 }),
  ];

  it('an in-play answer replaces rooms by id, adds new ones, drops live rooms it no longer has and keeps waiting ones', () => {
    const merged = mergeAnchors(held, [anchor({ liveRoomId: 1, popularity: 11 }), anchor({ liveRoomId: 4 })], 'inplay');
    expect(merged.map((a) => [a.liveRoomId, a.popularity])).toEqual([
      [2, 100],
      [1, 11],
      [4, 100],
    ]);
  });

  it('a room that went live replaces its waiting entry', () => {
    const merged = mergeAnchors(held, [anchor({ liveRoomId: 2, liveStatus: LiveStatus.Living })], 'inplay');
    expect(merged.find((a) => a.liveRoomId === 2)?.liveStatus).toBe(LiveStatus.Living);
    expect(merged.filter((a) => a.liveRoomId === 2)).toHaveLength(1);
  });

  it('a full answer is the whole list: rooms it lacks are gone; a repeated id keeps its first entry', () => {
    const merged = mergeAnchors(held, [anchor({ liveRoomId: 3, popularity: 31 }), anchor({ liveRoomId: 3, popularity: 99 })], 'all');
    expect(merged.map((a) => [a.liveRoomId, a.popularity])).toEqual([[3, 31]]);
  });
});

describe('userLiveGroupOf (spec 001 section 3, user live group)', () => {
  it.each([
    ['a user of a group', { liveUserGroupId: 31, liveGroupUserType: 'user' }, { liveUserGroupId: 31, liveGroupUserType: 'user' }],
    ['the agent of a group', { liveUserGroupId: 31, liveGroupUserType: 'agent' }, { liveUserGroupId: 31, liveGroupUserType: 'agent' }],
    ['no id', { liveGroupUserType: 'agent' }, undefined],
    ['id 0', { liveUserGroupId: 0, liveGroupUserType: 'user' }, undefined],
    ['a negative id', { liveUserGroupId: -4, liveGroupUserType: 'agent' }, undefined],
    ['a fractional id', { liveUserGroupId: 1.5, liveGroupUserType: 'user' }, undefined],
    ['an id as text', { liveUserGroupId: '31', liveGroupUserType: 'user' }, undefined],
    ['an unknown type', { liveUserGroupId: 31, liveGroupUserType: 'admin' }, undefined],
    ['no member', undefined, undefined],
  ])('%s', (_name, member, group) => {
    expect(userLiveGroupOf(member)).toEqual(group);
  });
});

describe('pickRoom (the room asked for, else the first live room)', () => {
  const rooms = [anchor({ liveRoomId: 1, liveStatus: LiveStatus.Waiting }), anchor({ liveRoomId: 2 }), anchor({ liveRoomId: 3 })];

  it('shows the room asked for, live or waiting', () => {
    expect(pickRoom(rooms, 3)).toEqual({ room: rooms[2], fellBack: false });
    expect(pickRoom(rooms, 1)).toEqual({ room: rooms[0], fellBack: false });
  });

  it('falls back to the first live room when the room is not in the list', () => {
    expect(pickRoom(rooms, 99)).toEqual({ room: rooms[1], fellBack: true });
  });

  it("follows the anchor to another of their rooms (a live one first) before falling back", () => {
    const list = [...rooms, anchor({ liveRoomId: 7, hostId: 42, liveStatus: LiveStatus.Waiting }), anchor({ liveRoomId: 8, hostId: 42 })];
    expect(pickRoom(list, 99, 42)).toEqual({ room: list[4], fellBack: false });
    expect(pickRoom(list.slice(0, 4), 99, 42)).toEqual({ room: list[3], fellBack: false });
    expect(pickRoom(list, 99, 77)).toEqual({ room: list[1], fellBack: true });
  });

  it('has nothing to show when no room is live', () => {
    expect(pickRoom([rooms[0]!], 99)).toBeUndefined();
    expect(pickRoom([], 1)).toBeUndefined();
  });
});

describe('hasAnchorTab (spec 001 section 2: CMN only)', () => {
  it.each([
    ['CMN', true],
    ['zh-TW', true],
    ['ENG', false],
    ['VIE', false],
    ['THA', false],
  ])('%s', (language, shown) => {
    expect(hasAnchorTab(language)).toBe(shown);
  });
});

describe('lobbyRooms (issue 31: the live lobby)', () => {
  const rooms = [
    anchorRoom(1, 10, { hostId: 91, popularity: 50 }),
    anchorRoom(2, 11, { hostId: 92, popularity: 900, liveStatus: LiveStatus.Waiting }),
    anchorRoom(3, 12, { hostId: 93, popularity: 70, sportId: 2 }),
    anchorRoom(4, 13, { hostId: 94, popularity: 70 }),
    anchorRoom(5, 14, { hostId: 95, popularity: 10, liveStatus: LiveStatus.Waiting }),
  ];
  const ids = (list: readonly Anchor[]) => list.map((room) => room.liveRoomId);

  it('puts rooms on air before waiting ones, then the most popular; equal ones keep the list order', () => {
    expect(ids(lobbyRooms(rooms, new Set()))).toEqual([3, 4, 1, 2, 5]);
  });

  it("puts followed anchors' rooms first, on air before waiting among them too", () => {
    expect(ids(lobbyRooms(rooms, new Set([95, 91])))).toEqual([1, 5, 3, 4, 2]);
  });

  it("keeps one sport's rooms (scheme C), and names the sports in the order the rooms first name them", () => {
    expect(ids(lobbyRooms(rooms, new Set(), 2))).toEqual([3]);
    expect(roomSports(rooms)).toEqual([1, 2]);
  });
});
