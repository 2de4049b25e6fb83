import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { ListType } from '../../../contract/enums';
import type { MatchPage, WireMatch } from '../../../contract';
import { fakeEnv } from '../../testing/fakeEnv';
import { wireMatch } from '../../testing/matchFixtures';
import { HOME_LIVE_LIMIT } from './home';
import { hotOf } from '../lists/hot/hot';
import { createRootStore } from '../../core/store/RootStore';

const pageOf = (records: WireMatch[], pageTotal = 1, current = 1): MatchPage => ({ current, pageTotal, size: 50, total: records.length, records });
const withVideo = (matchId: number) => wireMatch({ matchId, media: { videos: [{ line: 1, pc: '/v', h5: '/v' }], animation: null } });

describe('home and hot stores', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('keeps the in-play matches with media, at most a dozen cards, from one page of 50', async () => {
    const { env, http } = fakeEnv();
    const records = [wireMatch({ matchId: 1 }), ...Array.from({ length: 20 }, (_, i) => withVideo(i + 2)), wireMatch({ matchId: 99, media: { videos: [], animation: '/a' } })];
    http.match.post.mockResolvedValue(pageOf(records, 3));
    const store = createRootStore({}, env);
    await store.home.loadLive();
    expect(http.match.post).toHaveBeenCalledTimes(1);
    expect(http.match.post).toHaveBeenCalledWith('/api/match/getList', { type: ListType.InPlay, size: 50, oddsFormat: 1, current: 1 }, { noAuth: true });
    expect(store.home.live.records.map((m) => m.matchId)).toEqual(Array.from({ length: HOME_LIVE_LIMIT }, (_, i) => i + 2));
    expect(env.liveBook.match(1)).toBeDefined();
  });

  it('shows no hot matches without hot leagues, and asks for the first ten otherwise', async () => {
    const { env, http } = fakeEnv();
    const store = createRootStore({}, env);
    await store.home.loadHot([]);
    expect(store.home.hot.status).toBe('ready');
    expect(http.match.post).not.toHaveBeenCalled();
    http.match.post.mockResolvedValue(pageOf([wireMatch()]));
    await store.home.loadHot([4, 5]);
    expect(http.match.post).toHaveBeenCalledWith('/api/match/getList', { type: ListType.TodayAndInPlay, size: 10, leagueIds: '4,5', oddsFormat: 1, current: 1 }, { noAuth: true });
    expect(store.home.hot.records).toHaveLength(1);
  });

  it('refreshes home quietly with the match loop, keeping what shows when a refresh fails, and stops on close', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const { env, http } = fakeEnv();
    http.match.post.mockResolvedValue(pageOf([withVideo(1)]));
    const store = createRootStore({}, env);
    store.home.open();
    await jest.advanceTimersByTimeAsync(0);
    expect(store.home.live.records).toHaveLength(1);
    http.match.post.mockRejectedValue(new Error('502'));
    await jest.advanceTimersByTimeAsync(60000);
    expect(http.match.post).toHaveBeenCalledTimes(2);
    expect(store.home.live.status).toBe('ready');
    expect(store.home.live.records).toHaveLength(1);
    store.home.close();
    await jest.advanceTimersByTimeAsync(120000);
    expect(http.match.post).toHaveBeenCalledTimes(2);
  });

  it('reloads home and the statistics in a new language, but nothing that never loaded', async () => {
    const { env, http } = fakeEnv();
    http.match.post.mockResolvedValue(pageOf([withVideo(1)]));
    const store = createRootStore({}, env);
    await store.settings.setLocale('vi');
    expect(http.match.post).not.toHaveBeenCalled();
    await store.home.loadLive();
    http.match.post.mockClear();
    await store.settings.setLocale('en');
    expect(http.match.post).toHaveBeenCalledWith('/api/match/getList', { type: ListType.InPlay, size: 50, oddsFormat: 1, current: 1 }, { noAuth: true });
  });

  it('loads every page of the hot leagues, today and in-play first, then early', async () => {
    const { env, http } = fakeEnv();
    http.match.post.mockImplementation(async (_url, body) => {
      const { type, current } = body as { type: number; current: number };
      if (type === ListType.Early) return pageOf([wireMatch({ matchId: 30, matchStatus: 0 })]);
      return current === 1 ? pageOf([wireMatch({ matchId: 10 })], 2, 1) : pageOf([wireMatch({ matchId: 11 })], 2, 2);
    });
    const store = createRootStore({}, env);
    await hotOf(store).load([4]);
    expect(hotOf(store).section.records.map((m) => m.matchId)).toEqual([10, 11, 30]);
    expect(http.match.post).toHaveBeenCalledWith('/api/match/getList', { type: ListType.Early, size: 100, leagueIds: '4', oddsFormat: 1, current: 1 }, { noAuth: true });
  });

  it('makes the hot view once per root and reloads it in a new language only while it shows', async () => {
    const { env, http } = fakeEnv();
    http.match.post.mockResolvedValue(pageOf([wireMatch({ matchId: 10 })]));
    const store = createRootStore({}, env);
    const hot = hotOf(store);
    expect(hotOf(store)).toBe(hot);
    store.showScreen('hot');
    await hot.load([4]);
    http.match.post.mockClear();
    await store.settings.setLocale('en');
    expect(http.match.post).toHaveBeenCalledWith('/api/match/getList', expect.objectContaining({ type: ListType.TodayAndInPlay, leagueIds: '4' }), { noAuth: true });
    http.match.post.mockClear();
    store.showScreen('favourites');
    await store.settings.setLocale('vi');
    expect(http.match.post).not.toHaveBeenCalledWith('/api/match/getList', expect.objectContaining({ leagueIds: '4' }), expect.anything());
  });
});
