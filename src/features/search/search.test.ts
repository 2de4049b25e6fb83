import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { isAlive } from 'mobx-state-tree';
import { fakeEnv } from '../../testing/fakeEnv';
import { wireMatch } from '../../testing/matchFixtures';
import { createRootStore } from '../../core/store/RootStore';
import { searchOf } from './search';

describe('search', () => {
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('waits for a 300 ms pause in typing, then searches the trimmed text once', async () => {
    const { env, http } = fakeEnv();
    http.match.post.mockResolvedValue({ groups: [] });
    const store = createRootStore({}, env);
    searchOf(store).setQuery('a');
    await jest.advanceTimersByTimeAsync(200);
    searchOf(store).setQuery('ar');
    await jest.advanceTimersByTimeAsync(200);
    searchOf(store).setQuery(' ars ');
    await jest.advanceTimersByTimeAsync(299);
    expect(http.match.post).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(http.match.post).toHaveBeenCalledTimes(1);
    expect(http.match.post).toHaveBeenCalledWith('/api/match/queryMatchByRecommend', { recommend: 'ars' }, { noAuth: true });
    expect(searchOf(store).status).toBe('ready');
  });

  it('does not search blank input, and clearing cancels a pending search', async () => {
    const { env, http } = fakeEnv();
    const store = createRootStore({}, env);
    searchOf(store).setQuery('   ');
    await jest.advanceTimersByTimeAsync(1000);
    expect(searchOf(store).status).toBe('idle');
    searchOf(store).setQuery('x');
    // The pause before the search waits in the scheduler, so an unmount (stopAll) cancels it too.
    expect(env.scheduler.isRunning('search.debounce')).toBe(true);
    searchOf(store).clear();
    expect(env.scheduler.isRunning('search.debounce')).toBe(false);
    await jest.advanceTimersByTimeAsync(1000);
    expect(http.match.post).not.toHaveBeenCalled();
    expect(searchOf(store).query).toBe('');
  });

  it('is made once per root on first use, searches again in a new language, and stops with the app', async () => {
    const { env, http } = fakeEnv();
    http.match.post.mockResolvedValue({ groups: [] });
    const store = createRootStore({}, env);
    const search = searchOf(store);
    expect(searchOf(store)).toBe(search);
    search.setQuery('ars');
    await jest.advanceTimersByTimeAsync(300);
    expect(http.match.post).toHaveBeenCalledTimes(1);
    await store.settings.setLocale('en');
    await jest.advanceTimersByTimeAsync(0);
    expect(http.match.post).toHaveBeenCalledTimes(2);

    search.setQuery('arse');
    store.dispose();
    await jest.advanceTimersByTimeAsync(1000);
    expect(http.match.post).toHaveBeenCalledTimes(2);
    expect(isAlive(search)).toBe(false);
  });

    it('keeps the platform sport order and puts live matches first within a sport', async () => {
    const { env, http } = fakeEnv();
    http.match.post.mockResolvedValue({
      groups: [
        { sportId: 1, matches: [wireMatch({ matchId: 1, matchStatus: 0 }), wireMatch({ matchId: 2, matchStatus: 1 }), wireMatch({ matchId: 3, matchStatus: 0 })] },
        { sportId: 7, matches: [] },
        { sportId: 5, matches: [wireMatch({ matchId: 4, sportId: 5, matchStatus: 0 })] },
      ],
    });
    const store = createRootStore({}, env);
    searchOf(store).setQuery('x');
    await jest.advanceTimersByTimeAsync(300);
    expect(searchOf(store).groups.map((g) => [g.sportId, g.matches.map((m) => m.matchId)])).toEqual([
      [1, [2, 1, 3]],
      [5, [4]],
    ]);
    expect(searchOf(store).results.map((m) => m.matchId)).toEqual([2, 1, 3, 4]);
    expect(env.liveBook.match(4)).toBeDefined();
  });

  it('lets the newest query win and shows a failure', async () => {
    const { env, http } = fakeEnv();
    let answerOld!: (value: unknown) => void;
    http.match.post
      .mockImplementationOnce(() => new Promise((resolve) => (answerOld = resolve)))
      .mockRejectedValueOnce(new Error('500'));
    const store = createRootStore({}, env);
    searchOf(store).setQuery('old');
    await jest.advanceTimersByTimeAsync(300);
    searchOf(store).setQuery('new');
    await jest.advanceTimersByTimeAsync(300);
    expect(searchOf(store).status).toBe('failed');
    answerOld({ groups: [{ sportId: 1, matches: [wireMatch()] }] });
    await jest.advanceTimersByTimeAsync(0);
    expect(searchOf(store).status).toBe('failed');
    expect(searchOf(store).groups).toEqual([]);
  });

  it("opens a result's match, over its sport's list that holds it now, with no league filter left behind", async () => {
    const now = Date.UTC(2026, 0, 10, 4, 0); // 12:00 in Asia/Shanghai
    const { env, http } = fakeEnv({ now: () => now });
    http.match.post.mockResolvedValue({ current: 1, pageTotal: 1, size: 50, total: 0, records: [] });
    const store = createRootStore({}, env);
    await store.openSearchResult(wireMatch({ matchId: 77, sportId: 5, matchStatus: 1, leagueInfo: { id: 50, name: 'Open', icon: '', sportId: 5 } }));
    expect(store.ui.view).toBe('match');
    expect(store.ui.matchId).toBe(77);
    store.ui.leaveMatch();
    expect(store.ui.view).toBe('list');
    // The list scrolls once to the row of the match Back left.
    expect(store.ui.listReturnMatchId).toBe(77);
    store.ui.clearListReturn();
    expect(store.matchList.type).toBe(1);
    expect(store.matchList.sportId).toBe(5);
    expect([...store.matchList.leagueIds]).toEqual([]);
    await store.openSearchResult(wireMatch({ sportId: 5, matchStatus: 0, beginTime: now + 3600_000 }));
    expect(store.matchList.type).toBe(2);
    await store.openSearchResult(wireMatch({ sportId: 5, matchStatus: 0, beginTime: now + 24 * 3600_000 }));
    expect(store.matchList.type).toBe(3);
    store.matchList.close();
  });
});
