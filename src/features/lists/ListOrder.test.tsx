import { describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListType } from '../../../contract/enums';
import { envOf } from '../../core/store/env';
import { renderWithStore } from '../../testing/renderWithStore';
import { ListOrder } from './ListOrder';

const EMPTY = { current: 1, pageTotal: 1, size: 50, total: 0, records: [] };

describe('<ListOrder>', () => {
  it('orders the list by kick-off time by default and by league on request, by mouse or keyboard, and remembers it', async () => {
    const { store, http } = await renderWithStore(<ListOrder />, {
      before: ({ http }) => {
        http.match.post.mockResolvedValue(EMPTY);
      },
    });
    await act(async () => {
      await store.openList({ type: ListType.Today, sportId: 1, leagueIds: [] });
    });
    expect(http.match.post).toHaveBeenLastCalledWith('/api/match/getList', expect.objectContaining({ orderBy: 0 }), expect.anything());
    const group = screen.getByRole('group', { name: 'Order' });
    expect(within(group).getByRole('button', { name: 'By time' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(within(group).getByRole('button', { name: 'By league' }));
    expect(within(group).getByRole('button', { name: 'By league' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(http.match.post).toHaveBeenLastCalledWith('/api/match/getList', expect.objectContaining({ orderBy: 1, type: ListType.Today }), expect.anything()));
    // A visitor's choice stays in this browser: the next visit starts with it.
    expect(envOf(store).storage.get('listOrder')).toBe(1);
    store.settings.restore('en');
    expect(store.settings.listOrder).toBe(1);

    within(group).getByRole('button', { name: 'By time' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(store.settings.listOrder).toBe(0);
    await waitFor(() => expect(http.match.post).toHaveBeenLastCalledWith('/api/match/getList', expect.objectContaining({ orderBy: 0 }), expect.anything()));
  });

  it('reloads only a list that shows', async () => {
    const { store, http } = await renderWithStore(<ListOrder />);
    store.showScreen('hot');
    const listCalls = () => http.match.post.mock.calls.filter(([url]) => url === '/api/match/getList').length;
    const before = listCalls();
    await userEvent.click(screen.getByRole('button', { name: 'By league' }));
    expect(store.settings.listOrder).toBe(1);
    expect(listCalls()).toBe(before);
  });
});
