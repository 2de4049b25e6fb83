import type { AddressInfo } from 'node:net';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { RouteOptions } from 'fastify';
import { Kysely, SqliteDialect } from 'kysely';
import { buildApp } from '../src/app';
import { createFakeClock } from '../src/clock';
import { loadAppConfigs } from '../src/config/appConfig';
import { loadPlatformConfig } from '../src/config/platformConfig';
import type { Database } from '../src/db/schema';
import { REPO_ROOT, buildTestApp as buildWithOwnFeed, injectOverHttp, quietFeed, type TestApp, type TestAppOptions } from './helpers';
import { TEST_DATABASE_URL } from './testDatabase';

// Routes, errors, headers and CORS never read the feed: every platform here shares the file's one feed, whose world is
// most of what a build costs.
const buildTestApp = (options: TestAppOptions = {}) => buildWithOwnFeed({ sharedFeed: true, ...options });

let t: TestApp | undefined;
afterEach(async () => {
  await t?.app.close();
  t = undefined;
});

describe('platform routes', () => {
  it('GET /healthz answers the build and database status, naming the driver the tests run on', async () => {
    t = await buildTestApp();
    const res = await t.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      build: { version: '9.9.9-test', startedAt: t.clock.now() },
      database: { ok: true, driver: TEST_DATABASE_URL ? 'postgres' : 'sqlite' },
      // A test platform gets no lease of its own: it leads as the embedded default does (leadership.test.ts has two).
      feedRole: 'leader',
    });
  });

  it('GET /healthz answers 503 when the database does not answer', async () => {
    const native = new SqliteDatabase(':memory:');
    native.close();
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: native }) });
    const config = loadPlatformConfig(path.join(REPO_ROOT, 'config', 'platform.json'));
    const clock = createFakeClock();
    const app = buildApp({ db, config, appConfigs: loadAppConfigs(path.join(REPO_ROOT, 'config')), feed: quietFeed(), clock });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const res = await injectOverHttp((app.server.address() as AddressInfo).port, { url: '/healthz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'degraded', database: { ok: false, driver: 'sqlite' } });
    } finally {
      await app.close();
    }
  });

  it('GET /openapi.json documents every route with its schemas', async () => {
    const routes: RouteOptions[] = [];
    t = await buildTestApp({ onRoute: (route) => routes.push(route) });
    const res = await t.inject({ url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const documented = routes.filter((r) => !(r.schema as { hide?: boolean } | undefined)?.hide);
    expect(documented.length).toBeGreaterThanOrEqual(8);
    for (const route of documented) {
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
      for (const method of methods) {
        // OpenAPI writes path parameters as {id} where Fastify writes :id.
        const openApiPath = route.url.replace(/:(\w+)/g, '{$1}');
        expect({ route: `${method} ${route.url}`, documented: Boolean(doc.paths[openApiPath]?.[method.toLowerCase()]) }).toEqual({
          route: `${method} ${route.url}`,
          documented: true,
        });
      }
    }
    for (const path of [
      '/healthz',
      '/openapi.json',
      '/push',
      '/api/forehead/user/login',
      '/api/forehead/user/logout',
      '/api/forehead/user/loginState',
      '/api/forehead/system/domain/list/v2',
      '/api/forehead/system/language/staticList',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    const login = doc.paths['/api/forehead/user/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
  });

  it('answers unknown routes with 404 and code 4004', async () => {
    t = await buildTestApp();
    const res = await t.inject({ method: 'POST', url: '/api/forehead/nothing/here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 4004, msg: 'no route for POST /api/forehead/nothing/here', data: null });
  });

  it('answers unexpected errors with 500 and code 5000, without internals', async () => {
    const logged: unknown[] = [];
    t = await buildTestApp({
      before: (app) => {
        app.get('/boom', async () => {
          throw new Error('secret detail at /etc/passwd');
        });
        app.addHook('onError', async (_request, _reply, error) => {
          logged.push(error.message);
        });
      },
    });
    const res = await t.inject({ url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 5000, msg: 'internal error', data: null });
    expect(res.body).not.toContain('secret');
    expect(logged).toEqual(['secret detail at /etc/passwd']);
  });
});

describe('CORS', () => {
  it('lets a configured origin call the platform with its token header', async () => {
    const t = await buildTestApp({ demoUsers: false, config: { cors: { origins: ['http://operator.example'] } } });
    try {
      const preflight = await t.inject({
        method: 'OPTIONS',
        url: '/api/forehead/user/loginState',
        headers: { origin: 'http://operator.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('http://operator.example');
      expect(String(preflight.headers['access-control-allow-headers'])).toContain('authorization');
    } finally {
      await t.app.close();
    }
  });

  it('gives no CORS headers to an origin that is not on the list, nor to "null"', async () => {
    const t = await buildTestApp({ demoUsers: false, config: { cors: { origins: ['http://allowed.example'] } } });
    try {
      const allowed = await t.inject({ url: '/healthz', headers: { origin: 'http://allowed.example' } });
      expect(allowed.headers['access-control-allow-origin']).toBe('http://allowed.example');
      for (const origin of ['http://evil.example', 'null', 'http://allowed.example.evil.example']) {
        const other = await t.inject({ url: '/healthz', headers: { origin } });
        expect(other.headers['access-control-allow-origin']).toBeUndefined();
        const preflight = await t.inject({
          method: 'OPTIONS',
          url: '/api/forehead/user/loginState',
          headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
        });
        expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      }
    } finally {
      await t.app.close();
    }
  });

  it('allows no foreign origin by default', async () => {
    const t = await buildTestApp({ demoUsers: false });
    try {
      const res = await t.inject({ url: '/healthz', headers: { origin: 'http://operator.example' } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await t.app.close();
    }
  });
});
