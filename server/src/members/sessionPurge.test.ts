import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { startSessionPurge } from './sessionPurge';

describe('session purge', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('purges every interval, never two at once, reports failures and stops', async () => {
    let finish: (n: number) => void = () => undefined;
    const purgeExpiredSessions = jest.fn(() => new Promise<number>((resolve) => (finish = resolve)));
    const onError = jest.fn();
    const stop = startSessionPurge({ auth: { purgeExpiredSessions }, everyMs: 60_000, onError });

    await jest.advanceTimersByTimeAsync(59_999);
    expect(purgeExpiredSessions).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(purgeExpiredSessions).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(purgeExpiredSessions).toHaveBeenCalledTimes(1);
    finish(3);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(purgeExpiredSessions).toHaveBeenCalledTimes(2);

    purgeExpiredSessions.mockImplementationOnce(() => Promise.reject(new Error('database gone')));
    finish(0);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(onError).toHaveBeenCalledWith(new Error('database gone'));

    stop();
    await jest.advanceTimersByTimeAsync(600_000);
    expect(purgeExpiredSessions).toHaveBeenCalledTimes(3);
    expect(jest.getTimerCount()).toBe(0);
  });
});
