import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadAppConfigs } from '../src/config/appConfig';
import { buildTestApp, login, REPO_ROOT, type TestApp } from './helpers';

/** Pages and API answers carry the security headers of docs/operations.md "Security headers". */

const temp = mkdtempSync(path.join(tmpdir(), 'sport-pc-headers-'));
function put(relative: string, content: string) {
  const file = path.join(temp, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

let t: TestApp;
let token: string;
beforeAll(async () => {
  put('dist/spa/sport-pc/index.html', '<!doctype html><title>app</title>');
  put('dist/newSport/index.html', '<!doctype html><title>host</title>');
  put('dist/spa/sport-pc/main.3f9a1c2b.js', 'console.log("app")');
  put('config/app.json', readFileSync(path.join(REPO_ROOT, 'config', 'app.json'), 'utf8'));
  put('config/merchants/default.json', JSON.stringify({ name: 'sport-pc' }));
  put(
    'config/merchants/acme.json',
    JSON.stringify({ name: 'Acme', serviceOrigins: ['https://api.acme.example', 'http://10.0.0.5:8080'], frameAncestors: ['https://casino.acme.example'] }),
  );
  t = await buildTestApp({ distDir: path.join(temp, 'dist'), appConfigs: loadAppConfigs(path.join(temp, 'config')) });
  token = await login(t);
});
afterAll(async () => {
  await t.app.close();
});

function directives(csp: unknown): Map<string, string[]> {
  expect(typeof csp).toBe('string');
  return new Map(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('HTML pages', () => {
  const pages = ['/spa/sport-pc/', '/spa/sport-pc/index.html', '/spa/sport-pc/football/1', '/newSport', '/newSport/index.html'];

  it.each(pages)('%s has a Content-Security-Policy, X-Frame-Options, nosniff and a Referrer-Policy', async (url) => {
    const res = await t.inject({ url });
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')?.[0]).toBe("'self'");
    expect(csp.get('style-src')?.[0]).toBe("'self'");
    expect(csp.get('connect-src')?.[0]).toBe("'self'");
    expect(csp.get('img-src')?.slice(0, 3)).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('media-src')?.slice(0, 2)).toEqual(["'self'", 'blob:']);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('frame-ancestors')?.[0]).toBe("'self'");
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    // X-Frame-Options agrees with frame-ancestors where it can: SAMEORIGIN when only the platform may frame.
    expect(res.headers['x-frame-options']).toBe(csp.get('frame-ancestors')!.length === 1 ? 'SAMEORIGIN' : undefined);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it("lets only the demo host (qiankun evaluates the child's scripts, inlines its styles) eval and inline styles", async () => {
    const app = directives((await t.inject({ url: '/spa/sport-pc/' })).headers['content-security-policy']);
    expect(app.get('script-src')).toEqual(["'self'"]);
    expect(app.get('style-src')).toEqual(["'self'"]);
    const host = directives((await t.inject({ url: '/newSport' })).headers['content-security-policy']);
    expect(host.get('script-src')).toEqual(["'self'", "'unsafe-eval'"]);
    expect(host.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("follows the page's merchant: its service origins (http and ws forms) and the sites that may frame it", async () => {
    const plain = directives((await t.inject({ url: '/spa/sport-pc/' })).headers['content-security-policy']);
    expect([plain.get('connect-src'), plain.get('img-src'), plain.get('media-src'), plain.get('frame-ancestors')]).toEqual([
      ["'self'"],
      ["'self'", 'data:', 'blob:'],
      ["'self'", 'blob:'],
      ["'self'"],
    ]);
    const res = await t.inject({ url: '/spa/sport-pc/?merchant=acme' });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.acme.example', 'http://10.0.0.5:8080', 'wss://api.acme.example', 'ws://10.0.0.5:8080']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://api.acme.example', 'http://10.0.0.5:8080']);
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:', 'https://api.acme.example', 'http://10.0.0.5:8080']);
    expect(csp.get('frame-ancestors')).toEqual(["'self'", 'https://casino.acme.example']);
    // X-Frame-Options cannot name another site; frame-ancestors alone decides.
    expect(res.headers['x-frame-options']).toBeUndefined();
    // The demo host may embed the app for any merchant: it allows what any merchant allows.
    const host = directives((await t.inject({ url: '/newSport' })).headers['content-security-policy']);
    expect(host.get('connect-src')).toEqual(["'self'", 'https://api.acme.example', 'http://10.0.0.5:8080', 'wss://api.acme.example', 'ws://10.0.0.5:8080']);
    expect(host.get('frame-ancestors')).toEqual(["'self'", 'https://casino.acme.example']);
    // An unknown merchant gets the default merchant's policy.
    expect(directives((await t.inject({ url: '/spa/sport-pc/?merchant=nobody' })).headers['content-security-policy']).get('connect-src')).toEqual(["'self'"]);
  });
});

describe('every answer', () => {
  it.each(['/healthz', '/openapi.json', '/api/forehead/nope', '/spa/sport-pc/main.3f9a1c2b.js', '/spa/sport-pc/missing.js'])(
    '%s says nosniff and no-referrer',
    async (url) => {
      const res = await t.inject({ url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['content-security-policy']).toBeUndefined();
    },
  );
});

describe('money and identity answers are never stored', () => {
  const auth = () => ({ authorization: token });
  const calls: [string, () => { url: string; headers?: Record<string, string>; payload?: unknown }][] = [
    ['login', () => ({ url: '/api/forehead/user/login', payload: { username: 'demo', password: 'demo1234' } })],
    ['failed login', () => ({ url: '/api/forehead/user/login', payload: { username: 'demo', password: 'wrong-password' } })],
    ['login state', () => ({ url: '/api/forehead/user/loginState', headers: auth(), payload: {} })],
    ['login state without a session', () => ({ url: '/api/forehead/user/loginState', payload: {} })],
    ['bet history', () => ({ url: '/v1/order/new/bet/list', headers: auth(), payload: { isSettled: false } })],
    ['bet list', () => ({ url: '/v1/order/bet/list', headers: auth(), payload: { isSettled: true } })],
    ['single bet', () => ({ url: '/v1/order/bet/singlePass', headers: auth(), payload: {} })],
    ['cash-out price', () => ({ url: '/v1/order/cashOut/price', headers: auth(), payload: {} })],
    ['cash-outs by ids', () => ({ url: '/v1/order/getCashOutsByIds', headers: auth(), payload: {} })],
    ['pre-bets', () => ({ url: '/v1/order/new/reserve/betList', headers: auth(), payload: {} })],
    ['game jump', () => ({ url: '/api/forehead/gamebet/game/jump', headers: auth(), payload: { gameId: 1 } })],
    ['game redeem', () => ({ url: '/api/forehead/gamebet/game/redeem', payload: { token: 'x'.repeat(32) } })],
  ];

  it.each(calls)('%s: Cache-Control no-store', async (_name, call) => {
    const res = await t.inject({ method: 'POST', ...call() });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('leaves public match data cacheable by its own rules', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/forehead/system/domain/list/v2', payload: {} });
    expect(res.headers['cache-control']).not.toBe('no-store');
  });
});
