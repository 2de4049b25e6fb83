import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListType } from '../../../contract/enums';
import type { MatchPage, WireMatch } from '../../../contract';
import { renderWithStore } from '../../testing/renderWithStore';
import { wireMatch, wireOutright } from '../../testing/matchFixtures';
import { favouritesViewOf } from './favouritesView';
import { FavouritesView } from './FavouritesView';

const pageOf = (records: WireMatch[]): MatchPage => ({ current: 1, pageTotal: 1, size: 50, total: records.length, records });
const named = (matchId: number, sportId: number, homeName: string, awayName: string) =>
  wireMatch({ matchId, sportId, matchStatus: 0, matchInfo: { ...wireMatch().matchInfo, homeName, awayName }, leagueInfo: { id: sportId * 10, name: `League ${sportId}`, icon: '', sportId } });

describe('<FavouritesView>', () => {
  it('invites to star matches when there are none, without asking the platform', async () => {
    const { http } = await renderWithStore(<FavouritesView />);
    expect(screen.getByText('No favourites yet. Star a match to follow it here.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('My favourites0/50');
    expect(http.match.post).not.toHaveBeenCalled();
  });

  it('lists starred matches by sport, and unstarring one takes it off', async () => {
    const { http, store } = await renderWithStore(<FavouritesView />, {
      before: ({ store, http }) => {
        store.favourites.toggle({ matchId: 1, sportId: 3 });
        store.favourites.toggle({ matchId: 2, sportId: 1 });
        http.match.post.mockImplementation(async (_url, body) =>
          (body as { type: number }).type === ListType.TodayAndInPlay ? pageOf([named(1, 3, 'Lakers', 'Bulls'), named(2, 1, 'Arsenal', 'Bolton')]) : pageOf([]),
        );
      },
    });
    const table = await screen.findByRole('table', { name: 'My favourites' });
    await within(table).findByRole('row', { name: 'Lakers – Bulls' });
    // Football before basketball: the spec's sport order.
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent).filter((text) => text === 'Football' || text === 'Basketball')).toEqual(['Football', 'Basketball']);
    expect(http.match.post).toHaveBeenCalledWith('/api/match/getList', { type: 6, size: 50, matchIds: '1,2', oddsFormat: 1, current: 1 }, { noAuth: true });

    await userEvent.click(within(table).getByRole('button', { name: 'Favourite: Arsenal – Bolton' }));
    expect(within(table).queryByRole('row', { name: 'Arsenal – Bolton' })).toBeNull();
    expect(store.favourites.count).toBe(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('1/50');
    favouritesViewOf(store).close();
  });
  it('shows a starred outright as its competition and runners, not as a match row with locked cells', async () => {
    const { store } = await renderWithStore(<FavouritesView />, {
      before: ({ store, http }) => {
        store.favourites.toggle({ matchId: 500, sportId: 1 });
        http.match.post.mockImplementation(async (_url, body) => ((body as { type: number }).type === ListType.Outright ? pageOf([wireOutright()]) : pageOf([])));
      },
    });
    const table = await screen.findByRole('table', { name: 'My favourites' });
    const outright = await within(table).findByRole('article', { name: 'Premier' });
    expect(within(outright).getByRole('button', { name: 'Deep Harbour 4.86' })).toBeEnabled();
    expect(within(table).queryByRole('row', { name: /–/ })).toBeNull();
    favouritesViewOf(store).close();
  });
});
