import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fakeEnv } from '../../testing/fakeEnv';
import { createRootStore } from '../../core/store/RootStore';
import type { StatisticsAnswer } from './statistics';

const answer = (inPlayFootball = 40): StatisticsAnswer => ({
  ht: 31,
  tc: 500,
  hls: [
    { id: 1001, logoUrl: '/l/1001', count: 15, name: 'Premier', sportId: 1 },
    { id: 3001, logoUrl: '/l/3001', count: 16, name: 'Hoops', sportId: 3 },
  ],
  sl: [
    { type: 1, name: 'In-Play', count: inPlayFootball + 17, sports: [{ sportId: 1, count: inPlayFootball }, { sportId: 3, count: 17 }] },
    { type: 2, name: 'Today', count: 30, sports: [{ sportId: 1, count: 30 }] },
    { type: 6, name: 'In-Play & Today', count: inPlayFootball + 47, sports: [{ sportId: 1, count: inPlayFootball + 30 }, { sportId: 3, count: 17 }] },
  ],
});

describe('statistics', () => {
  // Only timers are faked: MST flows and promises still settle on the real microtask queue.
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('loads without auth and counts per sport and list type', async () => {
    const { env, http } = fakeEnv();
    http.match.post.mockResolvedValue(answer());
    const store = createRootStore({}, env);
    expect(store.statistics.countOf(1, 1)).toBeUndefined();
    await store.statistics.load();
    expect(http.match.post).toHaveBeenCalledWith('/api/match/statistical', {}, { noAuth: true });
    expect(store.statistics.status).toBe('ready');
    expect(store.statistics.countOf(1, 1)).toBe(40);
    expect(store.statistics.countOf(6, 1)).toBe(70);
    expect(store.statistics.countOf(2, 3)).toBe(0);
    expect(store.statistics.countOf(4, 1)).toBe(0);
    expect(store.statistics.hotCount).toBe(31);
    expect(store.statistics.hotLeagueIds).toEqual([1001, 3001]);
  });

  it('retries once after 1.5 s', async () => {
    const { env, http } = fakeEnv();
    http.match.post.mockRejectedValueOnce(new Error('502')).mockResolvedValueOnce(answer());
    const store = createRootStore({}, env);
    const loading = store.statistics.load();
    await jest.advanceTimersByTimeAsync(1499);
    expect(http.match.post).toHaveBeenCalledTimes(1);
    expect(store.statistics.status).toBe('loading');
    await jest.advanceTimersByTimeAsync(1);
    await loading;
    expect(http.match.post).toHaveBeenCalledTimes(2);
    expect(store.statistics.status).toBe('ready');
  });

  it('gives up after the retry, keeping earlier counts, and tries again with the next loop', async () => {
    const { env, http } = fakeEnv();
    http.match.post.mockResolvedValueOnce(answer(40)).mockRejectedValueOnce(new Error('502')).mockRejectedValueOnce(new Error('502')).mockResolvedValueOnce(answer(41));
    const store = createRootStore({}, env);
    store.statistics.start();
    await jest.advanceTimersByTimeAsync(0);
    expect(store.statistics.countOf(1, 1)).toBe(40);

    await jest.advanceTimersByTimeAsync(60000);
    expect(http.match.post).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1500);
    expect(http.match.post).toHaveBeenCalledTimes(3);
    expect(store.statistics.status).toBe('ready');
    expect(store.statistics.countOf(1, 1)).toBe(40);
    // No third attempt: the next one is the loop's, 60 s after the last try.
    await jest.advanceTimersByTimeAsync(59999);
    expect(http.match.post).toHaveBeenCalledTimes(3);
    await jest.advanceTimersByTimeAsync(1);
    expect(http.match.post).toHaveBeenCalledTimes(4);
    expect(store.statistics.countOf(1, 1)).toBe(41);
    store.statistics.close();
  });

  it('shows failed when the first load and its retry fail, and treats a malformed answer as a failure', async () => {
    const { env, http } = fakeEnv();
    http.match.post.mockResolvedValueOnce({ unexpected: true }).mockRejectedValueOnce(new Error('502'));
    const store = createRootStore({}, env);
    const loading = store.statistics.load();
    await jest.advanceTimersByTimeAsync(1500);
    await loading;
    expect(store.statistics.status).toBe('failed');
    expect(store.statistics.countOf(1, 1)).toBeUndefined();
  });

  it('stops the loop and a pending retry on close', async () => {
    const { env, http } = fakeEnv();
    http.match.post.mockRejectedValue(new Error('502'));
    const store = createRootStore({}, env);
    store.statistics.start();
    await jest.advanceTimersByTimeAsync(0);
    // The retry waits in the scheduler, so an unmount (stopAll) or close cancels it with the loop.
    expect(env.scheduler.isRunning('statistics.retry')).toBe(true);
    store.statistics.close();
    expect(env.scheduler.isRunning('statistics.retry')).toBe(false);
    await jest.advanceTimersByTimeAsync(120000);
    expect(http.match.post).toHaveBeenCalledTimes(1);
    expect(env.scheduler.isRunning('statistics')).toBe(false);
  });
});
