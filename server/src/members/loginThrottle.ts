import type { BackoffPolicy, BucketTake, LimitStore } from '../http/limitStore';

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
  admit(address: string, username: string): Promise<Admission>;
  recordFailure(address: string, username: string): Promise<void>;
  recordSuccess(address: string, username: string): Promise<void>;
}

/** In the order the store checks them: the gate (the backoff), then the address bucket, then the global one. */
const REASONS: Record<number, ThrottleReason> = { [-1]: 'username', 0: 'address', 1: 'busy' };

/**
 * Throttles sign-in without ever locking the real member out. Everything is keyed on the client
 * address, never on the username alone: wrong passwords from one address slow down that address
 * (and, harder, its attempts on that one username), while the member signing in from elsewhere is
 * untouched. The global bucket caps password checks per second across all clients, so a spray from
 * many addresses cannot burn the CPU on scrypt; it refuses for well under a second at a time. The
 * counts are in the limit store: per instance in memory, or shared by every instance through Redis.
 */
export function createLoginThrottle({ store, limits }: { store: LimitStore; limits: LoginThrottleLimits }): LoginThrottle {
  const { freeFailures, baseDelaySeconds, maxDelaySeconds } = limits.perAddressAndUsername;
  const backoff: BackoffPolicy = { freeFailures, baseMs: baseDelaySeconds * 1000, maxMs: maxDelaySeconds * 1000 };
  const addressBucket = (address: string): BucketTake => ({
    key: `login:address:${address}`,
    cost: 1,
    burst: limits.perAddress.burst,
    perMs: limits.perAddress.perMinute / 60_000,
  });
  const globalBucket: BucketTake = { key: 'login:global', cost: 1, burst: limits.global.burst, perMs: limits.global.perSecond / 1000 };
  // An address never holds a NUL, so the first NUL splits a key unambiguously and keys never collide.
  const pairKey = (address: string, username: string) => `login:pair:${address}\u0000${username}`;

  return {
    async admit(address, username) {
      const taken = await store.take([addressBucket(address), globalBucket], pairKey(address, username));
      return taken.ok ? taken : { ok: false, reason: REASONS[taken.refusedBy] as ThrottleReason, retryAfterMs: taken.retryAfterMs };
    },
    recordFailure: (address, username) => store.fail(pairKey(address, username), backoff),
    recordSuccess: (address, username) => store.clear(pairKey(address, username)),
  };
}
