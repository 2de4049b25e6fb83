import { describe, expect, it } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithStore } from '../../testing/renderWithStore';
import { goalPushOf, type GoalPopup } from './goalPush';
import { GoalPushPopup } from './GoalPushPopup';

const popup = (over: Partial<GoalPopup> = {}): GoalPopup => ({ matchId: 7, kind: 'guestScore', text: 'GOAL! A volley', home: 'Lions', away: 'Tigers', homeScore: 0, awayScore: 1, ...over });

describe('GoalPushPopup', () => {
  it('shows what happened with the teams and score, closes on request, and opens the match', async () => {
    const { store } = await renderWithStore(<GoalPushPopup />);
    expect(screen.queryByRole('status', { name: 'Goal push' })).toBeNull();
    act(() => goalPushOf(store).show(popup()));
    const shown = screen.getByRole('status', { name: 'Goal push' });
    expect(shown).toHaveTextContent('Goal for the away team');
    expect(shown).toHaveTextContent('GOAL! A volley');
    expect(screen.getByTestId('goal-push-score')).toHaveTextContent('Lions 0 - 1 Tigers');
    await userEvent.click(screen.getByRole('button', { name: 'Close the goal push' }));
    expect(screen.queryByRole('status', { name: 'Goal push' })).toBeNull();

    act(() => goalPushOf(store).show(popup({ kind: 'begin', text: 'Kick-off', awayScore: 0 })));
    await userEvent.click(screen.getByRole('button', { name: 'Open the match' }));
    expect(store.ui.view).toBe('match');
    expect(store.ui.matchId).toBe(7);
    expect(screen.queryByRole('status', { name: 'Goal push' })).toBeNull();
  });

  it('the first popup brings the goal-push alert, which stays until "Got it" and does not come back', async () => {
    const { store } = await renderWithStore(<GoalPushPopup />);
    act(() => goalPushOf(store).show(popup()));
    const alert = screen.getByRole('alertdialog', { name: 'Goal push tip' });
    expect(alert).toHaveTextContent('Goal pushes can be turned off in My settings.');
    act(() => goalPushOf(store).hide());
    expect(screen.getByRole('alertdialog', { name: 'Goal push tip' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    act(() => goalPushOf(store).show(popup({ homeScore: 1 })));
    expect(screen.getByRole('status', { name: 'Goal push' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
