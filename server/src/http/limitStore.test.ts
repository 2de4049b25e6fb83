import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestRedis, type TestRedis } from '../../test/redisServer';
import { createFakeClock, type FakeClock } from '../clock';
import { createMemoryLimitStore, type BackoffPolicy, type LimitStore } from './limitStore';
import { createRedisLimitStore } from './redisLimitStore';

let redis: TestRedis;
const opened: LimitStore[] = [];

beforeAll(async () => {
  redis = await startTestRedis();
}, 60_000);

afterAll(async () => {
  for (const store of opened) await store.close();
  await redis?.stop();
});

/** Each test a prefix of its own, so tests and files sharing one Redis never see each other's counts. */
function redisStores(clock: FakeClock, count: number): LimitStore[] {
  const prefix = `test-${randomBytes(6).toString('hex')}`;
  const stores = Array.from({ length: count }, () => createRedisLimitStore({ url: redis.url, prefix, clock }));
  opened.push(...stores);
  return stores;
}

const bucket = (key: string, cost = 1) => ({ key, cost, burst: 3, perMs: 1 / 1000 });
const POLICY: BackoffPolicy = { freeFailures: 2, baseMs: 2000, maxMs: 8000 };

/** The same rules on both stores: the Redis scripts mirror the memory store step for step. */
describe.each([
  ['memory', (clock: FakeClock) => createMemoryLimitStore(clock)],
  ['Redis', (clock: FakeClock) => redisStores(clock, 1)[0] as LimitStore],
])('limit store in %s', (_name, make) => {
  it('takes from a bucket up to its burst, then one per refill, saying how long to wait', async () => {
    const clock = createFakeClock();
    const store = make(clock);
    for (let i = 0; i < 3; i++) expect(await store.take([bucket('a')])).toEqual({ ok: true });
    expect(await store.take([bucket('a')])).toEqual({ ok: false, refusedBy: 0, retryAfterMs: 1000 });
    expect(await store.take([bucket('b')])).toEqual({ ok: true });
    clock.advance(400);
    expect(await store.take([bucket('a')])).toEqual({ ok: false, refusedBy: 0, retryAfterMs: 600 });
    clock.advance(600);
    expect(await store.take([bucket('a')])).toEqual({ ok: true });
    // A cost over what is left waits for the difference; fractions of a token are kept.
    clock.advance(1500);
    expect(await store.take([bucket('a', 2)])).toEqual({ ok: false, refusedBy: 0, retryAfterMs: 500 });
    clock.advance(500);
    expect(await store.take([bucket('a', 2)])).toEqual({ ok: true });
  });

  it('takes from several buckets all or nothing, naming the first that refused', async () => {
    const clock = createFakeClock();
    const store = make(clock);
    for (let i = 0; i < 3; i++) await store.take([bucket('one')]);
    expect(await store.take([bucket('two'), bucket('one')])).toEqual({ ok: false, refusedBy: 1, retryAfterMs: 1000 });
    // 'two' gave nothing to the refused take: its 3 tokens are all there.
    for (let i = 0; i < 3; i++) expect(await store.take([bucket('two')])).toEqual({ ok: true });
    expect((await store.take([bucket('two')])).ok).toBe(false);
  });

  it('keeps a sliding window of hits, answering when its oldest hit leaves', async () => {
    const clock = createFakeClock();
    const store = make(clock);
    expect(await store.hit('w', 2, 10_000)).toEqual({ ok: true });
    clock.advance(4000);
    expect(await store.hit('w', 2, 10_000)).toEqual({ ok: true });
    clock.advance(1000);
    expect(await store.hit('w', 2, 10_000)).toEqual({ ok: false, retryAfterMs: 5000 });
    clock.advance(5000);
    expect(await store.hit('w', 2, 10_000)).toEqual({ ok: true });
    expect(await store.hit('w', 2, 10_000)).toEqual({ ok: false, retryAfterMs: 4000 });
    expect(await store.hit('other', 2, 10_000)).toEqual({ ok: true });
  });

  it('shuts a gate after the free failures, doubling the wait up to the cap, until cleared or forgotten', async () => {
    const clock = createFakeClock();
    const store = make(clock);
    const take = () => store.take([bucket(`any-${clock.now()}`)], 'gate');
    await store.fail('gate', POLICY);
    await store.fail('gate', POLICY);
    expect(await take()).toEqual({ ok: true });
    await store.fail('gate', POLICY);
    expect(await take()).toEqual({ ok: false, refusedBy: -1, retryAfterMs: 2000 });
    clock.advance(2000);
    await store.fail('gate', POLICY);
    expect(await take()).toEqual({ ok: false, refusedBy: -1, retryAfterMs: 4000 });
    for (let i = 0; i < 3; i++) {
      clock.advance(8000);
      await store.fail('gate', POLICY);
    }
    expect(await take()).toEqual({ ok: false, refusedBy: -1, retryAfterMs: 8000 });
    // Left alone past the cap, the failures are forgotten: the next two are free again.
    clock.advance(8001);
    await store.fail('gate', POLICY);
    await store.fail('gate', POLICY);
    expect(await take()).toEqual({ ok: true });
    await store.fail('gate', POLICY);
    expect((await take()).ok).toBe(false);
    await store.clear('gate');
    expect(await take()).toEqual({ ok: true });
  });
});

describe('limit store in Redis shared by several instances', () => {
  it('holds one bucket, window and backoff for every instance, spending the last token once under a race', async () => {
    const clock = createFakeClock();
    const [a, b] = redisStores(clock, 2) as [LimitStore, LimitStore];
    // 40 takes at once, half through each instance, on a bucket of 3: exactly 3 pass.
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).take([bucket('race')])));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    const hits = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).hit('window', 5, 10_000)));
    expect(hits.filter((r) => r.ok)).toHaveLength(5);
    for (let i = 0; i < 3; i++) await (i % 2 ? a : b).fail('gate', POLICY);
    expect(await a.take([bucket('x')], 'gate')).toMatchObject({ ok: false, refusedBy: -1 });
    await b.clear('gate');
    expect(await a.take([bucket('x')], 'gate')).toEqual({ ok: true });
  });

  it('lets every key expire once it would read as new, so Redis keeps only recent clients', async () => {
    const clock = createFakeClock();
    const prefix = `test-${randomBytes(6).toString('hex')}`;
    const store = createRedisLimitStore({ url: redis.url, prefix, clock });
    opened.push(store);
    await store.take([{ key: 'ttl', cost: 1, burst: 10, perMs: 10 / 60_000 }]);
    await store.hit('ttl-window', 5, 10_000);
    await store.fail('ttl-gate', POLICY);
    const { Redis } = await import('ioredis');
    const client = new Redis(redis.url);
    try {
      const ttl = (key: string) => client.pttl(`${prefix}:limit:${key}`);
      const ttls = { ttl: await ttl('ttl'), 'ttl-window': await ttl('ttl-window'), 'ttl-gate': await ttl('ttl-gate') };
      // Full again after 60 s; the window after 10 s; a backoff forgotten after its cap (8 s) and a second.
      expect(ttls.ttl).toBeGreaterThan(59_000);
      expect(ttls.ttl).toBeLessThanOrEqual(60_000);
      expect(ttls['ttl-window']).toBeGreaterThan(9_000);
      expect(ttls['ttl-window']).toBeLessThanOrEqual(10_000);
      expect(ttls['ttl-gate']).toBeGreaterThan(8_000);
      expect(ttls['ttl-gate']).toBeLessThanOrEqual(9_000);
    } finally {
      client.disconnect();
    }
  });
});
