import type { Clock } from '../clock';

/** One token bucket to take from: `burst` tokens at most, refilled at `perMs` tokens a millisecond. */
export interface BucketTake {
  key: string;
  cost: number;
  burst: number;
  perMs: number;
}

/** A failure backoff: the first `freeFailures` cost nothing, then each one waits `baseMs`, doubling up to `maxMs`. */
export interface BackoffPolicy {
  freeFailures: number;
  baseMs: number;
  maxMs: number;
}

/** `refusedBy`: the index of the bucket that refused, or -1 when the gate (a backoff) did. */
export type Taken = { ok: true } | { ok: false; refusedBy: number; retryAfterMs: number };
export type Hit = { ok: true } | { ok: false; retryAfterMs: number };

/**
 * Where every rate limit of the platform keeps its counts (sign-in throttle, app log buckets, chat send window): one
 * place, so the same limits hold whichever instance a request lands on. In memory for one instance (the default), in
 * Redis when REDIS_URL is set (redisLimitStore.ts, each operation one atomic Lua script). Times are the caller's clock,
 * passed in, so fake clocks drive both stores alike; instances sharing Redis must keep their clocks in step (NTP).
 */
export interface LimitStore {
  /**
   * Takes `cost` from every bucket when all of them hold it and the gate (a backoff key of `fail`) is open; otherwise
   * takes nothing and says which refused first (the gate, then the buckets in order) and how long to wait.
   */
  take(buckets: readonly BucketTake[], gate?: string): Promise<Taken>;
  /** A sliding window: counts a hit when fewer than `limit` fell in the last `windowMs`; else says when the oldest leaves. */
  hit(key: string, limit: number, windowMs: number): Promise<Hit>;
  /** Counts a failure against a backoff key; the gate of `take` stays shut until its wait is over. */
  fail(key: string, policy: BackoffPolicy): Promise<void>;
  /** Forgets a backoff key (a success). */
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

/** The wait after `failures` failures, 0 while they are free. Shared by both stores so they back off alike. */
export function backoffWaitMs(failures: number, { freeFailures, baseMs, maxMs }: BackoffPolicy): number {
  const over = failures - freeFailures;
  return over > 0 ? Math.min(maxMs, baseMs * 2 ** (over - 1)) : 0;
}

interface Bucket {
  tokens: number;
  at: number;
}

interface Backoff {
  failures: number;
  until: number;
  lastFailureAt: number;
}

/**
 * A map bounded by `maxTracked`: touching a key moves it to the end and the least recently used key goes when it is
 * full, so a flood of addresses or usernames cannot grow memory without bound.
 */
function boundedMap<V>(maxTracked: number) {
  const map = new Map<string, V>();
  return {
    get: (key: string) => map.get(key),
    delete: (key: string) => map.delete(key),
    touch(key: string, value: V) {
      map.delete(key);
      map.set(key, value);
      if (map.size > maxTracked) {
        const oldest = map.keys().next().value;
        if (oldest !== undefined) map.delete(oldest);
      }
    },
  };
}

/** The limits of one platform instance, in memory; each kind of count keeps at most `maxTracked` keys. */
export function createMemoryLimitStore(clock: Clock, { maxTracked = 10_000 }: { maxTracked?: number } = {}): LimitStore {
  const buckets = boundedMap<Bucket>(maxTracked);
  const windows = boundedMap<number[]>(maxTracked);
  const backoffs = boundedMap<Backoff>(maxTracked);

  /** A backoff left alone for its longest wait is forgotten: the next failures are free again. */
  function backoffOf(key: string, policy: BackoffPolicy | undefined, now: number): Backoff | undefined {
    const backoff = backoffs.get(key);
    if (backoff && policy && now - backoff.lastFailureAt > policy.maxMs && now >= backoff.until) {
      backoffs.delete(key);
      return undefined;
    }
    return backoff;
  }

  return {
    async take(takes, gate) {
      const now = clock.now();
      const shut = gate === undefined ? undefined : backoffOf(gate, undefined, now);
      if (shut && now < shut.until) return { ok: false, refusedBy: -1, retryAfterMs: shut.until - now };
      const refilled = takes.map((t) => {
        const bucket = buckets.get(t.key) ?? { tokens: t.burst, at: now };
        bucket.tokens = Math.min(t.burst, bucket.tokens + Math.max(0, now - bucket.at) * t.perMs);
        bucket.at = now;
        buckets.touch(t.key, bucket);
        return bucket;
      });
      const refusedBy = takes.findIndex((t, i) => (refilled[i] as Bucket).tokens < t.cost);
      if (refusedBy >= 0) {
        const t = takes[refusedBy] as BucketTake;
        return { ok: false, refusedBy, retryAfterMs: Math.ceil((t.cost - (refilled[refusedBy] as Bucket).tokens) / t.perMs) };
      }
      takes.forEach((t, i) => ((refilled[i] as Bucket).tokens -= t.cost));
      return { ok: true };
    },

    async hit(key, limit, windowMs) {
      const now = clock.now();
      const recent = (windows.get(key) ?? []).filter((t) => t > now - windowMs);
      windows.touch(key, recent);
      if (recent.length >= limit) return { ok: false, retryAfterMs: (recent[0] as number) + windowMs - now };
      recent.push(now);
      return { ok: true };
    },

    async fail(key, policy) {
      const now = clock.now();
      const backoff = backoffOf(key, policy, now) ?? { failures: 0, until: 0, lastFailureAt: now };
      backoff.failures += 1;
      backoff.lastFailureAt = now;
      const wait = backoffWaitMs(backoff.failures, policy);
      if (wait > 0) backoff.until = now + wait;
      backoffs.touch(key, backoff);
    },

    async clear(key) {
      backoffs.delete(key);
    },

    async close() {},
  };
}
