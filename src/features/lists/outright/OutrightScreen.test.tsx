import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../../services/http';
import { type MatchDetail } from '../../match/matchDetailWire';
import { memberState } from '../../../testing/bettingFixtures';
import { wireMatch, wireOutright } from '../../../testing/matchFixtures';
import { renderWithStore } from '../../../testing/renderWithStore';
import { OutrightScreen } from './OutrightScreen';
import { MATCH_PATHS } from '../../../../contract/paths';

const detailOf = (m = wireOutright()): MatchDetail => ({ ...m, betGroups: m.betGroup });

async function mount(answer: (body: { matchId?: number }, url: string) => unknown, { member = false } = {}) {
  return renderWithStore(<OutrightScreen />, {
    before: async ({ store, http }) => {
      http.match.post.mockImplementation(async (url, body) => answer((body ?? {}) as { matchId?: number }, url));
      if (member) store.applyHostProps(memberState());
      store.ui.showView('list');
      store.ui.showOutright(500);
    },
  });
}

describe('<OutrightScreen>', () => {
  it('lists every runner priced, shortest first, with no scoreboard, media or match tabs', async () => {
    const { http } = await mount(() => detailOf());
    expect(await screen.findByRole('heading', { level: 1, name: 'Premier' })).toBeInTheDocument();
    expect(screen.getByText('Winner')).toBeInTheDocument();
    expect(screen.getByText('6 runners')).toBeInTheDocument();
    const board = screen.getByRole('list', { name: 'All runners, shortest price first' });
    expect(within(board).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Deep Harbour 4.86',
      'Copper Bay 5.05',
      'Rose Field 6.17',
      'West Bay 6.56',
      'Oak Village 9.92',
      'Clear Town 39.57',
    ]);
    expect(screen.queryByRole('region', { name: 'Scoreboard' })).toBeNull();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(http.media.get).not.toHaveBeenCalled();
  });

  it('a member’s click on a runner puts it in the slip, and Back returns to the list', async () => {
    const { store } = await mount(() => detailOf(), { member: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Clear Town 39.57' }));
    expect(store.betSlip.entries.map((e) => [e.marketId, e.optionType])).toEqual([[900, 't3']]);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(store.ui.view).toBe('list');
  });

  it('says the outright is closed when it is gone, rather than showing some live match', async () => {
    await mount((body, url) => {
      if (url === MATCH_PATHS.detail && body.matchId === 500) throw new ApiError({ code: 4004, service: 'match', httpStatus: 404, message: 'no match 500' });
      if (url === MATCH_PATHS.detail) return { ...wireMatch({ matchId: 7 }), betGroups: [] };
      return { current: 1, pageTotal: 1, size: 1, total: 1, records: [wireMatch({ matchId: 7 })] };
    });
    expect(await screen.findByText('This outright is closed or no longer offered')).toBeInTheDocument();
  });

  it('says an outright of a sport the merchant switched off is not available (the platform’s 403 / 4003), with no runners', async () => {
    await mount(() => {
      throw new ApiError({ code: 4003, service: 'match', httpStatus: 403, message: 'matchId: match 500 is basketball, which merchant "lite" does not offer' });
    });
    expect(await screen.findByText('This match is not available here: its sport is not offered.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'All runners, shortest price first' })).toBeNull();
  });

  it('offers a retry when loading fails', async () => {
    await mount(() => {
      throw new Error('network');
    });
    expect(await screen.findByRole('button', { name: /retry|try again/i })).toBeInTheDocument();
  });
});
