import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildTestApp, type TestApp } from './helpers';

const dist = mkdtempSync(path.join(tmpdir(), 'sport-pc-dist-'));
const SPA_INDEX = '<!doctype html><title>app</title>';
const HOST_INDEX = '<!doctype html><title>host</title>';

function put(relative: string, content: string | Buffer) {
  const file = path.join(dist, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

let t: TestApp;
beforeAll(async () => {
  put('spa/sport-pc/index.html', SPA_INDEX);
  put('spa/sport-pc/main.3f9a1c2b.js', 'console.log("app")');
  // The build's gzip copies (rspack.config.ts PrecompressPlugin); index.html's stands for any page that has one.
  put('spa/sport-pc/main.3f9a1c2b.js.gz', gzipSync('console.log("app")'));
  put('spa/sport-pc/index.html.gz', gzipSync(SPA_INDEX));
  put('spa/sport-pc/static/css/async.0a1b2c3d.css', 'body{}');
  put('spa/sport-pc/favicon.ico', 'ico');
  put('newSport/index.html', HOST_INDEX);
  put('newSport/host.ef46db37.js', 'console.log("host")');
  put('secret.txt', 'not served');
  put('spa/sport-pc/main.3f9a1c2b.js.map', '{"sources":["src/app.tsx"]}');
  put('newSport/host.ef46db37.js.map', '{"sources":["src/demoHost/main.tsx"]}');
  // Pages never read the feed: both platforms here share the file's one (its world is most of a build).
  t = await buildTestApp({ distDir: dist, demoUsers: false, sharedFeed: true });
});
afterAll(async () => {
  await t?.app.close();
});

describe('static pages', () => {
  it('serves the standalone app index with no-cache', async () => {
    const res = await t.inject({ url: '/spa/sport-pc/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SPA_INDEX);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to index.html for history routes, not for missing files', async () => {
    for (const url of ['/spa/sport-pc/matches/1/detail', '/spa/sport-pc/results?sport=1', '/spa/sport-pc/bet-history']) {
      const res = await t.inject({ url });
      expect({ url, status: res.statusCode, body: res.body }).toEqual({ url, status: 200, body: SPA_INDEX });
    }
    const missing = await t.inject({ url: '/spa/sport-pc/missing.4b5c6d7e.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 4004, data: null });
  });

  it('serves hashed assets with long-lived cache headers and the right type', async () => {
    const js = await t.inject({ url: '/spa/sport-pc/main.3f9a1c2b.js' });
    expect(js.statusCode).toBe(200);
    expect(js.body).toBe('console.log("app")');
    expect(js.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const css = await t.inject({ url: '/spa/sport-pc/static/css/async.0a1b2c3d.css' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toContain('immutable');
    const icon = await t.inject({ url: '/spa/sport-pc/favicon.ico' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it("sends the build's gzip copy to a browser that accepts gzip, with the file's own type and cache headers", async () => {
    const zipped = await t.inject({ url: '/spa/sport-pc/main.3f9a1c2b.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.raw).toString()).toBe('console.log("app")');
    expect(zipped.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
    expect(zipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zipped.headers.vary).toContain('accept-encoding');
    // The page itself keeps its no-cache and its Content-Security-Policy when its copy is sent.
    const page = await t.inject({ url: '/spa/sport-pc/', headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.raw).toString()).toBe(SPA_INDEX);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toBe((await t.inject({ url: '/spa/sport-pc/' })).headers['content-security-policy']);
    expect(page.headers['content-security-policy']).toBeTruthy();
    // No gzip accepted, or no copy of the file: the file as it is.
    const plain = await t.inject({ url: '/spa/sport-pc/main.3f9a1c2b.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app")');
    const noCopy = await t.inject({ url: '/spa/sport-pc/static/css/async.0a1b2c3d.css', headers: { 'accept-encoding': 'gzip' } });
    expect(noCopy.headers['content-encoding']).toBeUndefined();
    expect(noCopy.body).toBe('body{}');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await t.inject({ url: '/spa/sport-pc/' });
    const again = await t.inject({ url: '/spa/sport-pc/', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves the demo host page and its assets under /newSport', async () => {
    for (const url of ['/newSport', '/newSport/', '/newSport/some/deep/route']) {
      const res = await t.inject({ url });
      expect({ url, status: res.statusCode, body: res.body }).toEqual({ url, status: 200, body: HOST_INDEX });
    }
    const asset = await t.inject({ url: '/newSport/host.ef46db37.js' });
    expect(asset.body).toBe('console.log("host")');
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('redirects / to /newSport and serves the app without its trailing slash too', async () => {
    const root = await t.inject({ url: '/' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/newSport');
    const spa = await t.inject({ url: '/spa/sport-pc' });
    expect(spa.statusCode).toBe(200);
    expect(spa.body).toBe(SPA_INDEX);
  });

  it('never serves files outside the app folders', async () => {
    for (const url of ['/spa/sport-pc/../../secret.txt', '/spa/sport-pc/%2e%2e/%2e%2e/secret.txt', '/spa/sport-pc/..%2f..%2fsecret.txt']) {
      const res = await t.inject({ url });
      expect(res.body).not.toContain('not served');
    }
  });

  it('explains a missing build', async () => {
    const bare = await buildTestApp({ distDir: path.join(dist, 'nothing-here'), demoUsers: false, sharedFeed: true });
    try {
      const res = await bare.inject({ url: '/newSport' });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toMatch(/^the demo host page is not built: run "npm run build"/);
      expect((await bare.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await bare.app.close();
    }
  });

  it('never serves source maps, even one left in dist/ by an older build', async () => {
    for (const url of ['/spa/sport-pc/main.3f9a1c2b.js.map', '/newSport/host.ef46db37.js.map', '/spa/sport-pc/nope.js.map']) {
      const res = await t.inject({ url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      expect(res.body).not.toContain('sources');
    }
  });
});
