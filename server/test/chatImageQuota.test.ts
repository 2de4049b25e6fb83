import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ErrorCode } from '../../contract/errors';
import { openChat, png } from './chatClient';
import { buildTestApp, loadRealPlatformConfig, login, type TestApp } from './helpers';

// Issue 29, item 4: one member stored 100 × 2 MiB in 3.3 s, and images never posted were never deleted. Uploads now
// take from a per-member bucket and a 24-hour byte quota (config chat.imageUploads), and unposted images are swept.
const UPLOAD = '/api/forehead/live/chat/image/upload';
let t: TestApp;
let demo: string;
let demo2: string;

beforeAll(async () => {
  const chat = { ...loadRealPlatformConfig().chat, imageUploads: { perMember: { burst: 3, perMinute: 3 }, dailyBytesPerMember: 2048, unpostedMinutes: 60 } };
  t = await buildTestApp({ sharedFeed: true, config: { chat } });
  demo = await login(t, 'demo');
  demo2 = await login(t, 'demo2');
});
afterAll(async () => t.app.close());

const upload = (token: string, body: Buffer) => t.inject({ method: 'POST', url: UPLOAD, headers: { authorization: token, 'content-type': 'image/png' }, payload: body });
const imageRows = () => t.db.selectFrom('chat_images').selectAll().execute();

describe('chat image uploads', () => {
  it('refuses a member past the upload rate with 429 and the wait, storing nothing; another member still uploads', async () => {
    const before = (await imageRows()).length;
    for (let i = 0; i < 3; i++) expect((await upload(demo, png(8, 8))).statusCode).toBe(200);
    const refused = await upload(demo, png(8, 8));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: ErrorCode.TOO_MANY_REQUESTS, msg: expect.stringMatching(/^too many image uploads: at most 3 a minute, 3 at once; try again in \d+ s$/) });
    expect((await imageRows()).length).toBe(before + 3);
    expect((await upload(demo2, png(8, 8))).statusCode).toBe(200);
    t.clock.advance(60_000);
  });

  it('refuses an upload past the member\'s bytes in 24 hours, saying how much is used; the next day it fits again', async () => {
    const big = Buffer.concat([png(8, 8), Buffer.alloc(1200)]);
    expect((await upload(demo2, big)).statusCode).toBe(200);
    const over = await upload(demo2, big);
    expect(over.statusCode).toBe(429);
    expect(over.json().msg).toBe('image quota: at most 2 KiB of images in 24 hours; 2 KiB used, this one is 2 KiB');
    t.clock.advance(24 * 60 * 60_000 + 1);
    // A day on, the sessions have expired too.
    [demo, demo2] = [await login(t, 'demo'), await login(t, 'demo2')];
    expect((await upload(demo2, big)).statusCode).toBe(200);
  });

  it('sweeps images nobody posted once they are older than unpostedMinutes, rows and files; a posted one stays', async () => {
    t.clock.advance(60_000);
    const posted = (await upload(demo, png(9, 9))).json().data;
    const unposted = (await upload(demo, png(10, 10))).json().data;
    const chatToken = (await t.inject({ url: '/api/forehead/user/chat/token/v2', headers: { authorization: demo } })).json().data.token;
    const c = openChat(t.port, `?token=${encodeURIComponent(chatToken)}`);
    try {
      await c.next((m) => m.cmd === 'hello');
      c.send({ cmd: 'join', roomId: 8001 });
      await c.next((m) => m.cmd === 'joined');
      c.send({ cmd: 'send', ref: 'p', roomId: 8001, kind: 'image', image: posted.file });
      expect(await c.next((m) => m.ref === 'p')).toMatchObject({ cmd: 'ack' });
    } finally {
      c.ws.terminate();
    }
    const fileOf = (name: string) => t.app.chat.imagePath(name)!.file;

    // The earlier tests' images are older than an hour by now and in no message: this sweep takes those only.
    const older = (await t.db.selectFrom('chat_images').select('file').where('created_at', '<', t.clock.now() - 60 * 60_000).execute()).length;
    expect(older).toBeGreaterThan(0);
    expect(await t.app.chat.purgeUnposted()).toBe(older);
    expect(existsSync(fileOf(unposted.file))).toBe(true);

    t.clock.advance(60 * 60_000 + 1);
    expect(await t.app.chat.purgeUnposted()).toBeGreaterThan(0);
    const files = new Set((await imageRows()).map((r) => r.file));
    expect([files.has(posted.file), files.has(unposted.file)]).toEqual([true, false]);
    expect([existsSync(fileOf(posted.file)), existsSync(fileOf(unposted.file))]).toEqual([true, false]);
  });
});
