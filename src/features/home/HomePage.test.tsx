import { describe, expect, it } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListType } from '../../../contract/enums';
import type { MatchPage, WireMatch } from '../../../contract';
import type { StatisticsAnswer } from '../myBets/statistics';
import { renderWithStore } from '../../testing/renderWithStore';
import { wireMatch } from '../../testing/matchFixtures';
import { anchorRoom } from '../../testing/anchorFixtures';
import { HomePage } from './HomePage';

const pageOf = (records: WireMatch[]): MatchPage => ({ current: 1, pageTotal: 1, size: 50, total: records.length, records });
const named = (matchId: number, homeName: string, awayName: string, overrides: Partial<WireMatch> = {}) =>
  wireMatch({ matchId, matchInfo: { ...wireMatch().matchInfo, homeName, awayName, homeScore: 1, awayScore: 0 }, ...overrides });
const video = { videos: [{ line: 1, pc: '/v/1', h5: '/v/1h' }], animation: null };

const STATISTICS: StatisticsAnswer = {
  ht: 2,
  tc: 10,
  hls: [{ id: 9, logoUrl: '', count: 2, name: 'L', sportId: 1 }],
  sl: [{ type: 6, name: 'In-Play & Today', count: 10, sports: [{ sportId: 1, count: 10 }] }],
};

interface Answers {
  live: () => Promise<MatchPage>;
  hot?: () => Promise<MatchPage>;
  /** The statistics already failed (and their retry); by default they name the hot league 9. */
  statisticsFailed?: boolean;
}

/** Renders home with the match service answering each call from `answers`. */
async function mount(answers: Answers) {
  return renderWithStore(<HomePage />, {
    before: async ({ store, http }) => {
      http.match.post.mockImplementation(async (url, body) => {
        if (url === '/api/match/statistical') return STATISTICS;
        const { type } = body as { type: number };
        if (type === ListType.InPlay) return answers.live();
        return (answers.hot ?? (async () => pageOf([])))();
      });
      // A first load that failed (both tries: the retry's 1.5 s wait is the statistics store's own test).
      if (answers.statisticsFailed) await store.statistics.request.run(() => Promise.reject(new Error('statistics down')), () => undefined);
      else await store.statistics.load();
    },
  });
}

