import { describe, expect, it } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithStore } from '../../testing/renderWithStore';
import { goalPushOf } from '../../stores/goalPush';
import { GoalPushPopup } from './GoalPushPopup';

describe('GoalPushPopup', () => {
  it('shows what happened, closes on request, and opens the match', async () => {
    const { store } = await renderWithStore(<GoalPushPopup />);
    expect(screen.queryByRole('status', { name: 'Goal push' })).toBeNull();
    act(() => goalPushOf(store).show({ matchId: 7, kind: 'guestScore', text: 'GOAL! A volley' }));
    const popup = screen.getByRole('status', { name: 'Goal push' });
    expect(popup).toHaveTextContent('Goal for the away team');
    expect(popup).toHaveTextContent('GOAL! A volley');
    await userEvent.click(screen.getByRole('button', { name: 'Close the goal push' }));
    expect(screen.queryByRole('status', { name: 'Goal push' })).toBeNull();

    act(() => goalPushOf(store).show({ matchId: 7, kind: 'begin', text: 'Kick-off' }));
    await userEvent.click(screen.getByRole('button', { name: 'Open the match' }));
    expect(store.ui.view).toBe('match');
    expect(store.ui.matchId).toBe(7);
    expect(screen.queryByRole('status', { name: 'Goal push' })).toBeNull();
  });
});
