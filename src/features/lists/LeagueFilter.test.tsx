import { describe, expect, it } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { leagueFilterOf, type LeagueOption } from './leagueFilter';
import { renderWithStore } from '../../testing/renderWithStore';
import { LeagueFilter } from './LeagueFilter';

const league = (id: number, name: string, order: number, matchCount: number): LeagueOption => ({ id, name, matchCount, logoUrl: `/api/league/icon/${id}`, order, sportId: 1, hot: false });
const LEAGUES = [league(11, 'Premier League', 1, 4), league(12, 'Championship', 2, 1), league(13, 'Premier Reserve', 3, 2)];
const EMPTY_PAGE = { current: 1, pageTotal: 1, size: 50, total: 0, records: [] };

async function setup() {
  const rendered = await renderWithStore(<LeagueFilter />);
  rendered.http.match.post.mockImplementation(async (url) => (url === '/api/match/leagueList' ? LEAGUES : EMPTY_PAGE));
  await act(async () => {
    await rendered.store.openList({ type: 2, sportId: 1 });
  });
  rendered.http.match.post.mockClear();
  return rendered;
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Leagues All' }));
  const dialog = screen.getByRole('dialog', { name: 'Select leagues' });
  await within(dialog).findByRole('checkbox', { name: /Premier League/ });
  return dialog;
}

describe('<LeagueFilter>', () => {
  it('lists the leagues of the current sport and list type with their match counts, every one ticked', async () => {
    const { http, store } = await setup();
    const dialog = await openDialog();
    expect(http.match.post).toHaveBeenCalledWith('/api/match/leagueList', { type: 2, sportId: 1 }, { noAuth: true });
    const boxes = within(dialog).getAllByRole('checkbox');
    expect(boxes.map((b) => b.closest('label')?.textContent)).toEqual(['Premier League4 matches', 'Championship1 match', 'Premier Reserve2 matches']);
    expect(boxes.every((b) => (b as HTMLInputElement).checked)).toBe(true);
    expect(within(dialog).getByText('3 of 3 selected')).toBeInTheDocument();
    act(() => store.matchList.close());
  });

  it('applies the chosen leagues to the list, which asks getList for them', async () => {
    const { http, store } = await setup();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    expect(within(dialog).getByText('Select at least one league')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Premier Reserve/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Premier League/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));

    expect(http.match.post).toHaveBeenLastCalledWith('/api/match/getList', { type: 2, sportIds: '1', size: 50, leagueIds: '11,13', oddsFormat: 1, orderBy: 0, current: 1 }, { noAuth: true });
    expect(dialog).not.toHaveAttribute('open');
    expect(leagueFilterOf(store).isOpen).toBe(false);
    const trigger = screen.getByRole('button', { name: 'Leagues 2 selected' });
    // Focus goes back to what opened the dialog.
    expect(trigger).toHaveFocus();
    act(() => store.matchList.close());
  });

  it('searches within the leagues; select all and clear act on the matches', async () => {
    const { store } = await setup();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search leagues' }), 'premier');
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Select all' }));
    expect(within(dialog).getByText('2 of 3 selected')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByRole('searchbox', { name: 'Search leagues' }));
    expect((within(dialog).getByRole('checkbox', { name: /Championship/ }) as HTMLInputElement).checked).toBe(false);
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search leagues' }), 'cup');
    expect(within(dialog).getByText('No league matches your search')).toBeInTheDocument();
    act(() => store.matchList.close());
  });

  it('cancels without touching the list', async () => {
    const { http, store } = await setup();
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Championship/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(dialog).not.toHaveAttribute('open');
    expect(http.match.post).not.toHaveBeenCalledWith('/api/match/getList', expect.anything(), expect.anything());
    expect([...store.matchList.leagueIds]).toEqual([]);
    act(() => store.matchList.close());
  });

  it('shows a failed load with a retry', async () => {
    const { http, store } = await setup();
    http.match.post.mockRejectedValueOnce(new Error('500'));
    await userEvent.click(screen.getByRole('button', { name: 'Leagues All' }));
    const dialog = screen.getByRole('dialog', { name: 'Select leagues' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findAllByRole('checkbox')).toHaveLength(3);
    act(() => store.matchList.close());
  });
});
