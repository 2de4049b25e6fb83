import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import { ListType } from '../../../contract/enums';
import type { MatchPage, WireMatch } from '../../../contract';
import { renderWithStore } from '../../testing/renderWithStore';
import { wireMatch } from '../../testing/matchFixtures';
import { MatchListScreen } from './MatchListScreen';

const premier = { id: 10, name: 'Premier', icon: '', sportId: 1 };
const live = (matchId: number) => wireMatch({ matchId, matchStatus: 1, leagueInfo: premier });
const FIRST_PAGE = Array.from({ length: 50 }, (_, i) => live(i + 1));
/** In the first page's league: grouped with it, so its row lands among the first page's once it arrives. */
const ON_PAGE_TWO = live(99);

/**
 * Back from a match's screen scrolls the list to that match's row (ui.listReturnMatchId). The in-play list shows from
 * its first page on; the match the member came from can be on a later one.
 */
describe('<MatchListScreen> Back to the list', () => {
  let scrollTo: jest.SpiedFunction<typeof window.scrollTo>;
  let heights: jest.SpiedGetter<number>;
  let pageHeight: jest.SpiedGetter<number>;
  beforeEach(() => {
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    // jsdom lays nothing out: rows measure 48 px high and the page holds them, as in a browser, so the list is taller
    // than the window and can scroll.
    heights = jest.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.dataset.index === undefined ? 0 : 48;
    });
    pageHeight = jest.spyOn(document.documentElement, 'scrollHeight', 'get').mockReturnValue(100 * 48);
  });
  afterEach(() => {
    scrollTo.mockRestore();
    heights.mockRestore();
    pageHeight.mockRestore();
  });
  /** The virtualiser writes the window's offset itself (0 at the top); the row's is below the first page's rows. */
  const scrolledDown = () => scrollTo.mock.calls.some(([options]) => ((options as ScrollToOptions | undefined)?.top ?? 0) > 0);

  /** The in-play list's first page answers at once; the second when the test says. */
  const mount = async (secondPage: WireMatch[]) => {
    let releaseSecond!: () => void;
    const second = new Promise<void>((resolve) => (releaseSecond = resolve));
    const page = (current: number, records: WireMatch[]): MatchPage => ({ current, pageTotal: 2, size: 50, total: 50 + secondPage.length, records });
    const rendered = await renderWithStore(<MatchListScreen />, {
      before: ({ http }) => {
        http.match.post.mockImplementation(async (url, body) => {
          if (url !== '/api/match/getList') return { current: 1, pageTotal: 1, size: 50, total: 0, records: [] };
          if ((body as { current: number }).current === 1) return page(1, FIRST_PAGE);
          await second;
          return page(2, secondPage);
        });
      },
    });
    const { store } = rendered;
    await act(async () => {
      void store.openList({ type: ListType.InPlay, sportId: 1, leagueIds: [] });
      store.ui.showMatch(99);
    });
    await screen.findByRole('table', { name: 'Matches' });
    act(() => store.ui.leaveMatch());
    return { ...rendered, releaseSecond };
  };

  it('waits for the page that holds the match, then scrolls to its row', async () => {
    const { store, releaseSecond } = await mount([ON_PAGE_TWO]);
    expect(store.ui.listReturnMatchId).toBe(99);
    expect(scrolledDown()).toBe(false);

    await act(async () => releaseSecond());
    await waitFor(() => expect(store.ui.listReturnMatchId).toBeUndefined());
    // The virtualiser writes the offset on the next animation frame.
    await waitFor(() => expect(scrolledDown()).toBe(true));
    act(() => store.matchList.close());
  });

  it('gives up once the last page has landed without the match (it left the list)', async () => {
    const { store, releaseSecond } = await mount([live(60)]);
    expect(store.ui.listReturnMatchId).toBe(99);
    await act(async () => releaseSecond());
    // The loading flag clears 1 s after the last page (spec section 9); the search ends with it.
    await waitFor(() => expect(store.ui.listReturnMatchId).toBeUndefined(), { timeout: 5_000 });
    expect(scrolledDown()).toBe(false);
    act(() => store.matchList.close());
  });
});
