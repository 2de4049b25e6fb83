import { describe, expect, it, jest } from '@jest/globals';
import { createMemoryStorage, createStorage } from '../../services/storage';
import { ListType } from '../../../contract/enums';
import type { MatchPage, WireMatch } from '../../../contract';
import { fakeEnv } from '../../testing/fakeEnv';
import { wireMatch } from '../../testing/matchFixtures';
import { FAVOURITES_LIMIT } from './favourites';
import { favouritesViewOf } from './favouritesView';
import { createRootStore } from '../../core/store/RootStore';

const pageOf = (records: WireMatch[]): MatchPage => ({ current: 1, pageTotal: 1, size: 50, total: records.length, records });
const silent = { debug: jest.fn(), info: jest.fn(), warn: jest.fn(), error: jest.fn() };

describe('favourites', () => {
  it('stars and unstars a match, and keeps the list per merchant in storage', () => {
    const backend = createMemoryStorage();
    const first = fakeEnv();
    first.env.storage = createStorage('merchant-a', backend, silent);
    const store = createRootStore({}, first.env);
    expect(store.favourites.toggle({ matchId: 7, sportId: 1 })).toBe(true);
    expect(store.favourites.toggle({ matchId: 8, sportId: 3 })).toBe(true);
    expect(store.favourites.isCollected(7)).toBe(true);
    expect(store.favourites.toggle({ matchId: 7, sportId: 1 })).toBe(false);
    expect(store.favourites.isCollected(7)).toBe(false);
    expect(JSON.parse(backend.getItem('sport-pc:merchant-a:collectedMatches')!)).toEqual([{ matchId: 8, sportId: 3, sportName: 'sport.basketball' }]);

    const again = fakeEnv();
    again.env.storage = createStorage('merchant-a', backend, silent);
    expect(createRootStore({}, again.env).favourites.items.map((i) => i.matchId)).toEqual([8]);

    const other = fakeEnv();
    other.env.storage = createStorage('merchant-b', backend, silent);
    expect(createRootStore({}, other.env).favourites.count).toBe(0);
  });

  it('refuses a 51st with a notice and the maxCollected event', () => {
    const { env } = fakeEnv();
    const fired = jest.fn();
    env.events.on('favourites.maxCollected', fired);
    const store = createRootStore({}, env);
    for (let id = 1; id <= FAVOURITES_LIMIT; id += 1) expect(store.favourites.toggle({ matchId: id, sportId: 1 })).toBe(true);
    expect(fired).not.toHaveBeenCalled();

    expect(store.favourites.toggle({ matchId: 51, sportId: 1 })).toBe(false);
    expect(store.favourites.count).toBe(50);
    expect(store.favourites.isCollected(51)).toBe(false);
    expect(fired).toHaveBeenCalledWith({ limit: 50 });
    expect(env.toast.toasts.map((t) => [t.type, t.message])).toEqual([['warn', 'favourites.limit']]);
    expect(env.storage.get('collectedMatches')).toHaveLength(50);

    // Making room lets the next one in.
    store.favourites.toggle({ matchId: 1, sportId: 1 });
    expect(store.favourites.toggle({ matchId: 51, sportId: 1 })).toBe(true);
  });

  it('restores what is stored, dropping duplicates and bad entries', () => {
    const { env } = fakeEnv();
    env.storage.set('collectedMatches', [
      { matchId: '5', sportId: 1, sportName: 'Football' },
      { matchId: 5, sportId: 1, sportName: 'Football' },
      { matchId: 'x', sportId: 1, sportName: 'Football' },
      { matchId: 6, sportId: 5, sportName: 'Tennis' },
    ]);
    expect(createRootStore({}, env).favourites.items.map((i) => [i.matchId, i.sportName])).toEqual([
      [5, 'Football'],
      [6, 'Tennis'],
    ]);
  });

  it('drops a starred match when push says it ended', () => {
    const { env } = fakeEnv();
    env.liveBook.seed([wireMatch({ matchId: 3 })], env.liveBook.pushMark);
    const store = createRootStore({}, env);
    store.favourites.toggle({ matchId: 3, sportId: 1 });
    store.favourites.toggle({ matchId: 4, sportId: 1 });
    env.liveBook.applyScore([{ kind: 'ended', matchId: 3, matchStatus: 2, totalScore: { home: 0, away: 0 }, scores: [] }]);
    expect(store.favourites.items.map((i) => i.matchId)).toEqual([4]);
    expect(env.storage.get('collectedMatches').map((i) => i.matchId)).toEqual([4]);
  });

  it('watches a starred match that reaches the live book later', () => {
    const { env } = fakeEnv();
    const store = createRootStore({}, env);
    store.favourites.toggle({ matchId: 3, sportId: 1 });
    env.liveBook.seed([wireMatch({ matchId: 3 })], env.liveBook.pushMark);
    env.liveBook.applyScore([{ kind: 'ended', matchId: 3, matchStatus: 2, totalScore: { home: 0, away: 0 }, scores: [] }]);
    expect(store.favourites.count).toBe(0);
  });

  it('drops starred matches a complete in-play list shows ended or no longer holds', async () => {
    const { env, http } = fakeEnv();
    const store = createRootStore({}, env);
    // 1 and 2 were seen live; 3 is tomorrow's; 4 is basketball (another sport's list).
    env.liveBook.seed([wireMatch({ matchId: 1 }), wireMatch({ matchId: 2 }), wireMatch({ matchId: 3, matchStatus: 0 }), wireMatch({ matchId: 4, sportId: 3 })], env.liveBook.pushMark);
    for (const [matchId, sportId] of [[1, 1], [2, 1], [3, 1], [4, 3], [5, 1]] as const) store.favourites.toggle({ matchId, sportId });

    http.match.post.mockResolvedValueOnce(pageOf([wireMatch({ matchId: 2, matchStatus: 2 }), wireMatch({ matchId: 9 })]));
    await store.openList({ type: ListType.InPlay, sportId: 1 });
    // 1 left the in-play list (it ended), 2 is shown ended; 3 was never in play; 5 was never seen.
    expect(store.favourites.items.map((i) => i.matchId)).toEqual([3, 4, 5]);
    store.matchList.close();
  });

  it('keeps starred matches a league-filtered or not-in-play list leaves out', async () => {
    const { env, http } = fakeEnv();
    const store = createRootStore({}, env);
    env.liveBook.seed([wireMatch({ matchId: 1 })], env.liveBook.pushMark);
    store.favourites.toggle({ matchId: 1, sportId: 1 });
    http.match.post.mockResolvedValue(pageOf([]));
    await store.openList({ type: ListType.InPlay, sportId: 1, leagueIds: [77] });
    await store.openList({ type: ListType.Early, sportId: 1, leagueIds: [] });
    expect(store.favourites.isCollected(1)).toBe(true);
    store.matchList.close();
  });

  it('loads the favourites view from every list that can hold a starred match, by sport', async () => {
    const { env, http } = fakeEnv();
    const store = createRootStore({}, env);
    for (const [matchId, sportId] of [[1, 3], [2, 1], [3, 1], [4, 5]] as const) store.favourites.toggle({ matchId, sportId });
    http.match.post.mockImplementation(async (_url, body) => {
      const { type } = body as { type: number };
      if (type === ListType.TodayAndInPlay) return pageOf([wireMatch({ matchId: 1, sportId: 3 }), wireMatch({ matchId: 2 })]);
      if (type === ListType.Early) return pageOf([wireMatch({ matchId: 4, sportId: 5, matchStatus: 0 })]);
      return pageOf([]);
    });
    await favouritesViewOf(store).load();
    expect(http.match.post.mock.calls.map((c) => c[1])).toEqual(
      [6, 3, 4].map((type) => ({ type, size: 50, matchIds: '1,2,3,4', oddsFormat: 1, current: 1 })),
    );
    // 3 appears in none of them: it is gone.
    expect(store.favourites.items.map((i) => i.matchId)).toEqual([1, 2, 4]);
    expect(favouritesViewOf(store).bySport.map((g) => [g.sportId, g.matches.map((m) => m.matchId)])).toEqual([
      [1, [2]],
      [3, [1]],
      [5, [4]],
    ]);
    expect(favouritesViewOf(store).status).toBe('ready');
  });

  it('makes the view once per root and reloads it in a new language while it shows, quietly', async () => {
    const { env, http } = fakeEnv();
    http.match.post.mockResolvedValue(pageOf([wireMatch({ matchId: 1 })]));
    const store = createRootStore({}, env);
    store.favourites.toggle({ matchId: 1, sportId: 1 });
    const view = favouritesViewOf(store);
    expect(favouritesViewOf(store)).toBe(view);
    store.showScreen('favourites');
    await view.load();
    http.match.post.mockClear();
    await store.settings.setLocale('en');
    expect(http.match.post).toHaveBeenCalledTimes(3);
    expect(view.status).toBe('ready');
    http.match.post.mockClear();
    store.showScreen('hot');
    await store.settings.setLocale('vi');
    expect(http.match.post).not.toHaveBeenCalledWith('/api/match/getList', expect.objectContaining({ matchIds: '1' }), expect.anything());
  });

  it('removes nothing when the view fails to load', async () => {
    const { env, http } = fakeEnv();
    const store = createRootStore({}, env);
    store.favourites.toggle({ matchId: 1, sportId: 1 });
    http.match.post.mockRejectedValue(new Error('500'));
    await favouritesViewOf(store).load();
    expect(favouritesViewOf(store).status).toBe('failed');
    expect(store.favourites.isCollected(1)).toBe(true);
  });

  it('answers an empty view without a call when nothing is starred', async () => {
    const { env, http } = fakeEnv();
    const store = createRootStore({}, env);
    await favouritesViewOf(store).load();
    expect(http.match.post).not.toHaveBeenCalled();
    expect(favouritesViewOf(store).status).toBe('ready');
    expect(favouritesViewOf(store).bySport).toEqual([]);
  });
});
