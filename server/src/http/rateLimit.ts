import type { Clock } from '../clock';

export interface BucketLimits {
  burst: number;
  perMinute: number;
}

export interface KeyedBuckets {
  /** Takes `cost` tokens from the key's bucket when it holds them; otherwise takes nothing and says how long to wait. */
  take(key: string, cost: number): { ok: true } | { ok: false; retryAfterMs: number };
}

/**
 * Token buckets per key (a client address, a member), in memory per platform instance. The map is bounded: the least
 * recently used key goes when it is full, so a flood of addresses cannot grow memory without limit.
 */
export function createKeyedBuckets(clock: Clock, { burst, perMinute }: BucketLimits, maxTracked = 10_000): KeyedBuckets {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const ratePerMs = perMinute / 60_000;
  return {
    take(key, cost) {
      const now = clock.now();
      const bucket = buckets.get(key) ?? { tokens: burst, at: now };
      bucket.tokens = Math.min(burst, bucket.tokens + (now - bucket.at) * ratePerMs);
      bucket.at = now;
      buckets.delete(key);
      buckets.set(key, bucket);
      if (buckets.size > maxTracked) {
        const oldest = buckets.keys().next().value;
        if (oldest !== undefined) buckets.delete(oldest);
      }
      if (bucket.tokens >= cost) {
        bucket.tokens -= cost;
        return { ok: true };
      }
      return { ok: false, retryAfterMs: Math.ceil((cost - bucket.tokens) / ratePerMs) };
    },
  };
}
