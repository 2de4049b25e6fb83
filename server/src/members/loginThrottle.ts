import type { Clock } from '../clock';

/** The numbers of config/platform.json `signIn` that shape the throttle (docs/operations.md "Sign-in throttle"). */
export interface LoginThrottleLimits {
  /** Attempts one client address may make: a bucket of `burst` refilled at `perMinute`. */
  perAddress: { burst: number; perMinute: number };
  /**
   * Failed attempts on one username from one address: the first `freeFailures` cost nothing, then each
   * further failure makes that address wait baseDelaySeconds, doubling up to maxDelaySeconds.
   */
  perAddressAndUsername: { freeFailures: number; baseDelaySeconds: number; maxDelaySeconds: number };
  /** Password checks across all clients: a bucket of `burst` refilled at `perSecond`. */
  global: { burst: number; perSecond: number };
}

/** Which limit refused an attempt. */
export type ThrottleReason = 'username' | 'address' | 'busy';

export type Admission = { ok: true } | { ok: false; reason: ThrottleReason; retryAfterMs: number };

export interface LoginThrottle {
  /** Asks to run one password check; when admitted, the attempt is counted against the buckets. */
  admit(address: string, username: string): Admission;
  recordFailure(address: string, username: string): void;
  recordSuccess(address: string, username: string): void;
}

interface Bucket {
  tokens: number;
  at: number;
}

interface Backoff {
  failures: number;
  /** No attempt on this username from this address before then. */
  until: number;
  lastFailureAt: number;
}

/**
 * Keeps a bounded map: touching a key moves it to the end, and the oldest key goes when the map
 * is full, so a flood of addresses or usernames cannot grow memory without bound.
 */
function touch<V>(map: Map<string, V>, key: string, value: V, maxTracked: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > maxTracked) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}

/**
 * Throttles sign-in without ever locking the real member out. Everything is keyed on the client
 * address, never on the username alone: wrong passwords from one address slow down that address
 * (and, harder, its attempts on that one username), while the member signing in from elsewhere is
 * untouched. The global bucket caps password checks per second across all clients, so a spray from
 * many addresses cannot burn the CPU on scrypt; it refuses for well under a second at a time. In
 * memory, per platform instance.
 */
export function createLoginThrottle({
  clock,
  limits,
  maxTracked = 10_000,
}: {
  clock: Clock;
  limits: LoginThrottleLimits;
  maxTracked?: number;
}): LoginThrottle {
  const addressBuckets = new Map<string, Bucket>();
  const backoffs = new Map<string, Backoff>();
  const global: Bucket = { tokens: limits.global.burst, at: clock.now() };
  const addressRatePerMs = limits.perAddress.perMinute / 60_000;
  const globalRatePerMs = limits.global.perSecond / 1000;
  const { freeFailures, baseDelaySeconds, maxDelaySeconds } = limits.perAddressAndUsername;

  // An address never holds a NUL, so the first NUL splits a key unambiguously and keys never collide.
  const pairKey = (address: string, username: string) => `${address}\u0000${username}`;

  function refill(bucket: Bucket, burst: number, ratePerMs: number, now: number): void {
    bucket.tokens = Math.min(burst, bucket.tokens + (now - bucket.at) * ratePerMs);
    bucket.at = now;
  }

  /** Time until the bucket holds one whole token. */
  const waitFor = (bucket: Bucket, ratePerMs: number) => Math.ceil((1 - bucket.tokens) / ratePerMs);

  function backoffOf(key: string, now: number): Backoff | undefined {
    const backoff = backoffs.get(key);
    // A username left alone for the longest delay starts over with free failures.
    if (backoff && now - backoff.lastFailureAt > maxDelaySeconds * 1000 && now >= backoff.until) {
      backoffs.delete(key);
      return undefined;
    }
    return backoff;
  }

  return {
    admit(address, username) {
      const now = clock.now();
      const backoff = backoffOf(pairKey(address, username), now);
      if (backoff && now < backoff.until) return { ok: false, reason: 'username', retryAfterMs: backoff.until - now };

      const bucket = addressBuckets.get(address) ?? { tokens: limits.perAddress.burst, at: now };
      refill(bucket, limits.perAddress.burst, addressRatePerMs, now);
      touch(addressBuckets, address, bucket, maxTracked);
      if (bucket.tokens < 1) return { ok: false, reason: 'address', retryAfterMs: waitFor(bucket, addressRatePerMs) };

      refill(global, limits.global.burst, globalRatePerMs, now);
      if (global.tokens < 1) return { ok: false, reason: 'busy', retryAfterMs: waitFor(global, globalRatePerMs) };

      bucket.tokens -= 1;
      global.tokens -= 1;
      return { ok: true };
    },

    recordFailure(address, username) {
      const now = clock.now();
      const key = pairKey(address, username);
      const backoff = backoffOf(key, now) ?? { failures: 0, until: 0, lastFailureAt: now };
      backoff.failures += 1;
      backoff.lastFailureAt = now;
      const over = backoff.failures - freeFailures;
      if (over > 0) backoff.until = now + Math.min(maxDelaySeconds, baseDelaySeconds * 2 ** (over - 1)) * 1000;
      touch(backoffs, key, backoff, maxTracked);
    },

    recordSuccess(address, username) {
      backoffs.delete(pairKey(address, username));
    },
  };
}
