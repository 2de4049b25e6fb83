import { describe, expect, it } from '@jest/globals';
import { createFakeClock } from '../clock';
import { createMemoryLimitStore } from '../http/limitStore';
import { createLoginThrottle, type LoginThrottleLimits } from './loginThrottle';

const LIMITS: LoginThrottleLimits = {
  perAddress: { burst: 10, perMinute: 10 },
  perAddressAndUsername: { freeFailures: 3, baseDelaySeconds: 2, maxDelaySeconds: 300 },
  global: { burst: 20, perSecond: 8 },
};

function setUp(limits: Partial<LoginThrottleLimits> = {}, maxTracked?: number) {
  const clock = createFakeClock();
  const store = createMemoryLimitStore(clock, maxTracked ? { maxTracked } : {});
  const throttle = createLoginThrottle({ store, limits: { ...LIMITS, ...limits } });
  /** One attempt that fails its password check when admitted. */
  const fail = async (address: string, username: string) => {
    const admission = await throttle.admit(address, username);
    if (admission.ok) await throttle.recordFailure(address, username);
    return admission;
  };
  return { clock, throttle, fail };
}

describe('login throttle', () => {
  it('backs off one username from one address after the free failures, doubling up to the cap', async () => {
    const { clock, throttle, fail } = setUp({ perAddress: { burst: 1000, perMinute: 1000 } });
    for (let i = 0; i < 3; i++) expect(await fail('10.0.0.1', 'demo')).toEqual({ ok: true });
    expect(await fail('10.0.0.1', 'demo')).toEqual({ ok: true });
    expect(await throttle.admit('10.0.0.1', 'demo')).toEqual({ ok: false, reason: 'username', retryAfterMs: 2000 });
    clock.advance(2000);
    expect(await fail('10.0.0.1', 'demo')).toEqual({ ok: true });
    expect(await throttle.admit('10.0.0.1', 'demo')).toEqual({ ok: false, reason: 'username', retryAfterMs: 4000 });
    for (let i = 0; i < 12; i++) {
      clock.advance(300_000);
      await fail('10.0.0.1', 'demo');
    }
    expect(await throttle.admit('10.0.0.1', 'demo')).toEqual({ ok: false, reason: 'username', retryAfterMs: 300_000 });
  });

  it('never holds the username back for another address, nor other usernames for the same address', async () => {
    const { throttle, fail } = setUp();
    for (let i = 0; i < 6; i++) await fail('10.0.0.1', 'demo');
    expect((await throttle.admit('10.0.0.1', 'demo')).ok).toBe(false);
    expect(await throttle.admit('10.0.0.2', 'demo')).toEqual({ ok: true });
    expect(await throttle.admit('10.0.0.1', 'demo2')).toEqual({ ok: true });
  });

  it('forgets the failures after a success', async () => {
    const { throttle, fail } = setUp();
    for (let i = 0; i < 3; i++) await fail('10.0.0.1', 'demo');
    await throttle.recordSuccess('10.0.0.1', 'demo');
    for (let i = 0; i < 3; i++) expect(await fail('10.0.0.1', 'demo')).toEqual({ ok: true });
  });

  it('lets one address make `burst` attempts, then one per 60/perMinute seconds', async () => {
    const { clock, throttle, fail } = setUp();
    for (let i = 0; i < 10; i++) expect(await fail('10.0.0.1', `user${i}`)).toEqual({ ok: true });
    expect(await throttle.admit('10.0.0.1', 'user10')).toEqual({ ok: false, reason: 'address', retryAfterMs: 6000 });
    expect(await throttle.admit('10.0.0.2', 'user10')).toEqual({ ok: true });
    clock.advance(6000);
    expect(await throttle.admit('10.0.0.1', 'user10')).toEqual({ ok: true });
    expect((await throttle.admit('10.0.0.1', 'user11')).ok).toBe(false);
  });

  it('caps password checks across all addresses at the global rate', async () => {
    const { clock, throttle } = setUp();
    for (let i = 0; i < 20; i++) expect(await throttle.admit(`10.0.1.${i}`, 'demo')).toEqual({ ok: true });
    expect(await throttle.admit('10.0.2.1', 'demo')).toEqual({ ok: false, reason: 'busy', retryAfterMs: 125 });
    clock.advance(125);
    expect(await throttle.admit('10.0.2.1', 'demo')).toEqual({ ok: true });
    expect((await throttle.admit('10.0.2.2', 'demo')).ok).toBe(false);
  });

  it('does not spend an address token on an attempt the global bucket refuses', async () => {
    const { clock, throttle } = setUp({ perAddress: { burst: 1, perMinute: 1 }, global: { burst: 1, perSecond: 1 } });
    expect(await throttle.admit('10.0.0.1', 'a')).toEqual({ ok: true });
    expect(await throttle.admit('10.0.0.2', 'a')).toMatchObject({ ok: false, reason: 'busy' });
    clock.advance(1000);
    expect(await throttle.admit('10.0.0.2', 'a')).toEqual({ ok: true });
  });

  it('tracks a bounded number of address and username pairs', async () => {
    const { throttle, fail } = setUp({ perAddressAndUsername: { freeFailures: 0, baseDelaySeconds: 2, maxDelaySeconds: 300 }, perAddress: { burst: 1000, perMinute: 1000 } }, 3);
    for (const name of ['a', 'b', 'c', 'd']) await fail('10.0.0.1', name);
    expect(await throttle.admit('10.0.0.1', 'a')).toEqual({ ok: true });
    expect((await throttle.admit('10.0.0.1', 'd')).ok).toBe(false);
  });
});
