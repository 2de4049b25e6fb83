import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { ChatError } from '../../../contract/errors';
import { openChat, png, type ChatTestClient } from '../../test/chatClient';
import { buildTestApp, loadRealPlatformConfig, login, type TestApp, type TestAppOptions } from '../../test/helpers';

// Each test builds a platform (twice for the restart): with both cores busy a build alone took 20 s here.
jest.setTimeout(120_000);

const open: ChatTestClient[] = [];
const apps: TestApp[] = [];

afterEach(async () => {
  for (const c of open.splice(0)) c.ws.terminate();
  for (const t of apps.splice(0)) await t.app.close();
});

async function build(options: TestAppOptions = {}): Promise<TestApp> {
  const t = await buildTestApp({ sharedFeed: true, ...options });
  apps.push(t);
  return t;
}

/** demo is an agent of live group 31 (room 8012's anchor); demo2 a user of it who may see that agent room. */
function agentRoomMembers(): TestAppOptions['config'] {
  const [demo, demo2] = loadRealPlatformConfig().demoMembers;
  return { demoMembers: [demo!, { ...demo2!, liveGroupId: 31, liveGroupUserType: 'user', specialRoomIds: [8012] }] };
}

async function chatToken(t: TestApp, username = 'demo'): Promise<string> {
  const res = await t.inject({ url: '/api/forehead/user/chat/token/v2', headers: { authorization: await login(t, username) } });
  expect(res.statusCode).toBe(200);
  return res.json().data.token;
}

/** Opens /chat as the member (or a visitor), waits for hello and joins the room. */
async function member(t: TestApp, username: string | undefined, roomId = 8001) {
  const query = username === undefined ? '' : `?token=${encodeURIComponent(await chatToken(t, username))}`;
  const c = openChat(t.port, query);
  open.push(c);
  const hello = await c.next((m) => m.cmd === 'hello');
  c.send({ cmd: 'join', roomId });
  const joined = await c.next((m) => m.cmd === 'joined' || m.cmd === 'error');
  return { c, hello, joined };
}

const messageEvent = (m: any) => m.chId !== undefined && m.data?.kind === 'message';

