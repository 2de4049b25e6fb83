import { describe, expect, it } from '@jest/globals';
import { fakeEnv } from '../testing/fakeEnv';
import type { LeagueOption } from './leagueFilter';
import { createRootStore } from './RootStore';

const league = (id: number, name: string, order: number): LeagueOption => ({ id, name, matchCount: id % 7, logoUrl: `/api/league/icon/${id}`, order, sportId: 1, hot: false });
const LEAGUES = [league(12, 'Ｐremier League', 2), league(11, 'Super Cup', 1), league(13, 'Premier Reserve', 3)];

async function opened(leagueIds: number[] = []) {
  const { env, http } = fakeEnv();
  http.match.post.mockResolvedValue(LEAGUES);
  const store = createRootStore({}, env);
  await store.leagueFilter.open({ sportId: 1, type: 2, leagueIds });
  return { store, http };
}

describe('league filter', () => {
  it('loads the leagues of the sport and list type in their order, every one ticked when the list has no filter', async () => {
    const { store, http } = await opened();
    expect(http.match.post).toHaveBeenCalledWith('/api/match/leagueList', { type: 2, sportId: 1 }, { noAuth: true });
    expect(store.leagueFilter.leagues.map((l) => l.id)).toEqual([11, 12, 13]);
    expect(store.leagueFilter.allSelected).toBe(true);
    // Every league is the same as no filter: new leagues keep appearing.
    expect(store.leagueFilter.leagueIds).toEqual([]);
  });

  it('starts from the list\'s filter, dropping leagues that have gone', async () => {
    const { store } = await opened([13, 99]);
    expect([...store.leagueFilter.selected]).toEqual([13]);
    expect(store.leagueFilter.leagueIds).toEqual([13]);
  });

  it('ticks and unticks leagues, in league order', async () => {
    const { store } = await opened();
    store.leagueFilter.clear();
    expect(store.leagueFilter.canApply).toBe(false);
    store.leagueFilter.toggle(13);
    store.leagueFilter.toggle(11);
    expect(store.leagueFilter.leagueIds).toEqual([11, 13]);
    store.leagueFilter.toggle(13);
    expect(store.leagueFilter.leagueIds).toEqual([11]);
    expect(store.leagueFilter.canApply).toBe(true);
  });

  it('searches within the leagues; select all and clear act on what the search shows', async () => {
    const { store } = await opened();
    store.leagueFilter.clear();
    store.leagueFilter.setQuery(' premier ');
    // Full-width letters match their ASCII form.
    expect(store.leagueFilter.visible.map((l) => l.id)).toEqual([12, 13]);
    store.leagueFilter.selectAll();
    expect(store.leagueFilter.leagueIds).toEqual([12, 13]);
    store.leagueFilter.setQuery('');
    store.leagueFilter.toggle(11);
    store.leagueFilter.setQuery('reserve');
    store.leagueFilter.clear();
    expect(store.leagueFilter.leagueIds).toEqual([11, 12]);
  });

  it('shows a failure and can load again', async () => {
    const { env, http } = fakeEnv();
    http.match.post.mockRejectedValueOnce(new Error('500')).mockResolvedValueOnce(LEAGUES);
    const store = createRootStore({}, env);
    await store.leagueFilter.open({ sportId: 1, type: 1, leagueIds: [] });
    expect(store.leagueFilter.status).toBe('failed');
    expect(store.leagueFilter.canApply).toBe(false);
    await store.leagueFilter.load();
    expect(store.leagueFilter.status).toBe('ready');
  });

  it('resets the list\'s selection when the sport changes', async () => {
    const { env, http } = fakeEnv();
    http.match.post.mockResolvedValue({ current: 1, pageTotal: 1, size: 50, total: 0, records: [] });
    const store = createRootStore({}, env);
    await store.openList({ type: 1, sportId: 1, leagueIds: [11] });
    expect([...store.matchList.leagueIds]).toEqual([11]);
    await store.openList({ type: 2 });
    expect([...store.matchList.leagueIds]).toEqual([11]);
    await store.openList({ sportId: 3 });
    expect([...store.matchList.leagueIds]).toEqual([]);
    store.matchList.close();
  });
});
