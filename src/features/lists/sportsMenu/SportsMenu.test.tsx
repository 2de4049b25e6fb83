import { describe, expect, it } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithStore } from '../../../testing/renderWithStore';
import { HotMenuEntry, SportsMenu } from './SportsMenu';

const STATISTICS = {
  ht: 31,
  tc: 120,
  hls: [],
  sl: [
    { type: 1, name: 'In-Play', count: 47, sports: [{ sportId: 1, count: 40 }, { sportId: 3, count: 7 }] },
    { type: 2, name: 'Today', count: 30, sports: [{ sportId: 1, count: 30 }] },
    { type: 6, name: 'In-Play & Today', count: 77, sports: [{ sportId: 1, count: 70 }, { sportId: 3, count: 7 }] },
  ],
};

const menu = (
  <>
    <HotMenuEntry />
    <SportsMenu />
  </>
);
const button = (name: string) => screen.getByRole('button', { name });

describe('<SportsMenu>', () => {
  it('shows no counts before the statistics arrive', async () => {
    await renderWithStore(menu);
    // Sport entries come from plugins whose code loads on first render: wait for them on a busy machine.
    await screen.findByRole('button', { name: 'Football' }, { timeout: 20_000 });
    expect(button('Football')).not.toHaveAccessibleDescription();
    expect(button('Football')).toHaveTextContent(/^Football$/);
    expect(button('Hot matches')).toHaveTextContent(/^Hot matches$/);
  });

  it('counts today and in-play on home, the list\'s own type in a list, and the hot matches', async () => {
    const { store, http } = await renderWithStore(menu, { before: ({ store }) => store.statistics.apply(STATISTICS) });
    await screen.findByRole('button', { name: 'Football' }, { timeout: 20_000 });
    // The count shows beside the name and is the entry's description; the name stays the sport's.
    expect(button('Football')).toHaveTextContent('Football70');
    expect(button('Football')).toHaveAccessibleDescription('70 matches');
    expect(button('Basketball')).toHaveAccessibleDescription('7 matches');
    expect(button('Tennis')).toHaveAccessibleDescription('0 matches');
    expect(button('Hot matches')).toHaveAccessibleDescription('31 matches');

    http.match.post.mockResolvedValue({ current: 1, pageTotal: 1, size: 50, total: 0, records: [] });
    await act(async () => {
      await store.openList({ type: 2, sportId: 3 });
    });
    expect(button('Football')).toHaveAccessibleDescription('30 matches');
    expect(button('Basketball')).toHaveAttribute('aria-current', 'page');

    await userEvent.click(button('Hot matches'));
    expect(store.ui.view).toBe('hot');
    expect(button('Hot matches')).toHaveAttribute('aria-current', 'page');
    expect(button('Football')).toHaveAccessibleDescription('70 matches');
    expect(button('Basketball')).not.toHaveAttribute('aria-current');
  });
});
