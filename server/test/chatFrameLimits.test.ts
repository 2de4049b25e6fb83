import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ErrorCode } from '../../contract/errors';
import { openChat, type ChatTestClient } from './chatClient';
import { buildTestApp, loadRealPlatformConfig, type TestApp } from './helpers';

// Issue 29, item 3: the chat `join` frame had no limit; 20 anonymous sockets sending 500 joins each cost 6 s of CPU
// and /healthz took 9 s meanwhile. Every client frame now takes from its connection's and its address's buckets
// (config chat.frameLimits; a join, which reads the room's history, costs joinCost).
let t: TestApp;
const open: ChatTestClient[] = [];

beforeAll(async () => {
  const chat = { ...loadRealPlatformConfig().chat, frameLimits: { perConnection: { burst: 10, perMinute: 60 }, perAddress: { burst: 12, perMinute: 60 }, joinCost: 5 } };
  t = await buildTestApp({ sharedFeed: true, demoUsers: false, config: { chat } });
});
afterAll(async () => {
  for (const c of open) c.ws.terminate();
  await t.app.close();
});

async function visitor(): Promise<ChatTestClient> {
  const c = openChat(t.port);
  open.push(c);
  await c.next((m) => m.cmd === 'hello');
  return c;
}

const joinAnswer = (c: ChatTestClient) => c.next((m) => m.cmd === 'joined' || m.cmd === 'error');

describe('chat frames are rate-limited per connection and per address', () => {
  it('refuses joins past a connection\'s bucket, then past the address\'s for another connection, and serves again once refilled', async () => {
    const a = await visitor();
    for (let i = 0; i < 2; i++) {
      a.send({ cmd: 'join', roomId: 8001 });
      expect(await joinAnswer(a)).toMatchObject({ cmd: 'joined', roomId: 8001 });
    }
    a.send({ cmd: 'join', roomId: 8001 });
    const refused = await joinAnswer(a);
    expect(refused).toMatchObject({ cmd: 'error', code: ErrorCode.TOO_MANY_REQUESTS, retryAfterSeconds: expect.any(Number) });
    expect(refused.msg).toMatch(/^too many frames from this connection \(at most 60 a minute, 10 at once; a join counts 5\); try again in \d+ s$/);

    // Same address, new connection: its own bucket is full, the address's has 2 left, less than a join.
    const b = await visitor();
    b.send({ cmd: 'join', roomId: 8001 });
    expect((await joinAnswer(b)).msg).toMatch(/^too many frames from this address/);

    t.clock.advance(60_000);
    b.send({ cmd: 'join', roomId: 8001 });
    expect(await joinAnswer(b)).toMatchObject({ cmd: 'joined' });
  });
});
