import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import WebSocket from 'ws';
import { PushChannel } from '../../contract/channels';
import { BookingStatus } from '../../contract/enums';
import { LIVE_ROOM_PATHS } from '../../contract/paths';
import { memberLivePushSchema } from '../../contract/push';
import { LiveStatus } from '../../domain/anchors';
import type { Anchor } from '../../contract/live';
import { buildTestApp, playOut, type TestApp } from './helpers';

/** A websocket on /push that queues what it receives. */
async function connect(port: number) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/push`);
  const received: any[] = [];
  ws.on('message', (raw) => received.push(JSON.parse(raw.toString())));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const send = (frame: unknown) => ws.send(JSON.stringify(frame));
  /** Waits until a received message matches (real time: the socket is real). */
  const until = async (match: (m: any) => boolean, what: string, ms = 10_000) => {
    const end = Date.now() + ms;
    for (;;) {
      const found = received.find(match);
      if (found) return found;
      if (Date.now() > end) throw new Error(`no ${what} within ${ms} ms; got ${JSON.stringify(received)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  /** Frames are handled in order: a pong means every frame sent before it was applied. */
  const sync = async () => {
    send({ cmd: 'ping' });
    await until((m) => m.cmd === 'pong', 'pong');
    received.splice(0, received.length, ...received.filter((m) => m.cmd !== 'pong'));
  };
  return { ws, received, send, until, sync };
}

/**
 * A booked room going live notices its member over /push on their private channel, tested over a real websocket
 * with the feed moved on by the fake clock (60x: ten feed minutes per step).
 */
describe('live booking notices on member:<uid>:live', () => {
  let t: TestApp;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ feed: { speed: 60 } });
  });
  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await t?.app.close();
  });

  async function signIn(username: string) {
    const res = await t.inject({ method: 'POST', url: '/api/forehead/user/login', payload: { username, password: 'demo1234' } });
    const { token, userData } = res.json().data as { token: string; userData: { uid: number } };
    return { token, uid: userData.uid };
  }

  it('lets only the signed-in member subscribe to their channel', async () => {
    const demo = await signIn('demo');
    const demo2 = await signIn('demo2');
    const visitor = await connect(t.port);
    sockets.push(visitor.ws);
    visitor.send({ cmd: 'sub', channels: [PushChannel.memberLive(demo.uid)] });
    expect((await visitor.until((m) => m.cmd === 'error', 'error')).msg).toContain('belongs to a member');

    visitor.send({ cmd: 'auth', token: 'made-up' });
    expect((await visitor.until((m) => m.cmd === 'error' && m.msg.startsWith('token'), 'auth error')).msg).toBe('token: unknown, expired or revoked session; not signed in');

    const other = await connect(t.port);
    sockets.push(other.ws);
    // auth then sub at once: the sub waits for the auth.
    other.send({ cmd: 'auth', token: demo2.token });
    other.send({ cmd: 'sub', channels: [PushChannel.memberLive(demo.uid), PushChannel.memberLive(demo2.uid)] });
    expect(await other.until((m) => m.cmd === 'auth', 'auth')).toEqual({ cmd: 'auth', uid: demo2.uid });
    expect((await other.until((m) => m.cmd === 'error', 'refusal')).channels).toEqual([PushChannel.memberLive(demo.uid)]);
    await other.sync();
    t.app.pushHub.publish(PushChannel.memberLive(demo.uid), { probe: 1 });
    t.app.pushHub.publish(PushChannel.memberLive(demo2.uid), { probe: 2 });
    const own = await other.until((m) => m.chId !== undefined, 'own message');
    expect(own).toMatchObject({ chId: PushChannel.memberLive(demo2.uid), data: { probe: 2 } });
    await other.sync();
    expect(other.received.filter((m) => m.chId === PushChannel.memberLive(demo.uid))).toEqual([]);
  });

  it('notices the member once when the room they booked goes live on its next match; nobody else hears of it', async () => {
    const demo = await signIn('demo');
    const demo2 = await signIn('demo2');
    const rooms: Anchor[] = (await t.inject({ url: '/ssapi/anchor/search' })).json().data;
    // A football room: football always has another match for the anchor to move to.
    const room = rooms.find((r) => r.liveStatus === LiveStatus.Living && r.sportId === 1) as Anchor;
    expect(room).toBeDefined();
    const booked = await t.inject({ method: 'POST', url: LIVE_ROOM_PATHS.bookingAdd, payload: { liveRoomId: room.liveRoomId }, headers: { authorization: demo.token } });
    expect(booked.json().data).toMatchObject({ status: BookingStatus.Booked, matchId: 0 });

    const mine = await connect(t.port);
    const theirs = await connect(t.port);
    sockets.push(mine.ws, theirs.ws);
    mine.send({ cmd: 'auth', token: demo.token });
    mine.send({ cmd: 'sub', channels: [PushChannel.memberLive(demo.uid)] });
    theirs.send({ cmd: 'auth', token: demo2.token });
    theirs.send({ cmd: 'sub', channels: [PushChannel.memberLive(demo2.uid)] });
    await mine.sync();
    await theirs.sync();

    // Going live again on the match it was on at booking is not the broadcast booked: play until the next one. The
    // room's match is played to its end by the feed's test controls (the rest of the world standing still), then the
    // world goes on until the anchor, free again, is on the air.
    playOut(t, room.matchId);
    await t.app.liveIdle();
    let notice: any;
    for (let step = 0; step < 40 && !notice; step++) {
      t.clock.advance(10_000);
      t.feed.tick();
      await t.app.liveIdle();
      await mine.sync();
      notice = mine.received.find((m) => m.chId === PushChannel.memberLive(demo.uid));
    }
    expect(notice).toBeDefined();
    const data = memberLivePushSchema.parse(notice.data);
    expect(data).toMatchObject({ kind: 'bookingLive', liveRoomId: room.liveRoomId, hostId: room.hostId });
    expect(data.matchId).not.toBe(room.matchId);
    const now: Anchor[] = (await t.inject({ url: '/ssapi/anchor/search' })).json().data;
    expect(now.find((r) => r.liveRoomId === room.liveRoomId)).toMatchObject({ matchId: data.matchId, liveStatus: LiveStatus.Living });

    // Once: more feed time sends nothing more.
    for (let step = 0; step < 3; step++) {
      t.clock.advance(10_000);
      t.feed.tick();
      await t.app.liveIdle();
    }
    await mine.sync();
    await theirs.sync();
    expect(mine.received.filter((m) => m.chId === PushChannel.memberLive(demo.uid))).toHaveLength(1);
    expect(theirs.received.filter((m) => m.chId !== undefined)).toEqual([]);
    const list = await t.inject({ method: 'POST', url: LIVE_ROOM_PATHS.bookingList, headers: { authorization: demo.token } });
    expect(list.json().data[0]).toMatchObject({ liveRoomId: room.liveRoomId, status: BookingStatus.Notified, matchId: data.matchId });
    expect(list.json().data[0].match).not.toBeNull();
  });
});
