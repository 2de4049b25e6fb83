import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildTestApp, type TestApp } from './helpers';

// Issue 29, item 10: the domain list echoed the request's Host header into every service URL, so a forged Host (or a
// cache that keys without it) handed clients URLs of another site. Now it names only origins the platform knows.
const PATH = '/api/forehead/system/domain/list/v2';
let plain: TestApp;
let published: TestApp;

beforeAll(async () => {
  plain = await buildTestApp({ sharedFeed: true, demoUsers: false });
  published = await buildTestApp({ sharedFeed: true, demoUsers: false, publicOrigins: ['https://sports.example.com', 'http://127.0.0.1:9'] });
});
afterAll(async () => {
  await plain.app.close();
  await published.app.close();
});

const list = (t: TestApp, host?: string) => t.inject({ method: 'POST', url: PATH, payload: {}, headers: host ? { host } : {} });

describe('the domain list names only origins the platform knows', () => {
  it('answers the origin a request came to when its Host names this machine', async () => {
    const res = await list(plain);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ betting: `http://127.0.0.1:${plain.port}`, push: `ws://127.0.0.1:${plain.port}/push`, chat: `ws://127.0.0.1:${plain.port}/chat` });
    expect((await list(plain, `localhost:${plain.port}`)).json().data.forehead).toBe(`http://localhost:${plain.port}`);
  });

  it('refuses a Host that is not this machine with 400 saying what to set, never echoing it into a URL', async () => {
    const res = await list(plain, 'evil.example');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Host: "evil.example" is not an address of this machine; the operator sets PUBLIC_ORIGIN to the origins the platform is reached at');
    expect(res.body).not.toContain('"betting"');
  });

  it('with PUBLIC_ORIGIN answers the origin of the request\'s host, or the first, whatever Host says', async () => {
    expect((await list(published, 'evil.example')).json().data).toMatchObject({ betting: 'https://sports.example.com', push: 'wss://sports.example.com/push' });
    expect((await list(published, 'SPORTS.example.com')).json().data.chat).toBe('wss://sports.example.com/chat');
    expect((await list(published, '127.0.0.1:9')).json().data.results).toBe('http://127.0.0.1:9');
  });
});
