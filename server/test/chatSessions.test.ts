import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CLOSE_TOKEN_EXPIRED } from '../src/chat/socket';
import { openChat, type ChatTestClient } from './chatClient';
import { buildTestApp, login, type TestApp } from './helpers';

// Issue 29, item 6: after sign-out the old chat token still opened /chat, and an open socket kept sending after its
// session ended (the token was checked only at connect). A chat token now belongs to its session.
let t: TestApp;
const open: ChatTestClient[] = [];

beforeAll(async () => {
  t = await buildTestApp({ sharedFeed: true, sessionTtlMinutes: 60 });
});
afterAll(async () => {
  for (const c of open) c.ws.terminate();
  await t.app.close();
});

async function chatAs(session: string) {
  const res = await t.inject({ url: '/api/forehead/user/chat/token/v2', headers: { authorization: session } });
  expect(res.statusCode).toBe(200);
  const chatToken: string = res.json().data.token;
  const connect = () => {
    const c = openChat(t.port, `?token=${encodeURIComponent(chatToken)}`);
    open.push(c);
    return c;
  };
  const c = connect();
  await c.next((m) => m.cmd === 'hello');
  c.send({ cmd: 'join', roomId: 8001 });
  await c.next((m) => m.cmd === 'joined');
  return { c, connect };
}

describe('chat sockets die with their session', () => {
  it('a sign-out closes the open socket at once (4401) and its chat token opens nothing any more', async () => {
    const session = await login(t, 'demo');
    const { c, connect } = await chatAs(session);
    expect((await t.inject({ method: 'POST', url: '/api/forehead/user/logout', headers: { authorization: session } })).statusCode).toBe(200);
    expect(await c.closed).toEqual({ code: CLOSE_TOKEN_EXPIRED, reason: 'the session ended (signed out or expired); sign in again' });

    const again = connect();
    expect(await again.closed).toMatchObject({ code: CLOSE_TOKEN_EXPIRED, reason: expect.stringContaining('its session ended') });
  });

  it('a session that expires, or is signed out on another instance, closes its sockets at the next recheck; others stay', async () => {
    const expiring = await login(t, 'demo');
    const a = await chatAs(expiring);
    const other = await login(t, 'demo2');
    const b = await chatAs(other);

    // Signed out straight on the sessions (as another instance's sign-out is), then the loop's recheck.
    await t.app.auth.signOut(expiring);
    await t.app.chatSockets.recheck();
    expect((await a.c.closed).code).toBe(CLOSE_TOKEN_EXPIRED);

    // Past its expiry, demo2's session ends too; a send before that still worked.
    b.c.send({ cmd: 'send', ref: 's', roomId: 8001, kind: 'text', text: 'still here' });
    expect(await b.c.next((m) => m.ref === 's')).toMatchObject({ cmd: 'ack' });
    t.clock.advance(60 * 60_000 + 1);
    await t.app.chatSockets.recheck();
    expect((await b.c.closed).code).toBe(CLOSE_TOKEN_EXPIRED);
  });
});
