import { describe, expect, it } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListType } from '../../../contract/enums';
import { wireMatch } from '../../testing/matchFixtures';
import { renderWithStore } from '../../testing/renderWithStore';
import { DateFilter } from './DateFilter';

const records = [
  wireMatch({ matchId: 1, beginTime: Date.parse('2026-11-23T04:00:00Z'), betGroup: [] }),
  wireMatch({ matchId: 2, beginTime: Date.parse('2026-11-25T04:00:00Z'), betGroup: [] }),
];

describe('<DateFilter>', () => {
  it('shows a button per day of the early list and filters the list to the one pressed', async () => {
    const { http, store } = await renderWithStore(<DateFilter />);
    http.match.post.mockResolvedValue({ current: 1, pageTotal: 1, size: 50, total: 2, records });
    await act(async () => {
      await store.openList({ type: ListType.Early, sportId: 1 });
    });
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['All dates', 'Monday 11/23', 'Wednesday 11/25']);
    expect(screen.getByRole('button', { name: 'All dates' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Wednesday 11/25' }));
    expect(screen.getByRole('button', { name: 'Wednesday 11/25' })).toHaveAttribute('aria-pressed', 'true');
    expect(store.matchList.groups.flatMap((g) => g.matches.map((m) => m.matchId))).toEqual([2]);
    await userEvent.click(screen.getByRole('button', { name: 'All dates' }));
    expect(store.matchList.shown).toHaveLength(2);
    act(() => store.matchList.close());
  });

  it('is absent from other lists', async () => {
    const { http, store } = await renderWithStore(<DateFilter />);
    http.match.post.mockResolvedValue({ current: 1, pageTotal: 1, size: 50, total: 2, records });
    await act(async () => {
      await store.openList({ type: ListType.Today, sportId: 1 });
    });
    expect(screen.queryByRole('group', { name: 'Dates' })).toBeNull();
    act(() => store.matchList.close());
  });
});
