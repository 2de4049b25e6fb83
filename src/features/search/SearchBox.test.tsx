import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithStore } from '../../testing/renderWithStore';
import { wireMatch } from '../../testing/matchFixtures';
import { existingSearch, searchOf } from './search';
import { SearchBox } from './SearchBox';

const teams = (homeName: string, awayName: string) => ({ ...wireMatch().matchInfo, homeName, awayName });
const RESULTS = {
  groups: [
    {
      sportId: 1,
      matches: [
        wireMatch({ matchId: 1, matchStatus: 1, matchInfo: { ...teams('Arsenal', 'Bolton'), homeScore: 2, awayScore: 1 }, leagueInfo: { id: 10, name: 'Premier', icon: '', sportId: 1 } }),
        wireMatch({ matchId: 2, matchStatus: 0, beginTime: Date.UTC(2030, 0, 1), matchInfo: teams('Arsenal', 'Chelsea'), leagueInfo: { id: 10, name: 'Premier', icon: '', sportId: 1 } }),
      ],
    },
    { sportId: 5, matches: [wireMatch({ matchId: 3, sportId: 5, matchStatus: 1, matchInfo: teams('Arsenio', 'Borg'), leagueInfo: { id: 50, name: 'Open', icon: '', sportId: 5 } })] },
  ],
};

describe('<SearchBox>', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  const setup = async () => {
    const rendered = await renderWithStore(<SearchBox />);
    // Faked once rendered: loading the locale files waits on real I/O.
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const input = screen.getByRole('combobox', { name: 'Search matches' });
    return { ...rendered, user, input };
  };
  const settle = () => act(async () => {
    await jest.advanceTimersByTimeAsync(300);
  });

  it('searches once typing pauses and shows results by sport, live ones badged', async () => {
    const { http, user, input } = await setup();
    http.match.post.mockResolvedValue(RESULTS);
    await user.type(input, 'ars');
    expect(http.match.post).not.toHaveBeenCalled();
    await settle();
    expect(http.match.post).toHaveBeenCalledTimes(1);
    expect(http.match.post).toHaveBeenCalledWith('/api/match/queryMatchByRecommend', { recommend: 'ars' }, { noAuth: true });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'Search results' });
    const groups = within(listbox).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent)).toEqual(['Football', 'Tennis']);
    const options = within(listbox).getAllByRole('option');
    expect(options.map((o) => o.getAttribute('data-match-id'))).toEqual(['1', '2', '3']);
    expect(options[0]).toHaveTextContent('Live');
    expect(options[0]).toHaveTextContent('2:1');
    expect(options[1]).not.toHaveTextContent('Live');
  });

  it('moves through every result with the arrow keys and opens one with Enter', async () => {
    const { http, user, input, store } = await setup();
    http.match.post.mockResolvedValue(RESULTS);
    await user.type(input, 'ars');
    await settle();
    const options = screen.getAllByRole('option');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[2]!.id);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowUp}');
    expect(options[2]).toHaveAttribute('aria-selected', 'true');

    http.match.post.mockResolvedValue({ current: 1, pageTotal: 1, size: 50, total: 0, records: [] });
    await user.keyboard('{Enter}');
    // The live tennis match: its screen, over the tennis in-play list.
    expect(store.ui.view).toBe('match');
    expect(store.ui.matchId).toBe(Number(options[2]!.dataset.matchId));
    expect(store.matchList.type).toBe(1);
    expect(store.matchList.sportId).toBe(5);
    expect(input).toHaveValue('');
    expect(screen.queryByRole('listbox')).toBeNull();
    act(() => store.matchList.close());
  });

  it('opens a clicked result', async () => {
    const { http, user, input, store } = await setup();
    http.match.post.mockResolvedValue(RESULTS);
    await user.type(input, 'ars');
    await settle();
    http.match.post.mockResolvedValue({ current: 1, pageTotal: 1, size: 50, total: 0, records: [] });
    await user.click(screen.getAllByRole('option')[1]!);
    expect(store.ui.view).toBe('match');
    expect(store.matchList.sportId).toBe(1);
    expect(store.matchList.type).toBe(3);
    expect([...store.matchList.leagueIds]).toEqual([]);
    act(() => store.matchList.close());
  });

  it('loads its store at the first focus and keeps what was typed before it arrived', async () => {
    const { http, input, store } = await setup();
    http.match.post.mockResolvedValue(RESULTS);
    expect(existingSearch(store)).toBeUndefined();
    act(() => {
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value: 'ars' } });
    });
    expect(input).toHaveValue('ars');
    await settle();
    expect(existingSearch(store)?.query).toBe('ars');
    // The typing pause counts from when the store took the text.
    await settle();
    expect(http.match.post).toHaveBeenCalledWith('/api/match/queryMatchByRecommend', { recommend: 'ars' }, { noAuth: true });
    expect(await screen.findAllByRole('option')).toHaveLength(3);
  });

  it('clears with Escape', async () => {
    const { http, user, input, store } = await setup();
    http.match.post.mockResolvedValue(RESULTS);
    await user.type(input, 'ars');
    await settle();
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(searchOf(store).status).toBe('idle');
  });

  it('says when nothing matched and when the search failed', async () => {
    const { http, user, input } = await setup();
    http.match.post.mockResolvedValueOnce({ groups: [] });
    await user.type(input, 'zzz');
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('No matches found');

    http.match.post.mockRejectedValueOnce(new Error('500')).mockResolvedValueOnce(RESULTS);
    await user.type(input, 'z');
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('Search failed');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('option')).toHaveLength(3);
  });
});
