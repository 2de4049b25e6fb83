import { describe, expect, it } from '@jest/globals';
import { createFakeClock } from '../clock';
import { createLoginRateLimiter } from './loginRateLimiter';

describe('login rate limiter', () => {
  it('blocks a username after 5 failures within a minute, per username, until the window passes', () => {
    const clock = createFakeClock();
    const limiter = createLoginRateLimiter({ clock });
    for (let i = 0; i < 5; i++) {
      expect(limiter.retryAfterMs('demo')).toBe(0);
      limiter.recordFailure('demo');
      clock.advance(1000);
    }
    expect(limiter.retryAfterMs('DEMO')).toBe(55_000);
    expect(limiter.retryAfterMs('demo2')).toBe(0);
    clock.advance(55_000);
    expect(limiter.retryAfterMs('demo')).toBe(0);
  });

  it('forgets failures after a successful sign-in', () => {
    const clock = createFakeClock();
    const limiter = createLoginRateLimiter({ clock });
    for (let i = 0; i < 5; i++) limiter.recordFailure('demo');
    limiter.reset('demo');
    expect(limiter.retryAfterMs('demo')).toBe(0);
  });

  it('tracks a bounded number of usernames', () => {
    const clock = createFakeClock();
    const limiter = createLoginRateLimiter({ clock, maxTracked: 3, maxFailures: 1 });
    for (const name of ['a', 'b', 'c', 'd']) limiter.recordFailure(name);
    expect(limiter.retryAfterMs('a')).toBe(0);
    expect(limiter.retryAfterMs('d')).toBeGreaterThan(0);
  });
});
