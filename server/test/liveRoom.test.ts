import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BookingStatus } from '../../contract/enums';
import { EXPERTS_PATHS, LIVE_ROOM_PATHS } from '../../contract/paths';
import { LiveStatus } from '../../domain/anchors';
import type { Anchor } from '../../contract/live';
import { WATCH_WINDOW_MS } from '../src/live/watches';
import { buildTestApp, login, type TestApp } from './helpers';

/** The live room's member calls over real HTTP (spec 001 section 7; docs/api.md "Live room"). */
describe('live room: follow, booking, watch, room lists, entrance and proxy switch', () => {
  let t: TestApp;
  let demo: string;
  let demo2: string;

  beforeAll(async () => {
    t = await buildTestApp();
    [demo, demo2] = await Promise.all([login(t, 'demo'), login(t, 'demo2')]);
  });
  afterAll(async () => t?.app.close());

  const post = (url: string, payload?: unknown, token?: string) =>
    t.inject({ method: 'POST', url, ...(payload === undefined ? {} : { payload }), headers: token ? { authorization: token } : {} });
  const data = async (url: string, payload: unknown, token?: string) => {
    const res = await post(url, payload, token);
    expect({ url, status: res.statusCode, body: res.json() }).toMatchObject({ url, status: 200, body: { code: 0, msg: "success" } });
    return res.json().data;
  };
  const rooms = async (token?: string): Promise<Anchor[]> =>
    (await t.inject({ url: '/ssapi/anchor/search', headers: token ? { authorization: token } : {} })).json().data;

  it('turns visitors away from member calls with 401 "no user", and stale tokens with 405', async () => {
    for (const url of [
      LIVE_ROOM_PATHS.subscribe,
      LIVE_ROOM_PATHS.unsubscribe,
      LIVE_ROOM_PATHS.subscribeInfo,
      LIVE_ROOM_PATHS.bookingAdd,
      LIVE_ROOM_PATHS.bookingCancel,
      LIVE_ROOM_PATHS.bookingList,
      LIVE_ROOM_PATHS.enterAnimation,
      LIVE_ROOM_PATHS.anchorProxy,
      LIVE_ROOM_PATHS.firstBetInfo,
      LIVE_ROOM_PATHS.firstBetJoin,
    ]) {
      const res = await post(url, { hostId: 9001, liveRoomId: 8001 });
      expect({ url, status: res.statusCode, code: res.json().code }).toEqual({ url, status: 401, code: 400 });
      const stale = await post(url, { hostId: 9001, liveRoomId: 8001 }, 'made-up-token');
      expect({ url, code: stale.json().code }).toEqual({ url, code: 405 });
    }
  });

  it('follows and unfollows per member, idempotently, and lists follows in subscribe/info', async () => {
    expect(await data(LIVE_ROOM_PATHS.subscribe, { hostId: 9003 }, demo)).toEqual({ hostId: 9003, followed: true });
    expect(await data(LIVE_ROOM_PATHS.subscribe, { hostId: 9003 }, demo)).toEqual({ hostId: 9003, followed: true });
    // A form-encoded body names the id as digits; follows list oldest first.
    t.clock.advance(1000);
    const form = await t.inject({ method: 'POST', url: LIVE_ROOM_PATHS.subscribe, payload: 'hostId=9001', headers: { authorization: demo, 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.json()).toMatchObject({ code: 0, data: { hostId: 9001, followed: true } });
    expect(await data(LIVE_ROOM_PATHS.subscribeInfo, undefined, demo)).toMatchObject({ subscribeHostId: [9003, 9001] });
    expect(await data(LIVE_ROOM_PATHS.subscribeInfo, { language: 'ENG' }, demo2)).toEqual({ subscribeHostId: [], subscribeMatchId: [] });

    expect(await data(LIVE_ROOM_PATHS.unsubscribe, { hostId: 9003 }, demo)).toEqual({ hostId: 9003, followed: false });
    expect(await data(LIVE_ROOM_PATHS.unsubscribe, { hostId: 9003 }, demo)).toEqual({ hostId: 9003, followed: false });
    // demo2 unfollowing demo's anchor changes nothing of demo's.
    await data(LIVE_ROOM_PATHS.unsubscribe, { hostId: 9001 }, demo2);
    expect((await data(LIVE_ROOM_PATHS.subscribeInfo, {}, demo)).subscribeHostId).toEqual([9001]);
  });

  it("hides exclusive and agent anchors from members without the room: following one answers 404 like an unknown anchor", async () => {
    expect((await post(LIVE_ROOM_PATHS.subscribe, { hostId: 9010 }, demo2)).json()).toEqual({ code: 4004, msg: 'hostId: no anchor 9010', data: null });
    expect((await post(LIVE_ROOM_PATHS.subscribe, { hostId: 424242 }, demo2)).statusCode).toBe(404);
    expect(await data(LIVE_ROOM_PATHS.subscribe, { hostId: 9010 }, demo)).toEqual({ hostId: 9010, followed: true });
  });

  it('answers bad input with 400 naming the field, and changes nothing', async () => {
    for (const [url, body, field] of [
      [LIVE_ROOM_PATHS.subscribe, {}, 'hostId'],
      [LIVE_ROOM_PATHS.subscribe, { hostId: 'x9' }, 'hostId'],
      [LIVE_ROOM_PATHS.subscribe, { hostId: 0 }, 'hostId'],
      [LIVE_ROOM_PATHS.subscribe, { hostId: 9001.5 }, 'hostId'],
      [LIVE_ROOM_PATHS.subscribe, { hostId: 9001, extra: 1 }, 'extra'],
      [LIVE_ROOM_PATHS.subscribe, { hostId: 9001, language: 'FR' }, 'language'],
      [LIVE_ROOM_PATHS.bookingAdd, { liveRoomId: -1 }, 'liveRoomId'],
      [LIVE_ROOM_PATHS.watch, { liveRoomId: '8001x' }, 'liveRoomId'],
      [LIVE_ROOM_PATHS.activitySelect, { liveRoomId: 8001 }, 'roomId'],
      [LIVE_ROOM_PATHS.messageSelect, {}, 'matchId'],
    ] as const) {
      const res = await post(url, body, demo2);
      expect({ url, status: res.statusCode, code: res.json().code }).toEqual({ url, status: 400, code: 4001 });
      expect(res.json().msg).toContain(field);
    }
    expect((await post(LIVE_ROOM_PATHS.subscribe, { hostId: 'x9' }, demo2)).json().msg).toBe('hostId: expected an id (an integer 1 to 2147483647), got "x9"');
    expect((await post(LIVE_ROOM_PATHS.subscribe, {}, demo2)).json().msg).toBe('hostId: missing, expected an id (an integer 1 to 2147483647)');
    expect(await data(LIVE_ROOM_PATHS.subscribeInfo, {}, demo2)).toEqual({ subscribeHostId: [], subscribeMatchId: [] });
  });

  it("books a room's next broadcast per member; cancelling is idempotent and another member cannot see or cancel it", async () => {
    const live = (await rooms()).find((r) => r.liveStatus === LiveStatus.Living) as Anchor;
    const booking = await data(LIVE_ROOM_PATHS.bookingAdd, { liveRoomId: live.liveRoomId, language: 'ENG' }, demo);
    // A live room is booked for the match it takes next: not known yet.
    expect(booking).toMatchObject({ liveRoomId: live.liveRoomId, hostId: live.hostId, matchId: 0, status: BookingStatus.Booked, liveStatus: LiveStatus.Living, match: null });
    expect(await data(LIVE_ROOM_PATHS.bookingAdd, { liveRoomId: live.liveRoomId }, demo)).toMatchObject({ bookedAt: booking.bookedAt, status: BookingStatus.Booked });
    expect(await data(LIVE_ROOM_PATHS.bookingList, {}, demo)).toHaveLength(1);
    expect(await data(LIVE_ROOM_PATHS.bookingList, {}, demo2)).toEqual([]);

    const notHers = await post(LIVE_ROOM_PATHS.bookingCancel, { liveRoomId: live.liveRoomId }, demo2);
    expect({ status: notHers.statusCode, msg: notHers.json().msg }).toEqual({ status: 404, msg: `liveRoomId: you have no booking of room ${live.liveRoomId}` });
    expect((await data(LIVE_ROOM_PATHS.bookingList, {}, demo))[0].status).toBe(BookingStatus.Booked);

    expect(await data(LIVE_ROOM_PATHS.bookingCancel, { liveRoomId: live.liveRoomId }, demo)).toMatchObject({ status: BookingStatus.Cancelled });
    expect(await data(LIVE_ROOM_PATHS.bookingCancel, { liveRoomId: live.liveRoomId }, demo)).toMatchObject({ status: BookingStatus.Cancelled });
    // Booking again after a cancel opens a new booking.
    expect(await data(LIVE_ROOM_PATHS.bookingAdd, { liveRoomId: live.liveRoomId }, demo)).toMatchObject({ status: BookingStatus.Booked });
    expect((await data(LIVE_ROOM_PATHS.bookingList, {}, demo)).map((b: { status: number }) => b.status)).toEqual([BookingStatus.Booked, BookingStatus.Cancelled]);
    expect((await post(LIVE_ROOM_PATHS.bookingAdd, { liveRoomId: 8012 }, demo2)).statusCode).toBe(404);
  });

  it("counts a member's view once per window into the room's popularity; a visitor's view is not counted", async () => {
    const room = (await rooms()).find((r) => r.liveStatus === LiveStatus.Living) as Anchor;
    const before = room.popularity;
    const first = await data(LIVE_ROOM_PATHS.watch, { liveRoomId: room.liveRoomId }, demo);
    expect(first).toEqual({ liveRoomId: room.liveRoomId, matchId: room.matchId, counted: true, popularity: before + 1 });
    expect(await data(LIVE_ROOM_PATHS.watch, { liveRoomId: room.liveRoomId }, demo)).toMatchObject({ counted: false, popularity: before + 1 });
    expect(await data(LIVE_ROOM_PATHS.watch, { liveRoomId: room.liveRoomId })).toMatchObject({ counted: false, popularity: before + 1 });
    expect(await data(LIVE_ROOM_PATHS.watch, { liveRoomId: room.liveRoomId }, demo2)).toMatchObject({ counted: true, popularity: before + 2 });
    expect((await rooms()).find((r) => r.liveRoomId === room.liveRoomId)?.popularity).toBe(before + 2);
    const views = async () => Number((await t.db.selectFrom('live_watches').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    expect(await views()).toBe(2);
    // Past the window the same member counts again (checked in the table: popularity's own formula moves with time).
    t.clock.advance(WATCH_WINDOW_MS + 1);
    expect(await data(LIVE_ROOM_PATHS.watch, { liveRoomId: room.liveRoomId }, demo)).toMatchObject({ counted: true });
    expect(await views()).toBe(3);
    expect((await post(LIVE_ROOM_PATHS.watch, { liveRoomId: 8010 }, demo2)).statusCode).toBe(404);
  });

  it("answers the room's events, the match's program messages and 404 for an unknown room or match", async () => {
    const room = (await rooms())[0] as Anchor;
    // The shipped config schedules rains and lotteries, so the room may already have some: exactly its own, newest first.
    // The economy's loop can start one while the call is answered (and experts publish as the feed moves): each answer
    // is what the platform held just before the call or just after.
    const answeredBetween = async (read: () => Promise<number[]>, call: () => Promise<number[]>) => {
      const before = await read();
      const answer = await call();
      expect([before, await read()]).toContainEqual(answer);
    };
    const stored = async () => (await t.db.selectFrom('live_events').select('id').where('room_id', '=', room.liveRoomId).orderBy('id', 'desc').limit(20).execute()).map((r) => Number(r.id));
    let events: Array<{ recordId: number; roomId: number }> = [];
    await answeredBetween(stored, async () => {
      events = (await data(LIVE_ROOM_PATHS.activitySelect, { roomId: room.liveRoomId })) as typeof events;
      return events.map((e) => e.recordId);
    });
    expect(events.every((e) => e.roomId === room.liveRoomId)).toBe(true);
    const onMatch = async () => ((await t.inject({ url: `${EXPERTS_PATHS.messageList}?size=50&sportsIds=${room.matchId}` })).json().data.list as Array<{ id: number }>).map((m) => m.id);
    await answeredBetween(onMatch, async () => ((await data(LIVE_ROOM_PATHS.messageSelect, { matchId: room.matchId }, demo)) as Array<{ id: number }>).map((m) => m.id));
    expect((await post(LIVE_ROOM_PATHS.activitySelect, { roomId: 99 })).json().msg).toBe('roomId: no live room 99');
    expect((await post(LIVE_ROOM_PATHS.messageSelect, { matchId: 7 })).json()).toEqual({ code: 4004, msg: 'matchId: no match 7', data: null });
  });

  it("answers the entrance by the member's VIP level and worn title", async () => {
    const room = (await rooms())[0] as Anchor;
    const id = Number((await t.db.selectFrom('members').select('id').where('username', '=', 'demo2').executeTakeFirstOrThrow()).id);
    expect(await data(LIVE_ROOM_PATHS.enterAnimation, { liveRoomId: room.liveRoomId }, demo2)).toEqual({
      liveRoomId: room.liveRoomId, uid: id, nickname: 'Demo 2', vipLevel: 0, wornTitleId: null, effect: 0,
    });
    await t.db.updateTable('members').set({ vip_level: 8 }).where('id', '=', id).execute();
    expect((await data(LIVE_ROOM_PATHS.enterAnimation, { liveRoomId: room.liveRoomId }, demo2)).effect).toBe(2);
    await t.db.updateTable('members').set({ vip_level: 4 }).where('id', '=', id).execute();
    expect((await data(LIVE_ROOM_PATHS.enterAnimation, { liveRoomId: room.liveRoomId }, demo2)).effect).toBe(1);
  });

  it('answers the anchor-proxy switch and the user live group from the member record, in the login state too', async () => {
    // The demo config makes demo an agent (the chat's moderation demo); start this member without a group.
    await t.db.updateTable('members').set({ live_group_id: 0, live_group_user_type: 'user' }).where('username', '=', 'demo').execute();
    expect(await data(LIVE_ROOM_PATHS.anchorProxy, undefined, demo)).toEqual({ anchorProxyEnable: 0 });
    const state = await data('/api/forehead/user/loginState', undefined, demo);
    expect(state.userData).toMatchObject({ liveUserGroupId: 0, liveGroupUserType: 'user' });
    expect(state.anchorProxyEnable).toBe(0);
    await t.db.updateTable('members').set({ live_group_id: 31, live_group_user_type: 'agent' }).where('username', '=', 'demo').execute();
    expect(await data(LIVE_ROOM_PATHS.anchorProxy, {}, demo)).toEqual({ anchorProxyEnable: 1 });
    const after = await data('/api/forehead/user/loginState', undefined, demo);
    expect(after.userData).toMatchObject({ liveUserGroupId: 31, liveGroupUserType: 'agent' });
    expect(after.anchorProxyEnable).toBe(1);
    expect(await data(LIVE_ROOM_PATHS.anchorProxy, {}, demo2)).toEqual({ anchorProxyEnable: 0 });
  });
});
