import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import WebSocket from 'ws';
import { buildTestApp, login, type TestApp } from './helpers';

// Issue 29, item 1: the push hub's channels are an allow-list (contract/channels.ts channelAccess). Before it, a
// visitor's `sub` to an exclusive room's channels (`live:room:8012`, `chat:room:8012`) or another member's
// (`chat:member:3`) was accepted: the hub guarded only `member:` names.
let t: TestApp;
const sockets: WebSocket[] = [];
const EXCLUSIVE_ROOM = 8012; // demo holds it among its special rooms (config/platform.json); demo2 does not
const NORMAL_ROOM = 8001;

beforeAll(async () => {
  t = await buildTestApp({ sharedFeed: true });
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await t.app.close();
});

async function memberId(username: string): Promise<number> {
  const row = await t.db.selectFrom('members').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A /push client that reads its frames in order; `sub` answers the channels it was refused (an empty list if none). */
async function client(token?: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${t.port}/push`);
  sockets.push(ws);
  const inbox: any[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (raw) => {
    inbox.push(JSON.parse(raw.toString()));
    waiters.splice(0).forEach((wake) => wake());
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const next = async (match: (m: any) => boolean = () => true): Promise<any> => {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const at = inbox.findIndex(match);
      if (at !== -1) return inbox.splice(at, 1)[0];
      if (Date.now() > deadline) throw new Error(`no matching frame; had ${JSON.stringify(inbox)}`);
      await new Promise<void>((wake) => {
        waiters.push(wake);
        setTimeout(wake, 100);
      });
    }
  };
  const send = (frame: object) => ws.send(JSON.stringify(frame));
  /** Frames are handled in order: the pong says everything before it is done. */
  const sync = async () => {
    send({ cmd: 'ping' });
    await next((m) => m.cmd === 'pong');
  };
  if (token) {
    send({ cmd: 'auth', token });
    expect(await next((m) => m.cmd === 'auth' || m.cmd === 'error')).toMatchObject({ cmd: 'auth' });
  }
  return {
    next,
    send,
    sync,
    async sub(channels: string[]): Promise<string[]> {
      send({ cmd: 'sub', channels });
      await sync();
      const errors = inbox.filter((m) => m.cmd === 'error');
      for (const error of errors) inbox.splice(inbox.indexOf(error), 1);
      return errors.flatMap((m) => m.channels ?? []).sort();
    },
    inbox,
  };
}

describe('push channels are an allow-list', () => {
  it('walks every channel family as a visitor, a member without the room, and a member granted it', async () => {
    const [demo, demo2] = [await memberId('demo'), await memberId('demo2')];
    const families = [
      'match:1:score',
      'match:1:odds',
      'matches',
      'football:tec',
      'football:js1',
      'lineup:status',
      'system:maintenance',
      `member:${demo}:live`,
      `member:${demo}:coins`,
      `member:${demo2}:coins`,
      `member:${demo}:cashOut`,
      `member:${demo2}:cashOut`,
      `live:room:${NORMAL_ROOM}`,
      `live:room:${EXCLUSIVE_ROOM}`,
      `chat:room:${NORMAL_ROOM}`,
      `chat:room:${EXCLUSIVE_ROOM}`,
      `chat:member:${demo}`,
      'no:such:channel',
      'member:1',
    ];
    const refusedTo = async (token?: string) => {
      const c = await client(token);
      return c.sub(families);
    };
    const always = [`chat:member:${demo}`, `chat:room:${EXCLUSIVE_ROOM}`, `chat:room:${NORMAL_ROOM}`, 'member:1', 'no:such:channel'];

    expect(await refusedTo()).toEqual(
      [...always, `live:room:${EXCLUSIVE_ROOM}`, `member:${demo2}:coins`, `member:${demo}:coins`, `member:${demo}:live`, `member:${demo}:cashOut`, `member:${demo2}:cashOut`].sort(),
    );
    expect(await refusedTo(await login(t, 'demo2'))).toEqual([...always, `live:room:${EXCLUSIVE_ROOM}`, `member:${demo}:coins`, `member:${demo}:live`, `member:${demo}:cashOut`].sort());
    expect(await refusedTo(await login(t, 'demo'))).toEqual([...always, `member:${demo2}:coins`, `member:${demo2}:cashOut`].sort());
  });

  it('says why a channel is refused, and delivers nothing of it', async () => {
    const visitor = await client();
    visitor.send({ cmd: 'sub', channels: [`chat:room:${EXCLUSIVE_ROOM}`, `live:room:${EXCLUSIVE_ROOM}`, 'nope'] });
    const reasons = [await visitor.next((m) => m.cmd === 'error'), await visitor.next((m) => m.cmd === 'error'), await visitor.next((m) => m.cmd === 'error')];
    expect(reasons.map((m) => m.msg).sort()).toEqual([
      `channels chat:room:${EXCLUSIVE_ROOM}: served by the chat socket (/chat), not /push; not subscribed`,
      `channels live:room:${EXCLUSIVE_ROOM}: no live room you may see; not subscribed`,
      'channels nope: no such channel; not subscribed',
    ]);
    t.app.pushHub.publish(`live:room:${EXCLUSIVE_ROOM}`, { kind: 'probe' });
    t.app.pushHub.publish(`chat:room:${EXCLUSIVE_ROOM}`, { events: [] });
    await visitor.sync();
    expect(visitor.inbox.filter((m) => m.chId)).toEqual([]);
  });

  it('a sign-out ends the connection\'s own and private-room channels at once', async () => {
    const demo = await memberId('demo');
    const token = await login(t, 'demo');
    const c = await client(token);
    expect(await c.sub([`member:${demo}:coins`, `live:room:${EXCLUSIVE_ROOM}`, 'matches'])).toEqual([]);

    const out = await t.inject({ method: 'POST', url: '/api/forehead/user/logout', headers: { authorization: token } });
    expect(out.statusCode).toBe(200);
    expect(await c.next((m) => m.cmd === 'error' && m.msg.startsWith('token:'))).toMatchObject({ msg: expect.stringContaining('session ended') });
    expect(await c.next((m) => m.cmd === 'error' && m.channels)).toMatchObject({ channels: [`member:${demo}:coins`, `live:room:${EXCLUSIVE_ROOM}`] });
    t.app.pushHub.publish(`member:${demo}:coins`, { kind: 'probe' });
    t.app.pushHub.publish(`live:room:${EXCLUSIVE_ROOM}`, { kind: 'probe' });
    t.app.pushHub.publish('matches', { kind: 'scheduled', matchIds: [] });
    await c.sync();
    expect(c.inbox.filter((m) => m.chId).map((m) => m.chId)).toEqual(['matches']);
    // And the token signs nothing in again.
    c.send({ cmd: 'auth', token });
    expect(await c.next((m) => m.cmd === 'error')).toMatchObject({ msg: expect.stringContaining('not signed in') });
  });

  it('the recheck drops a room the member lost and a session that expired, elsewhere signed out', async () => {
    const demo2 = await memberId('demo2');
    await t.app.specialRooms.grant(t.db, demo2, [EXCLUSIVE_ROOM]);
    const token = await login(t, 'demo2');
    const c = await client(token);
    expect(await c.sub([`live:room:${EXCLUSIVE_ROOM}`, `member:${demo2}:coins`])).toEqual([]);

    await t.db.deleteFrom('special_rooms').where('member_id', '=', demo2).execute();
    await t.app.pushHub.recheck();
    expect(await c.next((m) => m.cmd === 'error')).toMatchObject({ channels: [`live:room:${EXCLUSIVE_ROOM}`] });

    // A sign-out another instance served (straight on the sessions) reaches this connection at the next recheck.
    await t.app.auth.signOut(token);
    await t.app.pushHub.recheck();
    expect(await c.next((m) => m.cmd === 'error' && m.channels)).toMatchObject({ channels: [`member:${demo2}:coins`] });
  });
});
