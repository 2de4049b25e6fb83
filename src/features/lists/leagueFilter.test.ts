import { describe, expect, it } from '@jest/globals';
import { fakeEnv } from '../../testing/fakeEnv';
import { leagueFilterOf, type LeagueOption } from './leagueFilter';
import { createRootStore } from '../../core/store/RootStore';

const league = (id: number, name: string, order: number): LeagueOption => ({ id, name, matchCount: id % 7, logoUrl: `/api/league/icon/${id}`, order, sportId: 1, hot: false });
const LEAGUES = [league(12, 'Ｐremier League', 2), league(11, 'Super Cup', 1), league(13, 'Premier Reserve', 3)];

async function opened(leagueIds: number[] = []) {
  const { env, http } = fakeEnv();
  http.match.post.mockResolvedValue(LEAGUES);
  const store = createRootStore({}, env);
  await leagueFilterOf(store).open({ sportId: 1, type: 2, leagueIds });
  return { store, http };
}

describe('league filter', () => {
  it('loads the leagues of the sport and list type in their order, every one ticked when the list has no filter', async () => {
    const { store, http } = await opened();
    expect(http.match.post).toHaveBeenCalledWith('/api/match/leagueList', { type: 2, sportId: 1 }, { noAuth: true });
    expect(leagueFilterOf(store).leagues.map((l) => l.id)).toEqual([11, 12, 13]);
    expect(leagueFilterOf(store).allSelected).toBe(true);
    // Every league is the same as no filter: new leagues keep appearing.
    expect(leagueFilterOf(store).leagueIds).toEqual([]);
  });

  it('starts from the list\'s filter, dropping leagues that have gone', async () => {
    const { store } = await opened([13, 99]);
    expect([...leagueFilterOf(store).selected]).toEqual([13]);
    expect(leagueFilterOf(store).leagueIds).toEqual([13]);
  });

  it('ticks and unticks leagues, in league order', async () => {
    const { store } = await opened();
    leagueFilterOf(store).clear();
    expect(leagueFilterOf(store).canApply).toBe(false);
    leagueFilterOf(store).toggle(13);
    leagueFilterOf(store).toggle(11);
    expect(leagueFilterOf(store).leagueIds).toEqual([11, 13]);
    leagueFilterOf(store).toggle(13);
    expect(leagueFilterOf(store).leagueIds).toEqual([11]);
    expect(leagueFilterOf(store).canApply).toBe(true);
  });

  it('searches within the leagues; select all and clear act on what the search shows', async () => {
    const { store } = await opened();
    leagueFilterOf(store).clear();
    leagueFilterOf(store).setQuery(' premier ');
    // Full-width letters match their ASCII form.
    expect(leagueFilterOf(store).visible.map((l) => l.id)).toEqual([12, 13]);
    leagueFilterOf(store).selectAll();
    expect(leagueFilterOf(store).leagueIds).toEqual([12, 13]);
    leagueFilterOf(store).setQuery('');
    leagueFilterOf(store).toggle(11);
    leagueFilterOf(store).setQuery('reserve');
    leagueFilterOf(store).clear();
    expect(leagueFilterOf(store).leagueIds).toEqual([11, 12]);
  });

  it('shows a failure and can load again', async () => {
    const { env, http } = fakeEnv();
    http.match.post.mockRejectedValueOnce(new Error('500')).mockResolvedValueOnce(LEAGUES);
    const store = createRootStore({}, env);
    await leagueFilterOf(store).open({ sportId: 1, type: 1, leagueIds: [] });
    expect(leagueFilterOf(store).status).toBe('failed');
    expect(leagueFilterOf(store).canApply).toBe(false);
    await leagueFilterOf(store).load();
    expect(leagueFilterOf(store).status).toBe('ready');
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
