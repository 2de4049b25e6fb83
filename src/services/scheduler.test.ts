import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { DELAYS, LOOP_INTERVALS, createScheduler, waitFor, waitForValue } from './scheduler';
import type { Logger } from './logger';

const silentLogger = (): Logger & { warn: jest.Mock } => ({ info: jest.fn(), warn: jest.fn(), error: jest.fn() });

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('LOOP_INTERVALS', () => {
  it('holds the spec timers', () => {
    // Spec section 9, grouped by period: the order polls, the lists and anchor proxies each minute, the anchors and the heartbeat.
    expect([LOOP_INTERVALS.orderStatus, LOOP_INTERVALS.waitingOrders, LOOP_INTERVALS.inPlay]).toEqual([1000, 3000, 5000]);
    expect([LOOP_INTERVALS.matches, LOOP_INTERVALS.anchorList, LOOP_INTERVALS.anchorProxy]).toEqual([60000, 60000, 60000]);
    expect([LOOP_INTERVALS.anchors, LOOP_INTERVALS.heartbeat]).toEqual([20000, 10000]);
    expect(Object.keys(LOOP_INTERVALS)).toHaveLength(8);
    expect(DELAYS).toEqual({ listLoadingFlag: 1000, batterPopup: 5000 });
  });
});

