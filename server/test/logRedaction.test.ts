import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { redactText, redactUrl, REDACTED } from '../src/http/logRedaction';
import { buildTestApp, login, type TestApp } from './helpers';

describe('redactUrl', () => {
  it('replaces the values of secret query parameters and keeps the rest', () => {
    expect(redactUrl('/spa/sport-pc/?merchant=demo&token=abc123&apiSrc=x')).toBe(`/spa/sport-pc/?merchant=demo&token=${REDACTED}&apiSrc=x`);
    expect(redactUrl('/chat?access_token=a&Password=b&authToken=c&t%6Fken=d')).toBe(
      `/chat?access_token=${REDACTED}&Password=${REDACTED}&authToken=${REDACTED}&t%6Fken=${REDACTED}`,
    );
    expect(redactUrl('/healthz')).toBe('/healthz');
    expect(redactUrl('/x?token')).toBe('/x?token');
  });

  it("replaces the stream ticket of an anchor stream's path", () => {
    const ticket = `m5dhmtc0-${'7'.repeat(32)}`;
    expect(redactUrl(`/media/anchor/8001/${ticket}.flv`)).toBe(`/media/anchor/8001/${REDACTED}.flv`);
    expect(redactUrl(`/media/anchor/8001/${ticket}/index.m3u8?t=1`)).toBe(`/media/anchor/8001/${REDACTED}/index.m3u8?t=1`);
    expect(redactUrl(`/media/anchor/8001/${ticket}/ab12-00042.ts`)).toBe(`/media/anchor/8001/${REDACTED}/ab12-00042.ts`);
    expect(redactUrl('/media/anchor/web?liveRoomId=8001')).toBe('/media/anchor/web?liveRoomId=8001');
    expect(redactUrl('/media/live/123/1.flv')).toBe('/media/live/123/1.flv');
  });
});

describe('redactText', () => {
  it.each([
    ['failed: /spa/?token=abc.def then retried', `failed: /spa/?token=${REDACTED} then retried`],
    ['GET /a?lang=en&authToken=xyz&x=1 (timeout)', `GET /a?lang=en&authToken=${REDACTED}&x=1 (timeout)`],
    ['password=hunter2, then ok', `password=${REDACTED} then ok`],
    ['"ws://h/chat?token=t1" closed', `"ws://h/chat?token=${REDACTED}" closed`],
    ['/media/anchor/8001/ticket123/index.m3u8 404', `/media/anchor/8001/${REDACTED}/index.m3u8 404`],
    ['no secret here: a=1&b=2', 'no secret here: a=1&b=2'],
  ])('only a credential\'s value goes from %s', (text, expected) => {
    expect(redactText(text)).toBe(expected);
  });
});

describe('platform log lines', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } } });
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('never carry a token or a password: headers, page URLs, bodies, or objects the code logs', async () => {
    const token = await login(t);
    await t.inject({ method: 'POST', url: '/api/forehead/user/loginState', headers: { authorization: token }, payload: {} });
    await t.inject({ url: `/spa/sport-pc/?merchant=demo&token=${encodeURIComponent(token)}` });
    await t.inject({ url: `/newSport?token=${encodeURIComponent(token)}` });
    await t.inject({ method: 'POST', url: `/v1/order/new/bet/list?token=${encodeURIComponent(token)}`, headers: { authorization: token }, payload: { isSettled: false } });
    await t.inject({ method: 'POST', url: '/api/forehead/user/login', payload: { username: 'demo', password: 'not-the-password-xyz' } });
    t.app.log.info({ token, session: { authorization: token, password: 'demo1234' }, headers: { authorization: token } }, 'something the code logs');

    const log = lines.join('');
    // The log did record these requests: the check below is not passing on an empty log.
    expect(log).toContain('/spa/sport-pc/?merchant=demo&token=[redacted]');
    expect(log).toContain('/v1/order/new/bet/list?token=[redacted]');
    expect(log).toContain('something the code logs');
    expect(log).not.toContain(token);
    expect(log).not.toContain(encodeURIComponent(token));
    expect(log).not.toContain('demo1234');
    expect(log).not.toContain('not-the-password-xyz');
  });
});
