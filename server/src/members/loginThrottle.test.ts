import { describe, expect, it } from '@jest/globals';
import { createFakeClock } from '../clock';
import { createLoginThrottle, type LoginThrottleLimits } from './loginThrottle';

const LIMITS: LoginThrottleLimits = {
  perAddress: { burst: 10, perMinute: 10 },
  perAddressAndUsername: { freeFailures: 3, baseDelaySeconds: 2, maxDelaySeconds: 300 },
  global: { burst: 20, perSecond: 8 },
};

function setUp(limits: Partial<LoginThrottleLimits> = {}, maxTracked?: number) {
  const clock = createFakeClock();
  const throttle = createLoginThrottle({ clock, limits: { ...LIMITS, ...limits }, ...(maxTracked ? { maxTracked } : {}) });
  /** One attempt that fails its password check when admitted. */
  const fail = (address: string, username: string) => {
    const admission = throttle.admit(address, username);
    if (admission.ok) throttle.recordFailure(address, username);
    return admission;
  };
  return { clock, throttle, fail };
}

describe('login throttle', () => {
  it('backs off one username from one address after the free failures, doubling up to the cap', () => {
    const { clock, throttle, fail } = setUp({ perAddress: { burst: 1000, perMinute: 1000 } });
    for (let i = 0; i < 3; i++) expect(fail('10.0.0.1', 'demo')).toEqual({ ok: true });
    expect(fail('10.0.0.1', 'demo')).toEqual({ ok: true });
    expect(throttle.admit('10.0.0.1', 'demo')).toEqual({ ok: false, reason: 'username', retryAfterMs: 2000 });
    clock.advance(2000);
    expect(fail('10.0.0.1', 'demo')).toEqual({ ok: true });
    expect(throttle.admit('10.0.0.1', 'demo')).toEqual({ ok: false, reason: 'username', retryAfterMs: 4000 });
    for (let i = 0; i < 12; i++) {
      clock.advance(300_000);
      fail('10.0.0.1', 'demo');
    }
    expect(throttle.admit('10.0.0.1', 'demo')).toEqual({ ok: false, reason: 'username', retryAfterMs: 300_000 });
  });

  it('never holds the username back for another address, nor other usernames for the same address', () => {
    const { throttle, fail } = setUp();
    for (let i = 0; i < 6; i++) fail('10.0.0.1', 'demo');
    expect(throttle.admit('10.0.0.1', 'demo').ok).toBe(false);
    expect(throttle.admit('10.0.0.2', 'demo')).toEqual({ ok: true });
    expect(throttle.admit('10.0.0.1', 'demo2')).toEqual({ ok: true });
  });

  it('forgets the failures after a success', () => {
    const { throttle, fail } = setUp();
    for (let i = 0; i < 3; i++) fail('10.0.0.1', 'demo');
    throttle.recordSuccess('10.0.0.1', 'demo');
    for (let i = 0; i < 3; i++) expect(fail('10.0.0.1', 'demo')).toEqual({ ok: true });
  });

  it('lets one address make `burst` attempts, then one per 60/perMinute seconds', () => {
    const { clock, throttle, fail } = setUp();
    for (let i = 0; i < 10; i++) expect(fail('10.0.0.1', `user${i}`)).toEqual({ ok: true });
    expect(throttle.admit('10.0.0.1', 'user10')).toEqual({ ok: false, reason: 'address', retryAfterMs: 6000 });
    expect(throttle.admit('10.0.0.2', 'user10')).toEqual({ ok: true });
    clock.advance(6000);
    expect(throttle.admit('10.0.0.1', 'user10')).toEqual({ ok: true });
    expect(throttle.admit('10.0.0.1', 'user11').ok).toBe(false);
  });

  it('caps password checks across all addresses at the global rate', () => {
    const { clock, throttle } = setUp();
    for (let i = 0; i < 20; i++) expect(throttle.admit(`10.0.1.${i}`, 'demo')).toEqual({ ok: true });
    expect(throttle.admit('10.0.2.1', 'demo')).toEqual({ ok: false, reason: 'busy', retryAfterMs: 125 });
    clock.advance(125);
    expect(throttle.admit('10.0.2.1', 'demo')).toEqual({ ok: true });
    expect(throttle.admit('10.0.2.2', 'demo').ok).toBe(false);
  });

  it('does not spend an address token on an attempt the global bucket refuses', () => {
    const { clock, throttle } = setUp({ perAddress: { burst: 1, perMinute: 1 }, global: { burst: 1, perSecond: 1 } });
    expect(throttle.admit('10.0.0.1', 'a')).toEqual({ ok: true });
    expect(throttle.admit('10.0.0.2', 'a')).toMatchObject({ ok: false, reason: 'busy' });
    clock.advance(1000);
    expect(throttle.admit('10.0.0.2', 'a')).toEqual({ ok: true });
  });

  it('tracks a bounded number of address and username pairs', () => {
    const { throttle, fail } = setUp({ perAddressAndUsername: { freeFailures: 0, baseDelaySeconds: 2, maxDelaySeconds: 300 }, perAddress: { burst: 1000, perMinute: 1000 } }, 3);
    for (const name of ['a', 'b', 'c', 'd']) fail('10.0.0.1', name);
    expect(throttle.admit('10.0.0.1', 'a')).toEqual({ ok: true });
    expect(throttle.admit('10.0.0.1', 'd').ok).toBe(false);
  });
});