describe('<HomePage>', () => {
  it('shows only in-play matches with video or animation as live cards, with score and badge', async () => {
    const { http, store } = await mount({
      live: async () =>
        pageOf([
          named(1, 'Arsenal', 'Bolton', { media: video }),
          named(2, 'Celtic', 'Derby'),
          named(3, 'Everton', 'Fulham', { sportId: 3, media: { videos: [], animation: '/a/3' }, leagueInfo: { id: 30, name: 'Hoops', icon: '', sportId: 3 } }),
        ]),
    });
    const live = await screen.findByRole('list', { name: 'Live now' });
    const cards = within(live).getAllByRole('button');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent(/Arsenal\s*1/);
    expect(cards[0]).toHaveTextContent('Video');
    expect(cards[0]).toHaveTextContent('10:00');
    expect(cards[1]).toHaveTextContent('Everton');
    expect(cards[1]).toHaveTextContent('Animation');
    expect(screen.queryByText('Celtic')).toBeNull();
    expect(http.match.post).toHaveBeenCalledWith('/api/match/getList', { type: 1, size: 50, oddsFormat: 1, current: 1 }, { noAuth: true });

    // A live card opens its match's screen, where its video or animation plays; Back returns home.
    await userEvent.click(cards[1]!);
    expect(store.ui.view).toBe('match');
    expect(store.ui.matchId).toBe(cards[1]!.dataset.matchId ? Number(cards[1]!.dataset.matchId) : NaN);
    act(() => store.ui.leaveMatch());
    expect(store.ui.view).toBe('home');
  });

  it('takes a match off the live cards as soon as push says it ended', async () => {
    const { env } = await mount({ live: async () => pageOf([named(1, 'Arsenal', 'Bolton', { media: video }), named(3, 'Everton', 'Fulham', { media: video })]) });
    const live = await screen.findByRole('list', { name: 'Live now' });
    expect(within(live).getAllByRole('button')).toHaveLength(2);
    act(() => env.liveBook.applyScore([{ kind: 'ended', matchId: 3, matchStatus: 2, totalScore: { home: 0, away: 0 }, scores: [] }]));
    expect(within(screen.getByRole('list', { name: 'Live now' })).getAllByRole('button')).toHaveLength(1);
    expect(screen.queryByText('Everton')).toBeNull();
  });

  it("puts the anchors' badge on the live card of the match they are on; it opens the room", async () => {
    const { store } = await renderWithStore(<HomePage />, {
      before: async ({ store, http }) => {
        http.match.post.mockImplementation(async (url, body) => {
          if (url === '/api/match/statistical') return STATISTICS;
          return (body as { type: number }).type === ListType.InPlay ? pageOf([named(1, 'Arsenal', 'Bolton', { media: video }), named(3, 'Everton', 'Fulham', { media: video })]) : pageOf([]);
        });
        http.media.get.mockResolvedValue([anchorRoom(8001, 3, { hostName: 'Mia' })]);
        await store.statistics.load();
      },
    });
    const live = await screen.findByRole('list', { name: 'Live now' });
    const [arsenal, everton] = within(live).getAllByRole('listitem');
    const badge = await within(everton!).findByRole('link', { name: 'Anchor: Mia (Mandarin, live)' });
    // Beside the card's button, not inside it: a link inside a button could not be reached.
    expect(badge.closest('button')).toBeNull();
    expect(within(arsenal!).queryByRole('link', { name: /anchor/i })).toBeNull();
    await userEvent.click(badge);
    expect(store.ui.view).toBe('room');
    expect(store.ui.roomId).toBe(8001);
  });

  it('says so when no live match has media', async () => {
    await mount({ live: async () => pageOf([named(2, 'Celtic', 'Derby')]) });
    expect(await screen.findByText('No live matches with video or animation right now')).toBeInTheDocument();
  });

  it('shows a failed live section with a retry', async () => {
    let fail = true;
    await mount({
      live: async () => {
        if (fail) throw new Error('500');
        return pageOf([named(1, 'Arsenal', 'Bolton', { media: video })]);
      },
    });
    const section = screen.getByRole('region', { name: 'Live now' });
    expect(await within(section).findByText('Loading is failed')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await within(section).findByText('Arsenal')).toBeInTheDocument();
  });

  it('shows the first matches of the hot leagues as rows with the sport\'s columns', async () => {
    const { http, store } = await mount({
      live: async () => pageOf([]),
      hot: async () => pageOf([named(5, 'Genoa', 'Hull', { matchStatus: 0 })]),
    });
    const hot = screen.getByRole('region', { name: 'Hot matches' });
    expect(await within(hot).findByRole('row', { name: 'Genoa – Hull' })).toBeInTheDocument();
    expect(within(hot).getByRole('columnheader', { name: 'Football' })).toBeInTheDocument();
    expect(within(hot).getByRole('columnheader', { name: 'FT handicap' })).toBeInTheDocument();
    expect(http.match.post).toHaveBeenCalledWith('/api/match/getList', { type: 6, size: 10, leagueIds: '9', oddsFormat: 1, current: 1 }, { noAuth: true });
    await userEvent.click(within(hot).getByRole('button', { name: 'All hot matches' }));
    expect(store.ui.view).toBe('hot');
  });

  it('shows the hot section empty when the hot leagues have no matches', async () => {
    await mount({ live: async () => pageOf([]) });
    const hot = screen.getByRole('region', { name: 'Hot matches' });
    expect(await within(hot).findByText('No hot matches right now')).toBeInTheDocument();
  });

  it('shows the hot section failed when the statistics failed, and retries them', async () => {
    await mount({
      live: async () => pageOf([]),
      hot: async () => pageOf([named(5, 'Genoa', 'Hull', { matchStatus: 0 })]),
      statisticsFailed: true,
    });
    const hot = screen.getByRole('region', { name: 'Hot matches' });
    expect(within(hot).getByText('Loading is failed')).toBeInTheDocument();
    await userEvent.click(within(hot).getByRole('button', { name: 'Retry' }));
    expect(await within(hot).findByRole('row', { name: 'Genoa – Hull' })).toBeInTheDocument();
  });
});
