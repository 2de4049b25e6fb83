import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envOf } from '../../../core/store/env';
import { memberState } from '../../../testing/bettingFixtures';
import { wireOutright } from '../../../testing/matchFixtures';
import { renderWithStore } from '../../../testing/renderWithStore';
import { OutrightRow } from './OutrightRow';

async function mount(outright = wireOutright(), { member = false } = {}) {
  return renderWithStore(<OutrightRow outright={outright} />, {
    before: ({ store }) => {
      envOf(store).liveBook.seed([outright], envOf(store).liveBook.pushMark);
      store.ui.setTimezone('Asia/Shanghai');
      if (member) store.applyHostProps(memberState());
    },
  });
}

describe('<OutrightRow>', () => {
  it('names the competition and the market, says when betting closes in the platform zone and prices the four favourites', async () => {
    await mount();
    const row = screen.getByRole('article', { name: 'Premier' });
    expect(within(row).getByText('Winner')).toBeInTheDocument();
    // 16:00 UTC on 20 December is midnight in Shanghai, the next day.
    expect(within(row).getByText(/Betting closes 12\/21,? 00:00/)).toBeInTheDocument();
    const prices = within(within(row).getByRole('group', { name: 'Shortest prices' })).getAllByRole('button');
    expect(prices.map((b) => b.textContent)).toEqual(['Deep Harbour 4.86', 'Copper Bay 5.05', 'Rose Field 6.17', 'West Bay 6.56']);
    expect(prices.every((b) => !(b as HTMLButtonElement).disabled)).toBe(true);
    // No teams, scores or locked 1X2 cells.
    expect(within(row).queryByText('Not started')).toBeNull();
    expect(within(row).queryByText(/locked/i)).toBeNull();
  });

  it('a member’s click on a runner puts it in the slip like any other price', async () => {
    const { store } = await mount(wireOutright(), { member: true });
    await userEvent.click(screen.getByRole('button', { name: 'Copper Bay 5.05' }));
    expect(store.betSlip.entries.map((e) => [e.matchId, e.marketId, e.optionType, e.odd])).toEqual([[500, 900, 't2', '5.05']]);
  });

  it('opens the outright’s own screen from its "all runners" button, by keyboard too', async () => {
    const { store } = await mount();
    const all = screen.getByRole('button', { name: 'All 6 runners of Premier' });
    all.focus();
    await userEvent.keyboard('{Enter}');
    expect(store.ui.view).toBe('outright');
    expect(store.ui.matchId).toBe(500);
  });

  it('says so when the market offers no price', async () => {
    const closed = wireOutright();
    closed.betGroup = [];
    await mount(closed);
    expect(screen.getByText('No prices on offer')).toBeInTheDocument();
  });

  it('stars the outright for the favourites like a match row, by keyboard, named by its title and saying whether it is starred', async () => {
    const { store } = await mount();
    const star = within(screen.getByRole('article', { name: 'Premier' })).getByRole('button', { name: 'Favourite: Premier Winner' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    star.focus();
    await userEvent.keyboard('{Enter}');
    expect(store.favourites.isCollected(500)).toBe(true);
    expect(star).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard(' ');
    expect(store.favourites.isCollected(500)).toBe(false);
  });
});