describe('chat token and rule', () => {
  it('gives a member a short-lived token with the rule and no mute, and a visitor none', async () => {
    const t = await build();
    const visitor = await t.inject({ url: '/api/forehead/user/chat/token/v2' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().code).toBe(400);

    const res = await t.inject({ url: '/api/forehead/user/chat/token/v2', headers: { authorization: await login(t) } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { token, expiresAt, chatRule, chatBanInfo } = res.json().data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresAt).toBe(t.clock.now() + 300_000);
    expect(chatRule).toMatchObject({ maxTextLength: 200, rateLimit: { messages: 5, perSeconds: 10 }, historySize: 50 });
    expect(chatBanInfo).toBeNull();
    // Only its hash is stored.
    expect(await t.db.selectFrom('chat_tokens').selectAll().where('token_hash', '=', token).executeTakeFirst()).toBeUndefined();

    const rule = await t.inject({ url: '/api/forehead/user/chat/get/rule' });
    expect(rule.json().data).toEqual(chatRule);
  });

  it('closes a connection whose token is expired or made up with 4401', async () => {
    const t = await build();
    const token = await chatToken(t);
    t.clock.advance(301_000);
    const expired = openChat(t.port, `?token=${token}`);
    open.push(expired);
    expect((await expired.closed).code).toBe(4401);
    const madeUp = openChat(t.port, '?token=not-a-token');
    open.push(madeUp);
    expect(await madeUp.closed).toEqual({ code: 4401, reason: 'chat token unknown or expired, or its session ended; fetch a new one' });
  });

  it('refuses a websocket from a foreign origin', async () => {
    const t = await build();
    const c = openChat(t.port, '', { origin: 'https://evil.example' });
    open.push(c);
    expect(await c.closed).toEqual({ code: 1008, reason: 'origin not allowed' });
  });
});

describe('/chat rooms and messages', () => {
  it('lets a visitor join and read but not send', async () => {
    const t = await build();
    const { c, hello, joined } = await member(t, undefined);
    expect(hello).toMatchObject({ cmd: 'hello', uid: 0 });
    expect(joined).toMatchObject({ cmd: 'joined', roomId: 8001, chId: 'chat:room:8001', messages: [], chatBlock: false, canSend: false });
    c.send({ cmd: 'send', ref: 'v1', roomId: 8001, kind: 'text', text: 'hi' });
    expect(await c.next((m) => m.cmd === 'error')).toMatchObject({ ref: 'v1', code: ChatError.SignInToChat });
    expect(await t.db.selectFrom('chat_messages').selectAll().execute()).toEqual([]);

    const a = await member(t, 'demo');
    a.c.send({ cmd: 'send', roomId: 8001, kind: 'text', text: 'visible to visitors' });
    expect((await c.next(messageEvent)).data.message.text).toBe('visible to visitors');
  });

  it('sends between two members: acknowledged with the stored id, delivered to both as inert text', async () => {
    const t = await build();
    await t.db.updateTable('members').set({ vip_level: 7, worn_title_id: 12 }).where('username', '=', 'demo').execute();
    const a = await member(t, 'demo');
    const b = await member(t, 'demo2');
    const typed = '<img src=x onerror=alert(1)>\u202Egnp.exe\u202C zero\u200Bwidth 👨\u200D👩\u200D👧';
    a.c.send({ cmd: 'send', ref: 'm1', roomId: 8001, kind: 'text', text: typed });
    const ack = await a.c.next((m) => m.cmd === 'ack');
    expect(ack).toMatchObject({ cmd: 'ack', ref: 'm1', id: expect.stringMatching(/^\d+$/) });
    const received = await b.c.next(messageEvent);
    expect(received).toMatchObject({ chId: 'chat:room:8001', seq: 1 });
    const demo = await t.db.selectFrom('members').selectAll().where('username', '=', 'demo').executeTakeFirstOrThrow();
    expect(received.data.message).toEqual({
      id: ack.id,
      roomId: 8001,
      kind: 'text',
      uid: demo.id,
      nickname: 'Demo',
      vipLevel: 7,
      titleId: 12,
      userType: 0,
      text: '<img src=x onerror=alert(1)>gnp.exe zerowidth 👨\u200D👩\u200D👧',
      createdAt: t.clock.now(),
    });
    expect((await a.c.next(messageEvent)).data.message.id).toBe(ack.id);

    // A reply names a message of the room and quotes it.
    b.c.send({ cmd: 'send', ref: 'r1', roomId: 8001, kind: 'reply', text: 'answer', replyTo: ack.id });
    const reply = (await a.c.next(messageEvent)).data.message;
    expect(reply).toMatchObject({ kind: 'reply', text: 'answer', reply: { id: ack.id, nickname: 'Demo', kind: 'text' } });
    b.c.send({ cmd: 'send', ref: 'r2', roomId: 8001, kind: 'reply', text: 'x', replyTo: '999999' });
    expect(await b.c.next((m) => m.cmd === 'error')).toMatchObject({ ref: 'r2', code: ChatError.MessageNotFound });

    // A member cannot send as the platform, nor into a room not joined.
    b.c.send({ cmd: 'send', ref: 'r3', roomId: 8001, kind: 'auto', text: 'fake notice' });
    expect(await b.c.next((m) => m.cmd === 'error')).toMatchObject({ ref: 'r3', code: 4001 });
    b.c.send({ cmd: 'send', ref: 'r4', roomId: 8002, kind: 'text', text: 'elsewhere' });
    expect(await b.c.next((m) => m.cmd === 'error')).toMatchObject({ ref: 'r4', code: ChatError.NotInRoom });
  });

  it('answers the history from the database after a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sport-pc-chat-'));
    const options = { databaseFile: path.join(dir, 'chat.sqlite'), dataDir: dir };
    const first = await build(options);
    const a = await member(first, 'demo');
    const ids: string[] = [];
    for (const text of ['one', 'two', 'three']) {
      a.c.send({ cmd: 'send', roomId: 8001, kind: 'text', text });
      ids.push((await a.c.next((m) => m.cmd === 'ack')).id);
    }
    await first.app.close();
    apps.splice(apps.indexOf(first), 1);

    const second = await build(options);
    const b = await member(second, 'demo2');
    expect(b.joined.messages.map((m: any) => [m.id, m.text])).toEqual([
      [ids[0], 'one'],
      [ids[1], 'two'],
      [ids[2], 'three'],
    ]);
  });

  it('pages older messages for scroll-back: oldest first, deleted ones left out, agent rooms only for who may see them', async () => {
    const t = await build();
    const insert = async (roomId: number, texts: string[]) => {
      const ids: string[] = [];
      for (const text of texts) {
        const row = await t.db
          .insertInto('chat_messages')
          .values({ room_id: roomId, kind: 'text', member_id: 1, nickname: 'Ann', vip_level: 0, title_id: null, user_type: 0, text, image_file: null, reply_to: null, order_json: null, notice_json: null, created_at: t.clock.now(), deleted_at: null, deleted_by: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(String(row.id));
      }
      return ids;
    };
    const ids = await insert(8001, Array.from({ length: 120 }, (_, i) => `m${i}`));
    await t.db.updateTable('chat_messages').set({ deleted_at: t.clock.now(), deleted_by: 1 }).where('id', '=', Number(ids[10])).execute();
    const [agentRoomMessage] = await insert(8012, ['agents only']);
    const page = async (query: string, username?: string) =>
      t.inject({ url: `/api/forehead/live/chat/history?${query}`, headers: username ? { authorization: await login(t, username) } : {} });

    // The join answered m70..m119: the page before m70 is the 50 before it.
    const first = await page(`roomId=8001&before=${ids[70]}`);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.hasMore).toBe(true);
    expect(first.json().data.messages.map((m: any) => m.text)).toEqual(Array.from({ length: 50 }, (_, i) => `m${i + 20}`));
    const second = await page(`roomId=8001&before=${ids[20]}&size=50`);
    expect(second.json().data).toMatchObject({ hasMore: false });
    expect(second.json().data.messages.map((m: any) => m.text)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i}`).filter((m) => m !== 'm10'));
    expect((await page(`roomId=8001&before=${ids[3]}&size=2`)).json().data).toMatchObject({ hasMore: true, messages: [{ text: 'm1' }, { text: 'm2' }] });

    // An agent room answers like an unknown one to a visitor and a member without it, and to its members it holds its own messages only.
    const later = String(Number(agentRoomMessage) + 1);
    for (const refused of [await page(`roomId=8012&before=${later}`), await page(`roomId=8012&before=${later}`, 'demo2'), await page(`roomId=4321&before=${later}`)]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe(ChatError.RoomNotFound);
    }
    const granted = await page(`roomId=8012&before=${later}`, 'demo');
    expect(granted.json().data).toEqual({ hasMore: false, messages: [expect.objectContaining({ roomId: 8012, text: 'agents only' })] });
    expect(granted.headers['cache-control']).toBe('no-store');

    for (const bad of ['roomId=8001', 'roomId=8001&before=abc', 'roomId=8001&before=5&size=51', 'roomId=8001&before=5&size=0']) {
      const res = await page(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/before|size/);
    }
  });

  it('refuses a message over the length limit and sends past the rate limit', async () => {
    const t = await build();
    const a = await member(t, 'demo');
    a.c.send({ cmd: 'send', ref: 'long', roomId: 8001, kind: 'text', text: '字'.repeat(201) });
    expect(await a.c.next((m) => m.cmd === 'error')).toEqual({ cmd: 'error', ref: 'long', code: ChatError.TooLong, msg: 'text: 201 characters, at most 200' });
    a.c.send({ cmd: 'send', ref: 'blank', roomId: 8001, kind: 'text', text: ' \u200B\u202E ' });
    expect(await a.c.next((m) => m.cmd === 'error')).toMatchObject({ ref: 'blank', code: ChatError.TooLong });

    for (let i = 0; i < 3; i++) {
      a.c.send({ cmd: 'send', ref: `ok${i}`, roomId: 8001, kind: 'text', text: `message ${i}` });
      expect(await a.c.next((m) => m.ref === `ok${i}`)).toMatchObject({ cmd: 'ack' });
    }
    // The refused ones above counted too: 5 in the window.
    a.c.send({ cmd: 'send', ref: 'fast', roomId: 8001, kind: 'text', text: 'one too many' });
    expect(await a.c.next((m) => m.ref === 'fast')).toMatchObject({ cmd: 'error', code: ChatError.RateLimited, retryAfterSeconds: 10 });
    t.clock.advance(10_001);
    a.c.send({ cmd: 'send', ref: 'later', roomId: 8001, kind: 'text', text: 'after the window' });
    expect(await a.c.next((m) => m.ref === 'later')).toMatchObject({ cmd: 'ack' });
  });
});

describe('moderation', () => {
  it('lets an agent mute a member in their room, delete a message and block the room; others may not', async () => {
    const t = await build({ config: agentRoomMembers() });
    const agent = await member(t, 'demo', 8012);
    const user = await member(t, 'demo2', 8012);
    expect(agent.joined).toMatchObject({ userType: 1, canSend: true });
    expect(user.joined).toMatchObject({ userType: 0, canSend: true });
    const demo2 = await t.db.selectFrom('members').select('id').where('username', '=', 'demo2').executeTakeFirstOrThrow();

    user.c.send({ cmd: 'send', ref: 'u1', roomId: 8012, kind: 'text', text: 'spam spam' });
    const spam = await user.c.next((m) => m.ref === 'u1');
    agent.c.send({ cmd: 'send', ref: 'a1', roomId: 8012, kind: 'text', text: 'please stop' });
    await agent.c.next((m) => m.ref === 'a1');
    expect((await user.c.next((m) => messageEvent(m) && m.data.message.text === 'please stop')).data.message.userType).toBe(1);

    // The user cannot moderate.
    user.c.send({ cmd: 'mute', ref: 'x', roomId: 8012, uid: 1, minutes: 5, reason: 'no' });
    expect(await user.c.next((m) => m.ref === 'x')).toMatchObject({ cmd: 'error', code: ChatError.NotAgent });

    agent.c.send({ cmd: 'delete', ref: 'd1', roomId: 8012, messageId: spam.id });
    expect(await agent.c.next((m) => m.ref === 'd1')).toMatchObject({ cmd: 'ack' });
    expect((await user.c.next((m) => m.data?.kind === 'delete')).data).toEqual({ kind: 'delete', roomId: 8012, messageId: spam.id });
    expect((await t.app.chat.history(8012)).map((m) => m.text)).toEqual(['please stop']);

    agent.c.send({ cmd: 'mute', ref: 'm1', roomId: 8012, uid: Number(demo2.id), minutes: 10, reason: 'spamming' });
    expect(await agent.c.next((m) => m.ref === 'm1')).toMatchObject({ cmd: 'ack' });
    const until = t.clock.now() + 600_000;
    expect((await user.c.next((m) => m.chId === `chat:member:${demo2.id}`)).data).toEqual({ kind: 'ban', roomId: 8012, chatBanInfo: { until, reason: 'spamming' } });
    user.c.send({ cmd: 'send', ref: 'u2', roomId: 8012, kind: 'text', text: 'still here' });
    expect(await user.c.next((m) => m.ref === 'u2')).toMatchObject({ cmd: 'error', code: ChatError.Banned, msg: expect.stringContaining('spamming') });

    // The mute is the agent's room's: the member still talks elsewhere, and a fresh join says muted.
    const again = await member(t, 'demo2', 8012);
    expect(again.joined).toMatchObject({ chatBanInfo: { until, reason: 'spamming' }, canSend: false });
    const elsewhere = await member(t, 'demo2', 8001);
    elsewhere.c.send({ cmd: 'send', ref: 'e1', roomId: 8001, kind: 'text', text: 'hello' });
    expect(await elsewhere.c.next((m) => m.ref === 'e1')).toMatchObject({ cmd: 'ack' });

    // It ends by itself, or when the agent lifts it.
    agent.c.send({ cmd: 'unmute', ref: 'um', roomId: 8012, uid: Number(demo2.id) });
    await agent.c.next((m) => m.ref === 'um');
    expect((await user.c.next((m) => m.chId === `chat:member:${demo2.id}`)).data.chatBanInfo).toBeNull();

    agent.c.send({ cmd: 'block', ref: 'b1', roomId: 8012, chatBlock: true });
    await agent.c.next((m) => m.ref === 'b1');
    expect((await user.c.next((m) => m.data?.kind === 'block')).data).toEqual({ kind: 'block', roomId: 8012, chatBlock: true });
    t.clock.advance(10_001);
    user.c.send({ cmd: 'send', ref: 'u3', roomId: 8012, kind: 'text', text: 'blocked?' });
    expect(await user.c.next((m) => m.ref === 'u3')).toMatchObject({ cmd: 'error', code: ChatError.RoomBlocked });
    agent.c.send({ cmd: 'block', ref: 'b2', roomId: 8012, chatBlock: false });
    await agent.c.next((m) => m.ref === 'b2');
    user.c.send({ cmd: 'send', ref: 'u4', roomId: 8012, kind: 'text', text: 'open again' });
    expect(await user.c.next((m) => m.ref === 'u4')).toMatchObject({ cmd: 'ack' });

    // An agent of group 31 moderates nothing in a normal room.
    const inNormal = await member(t, 'demo', 8001);
    inNormal.c.send({ cmd: 'mute', ref: 'n1', roomId: 8001, uid: Number(demo2.id), minutes: 5, reason: 'no' });
    expect(await inNormal.c.next((m) => m.ref === 'n1')).toMatchObject({ cmd: 'error', code: ChatError.NotAgent });
  });

  it("enforces the agent's slow mode on the platform clock: members wait the seconds left, agents do not, nothing is stored on a refusal", async () => {
    const t = await build({ config: agentRoomMembers() });
    const agent = await member(t, 'demo', 8012);
    const user = await member(t, 'demo2', 8012);
    expect(user.joined).toMatchObject({ slowSeconds: 0, nextSendAt: 0 });

    // Only an agent of the room switches it, within 0..600 seconds.
    user.c.send({ cmd: 'slow', ref: 'x', roomId: 8012, slowSeconds: 30 });
    expect(await user.c.next((m) => m.ref === 'x')).toMatchObject({ cmd: 'error', code: ChatError.NotAgent });
    agent.c.send({ cmd: 'slow', ref: 'big', roomId: 8012, slowSeconds: 601 });
    expect(await agent.c.next((m) => m.ref === 'big')).toMatchObject({ cmd: 'error', code: 4001, msg: expect.stringContaining('slowSeconds') });
    agent.c.send({ cmd: 'slow', ref: 's1', roomId: 8012, slowSeconds: 30 });
    expect(await agent.c.next((m) => m.ref === 's1')).toMatchObject({ cmd: 'ack' });
    expect((await user.c.next((m) => m.data?.kind === 'slow')).data).toEqual({ kind: 'slow', roomId: 8012, slowSeconds: 30 });

    user.c.send({ cmd: 'send', ref: 'u1', roomId: 8012, kind: 'text', text: 'first' });
    expect(await user.c.next((m) => m.ref === 'u1')).toMatchObject({ cmd: 'ack' });
    const sentAt = t.clock.now();
    t.clock.advance(12_500);
    user.c.send({ cmd: 'send', ref: 'u2', roomId: 8012, kind: 'text', text: 'too soon' });
    expect(await user.c.next((m) => m.ref === 'u2')).toEqual({
      cmd: 'error',
      ref: 'u2',
      code: ChatError.SlowMode,
      msg: 'slow mode: one message every 30 s in room 8012; try again in 18 s',
      retryAfterSeconds: 18,
    });
    expect((await t.app.chat.history(8012)).map((m) => m.text)).toEqual(['first']);
    // A fresh join (a reload) says when the member may send again; the agent is exempt and talks at once.
    expect((await member(t, 'demo2', 8012)).joined).toMatchObject({ slowSeconds: 30, nextSendAt: sentAt + 30_000 });
    expect((await member(t, 'demo', 8012)).joined).toMatchObject({ slowSeconds: 30, nextSendAt: 0 });
    for (const ref of ['a1', 'a2']) {
      agent.c.send({ cmd: 'send', ref, roomId: 8012, kind: 'text', text: ref });
      expect(await agent.c.next((m) => m.ref === ref)).toMatchObject({ cmd: 'ack' });
    }
    // The member's other rooms are not slowed.
    const elsewhere = await member(t, 'demo2', 8001);
    elsewhere.c.send({ cmd: 'send', ref: 'e1', roomId: 8001, kind: 'text', text: 'elsewhere' });
    expect(await elsewhere.c.next((m) => m.ref === 'e1')).toMatchObject({ cmd: 'ack' });

    t.clock.advance(17_500);
    user.c.send({ cmd: 'send', ref: 'u3', roomId: 8012, kind: 'text', text: 'on time' });
    expect(await user.c.next((m) => m.ref === 'u3')).toMatchObject({ cmd: 'ack' });

    // Switched off: the member sends again at once (within the rate limit).
    agent.c.send({ cmd: 'slow', ref: 's0', roomId: 8012, slowSeconds: 0 });
    await agent.c.next((m) => m.ref === 's0');
    user.c.send({ cmd: 'send', ref: 'u4', roomId: 8012, kind: 'text', text: 'off again' });
    expect(await user.c.next((m) => m.ref === 'u4')).toMatchObject({ cmd: 'ack' });
    expect(await t.db.selectFrom('chat_rooms').select(['slow_seconds', 'blocked']).where('room_id', '=', 8012).executeTakeFirst()).toEqual({ slow_seconds: 0, blocked: 0 });
  });

  it('keeps exclusive and agent rooms to the members granted them', async () => {
    const t = await build();
    const visitor = await member(t, undefined, 8012);
    expect(visitor.joined).toMatchObject({ cmd: 'error', code: ChatError.RoomNotFound });
    const plain = await member(t, 'demo2', 8012);
    expect(plain.joined).toMatchObject({ cmd: 'error', code: ChatError.RoomNotFound });
    const unknown = await member(t, 'demo', 1234);
    expect(unknown.joined).toMatchObject({ cmd: 'error', code: ChatError.RoomNotFound });
  });

  it('answers malformed frames with an error and keeps the connection', async () => {
    const t = await build();
    const { c } = await member(t, 'demo');
    c.send('{oops');
    expect(await c.next()).toMatchObject({ cmd: 'error', code: 4001, msg: 'expected a JSON frame like {"cmd":"ping"}, got malformed JSON' });
    c.send({ cmd: 'send', ref: 'k', roomId: 'x', kind: 'text', text: 'a' });
    expect(await c.next()).toMatchObject({ cmd: 'error', ref: 'k', code: 4001, msg: expect.stringContaining('roomId') });
    await c.sync();
  });
});

describe('reports', () => {
  it('answers a report of a message in a room the member may not see like an unknown message (issue 29)', async () => {
    const t = await build();
    const agent = await member(t, 'demo', 8012);
    expect(agent.joined).toMatchObject({ cmd: 'joined' });
    agent.c.send({ cmd: 'send', ref: 'x', roomId: 8012, kind: 'text', text: 'members only' });
    const { id } = await agent.c.next((m) => m.ref === 'x');
    // demo2 may not see room 8012: the report neither lands nor tells the message exists.
    const res = await t.inject({ method: 'POST', url: '/api/forehead/live/chat/report/add', headers: { authorization: await login(t, 'demo2') }, payload: { messageId: id, cateId: 2 } });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(`messageId: no message ${id}`);
    expect(await t.db.selectFrom('chat_reports').selectAll().where('message_id', '=', Number(id)).execute()).toEqual([]);
  });

  it('lists categories in the request language and stores one report per member and message', async () => {
    const t = await build();
    const cate = await t.inject({ method: 'POST', url: '/api/forehead/live/chat/report/cate', payload: { language: 'ENG' } });
    expect(cate.json().data[0]).toEqual({ id: 1, name: 'Spam or advertising' });
    const thai = await t.inject({ method: 'POST', url: '/api/forehead/live/chat/report/cate', payload: { language: 'THA' } });
    expect(thai.json().data).toHaveLength(6);

    const a = await member(t, 'demo');
    a.c.send({ cmd: 'send', ref: 's', roomId: 8001, kind: 'text', text: 'report me' });
    const { id } = await a.c.next((m) => m.ref === 's');
    const demo2 = { authorization: await login(t, 'demo2') };
    const add = (payload: object) => t.inject({ method: 'POST', url: '/api/forehead/live/chat/report/add', headers: demo2, payload });

    const first = await add({ messageId: id, cateId: 2, remark: 'rude' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ messageId: id, cateId: 2 });
    expect((await add({ messageId: id, cateId: 3 })).json()).toMatchObject({ code: ChatError.AlreadyReported });
    // The report host's GET writes to the same store.
    const viaHost = await t.inject({ url: `/report/add?messageId=${id}&cateId=1`, headers: demo2 });
    expect(viaHost.statusCode).toBe(409);
    expect((await add({ messageId: '424242', cateId: 2 })).statusCode).toBe(404);
    expect((await add({ messageId: id, cateId: 99 })).json()).toMatchObject({ code: 4001, msg: expect.stringContaining('cateId') });
    const own = await t.inject({ method: 'POST', url: '/api/forehead/live/chat/report/add', headers: { authorization: await login(t) }, payload: { messageId: id, cateId: 2 } });
    expect(own.statusCode).toBe(400);
    expect((await t.inject({ method: 'POST', url: '/api/forehead/live/chat/report/add', payload: { messageId: id, cateId: 2 } })).statusCode).toBe(401);

    a.c.send({ cmd: 'send', ref: 's2', roomId: 8001, kind: 'text', text: 'another' });
    const second = await a.c.next((m) => m.ref === 's2');
    const hostReport = await t.inject({ url: `/report/add?messageId=${second.id}&cateId=6&remark=other`, headers: demo2 });
    expect(hostReport.statusCode).toBe(200);
    expect(await t.db.selectFrom('chat_reports').select(['cate_id', 'remark']).orderBy('id').execute()).toEqual([
      { cate_id: 2, remark: 'rude' },
      { cate_id: 6, remark: 'other' },
    ]);
  });
});

describe('images', () => {
  const upload = (t: TestApp, token: string, body: Buffer, type = 'image/png') =>
    t.inject({ method: 'POST', url: '/api/forehead/live/chat/image/upload', headers: { authorization: token, 'content-type': type }, payload: body });

  it('accepts a PNG by its content, serves it under its random name and sends it in a message', async () => {
    const t = await build();
    const token = await login(t);
    const image = png(40, 30);
    const res = await upload(t, token, image);
    expect(res.statusCode).toBe(200);
    const stored = res.json().data;
    expect(stored).toEqual({ file: expect.stringMatching(/^[0-9a-f]{32}\.png$/), url: `/api/forehead/system/file/get/${stored.file}`, type: 'image/png', width: 40, height: 30, bytes: image.length });

    const served = await t.inject({ url: stored.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.raw.equals(image)).toBe(true);

    const a = await member(t, 'demo');
    a.c.send({ cmd: 'send', ref: 'i', roomId: 8001, kind: 'image-text', text: 'look', image: stored.file });
    expect((await a.c.next(messageEvent)).data.message).toMatchObject({ kind: 'image-text', text: 'look', image: stored });
    // Only the uploader can send it.
    const b = await member(t, 'demo2');
    b.c.send({ cmd: 'send', ref: 'j', roomId: 8001, kind: 'image', image: stored.file });
    expect(await b.c.next((m) => m.ref === 'j')).toMatchObject({ cmd: 'error', code: ChatError.ImageNotFound });
  });

  it('refuses a renamed executable, an oversized file, too many pixels and names outside the store', async () => {
    const t = await build({ config: { chat: { ...loadRealPlatformConfig().chat, image: { maxBytes: 4096, maxWidth: 1000, maxHeight: 1000 } } } });
    const token = await login(t);
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(200, 1)]);
    const renamed = await upload(t, token, exe);
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json()).toMatchObject({ code: 4015, msg: 'body: not a PNG, JPEG, GIF or WebP image (content starts with 4d 5a 90 00)' });
    const large = await upload(t, token, Buffer.concat([png(10, 10), Buffer.alloc(5000)]));
    expect(large.statusCode).toBe(413);
    expect(large.json().msg).toBe('body: an image larger than 4096 bytes (chat.image.maxBytes)');
    const wide = await upload(t, token, png(1200, 10));
    expect(wide.statusCode).toBe(400);
    expect(wide.json().msg).toBe('body: an image of 1200 × 10 pixels, at most 1000 × 1000');
    expect((await upload(t, 'no-session', png(10, 10))).statusCode).toBe(401);
    expect(await t.db.selectFrom('chat_images').selectAll().execute()).toEqual([]);

    for (const name of ['..%2F..%2F..%2Fetc%2Fpasswd', '..%2Fsport-pc.sqlite', 'x.png', `${'a'.repeat(32)}.exe`, `${'0'.repeat(32)}.png%00.txt`]) {
      const res = await t.inject({ url: `/api/forehead/system/file/get/${name}` });
      expect([res.statusCode, res.json().code]).toEqual([400, 4001]);
    }
    const missing = await t.inject({ url: `/api/forehead/system/file/get/${'0'.repeat(32)}.png` });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 4004]);
  });
});

describe('emoji and show', () => {
  it('serves unicode emoji groups with names in the request language', async () => {
    const t = await build();
    const res = await t.inject({ method: 'POST', url: '/api/forehead/live/emoji/list', payload: { language: 'ENG' } });
    const groups = res.json().data;
    expect(groups.length).toBeGreaterThanOrEqual(8);
    expect(groups[0]).toMatchObject({ groupId: 1, name: 'Smileys & emotion' });
    expect(groups[0].emojis[0]).toEqual({ id: '1f600', code: '😀' });
    for (const g of groups) for (const e of g.emojis) expect(/\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(e.code)).toBe(true);
  });

  it('shows chat for a match with a live room and not for one without', async () => {
    const t = await build();
    const room = t.app.anchors.rooms('all', 'CMN').find((r) => r.anchorType === 0 && r.liveStatus !== 2);
    expect(room).toBeDefined();
    const shown = await t.inject({ url: `/api/forehead/user/chat/live/show/v2?gameId=${room!.matchId}` });
    expect(shown.json().data).toMatchObject({ show: true, roomIds: expect.arrayContaining([room!.liveRoomId]) });
    const none = await t.inject({ url: '/api/forehead/user/chat/live/show/v2?gameId=1' });
    expect(none.json().data).toEqual({ show: false, roomIds: [] });
    expect((await t.inject({ url: '/api/forehead/user/chat/live/show/v2?gameId=abc' })).statusCode).toBe(400);
  });
});
