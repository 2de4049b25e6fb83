import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { OddsFormat } from '../../../domain/odds';
import { ListType } from '../../../contract/enums';
import { MAX_PAGE_SIZE } from '../../../contract/pages';
import type { MatchPage } from '../../../contract';
import { fakeEnv } from '../../testing/fakeEnv';
import { wireMatch } from '../../testing/matchFixtures';
import { createRootStore } from '../../core/store/RootStore';

const page = (current: number, pageTotal: number, ids: number[], leagueId = 9): MatchPage => ({
  current,
  pageTotal,
  size: 50,
  total: pageTotal * 2,
  records: ids.map((matchId) => wireMatch({ matchId, leagueInfo: { id: leagueId + (matchId % 2), name: `L${leagueId + (matchId % 2)}`, icon: '', sportId: 1 }, betGroup: [] })),
});

describe('match list', () => {
  it('asks getList for the member\'s odds format (spec: getList carries oddsFormat)', async () => {
    const { env, http } = fakeEnv();
    http.match.post.mockResolvedValue(page(1, 1, [1]));
    const store = createRootStore({}, env);
    store.settings.setOddsFormat(OddsFormat.HongKong);
    await store.matchList.open({ type: ListType.Today, sportId: 1 });
    expect(http.match.post).toHaveBeenLastCalledWith('/api/match/getList', expect.objectContaining({ oddsFormat: OddsFormat.HongKong }), { noAuth: true });
    store.matchList.close();
  });

  it('loads page by page until the last, shows the first page at once, and groups by league', async () => {
    const { env, http } = fakeEnv();
    let releaseSecond!: () => void;
    http.match.post
      .mockResolvedValueOnce(page(1, 2, [1, 2]))
      .mockImplementationOnce(() => new Promise((resolve) => (releaseSecond = () => resolve(page(2, 2, [3, 4])))));
    const store = createRootStore({}, env);
    const loading = store.matchList.open({ type: ListType.InPlay, sportId: 1 });
    await new Promise((r) => setTimeout(r, 0));
    expect(store.matchList.status).toBe('ready');
    expect(store.matchList.records.map((m) => m.matchId)).toEqual([1, 2]);
    expect(store.matchList.loading).toBe(true);
    releaseSecond();
    await loading;
    expect(store.matchList.records.map((m) => m.matchId)).toEqual([1, 2, 3, 4]);
    expect(store.matchList.groups.map((g) => [g.leagueId, g.matches.map((m) => m.matchId)])).toEqual([
      [10, [1, 3]],
      [9, [2, 4]],
    ]);
    expect(http.match.post).toHaveBeenNthCalledWith(2, '/api/match/getList', { type: ListType.InPlay, sportIds: '1', size: 50, oddsFormat: 1, orderBy: 0, current: 2 }, { noAuth: true });
    expect(env.liveBook.match(4)).toBeDefined();
    store.matchList.close();
  });

  it('asks a quiet reload (poll, gap) in the largest pages the platform allows: it shows nothing until it has them all', async () => {
    const { env, http } = fakeEnv();
    http.match.post.mockResolvedValue(page(1, 1, [1, 2]));
    const store = createRootStore({}, env);
    await store.matchList.open({ type: ListType.InPlay, sportId: 1 });
    expect(http.match.post).toHaveBeenLastCalledWith('/api/match/getList', expect.objectContaining({ size: 50, current: 1 }), { noAuth: true });
    await store.matchList.refresh();
    expect(http.match.post).toHaveBeenLastCalledWith('/api/match/getList', expect.objectContaining({ size: MAX_PAGE_SIZE, current: 1 }), { noAuth: true });
    await store.matchList.retry();
    expect(http.match.post).toHaveBeenLastCalledWith('/api/match/getList', expect.objectContaining({ size: 50, current: 1 }), { noAuth: true });
    store.matchList.close();
  });

  describe('the loading flag (spec section 9: clears 1 s after list load)', () => {
    beforeEach(() => {
      jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    });
    afterEach(() => {
      jest.useRealTimers();
    });

    it('stays set for 1 s after the last page arrives, through the scheduler, while the rows show at once', async () => {
      const { env, http } = fakeEnv();
      http.match.post.mockResolvedValueOnce(page(1, 2, [1, 2])).mockResolvedValueOnce(page(2, 2, [3]));
      const store = createRootStore({}, env);
      await store.matchList.open({ type: ListType.Today, sportId: 1 });
      expect(store.matchList.status).toBe('ready');
      expect(store.matchList.records).toHaveLength(3);
      expect(store.matchList.loading).toBe(true);
      await jest.advanceTimersByTimeAsync(999);
      expect(store.matchList.loading).toBe(true);
      await jest.advanceTimersByTimeAsync(1);
      expect(store.matchList.loading).toBe(false);
      store.matchList.close();
    });

    it('a quiet one-page poll never raises it; a new load cancels the pending clear; close clears it at once', async () => {
      const { env, http } = fakeEnv();
      http.match.post.mockResolvedValue(page(1, 1, [1]));
      const store = createRootStore({}, env);
      await store.matchList.open({ type: ListType.Today, sportId: 1 });
      await jest.advanceTimersByTimeAsync(1000);
      expect(store.matchList.loading).toBe(false);
      await store.matchList.refresh();
      expect(store.matchList.loading).toBe(false);
      await store.matchList.retry();
      await jest.advanceTimersByTimeAsync(600);
      await store.matchList.retry();
      await jest.advanceTimersByTimeAsync(600);
      expect(store.matchList.loading).toBe(true);
      store.matchList.close();
      expect(store.matchList.loading).toBe(false);
      expect(jest.getTimerCount()).toBe(0);
    });
  });

  it('a failed list call is logged, its fallback shows the failed state, and an empty page stands in (spec section 8)', async () => {
    const { env, http } = fakeEnv();
    const error = new Error('500');
    http.match.post.mockRejectedValueOnce(error);
    const store = createRootStore({}, env);
    await store.matchList.open({ type: ListType.Today, sportId: 1 });
    expect(env.logger.warn).toHaveBeenCalledWith('[getList] failed', error);
    expect(store.matchList.status).toBe('failed');
    expect(store.matchList.records).toEqual([]);
    expect(store.matchList.total).toBe(0);
    store.matchList.close();
  });

  it('keeps the rows it shows when a quiet poll fails, and a failed later page ends the load without losing the first', async () => {
    const { env, http } = fakeEnv();
    http.match.post.mockResolvedValueOnce(page(1, 2, [1, 2])).mockRejectedValueOnce(new Error('timeout')).mockRejectedValueOnce(new Error('500'));
    const store = createRootStore({}, env);
    await store.matchList.open({ type: ListType.Today, sportId: 1 });
    expect(store.matchList.status).toBe('ready');
    expect(store.matchList.records.map((m) => m.matchId)).toEqual([1, 2]);
    await store.matchList.refresh();
    expect(store.matchList.status).toBe('ready');
    expect(store.matchList.records.map((m) => m.matchId)).toEqual([1, 2]);
    store.matchList.close();
  });

  it('keeps the whole list on screen while a poll loads its pages, and shows the poll\'s list once it has them all', async () => {
    const { env, http } = fakeEnv();
    http.match.post.mockResolvedValueOnce(page(1, 2, [1, 2])).mockResolvedValueOnce(page(2, 2, [3, 4]));
    const store = createRootStore({}, env);
    await store.matchList.open({ type: ListType.Early, sportId: 1 });
    expect(store.matchList.records.map((m) => m.matchId)).toEqual([1, 2, 3, 4]);
    let releaseSecond!: () => void;
    http.match.post
      .mockResolvedValueOnce(page(1, 2, [1, 5]))
      .mockImplementationOnce(() => new Promise((resolve) => (releaseSecond = () => resolve(page(2, 2, [3, 6])))));
    const polling = store.matchList.refresh();
    await new Promise((r) => setTimeout(r, 0));
    // The poll's first page is in; the member still sees the four rows, not two.
    expect(store.matchList.records.map((m) => m.matchId)).toEqual([1, 2, 3, 4]);
    releaseSecond();
    await polling;
    expect(store.matchList.records.map((m) => m.matchId)).toEqual([1, 5, 3, 6]);
    store.matchList.close();
  });

  it('lets a newer query win over a slow older one', async () => {
    const { env, http } = fakeEnv();
    let releaseOld!: () => void;
    http.match.post
      .mockImplementationOnce(() => new Promise((resolve) => (releaseOld = () => resolve(page(1, 1, [1])))))
      .mockResolvedValueOnce(page(1, 1, [7]));
    const store = createRootStore({}, env);
    const old = store.matchList.open({ type: ListType.Today, sportId: 1 });
    await store.matchList.open({ sportId: 3 });
    releaseOld();
    await old;
    expect(store.matchList.records.map((m) => m.matchId)).toEqual([7]);
    expect(store.matchList.sportId).toBe(3);
    store.matchList.close();
  });

  it('shows failure, and retries', async () => {
    const { env, http } = fakeEnv();
    http.match.post.mockRejectedValueOnce(new Error('500')).mockResolvedValueOnce(page(1, 1, []));
    const store = createRootStore({}, env);
    await store.matchList.open({ type: ListType.Early, sportId: 5 });
    expect(store.matchList.status).toBe('failed');
    await store.matchList.retry();
    expect(store.matchList.status).toBe('ready');
    expect(store.matchList.records).toEqual([]);
    store.matchList.close();
  });

  it('polls in play every 5 s and other lists every 60 s through the scheduler, and stops on close', async () => {
    // Only timers are faked: MST flows and promises still settle on the real microtask queue.
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const { env, http } = fakeEnv();
      http.match.post.mockResolvedValue(page(1, 1, [1]));
      const store = createRootStore({}, env);
      await store.matchList.open({ type: ListType.InPlay, sportId: 1 });
      expect(http.match.post).toHaveBeenCalledTimes(1);
      await jest.advanceTimersByTimeAsync(5000);
      expect(http.match.post).toHaveBeenCalledTimes(2);
      await store.matchList.open({ type: ListType.Today });
      await jest.advanceTimersByTimeAsync(5000);
      expect(http.match.post).toHaveBeenCalledTimes(3);
      await jest.advanceTimersByTimeAsync(55_000);
      expect(http.match.post).toHaveBeenCalledTimes(4);
      store.matchList.close();
      await jest.advanceTimersByTimeAsync(120_000);
      expect(http.match.post).toHaveBeenCalledTimes(4);
      expect(env.scheduler.activeCount()).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it('remembers collapsed leagues', () => {
    const { env } = fakeEnv();
    const store = createRootStore({}, env);
    store.matchList.toggleLeague(9);
    expect(store.matchList.isCollapsed(9)).toBe(true);
    store.matchList.toggleLeague(9);
    expect(store.matchList.isCollapsed(9)).toBe(false);
  });
});

describe('gap refreshes', () => {
  it('asked while one is in flight, share one more fetch after it (its answer may predate the gap)', async () => {
    const { env, http } = fakeEnv();
    http.match.post.mockResolvedValue(page(1, 1, [1]));
    const store = createRootStore({}, env);
    await store.matchList.open({ type: ListType.InPlay, sportId: 1 });
    const calls = http.match.post.mock.calls.length;
    await Promise.all([store.matchList.refresh(), store.matchList.refresh(), store.matchList.refresh()]);
    expect(http.match.post.mock.calls.length).toBe(calls + 2);
    await store.matchList.refresh();
    expect(http.match.post.mock.calls.length).toBe(calls + 3);
    store.matchList.close();
  });
});

describe('the early list date filter', () => {
  it('offers the days with matches in the platform time zone and shows one day at a time', async () => {
    const { env, http } = fakeEnv();
    // 23:30 UTC is already the next day in Shanghai (UTC+8).
    const at = (iso: string) => Date.parse(iso);
    const records = [
      wireMatch({ matchId: 1, beginTime: at('2026-11-22T10:00:00Z'), betGroup: [] }),
      wireMatch({ matchId: 2, beginTime: at('2026-11-22T23:30:00Z'), betGroup: [] }),
      wireMatch({ matchId: 3, beginTime: at('2026-11-24T08:00:00Z'), betGroup: [] }),
    ];
    http.match.post.mockResolvedValue({ current: 1, pageTotal: 1, size: 50, total: 3, records });
    const store = createRootStore({}, env);
    await store.matchList.open({ type: ListType.Early, sportId: 1 });
    expect(store.matchList.days).toEqual(['2026-11-22', '2026-11-23', '2026-11-24']);
    store.matchList.setDate('2026-11-23');
    expect(store.matchList.groups.flatMap((g) => g.matches.map((m) => m.matchId))).toEqual([2]);
    store.ui.setTimezone('UTC');
    expect(store.matchList.days).toEqual(['2026-11-22', '2026-11-24']);
    // Another list starts with every day again.
    await store.matchList.open({ type: ListType.Today });
    expect(store.matchList.date).toBeUndefined();
    expect(store.matchList.days).toEqual([]);
    store.matchList.close();
  });
});
