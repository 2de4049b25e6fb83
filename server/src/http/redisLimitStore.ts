import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { connectRedis } from '../cluster/redis';
import type { Clock } from '../clock';
import type { BackoffPolicy, BucketTake, Hit, LimitStore, Taken } from './limitStore';

/*
 * The Lua scripts mirror createMemoryLimitStore step for step (limitStore.test.ts runs the same cases on both). Each
 * runs atomically in Redis, so two instances taking from one bucket at once cannot both spend its last token. Every
 * key expires once it would read as new anyway (a full bucket, an empty window, a forgotten backoff), so Redis keeps
 * only the counts of clients seen lately. Numbers go through tostring with 17 digits so fractional tokens survive.
 */

/** KEYS: gate, then one per bucket. ARGV: now, has gate ("1"/"0"), then per bucket cost, burst, perMs, ttlMs. */
const TAKE = `
local now = tonumber(ARGV[1])
if ARGV[2] == '1' then
  local gateUntil = tonumber(redis.call('HGET', KEYS[1], 'until'))
  if gateUntil and now < gateUntil then return {-1, gateUntil - now} end
end
local n = #KEYS - 1
local tokens = {}
for i = 1, n do
  local a = 3 + (i - 1) * 4
  local cost, burst, rate = tonumber(ARGV[a]), tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2])
  local b = redis.call('HMGET', KEYS[i + 1], 't', 'at')
  local t = tonumber(b[1]) or burst
  local at = tonumber(b[2]) or now
  t = math.min(burst, t + math.max(0, now - at) * rate)
  tokens[i] = t
end
local refused = -1
for i = 1, n do
  local a = 3 + (i - 1) * 4
  if tokens[i] < tonumber(ARGV[a]) then refused = i break end
end
for i = 1, n do
  local a = 3 + (i - 1) * 4
  local left = tokens[i]
  if refused < 0 then left = left - tonumber(ARGV[a]) end
  redis.call('HSET', KEYS[i + 1], 't', string.format('%.17g', left), 'at', string.format('%.17g', now))
  redis.call('PEXPIRE', KEYS[i + 1], ARGV[a + 3])
end
if refused < 0 then return {-2, 0} end
local a = 3 + (refused - 1) * 4
return {refused - 1, math.ceil((tonumber(ARGV[a]) - tokens[refused]) / tonumber(ARGV[a + 2]))}
`;

/** KEYS: the window (a sorted set of hit times). ARGV: now, limit, windowMs, a unique member for this hit. */
const HIT = `
local now, limit, windowMs = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', string.format('%.17g', now - windowMs))
if redis.call('ZCARD', KEYS[1]) >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return tonumber(oldest[2]) + windowMs - now
end
redis.call('ZADD', KEYS[1], string.format('%.17g', now), ARGV[4])
redis.call('PEXPIRE', KEYS[1], windowMs)
return -1
`;

/** KEYS: the backoff hash. ARGV: now, freeFailures, baseMs, maxMs. */
const FAIL = `
local now, free, base, max = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local b = redis.call('HMGET', KEYS[1], 'failures', 'until', 'last')
local failures, untilAt, last = tonumber(b[1]) or 0, tonumber(b[2]) or 0, tonumber(b[3]) or now
if now - last > max and now >= untilAt then failures, untilAt = 0, 0 end
failures = failures + 1
local over = failures - free
if over > 0 then untilAt = now + math.min(max, base * 2 ^ (over - 1)) end
redis.call('HSET', KEYS[1], 'failures', failures, 'until', string.format('%.17g', untilAt), 'last', string.format('%.17g', now))
redis.call('PEXPIRE', KEYS[1], string.format('%.17g', max + 1000))
`;

type LimitRedis = Redis & {
  limitTake(...args: Array<string | number>): Promise<[number, number]>;
  limitHit(key: string, now: number, limit: number, windowMs: number, member: string): Promise<number>;
  limitFail(key: string, now: number, free: number, baseMs: number, maxMs: number): Promise<void>;
};

/**
 * The limits shared by every instance on one Redis (REDIS_URL): keys `<prefix>:limit:<key>`. Its own connection (the
 * push relay's publisher waits on nothing, a limit check is awaited by a request). A Redis that does not answer fails
 * the request (500) rather than letting it through unlimited: ioredis retries while it reconnects.
 */
export function createRedisLimitStore({ url, prefix = 'sport-pc', clock, log }: { url: string; prefix?: string; clock: Clock; log?: { warn(obj: object, msg: string): void } }): LimitStore {
  const redis = connectRedis(url, { maxRetriesPerRequest: 3 }) as LimitRedis;
  redis.on('error', (error: Error) => log?.warn({ err: error }, 'redis connection error (limits)'));
  redis.defineCommand('limitTake', { lua: TAKE });
  redis.defineCommand('limitHit', { numberOfKeys: 1, lua: HIT });
  redis.defineCommand('limitFail', { numberOfKeys: 1, lua: FAIL });
  const k = (key: string) => `${prefix}:limit:${key}`;

  return {
    async take(takes: readonly BucketTake[], gate?: string): Promise<Taken> {
      const keys = [k(gate ?? 'no-gate'), ...takes.map((t) => k(t.key))];
      // A bucket that would be full again reads as new, so it may go then; Redis needs at least 1 ms.
      const args = takes.flatMap((t) => [t.cost, t.burst, t.perMs, Math.max(1, Math.ceil(t.burst / t.perMs))]);
      const [refusedBy, retryAfterMs] = await redis.limitTake(keys.length, ...keys, clock.now(), gate === undefined ? '0' : '1', ...args);
      return refusedBy === -2 ? { ok: true } : { ok: false, refusedBy, retryAfterMs };
    },
    async hit(key, limit, windowMs): Promise<Hit> {
      const wait = await redis.limitHit(k(key), clock.now(), limit, windowMs, randomBytes(8).toString('base64url'));
      return wait < 0 ? { ok: true } : { ok: false, retryAfterMs: wait };
    },
    async fail(key: string, { freeFailures, baseMs, maxMs }: BackoffPolicy) {
      await redis.limitFail(k(key), clock.now(), freeFailures, baseMs, maxMs);
    },
    async clear(key) {
      await redis.del(k(key));
    },
    async close() {
      await redis.quit().catch(() => undefined);
      redis.disconnect();
    },
  };
}
