import type { Clock } from '../clock';

export interface LoginRateLimiter {
  /** Milliseconds until the next attempt is allowed, or 0 when it is allowed now. */
  retryAfterMs(username: string): number;
  recordFailure(username: string): void;
  reset(username: string): void;
}

/**
 * Counts failed sign-ins per username in a sliding window, in memory. A blocked username is refused
 * even with the right password, otherwise guessing would just continue. The map is capped so a
 * flood of random usernames cannot grow it without bound.
 */
export function createLoginRateLimiter({
  clock,
  maxFailures = 5,
  windowMs = 60_000,
  maxTracked = 10_000,
}: {
  clock: Clock;
  maxFailures?: number;
  windowMs?: number;
  maxTracked?: number;
}): LoginRateLimiter {
  const failures = new Map<string, number[]>();
  const key = (username: string) => username.trim().toLowerCase();

  function recent(k: string): number[] {
    const cutoff = clock.now() - windowMs;
    const times = (failures.get(k) ?? []).filter((t) => t > cutoff);
    if (times.length === 0) failures.delete(k);
    else failures.set(k, times);
    return times;
  }

  return {
    retryAfterMs(username) {
      const times = recent(key(username));
      if (times.length < maxFailures) return 0;
      return times[times.length - maxFailures] + windowMs - clock.now();
    },
    recordFailure(username) {
      const k = key(username);
      const times = recent(k);
      times.push(clock.now());
      failures.delete(k);
      failures.set(k, times);
      if (failures.size > maxTracked) {
        const oldest = failures.keys().next().value;
        if (oldest !== undefined) failures.delete(oldest);
      }
    },
    reset(username) {
      failures.delete(key(username));
    },
  };
}
