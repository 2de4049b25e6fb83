import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { destroy, detach, types, unprotect } from 'mobx-state-tree';
import { ApiError, CANCEL_MESSAGE, LOCAL_CODES } from '../services/http';
import { createScheduler } from '../services/scheduler';
import { Request, request } from './request';
import { deferred } from '../testing/deferred';

/** An owner as the stores are: its answer in volatile state, taken by its own action. */
const Owner = types
  .model('Owner', { request: request() })
  .volatile(() => ({ shown: undefined as string | undefined }))
  .actions((self) => ({
    show(value: string) {
      self.shown = value;
    },
  }));

const make = () => {
  const scheduler = createScheduler({ logger: { info: jest.fn(), warn: jest.fn(), error: jest.fn() } });
  return { owner: Owner.create({}, { scheduler }), scheduler };
};

describe('request', () => {
  it('applies only the newest run, whatever order the answers arrive in', async () => {
    const { owner } = make();
    const first = deferred<string>();
    const second = deferred<string>();
    const one = owner.request.run(() => first.promise, owner.show);
    const two = owner.request.run(() => second.promise, owner.show);
    expect(owner.request.status).toBe('loading');
    second.resolve('second');
    await expect(two).resolves.toBe('applied');
    first.resolve('first');
    await expect(one).resolves.toBe('superseded');
    expect(owner.shown).toBe('second');
    expect(owner.request.status).toBe('ready');
  });

  it('ignores an older failure arriving after a newer answer', async () => {
    const { owner } = make();
    const first = deferred<string>();
    const failed = jest.fn();
    const one = owner.request.run(() => first.promise, owner.show, { failed });
    await owner.request.run(() => Promise.resolve('newer'), owner.show);
    first.reject(new Error('late'));
    await expect(one).resolves.toBe('superseded');
    expect(failed).not.toHaveBeenCalled();
    expect(owner.request.status).toBe('ready');
    expect(owner.request.error).toBeUndefined();
  });

  it('fails with the error and calls the failure handler; a load that throws at once fails too', async () => {
    const { owner } = make();
    const error = new Error('down');
    const failed = jest.fn();
    await expect(owner.request.run(() => Promise.reject(error), owner.show, { failed })).resolves.toBe('failed');
    expect(owner.request.status).toBe('failed');
    expect(owner.request.failed).toBe(true);
    expect(owner.request.error).toBe(error);
    expect(failed).toHaveBeenCalledWith(error);
    await expect(
      owner.request.run(() => {
        throw error;
      }, owner.show),
    ).resolves.toBe('failed');
    expect(owner.shown).toBeUndefined();
  });

  it('fails a run whose answer apply cannot take, instead of leaving it unhandled', async () => {
    const { owner } = make();
    const failed = jest.fn();
    const outcome = owner.request.run(
      () => Promise.resolve('x'),
      () => {
        throw new TypeError('not an answer');
      },
      { failed },
    );
    await expect(outcome).resolves.toBe('failed');
    expect(owner.request.status).toBe('failed');
    expect(failed).toHaveBeenCalledWith(expect.any(TypeError));
  });

  it('refreshes quietly: what shows stays while it loads and when the refresh fails', async () => {
    const { owner } = make();
    let answer: Promise<string> = Promise.resolve('one');
    await owner.request.run(() => answer, owner.show);
    const reload = deferred<string>();
    answer = reload.promise;
    const refreshing = owner.request.refresh();
    expect(owner.request.status).toBe('ready');
    expect(owner.request.refreshing).toBe(true);
    expect(owner.request.busy).toBe(true);
    reload.reject(new Error('blip'));
    await expect(refreshing).resolves.toBe('failed');
    expect(owner.request.status).toBe('ready');
    expect(owner.request.refreshing).toBe(false);
    expect(owner.shown).toBe('one');
    answer = Promise.resolve('two');
    await owner.request.refresh();
    expect(owner.shown).toBe('two');
  });

  it('serves refreshes asked while one is in flight with one more run after it', async () => {
    const { owner } = make();
    const load = jest.fn(() => Promise.resolve('x'));
    await owner.request.run(load, owner.show);
    const inFlight = deferred<string>();
    load.mockReturnValueOnce(inFlight.promise);
    void owner.request.refresh();
    const a = owner.request.refresh();
    const b = owner.request.refresh();
    expect(load).toHaveBeenCalledTimes(2);
    inFlight.resolve('y');
    await Promise.all([a, b]);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('treats a call the app cancelled itself as no failure: what showed before stays', async () => {
    const { owner } = make();
    const cancelled = new ApiError({ code: LOCAL_CODES.cancelled, message: CANCEL_MESSAGE, service: 'match' });
    const failed = jest.fn();
    await expect(owner.request.run(() => Promise.reject(cancelled), owner.show, { failed })).resolves.toBe('superseded');
    expect(owner.request.status).toBe('idle');
    await owner.request.run(() => Promise.resolve('one'), owner.show);
    await owner.request.run(() => Promise.reject(cancelled), owner.show, { quiet: true, failed });
    expect(owner.request.status).toBe('ready');
    expect(failed).not.toHaveBeenCalled();
  });

  it('does nothing on refresh before a first run', async () => {
    const { owner } = make();
    await expect(owner.request.refresh()).resolves.toBe('superseded');
    expect(owner.request.status).toBe('idle');
  });

  describe('polling', () => {
    beforeEach(() => {
      jest.useFakeTimers();
    });
    afterEach(() => {
      jest.useRealTimers();
    });

    it('refreshes through the scheduler every interval until cancelled', async () => {
      const { owner, scheduler } = make();
      const load = jest.fn(() => Promise.resolve('x'));
      await owner.request.run(load, owner.show);
      owner.request.poll('test', 1000);
      expect(scheduler.isRunning('test')).toBe(true);
      await jest.advanceTimersByTimeAsync(3000);
      expect(load).toHaveBeenCalledTimes(4);
      owner.request.cancel();
      expect(scheduler.isRunning('test')).toBe(false);
      await jest.advanceTimersByTimeAsync(3000);
      expect(load).toHaveBeenCalledTimes(4);
    });

    it('runs a task of its own when given one', async () => {
      const { owner } = make();
      const task = jest.fn();
      owner.request.poll('test', 500, { task });
      await jest.advanceTimersByTimeAsync(1000);
      expect(task).toHaveBeenCalledTimes(2);
    });
  });

  it('cancels: what is in flight never applies and a request that never answered goes back to idle', async () => {
    const { owner } = make();
    const pending = deferred<string>();
    const run = owner.request.run(() => pending.promise, owner.show);
    owner.request.cancel();
    expect(owner.request.status).toBe('idle');
    pending.resolve('late');
    await expect(run).resolves.toBe('superseded');
    expect(owner.shown).toBeUndefined();
  });

  it('stops its poll and drops what is in flight when its owner is destroyed or it is detached', async () => {
    const { owner, scheduler } = make();
    owner.request.poll('owner', 1000);
    destroy(owner);
    expect(scheduler.isRunning('owner')).toBe(false);

    // A request taken out of its tree (moved to an owner that lives on) drops what its old owner asked.
    const scheduler2 = createScheduler({ logger: { info: jest.fn(), warn: jest.fn(), error: jest.fn() } });
    const holder = types.model({ request: types.maybe(Request) }).create({ request: {} }, { scheduler: scheduler2 });
    unprotect(holder);
    const shown: string[] = [];
    const pending = deferred<string>();
    const run = holder.request!.run(() => pending.promise, (value) => shown.push(value));
    holder.request!.poll('other', 1000);
    const detached = detach(holder.request!);
    expect(scheduler2.isRunning('other')).toBe(false);
    pending.resolve('late');
    await expect(run).resolves.toBe('superseded');
    expect(shown).toEqual([]);
    expect(detached.status).toBe('idle');
  });
});
