import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { autorun } from 'mobx';
import { destroy, getParent } from 'mobx-state-tree';
import { fakeEnv } from '../../testing/fakeEnv';
import { createRootStore } from './RootStore';
import { createToaster } from './toast';

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('createToaster', () => {
  it('shows a toast and hides it after 3 s by default', () => {
    const toaster = createToaster();
    const id = toaster.show('success', '投注成功', { detail: 'Home -0.5 @1.95' });
    expect(toaster.toasts).toEqual([{ id, type: 'success', message: '投注成功', detail: 'Home -0.5 @1.95' }]);
    jest.advanceTimersByTime(2999);
    expect(toaster.toasts).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(toaster.toasts).toHaveLength(0);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('keeps errors for 5 s', () => {
    const toaster = createToaster();
    toaster.error('投注失败');
    jest.advanceTimersByTime(4999);
    expect(toaster.toasts).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(toaster.toasts).toHaveLength(0);
  });

  it('honours a per-toast duration, and 0 keeps it until dismissed', () => {
    const toaster = createToaster();
    toaster.info('short', { durationMs: 100 });
    const sticky = toaster.warn('sticky', { durationMs: 0 });
    jest.advanceTimersByTime(100);
    expect(toaster.toasts.map((t) => t.message)).toEqual(['sticky']);
    jest.advanceTimersByTime(60000);
    expect(toaster.toasts).toHaveLength(1);
    toaster.dismiss(sticky);
    expect(toaster.toasts).toHaveLength(0);
  });

  it('does not duplicate an identical toast and restarts its timer', () => {
    const toaster = createToaster();
    const first = toaster.info('Loading is failed');
    jest.advanceTimersByTime(2000);
    const second = toaster.info('Loading is failed');
    expect(second).toBe(first);
    expect(toaster.toasts).toHaveLength(1);
    jest.advanceTimersByTime(2000);
    expect(toaster.toasts).toHaveLength(1);
    jest.advanceTimersByTime(1000);
    expect(toaster.toasts).toHaveLength(0);
  });

  it('treats the same message with another type as a different toast', () => {
    const toaster = createToaster();
    toaster.info('x');
    toaster.error('x');
    expect(toaster.toasts.map((t) => t.type)).toEqual(['info', 'error']);
  });

  it('offers success, error, info and warn shorthands', () => {
    const toaster = createToaster();
    toaster.success('a');
    toaster.error('b');
    toaster.info('c');
    toaster.warn('d');
    expect(toaster.toasts.map((t) => [t.type, t.message])).toEqual([
      ['success', 'a'],
      ['error', 'b'],
      ['info', 'c'],
      ['warn', 'd'],
    ]);
  });

  it('dismiss removes one toast and its timer', () => {
    const toaster = createToaster();
    const a = toaster.info('a');
    toaster.info('b');
    toaster.dismiss(a);
    expect(toaster.toasts.map((t) => t.message)).toEqual(['b']);
    expect(jest.getTimerCount()).toBe(1);
  });

  it('clear removes every toast and timer', () => {
    const toaster = createToaster();
    toaster.info('a');
    toaster.error('b');
    toaster.clear();
    expect(toaster.toasts).toHaveLength(0);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('is observable', () => {
    const toaster = createToaster();
    const seen: number[] = [];
    const dispose = autorun(() => seen.push(toaster.toasts.length));
    toaster.success('a');
    toaster.warn('b');
    jest.advanceTimersByTime(3000);
    dispose();
    expect(seen).toEqual([0, 1, 2, 1, 0]);
  });
});

describe('the toast stack in the root tree', () => {
  it('is the env toaster, owned by the root: its timers end with the tree', () => {
    const { env } = fakeEnv();
    const store = createRootStore({}, env);
    expect(store.toast).toBe(env.toast);
    expect(getParent(env.toast)).toBe(store);
    env.toast.info('a');
    expect(jest.getTimerCount()).toBe(1);
    destroy(store);
    expect(jest.getTimerCount()).toBe(0);
  });
});
