import { describe, expect, it } from '@jest/globals';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../services/http';
import type { ScorePush, WireMatch } from '../../../contract';
import { type MatchDetail } from './matchDetailWire';
import { memberState } from '../../testing/bettingFixtures';
import { wireMatch, wireOutright } from '../../testing/matchFixtures';
import { renderWithStore } from '../../testing/renderWithStore';
import { anchorsOf } from '../liveRoom/anchors/anchors';
import { anchorRoom } from '../../testing/anchorFixtures';
import { MatchDetailScreen } from './MatchDetailScreen';
import { MATCH_PATHS } from '../../../contract/paths';

const football = (overrides: Partial<WireMatch> = {}): MatchDetail => {
  const base = wireMatch({
    matchId: 7,
    matchInfo: { homeName: 'Arsenal', awayName: 'Chelsea', homeIcon: '', awayIcon: '', homeId: 1, awayId: 2, matchPeriod: '2H', period: 3, homeScore: 2, awayScore: 1, matchTime: 3000 },
    score: [
      { pe: 0, tyg: 1, home: 2, away: 1 },
      { pe: 1, tyg: 1, home: 1, away: 1 },
      { pe: 3, tyg: 1, home: 1, away: 0 },
      { pe: 0, tyg: 2, home: 5, away: 3 },
      { pe: 0, tyg: 3, home: 1, away: 2 },
    ],
    matchClock: { running: false, period: 3, second: 3000, type: 'up' },
    ...overrides,
  });
  const [group] = base.betGroup;
  const market = { ...group!.moneyHandicap[0]!, matchId: base.matchId };
  return {
    ...base,
    betGroups: [
      { ...group!, name: 'Asian Handicap', moneyHandicap: [market] },
      {
        name: 'Over/Under - 1st Half',
        groupType: 'overUnder',
        marketType: 1007,
        period: '1h',
        moneyHandicap: [
          {
            ...market,
            marketId: 200,
            kind: 'overUnder',
            marketType: 1007,
            period: '1h',
            line: '1.5',
            name: 'Over/Under - 1st Half',
            options: [
              { type: 'over', name: 'Over', line: '1.5', odd: '2.100', showOdd: '2.10', isLock: false },
              { type: 'under', name: 'Under', line: '1.5', odd: '1.700', showOdd: '1.70', isLock: false },
            ],
          },
        ],
      },
    ],
  };
};

/** The scoreboard, once the sport plugin's code has loaded (slow on a busy machine: the first test loads it). */
const scoreboard = () => screen.findByRole('region', { name: 'Scoreboard' }, { timeout: 20_000 });

async function mount(answer: (body: { matchId?: number }, url: string) => unknown, { member = false, enabled }: { member?: boolean; enabled?: (id: string) => boolean } = {}) {
  return renderWithStore(<MatchDetailScreen />, {
    ...(enabled ? { plugins: { enabled } } : {}),
    before: async ({ store, http }) => {
      http.match.post.mockImplementation(async (url, body) => answer((body ?? {}) as { matchId?: number }, url));
      http.media.get.mockResolvedValue({ matchId: 7, videos: [], animations: [] });
      if (member) store.applyHostProps(memberState());
      store.ui.showMatch(7);
    },
  });
}

