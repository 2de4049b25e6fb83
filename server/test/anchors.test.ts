import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AnchorType, LiveStatus } from '../../domain/anchors';
import type { Anchor } from '../../contract/live';
import { sports } from '../src/config/pluginManifests';
import { ANCHOR_ENDED_MS, ANCHORS_PER_MATCH } from '../src/live/anchors';
import { ANCHOR_ROSTER } from '../src/live/roster';
import { buildTestApp, login, playOut, type TestApp } from './helpers';

const { toScheme } = sports;

/**
 * Anchors through real HTTP (spec 001: anchor search, special rooms, visibility by anchor type). The feed runs at 60x
 * so a fake-clock minute is an hour of matches; a room's match is played to its end by the feed's test controls.
 */
describe('anchors and special rooms', () => {
  let t: TestApp;
  let demoToken: string;
  let demo2Token: string;

  beforeAll(async () => {
    t = await buildTestApp({ feed: { speed: 60 } });
    [demoToken, demo2Token] = await Promise.all([login(t, 'demo'), login(t, 'demo2')]);
  });

  afterAll(async () => {
    await t?.app.close();
  });

  const search = async (query = '', token?: string): Promise<Anchor[]> => {
    const res = await t.inject({ url: `/ssapi/anchor/search${query}`, headers: token ? { authorization: token } : {} });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: Anchor[] }>().data;
  };

  /** Moves the world on, ten simulated minutes per tick. */
  const play = (minutes: number) => {
    for (let done = 0; done < minutes; done += 10) {
      t.clock.advance(10_000);
      t.feed.tick();
    }
  };

  it('puts anchors on in-play matches of the sports they cover, at most two to a match, sport ids in scheme C', async () => {
    const rooms = await search();
    expect(rooms.length).toBeGreaterThan(3);
    const perMatch = new Map<number, number>();
    for (const room of rooms) {
      const fixture = t.feed.fixture(room.matchId);
      expect(fixture).toBeDefined();
      const profile = ANCHOR_ROSTER.find((a) => a.hostId === room.hostId);
      expect(profile?.sports).toContain(fixture?.sportId);
      expect(room.sportId).toBe(toScheme(fixture?.sportId ?? 0, 'A', 'C'));
      expect(room.match.sportId).toBe(room.sportId);
      expect(room.liveStatus).toBe(fixture?.inPlay ? LiveStatus.Living : LiveStatus.Waiting);
      if (room.liveStatus === LiveStatus.Living) {
        expect(room.match).toMatchObject({ matchType: 1, liveStatusFormat: '直播中' });
        expect(room.match.matchStatusFormat).not.toBe('');
        expect(room.popularity).toBeGreaterThanOrEqual(profile?.basePopularity ?? 0);
      }
      perMatch.set(room.matchId, (perMatch.get(room.matchId) ?? 0) + 1);
    }
    expect(Math.max(...perMatch.values())).toBeLessThanOrEqual(ANCHORS_PER_MATCH);
  });

  it('answers in the asked language and filters by matchSource', async () => {
    const english = await search('?language=ENG&matchSource=inplay');
    expect(english.length).toBeGreaterThan(0);
    for (const room of english) expect(room.match).toMatchObject({ liveStatus: LiveStatus.Living, liveStatusFormat: 'Live' });
    for (const room of await search('?matchSource=prematch')) expect(room.liveStatus).toBe(LiveStatus.Waiting);
  });

  it('shows visitors and members without special rooms the normal anchors only', async () => {
    for (const rooms of [await search(), await search('', demo2Token), await search('', 'an-expired-or-made-up-token')]) {
      expect(rooms.length).toBeGreaterThan(0);
      expect(rooms.every((r) => r.anchorType === AnchorType.Normal)).toBe(true);
    }
  });

  it('shows a member the exclusive and agent rooms among their special rooms', async () => {
    const special = await t.inject({ method: 'POST', url: '/api/forehead/live/liveRoom/getSpecialRoomIds', headers: { authorization: demoToken } });
    expect(special.json()).toMatchObject({ code: 0, data: '8010,8011,8012' });
    const none = await t.inject({ method: 'POST', url: '/api/forehead/live/liveRoom/getSpecialRoomIds', headers: { authorization: demo2Token } });
    expect(none.json()).toMatchObject({ code: 0, data: '' });

    const rooms = await search('', demoToken);
    const restricted = rooms.filter((r) => r.anchorType !== AnchorType.Normal);
    expect(restricted.map((r) => r.liveRoomId).every((id) => [8010, 8011, 8012].includes(id))).toBe(true);
    expect(restricted.length).toBeGreaterThan(0);
    expect(restricted.find((r) => r.anchorType === AnchorType.Agent)?.liveUserGroupId ?? 31).toBe(31);
  });

  it('refuses special rooms without a session', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/forehead/live/liveRoom/getSpecialRoomIds' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 400 });
  });

  it("takes the app's merchant id (up to 64 characters) as pid", async () => {
    const res = await t.inject({ url: `/ssapi/anchor/search?pid=${'m'.repeat(64)}&matchSource=all` });
    expect(res.statusCode).toBe(200);
  });

  it('answers bad input with 400 and what was expected', async () => {
    for (const [query, field] of [
      ['?matchSource=everything', 'matchSource'],
      ['?pid=%3Cscript%3E', 'pid'],
      [`?pid=${'m'.repeat(65)}`, 'pid'],
      ['?t=yesterday', 't'],
      ['?language=FR', 'language'],
      ['?nope=1', 'nope'],
    ] as const) {
      const res = await t.inject({ url: `/ssapi/anchor/search${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ msg: string }>().msg).toContain(field);
    }
  });

  it('ends a room when its match ends, keeps it as ended for a while, then books the anchor on another match', async () => {
    const before = await search();
    // A football room: football always has another match for the anchor to move to.
    const room = before.find((r) => r.liveStatus === LiveStatus.Living && r.sportId === 1) as Anchor;
    expect(room).toBeDefined();
    // Its match played to the end by the feed's test controls, the rest of the world standing still (playing hours of
    // every sport until it ended took most of this file's time).
    playOut(t, room.matchId);
    const ended = (await search()).find((r) => r.hostId === room.hostId && r.matchId === room.matchId);
    expect(ended?.liveStatus).toBe(LiveStatus.Ended);
    expect(ended?.match.liveStatusFormat).toBe('已结束');
    play(ANCHOR_ENDED_MS / 60_000 - 10);
    expect((await search()).find((r) => r.hostId === room.hostId)).toMatchObject({ matchId: room.matchId, liveStatus: LiveStatus.Ended });
    play(20);
    const next = (await search()).find((r) => r.hostId === room.hostId);
    expect(next?.matchId).toBeDefined();
    expect(next?.matchId).not.toBe(room.matchId);
  });

  it('reads one room as the full list shows it, while it lives, ends and after its anchor moves on', () => {
    const rooms = () => t.app.anchors.rooms('all', 'CMN');
    const seen = new Set<number>();
    const compare = () => {
      for (const { liveRoomId } of rooms()) {
        const one = t.app.anchors.room(liveRoomId, 'CMN');
        expect(one).toEqual(rooms().find((r) => r.liveRoomId === liveRoomId));
        seen.add(one!.liveStatus);
      }
    };
    // Each round ends one living room's match (the test controls), reads every room while it shows as ended, and again
    // once its anchor has moved on, with the world going on in between.
    for (let round = 0; round < 3; round++) {
      compare();
      const living = rooms().find((r) => r.liveStatus === LiveStatus.Living);
      expect(living).toBeDefined();
      playOut(t, living!.matchId);
      compare();
      play(ANCHOR_ENDED_MS / 60_000 + 10);
    }
    compare();
    expect(seen).toContain(LiveStatus.Living);
    expect(seen).toContain(LiveStatus.Ended);
    expect(t.app.anchors.room(99_999, 'CMN')).toBeUndefined();
  });
});