describe('createScheduler', () => {
  it('runs a loop every interval, first run one interval after registering', async () => {
    const scheduler = createScheduler();
    const task = jest.fn();
    scheduler.every('orders', 1000, task);
    await jest.advanceTimersByTimeAsync(999);
    expect(task).toHaveBeenCalledTimes(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(3000);
    expect(task).toHaveBeenCalledTimes(4);
    scheduler.stopAll();
  });

  it('runs at once with immediate', async () => {
    const scheduler = createScheduler();
    const task = jest.fn();
    scheduler.every('matches', LOOP_INTERVALS.matches, task, { immediate: true });
    await jest.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    scheduler.stopAll();
  });

  it('never overlaps a slow task: the next run is planned after it settles', async () => {
    const scheduler = createScheduler();
    let running = 0;
    let maxRunning = 0;
    const task = jest.fn(async () => {
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      running -= 1;
    });
    scheduler.every('slow', 1000, task);
    await jest.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(3000);
    expect(task).toHaveBeenCalledTimes(1);
    // started at 1000, settles at 3500, next run at 4500
    await jest.advanceTimersByTimeAsync(500);
    expect(task).toHaveBeenCalledTimes(2);
    expect(maxRunning).toBe(1);
    scheduler.stopAll();
  });

  it('logs a task that throws or rejects and keeps looping', async () => {
    const logger = silentLogger();
    const scheduler = createScheduler({ logger });
    const throwing = jest.fn(() => {
      throw new Error('boom');
    });
    const rejecting = jest.fn(() => Promise.reject(new Error('nope')));
    scheduler.every('a', 1000, throwing);
    scheduler.every('b', 1000, rejecting);
    await jest.advanceTimersByTimeAsync(3000);
    expect(throwing).toHaveBeenCalledTimes(3);
    expect(rejecting).toHaveBeenCalledTimes(3);
    expect(logger.warn).toHaveBeenCalledTimes(6);
    scheduler.stopAll();
  });

  it('replaces a loop registered under an existing name', async () => {
    const scheduler = createScheduler();
    const first = jest.fn();
    const second = jest.fn();
    const oldHandle = scheduler.every('x', 1000, first);
    scheduler.every('x', 1000, second);
    expect(scheduler.activeCount()).toBe(1);
    await jest.advanceTimersByTimeAsync(2000);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(2);
    oldHandle.stop();
    expect(scheduler.isRunning('x')).toBe(true);
    scheduler.stopAll();
  });

  it('does not restart a loop that was replaced while its task was in flight', async () => {
    const scheduler = createScheduler();
    let release: () => void = () => {};
    const first = jest.fn(() => new Promise<void>((resolve) => (release = resolve)));
    scheduler.every('x', 1000, first, { immediate: true });
    await jest.advanceTimersByTimeAsync(0);
    const second = jest.fn();
    scheduler.every('x', 1000, second);
    release();
    await jest.advanceTimersByTimeAsync(3000);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(3);
    scheduler.stopAll();
  });

  it('pauses and resumes by name; resume runs at once', async () => {
    const scheduler = createScheduler();
    const task = jest.fn();
    scheduler.every('waiting', LOOP_INTERVALS.waitingOrders, task);
    scheduler.pause('waiting');
    expect(scheduler.isRunning('waiting')).toBe(false);
    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(10000);
    expect(task).not.toHaveBeenCalled();
    scheduler.resume('waiting');
    await jest.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    expect(scheduler.isRunning('waiting')).toBe(true);
    await jest.advanceTimersByTimeAsync(3000);
    expect(task).toHaveBeenCalledTimes(2);
    scheduler.stopAll();
  });

  it('handles pause, resume and stop through the loop handle', async () => {
    const scheduler = createScheduler();
    const task = jest.fn();
    const handle = scheduler.every('h', 1000, task);
    handle.pause();
    expect(handle.isRunning()).toBe(false);
    handle.resume();
    await jest.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    handle.stop();
    expect(scheduler.isRunning('h')).toBe(false);
    expect(scheduler.activeCount()).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('pauses loops marked pauseWhenHidden while hidden and runs them at once when visible', async () => {
    const scheduler = createScheduler();
    const hiddenAware = jest.fn();
    const always = jest.fn();
    scheduler.every('inPlay', LOOP_INTERVALS.inPlay, hiddenAware, { pauseWhenHidden: true });
    scheduler.every('orders', LOOP_INTERVALS.orderStatus, always);
    scheduler.setVisible(false);
    expect(scheduler.isRunning('inPlay')).toBe(false);
    expect(scheduler.activeCount()).toBe(1);
    await jest.advanceTimersByTimeAsync(20000);
    expect(hiddenAware).not.toHaveBeenCalled();
    expect(always).toHaveBeenCalledTimes(20);
    scheduler.setVisible(true);
    await jest.advanceTimersByTimeAsync(0);
    expect(hiddenAware).toHaveBeenCalledTimes(1);
    expect(scheduler.activeCount()).toBe(2);
    scheduler.stopAll();
  });

  it('keeps a manually paused loop paused when the page becomes visible again', async () => {
    const scheduler = createScheduler();
    const task = jest.fn();
    scheduler.every('anchors', LOOP_INTERVALS.anchors, task, { pauseWhenHidden: true });
    scheduler.pause('anchors');
    scheduler.setVisible(false);
    scheduler.setVisible(true);
    await jest.advanceTimersByTimeAsync(60000);
    expect(task).not.toHaveBeenCalled();
    scheduler.stopAll();
  });

  it('registers a pauseWhenHidden loop while hidden without running it', async () => {
    const scheduler = createScheduler({ visible: false });
    const task = jest.fn();
    scheduler.every('anchors', LOOP_INTERVALS.anchors, task, { pauseWhenHidden: true, immediate: true });
    await jest.advanceTimersByTimeAsync(60000);
    expect(task).not.toHaveBeenCalled();
    scheduler.setVisible(true);
    await jest.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    scheduler.stopAll();
  });

  it('once runs a task a single time after its delay; stop or stopAll cancels it, a new registration replaces it', async () => {
    const scheduler = createScheduler();
    const task = jest.fn();
    scheduler.once('flag', DELAYS.listLoadingFlag, task);
    await jest.advanceTimersByTimeAsync(999);
    expect(task).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(5000);
    expect(task).toHaveBeenCalledTimes(1);
    expect(scheduler.isRunning('flag')).toBe(false);

    const replaced = jest.fn();
    scheduler.once('flag', 1000, replaced);
    await jest.advanceTimersByTimeAsync(500);
    scheduler.once('flag', 1000, task);
    await jest.advanceTimersByTimeAsync(1000);
    expect(replaced).not.toHaveBeenCalled();
    expect(task).toHaveBeenCalledTimes(2);

    scheduler.once('flag', 1000, task);
    scheduler.stopAll();
    await jest.advanceTimersByTimeAsync(2000);
    expect(task).toHaveBeenCalledTimes(2);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('stopAll leaves no pending timer, even with a task in flight', async () => {
    const scheduler = createScheduler();
    let release: () => void = () => {};
    const inFlight = jest.fn(() => new Promise<void>((resolve) => (release = resolve)));
    scheduler.every('a', 1000, jest.fn());
    scheduler.every('b', 5000, jest.fn(), { pauseWhenHidden: true });
    scheduler.every('c', 1000, inFlight, { immediate: true });
    await jest.advanceTimersByTimeAsync(0);
    expect(jest.getTimerCount()).toBeGreaterThan(0);
    scheduler.stopAll();
    expect(jest.getTimerCount()).toBe(0);
    release();
    await jest.advanceTimersByTimeAsync(0);
    expect(jest.getTimerCount()).toBe(0);
    expect(scheduler.activeCount()).toBe(0);
    expect(inFlight).toHaveBeenCalledTimes(1);
  });
});

describe('waitFor', () => {
  it('resolves true as soon as the condition holds', async () => {
    let calls = 0;
    const promise = waitFor(() => ++calls === 3);
    await jest.advanceTimersByTimeAsync(1000);
    await expect(promise).resolves.toBe(true);
    expect(calls).toBe(3);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('tries 5 times, 500 ms apart, then resolves false', async () => {
    const condition = jest.fn(() => false);
    const promise = waitFor(condition);
    await jest.advanceTimersByTimeAsync(1999);
    expect(condition).toHaveBeenCalledTimes(4);
    await jest.advanceTimersByTimeAsync(1);
    await expect(promise).resolves.toBe(false);
    expect(condition).toHaveBeenCalledTimes(5);
    await jest.advanceTimersByTimeAsync(5000);
    expect(condition).toHaveBeenCalledTimes(5);
  });

  it('accepts async conditions and treats a throwing one as not holding', async () => {
    let calls = 0;
    const promise = waitFor(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('not ready');
        return calls === 2;
      },
      { intervalMs: 100, tries: 3 },
    );
    await jest.advanceTimersByTimeAsync(100);
    await expect(promise).resolves.toBe(true);
  });

  it('resolves false and clears its timer when aborted', async () => {
    const controller = new AbortController();
    const promise = waitFor(() => false, { signal: controller.signal });
    await jest.advanceTimersByTimeAsync(0);
    expect(jest.getTimerCount()).toBe(1);
    controller.abort();
    await expect(promise).resolves.toBe(false);
    expect(jest.getTimerCount()).toBe(0);
  });
});

describe('waitForValue', () => {
  it('answers the first load that succeeds, retrying every 500 ms', async () => {
    const load = jest.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('502')).mockRejectedValueOnce(new Error('502')).mockResolvedValue('ok');
    const result = waitForValue(load);
    await jest.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(500);
    expect(load).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(500);
    await expect(result).resolves.toBe('ok');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('rejects with the last error after 5 tries, and at once when aborted', async () => {
    const load = jest.fn<() => Promise<string>>().mockImplementation(async () => {
      throw new Error(`try ${load.mock.calls.length}`);
    });
    const result = waitForValue(load);
    const settled = expect(result).rejects.toThrow('try 5');
    await jest.advanceTimersByTimeAsync(2000);
    await settled;
    expect(load).toHaveBeenCalledTimes(5);

    const controller = new AbortController();
    const never = jest.fn<() => Promise<string>>().mockRejectedValue(new Error('down'));
    const aborted = waitForValue(never, { signal: controller.signal });
    await jest.advanceTimersByTimeAsync(0);
    controller.abort();
    await expect(aborted).rejects.toThrow('down');
    expect(jest.getTimerCount()).toBe(0);
  });
});