describe('<MatchDetailScreen>', () => {
  it('shows the scoreboard by period with corners and cards, and every market grouped', async () => {
    await mount(() => football());
    const board = await scoreboard();
    expect(within(board).getByText('2 - 1')).toBeInTheDocument();
    const table = within(board).getByRole('table');
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Team', '1H', '2H', 'Corners', 'Yellow cards', 'Red cards', 'Total']);
    const [home, away] = within(table).getAllByRole('row').slice(1);
    expect(within(home!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', '1', '5', '1', '0', '2']);
    expect(within(away!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', '0', '3', '2', '0', '1']);

    expect(screen.getByRole('heading', { level: 1, name: 'Arsenal – Chelsea' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Asian Handicap' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Over/Under - 1st Half' })).toBeInTheDocument();
  });

  it('offers line-ups, text live and intelligence for football, and markets, data and analysis for every sport', async () => {
    await mount(() => football());
    await scoreboard();
    const sections = screen.getByRole('tablist', { name: 'Match sections' });
    expect(within(sections).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All markets', 'Data', 'Line-ups', 'Text live', 'Analysis', 'Intelligence']);
    cleanup();
    await mount(() => football({ sportId: 5 }));
    await scoreboard();
    expect(within(screen.getByRole('tablist', { name: 'Match sections' })).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All markets', 'Data', 'Analysis']);
  });

  it('makes the right column\'s live video follow a match with video it shows, and not one without', async () => {
    const { store } = await mount(() => football());
    await scoreboard();
    expect(store.ui.liveVideo).toBeUndefined();
    cleanup();
    const shown = await mount(() => football({ media: { videos: [{ line: 1, pc: '/v/7.flv', h5: '/v/7.m3u8' }], animation: null } }));
    await scoreboard();
    expect(shown.store.ui.liveVideo).toEqual({ matchId: 7, sportId: 1, title: 'Arsenal – Chelsea', language: 'ENG' });
  });

  it('moves the serve marker with the score push, the feed field the match tracker reads too', async () => {
    const { env } = await mount(() => football({ sportId: 5, serveIn: 1 }));
    const board = await scoreboard();
    const servingRow = () => within(board).getByRole('img', { name: 'Serving' }).closest('tr')?.querySelector('th span')?.textContent;
    expect(servingRow()).toBe('Arsenal');
    act(() => env.liveBook.applyScore([{ kind: 'score', matchId: 7, homeScore: 2, awayScore: 1, score: [], period: 3, serveIn: 2 } satisfies ScorePush]));
    expect(servingRow()).toBe('Chelsea');
  });

  it('filters the markets by period and folds a group away', async () => {
    await mount(() => football());
    await scoreboard();
    await userEvent.click(screen.getByRole('tab', { name: '1st half' }));
    expect(screen.queryByRole('button', { name: 'Asian Handicap' })).toBeNull();
    const group = screen.getByRole('button', { name: 'Over/Under - 1st Half' });
    expect(screen.getByRole('button', { name: /Over.*2\.10/ })).toBeInTheDocument();
    await userEvent.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: /Over.*2\.10/ })).toBeNull();
  });

  it('a member’s click on a price puts the option in the slip', async () => {
    const { store } = await mount(() => football(), { member: true });
    await scoreboard();
    await userEvent.click(screen.getByRole('button', { name: /Over.*2\.10/ }));
    expect(store.betSlip.entries.map((i) => [i.marketId, i.optionType])).toEqual([[200, 'over']]);
  });

  it("links to the live room of the match's anchor from the header", async () => {
    const { store, http } = await mount(() => football());
    http.media.get.mockImplementation(async (url: string) => (url === '/ssapi/anchor/search' ? [anchorRoom(8001, 7, { hostName: 'Mia' })] : { matchId: 7, videos: [], animations: [] }));
    await act(() => anchorsOf(store).load('all'));
    await userEvent.click(await screen.findByRole('link', { name: 'Anchor: Mia (Mandarin, live)' }));
    expect(store.ui.view).toBe('room');
    expect(store.ui.roomId).toBe(8001);
  });

  it('says so when the chosen match is gone and shows the first in-play match instead', async () => {
    await mount((body, url) => {
      if (url === MATCH_PATHS.detail && body.matchId === 7) throw new ApiError({ code: 4004, service: 'match', httpStatus: 404, message: 'no match 7' });
      if (url === MATCH_PATHS.detail) return football({ matchId: 8 });
      return { current: 1, pageTotal: 1, size: 1, total: 1, records: [wireMatch({ matchId: 8 })] };
    });
    expect(await screen.findByText(/no longer available: showing the first match in play/)).toHaveAttribute('role', 'status');
    expect(await scoreboard()).toBeInTheDocument();
  });

  it('says a basketball match is not available when the merchant switched basketball off, with no prices and no other match', async () => {
    const lite = (id: string) => !id.startsWith('sport-basketball') && !id.startsWith('sport-generic');
    await mount(
      (_body, url) => {
        if (url === MATCH_PATHS.detail) return football({ sportId: 3 });
        return { current: 1, pageTotal: 1, size: 1, total: 1, records: [wireMatch({ matchId: 8 })] };
      },
      { enabled: lite },
    );
    expect(await screen.findByText('This match is not available here: its sport is not offered.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Scoreboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /1\.9/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('offers a retry when the match does not load, and Back returns where it was opened', async () => {
    let fail = true;
    const { store } = await mount(() => {
      if (fail) throw new Error('down');
      return football();
    });
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fail = false;
    await userEvent.click(retry);
    expect(await scoreboard()).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(store.ui.view).toBe('home');
    act(() => undefined);
  });
  it('hands an outright reached by a match link to the outright screen, without asking for its media', async () => {
    const { store, http } = await mount(() => {
      const outright = wireOutright({ matchId: 7 });
      return { ...outright, betGroups: outright.betGroup };
    });
    await waitFor(() => expect(store.ui.view).toBe('outright'));
    expect(store.ui.matchId).toBe(7);
    expect(screen.queryByRole('region', { name: 'Scoreboard' })).toBeNull();
    expect(http.media.get).not.toHaveBeenCalled();
  });
});

describe('<MatchDetailScreen> bet builder mode', () => {
  it('marks the markets that cannot combine, prices the selections together and places them as one bet', async () => {
    const user = userEvent.setup();
    const { http } = await mount(() => football(), { member: true });
    http.betting.post.mockImplementation(async (url, body) => {
      if (url === '/v1/order/builder/quote') {
        const legs = (body as { betMatchMarketList: Array<{ marketId: number; type: string }> }).betMatchMarketList;
        return { matchId: 7, odds: legs.length >= 2 ? '3.40' : null, reason: null, message: '', legs: legs.map((l) => ({ ...l, reason: null })), minBet: '10.00', maxBet: '500.00', maxLegs: 6 };
      }
      if (url === '/v1/order/bet/builder') return { orders: [{ orderId: '900', oid: '900', status: 4, betAmount: '50.00', odds: '3.40', seriesNumber: 0 }], repeated: false };
      return undefined;
    });
    await scoreboard();
    await user.click(screen.getByRole('button', { name: 'Bet builder' }));
    const panel = await screen.findByRole('region', { name: 'Bet builder' }, { timeout: 20_000 });
    expect(within(panel).getByText(/Pick 2 to 6 selections/)).toBeInTheDocument();
    // The first-half total is a period market: said so, and no price button to press.
    expect(screen.getByText('Cannot combine: full-time markets only')).toBeInTheDocument();
    expect(document.querySelector('[data-market-id="200"]')).toBeNull();

    const prices = [...document.querySelectorAll<HTMLButtonElement>('[data-period="ft"] button[data-market-id]')];
    expect(prices.length).toBeGreaterThanOrEqual(2);
    await user.click(prices[0]!);
    await user.click(prices[1]!);
    expect(prices[0]).toHaveAttribute('aria-pressed', 'true');
    expect(within(panel).getAllByRole('listitem')).toHaveLength(2);
    expect(await within(panel).findByText('3.40')).toBeInTheDocument();
    // The slip stays as it was: builder picks are the builder's.
    expect(http.betting.post).not.toHaveBeenCalledWith('/v1/order/batchBetMatchMarketOfJumpLine', expect.anything());

    await user.type(within(panel).getByLabelText('Stake 10.00 to 500.00'), '50');
    expect(within(panel).getByText('Returns 170.00')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Place bet builder' }));
    expect(await within(panel).findByText('Bet builder placed.')).toBeInTheDocument();
    expect(http.betting.post).toHaveBeenCalledWith('/v1/order/bet/builder', expect.objectContaining({ odds: '3.40', unitStake: '50' }));
    expect(within(panel).queryAllByRole('listitem')).toHaveLength(0);
  });
});
