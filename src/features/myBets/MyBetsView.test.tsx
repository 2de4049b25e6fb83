import { describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../services/http';
import { envOf } from '../../core/store/env';
import { wireOption, wireRecord, wireReservation, betListPage, myBetsMember } from '../../testing/betRecordFixtures';
import { installFakePush } from '../../testing/matchDataFixtures';
import { renderWithStore } from '../../testing/renderWithStore';
import { PushChannel } from '../../../contract/channels';
import { Header } from '../../core/ui/layout/Header';
import { MyBetsView } from './MyBetsView';

// 12:00 on 21 November 2026 in Shanghai.
const NOW = Date.UTC(2026, 10, 21, 4, 0);

type Answer = (url: string, body: Record<string, unknown>) => unknown;

async function renderView(options: { login?: boolean; answer?: Answer; address?: Record<string, string> } = {}) {
  let push: ReturnType<typeof installFakePush> | undefined;
  const rendered = await renderWithStore(<MyBetsView />, {
    now: () => NOW,
    before: async ({ store, http, env }) => {
      push = installFakePush(env);
      await envOf(store).i18n.loadNamespaces('myBets');
      if (options.login !== false) store.applyHostProps(myBetsMember);
      const answer = options.answer ?? (() => betListPage([wireRecord()]));
      http.betting.post.mockImplementation(async (url, body) => answer(url, body as Record<string, unknown>));
      if (options.address) store.ui.setScreenParams('myBets', options.address);
      store.showScreen('myBets');
    },
  });
  return { ...rendered, push: push! };
}

describe('<MyBetsView>', () => {
  it('asks a visitor to log in and calls nothing', async () => {
    const { http, store } = await renderView({ login: false });
    expect(screen.getByRole('heading', { level: 1, name: 'My bets' })).toBeInTheDocument();
    expect(screen.getByText('Log in to see your bets.')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(store.ui.loginDialogOpen).toBe(true);
    expect(http.betting.post).not.toHaveBeenCalled();
  });

  it('shows unsettled orders as cards with their legs, stake, potential return, status and statistics', async () => {
    await renderView({
      answer: () =>
        betListPage([
          wireRecord({
            id: '1763700000000000002',
            betType: 2,
            seriesType: 2001,
            matchCount: 2,
            betAmount: '50.00',
            lastBetAmount: '50.00',
            singleBetAmount: '50.00',
            // Shown from the legs (50 x 2.10 x 2.20), the same call the platform recorded maxWinAmount with.
            maxWinAmount: '231.00',
            orderStatus: 1,
            options: [wireOption(), wireOption({ matchId: 102, matchName: 'Lakers vs Bulls', leagueName: 'NBA', marketTypeName: 'Handicap', optionName: 'Lakers', linear: '-3.5', betOdds: '2.200', isInPlay: 1 })],
          }),
        ]),
    });
    const card = await screen.findByRole('article', { name: 'Parlay 2-fold' });
    expect(within(card).getByText('Waiting')).toBeInTheDocument();
    const legs = within(card).getByRole('list', { name: 'Selections' });
    expect(within(legs).getAllByRole('listitem')).toHaveLength(2);
    expect(within(legs).getAllByRole('listitem')[1]).toHaveTextContent('Lakers -3.5Odds @ 2.20');
    expect(within(legs).getAllByRole('listitem')[1]).toHaveTextContent('In-play');
    expect(within(card).getByText('Stake').nextSibling).toHaveTextContent('¥50.00');
    expect(within(card).getByText('Potential return').nextSibling).toHaveTextContent('¥231.00');
    expect(within(card).queryByRole('button', { name: 'Early settlement' })).toBeNull();
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByRole('row', { name: 'CNY 1 ¥100.00' })).toBeInTheDocument();
  });

  it('names a full cover as the slip did, "Trixie" in English and "三串四" in Chinese, with no Chinese count left after a switch back', async () => {
    const { i18n } = await renderView({
      answer: () => betListPage([wireRecord({ betType: 2, seriesType: 3004, matchCount: 3, betCount: 4, options: [wireOption(), wireOption({ matchId: 102 }), wireOption({ matchId: 103 })] })]),
    });
    expect(await screen.findByRole('article', { name: /^Parlay Trixie · 4 bets$/ })).toBeInTheDocument();
    await act(async () => {
      await i18n.changeLanguage('zh-CN');
      await i18n.loadNamespaces(['myBets', 'betSlip']);
    });
    expect(await screen.findByRole('article', { name: '串关 三串四 · 4 注' })).toBeInTheDocument();
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    expect(await screen.findByRole('article', { name: /^Parlay Trixie · 4 bets$/ })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/串/);
  });

  it('shows a bet\'s match, league, market and option in the new language after a switch, none left in the old one', async () => {
    const leg = (chinese: boolean) =>
      chinese
        ? wireOption({ matchName: '狮子 vs 老虎', leagueName: '银湖联赛', marketTypeName: '让球', optionName: '狮子' })
        : wireOption({ matchName: 'Lions vs Tigers', leagueName: 'Silver Lake League', marketTypeName: 'Handicap', optionName: 'Lions' });
    const { store } = await renderView({ answer: (_url, body) => betListPage([wireRecord({ options: [leg(body.language === 'CMN')] })]) });
    const card = await screen.findByRole('article', { name: 'Single' });
    expect(card).toHaveTextContent('Lions vs Tigers');
    await act(async () => {
      await store.settings.setLocale('zh-CN');
    });
    const chinese = await screen.findByRole('article', { name: '单注' });
    await within(chinese).findByText(/狮子 vs 老虎/);
    expect(chinese).toHaveTextContent('银湖联赛');
    expect(chinese).toHaveTextContent('让球');
    expect(document.body).not.toHaveTextContent(/Lions|Tigers|Silver Lake|Handicap/);
  });

  it('shows a two-way leg of a single in the member’s odds format; a 1X2 single and every parlay leg in decimal', async () => {
    const handicap = { marketType: 1000, outcomeCount: 2, marketTypeName: 'Handicap', linear: '-0.5', betOdds: '2.400' };
    const { store } = await renderView({
      answer: () =>
        betListPage([
          wireRecord({ id: '1763700000000000011', options: [wireOption({ ...handicap, optionName: 'Arsenal' })] }),
          wireRecord({ id: '1763700000000000012', options: [wireOption({ optionName: 'Draw', betOdds: '2.400' })] }),
          wireRecord({
            id: '1763700000000000013',
            betType: 2,
            seriesType: 2001,
            matchCount: 2,
            options: [wireOption({ ...handicap, matchId: 102, optionName: 'Lakers' }), wireOption({ matchId: 103, optionName: 'Chelsea', betOdds: '2.400' })],
          }),
        ]),
    });
    const [handicapSingle, winnerSingle] = await screen.findAllByRole('article', { name: 'Single' });
    const parlay = screen.getByRole('article', { name: 'Parlay 2-fold' });
    const legOdds = (card: HTMLElement) => within(card).getAllByRole('listitem').map((leg) => /@ (-?\d+\.\d{2})/.exec(leg.textContent ?? '')?.[1]);
    expect([legOdds(handicapSingle!), legOdds(winnerSingle!), legOdds(parlay)]).toEqual([['2.40'], ['2.40'], ['2.40', '2.40']]);
    act(() => store.settings.setOddsFormat(3));
    // Malay: the handicap reads -0.71 (DOMAIN.md: d 2.40 = Malay -0.71); the 1X2 and the parlay's legs stay decimal.
    expect([legOdds(handicapSingle!), legOdds(winnerSingle!), legOdds(parlay)]).toEqual([['-0.71'], ['2.40'], ['2.40', '2.40']]);
    act(() => store.settings.setOddsFormat(2));
    expect([legOdds(handicapSingle!), legOdds(winnerSingle!), legOdds(parlay)]).toEqual([['1.40'], ['2.40'], ['2.40', '2.40']]);
  });

  it('offers early settlement only where the record allows it, and opens the cash-out dialog', async () => {
    await renderView({
      answer: () => betListPage([wireRecord({ id: 'a', allowSettleInAdvance: true }), wireRecord({ id: 'b', allowSettleInAdvance: false })]),
    });
    await screen.findAllByRole('article');
    const buttons = screen.getAllByRole('button', { name: 'Early settlement' });
    expect(buttons).toHaveLength(1);
    await userEvent.click(buttons[0]!);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('shows each running bet’s cash-out offer, moving with the offers pushed on the member channel while open', async () => {
    const { push, unmount } = await renderView({ answer: () => betListPage([wireRecord({ id: 'a', allowSettleInAdvance: true, cashOutPrice: '95.00' })]) });
    const card = (await screen.findAllByRole('article'))[0]!;
    const channel = PushChannel.memberCashOut(1);
    expect(within(card).getByTestId('bet-cash-out-offer')).toHaveTextContent('Cash-out offer: ¥95.00');
    expect(push.subscribers(channel)).toBe(1);
    act(() => push.deliver(channel, { kind: 'offers', offers: [{ oid: 'a', amt: '118.75', st: 1, rate: '1.187500' }] }));
    expect(within(card).getByTestId('bet-cash-out-offer')).toHaveTextContent('Cash-out offer: ¥118.75');
    // Suspended: no offer, and no early-settlement button until it comes back.
    act(() => push.deliver(channel, { kind: 'offers', offers: [{ oid: 'a', amt: '0.00', st: 0, rate: '0.000000', reason: 4 }] }));
    expect(within(card).queryByTestId('bet-cash-out-offer')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Early settlement' })).toBeNull();
    act(() => push.deliver(channel, { kind: 'offers', offers: [{ oid: 'a', amt: '101.00', st: 1, rate: '1.010000' }] }));
    expect(within(card).getByRole('button', { name: 'Early settlement' })).toBeInTheDocument();
    unmount();
    expect(push.subscribers(channel)).toBe(0);
  });

  it('settled: results, early settlement, scores, reject reasons and cash-out history; the period filter', async () => {
    const { http } = await renderView({
      answer: (_url, body) =>
        body.isSettled
          ? betListPage(
              [
                wireRecord({ id: 'won', orderStatus: 5, result: 4, returnAmount: '210.00', settledAmount: '210.00', options: [wireOption({ settledResult: 4, resultScore: '2:1' })] }),
                wireRecord({
                  id: 'cashed',
                  orderStatus: 102,
                  returnAmount: '80.00',
                  settledAmount: '80.00',
                  cashOutList: [{ id: 'c1', createdTime: NOW, amount: '100.00', payout: '80.00', orderId: 'cashed', orderStatus: 5, refundAmount: '0.00', cancelReason: null }],
                }),
                wireRecord({ id: 'rejected', orderStatus: 2, rejectType: 15005, rejectReason: 'Odds changed: 2.1 -> 1.9' }),
              ],
              { tsamt: '290.00' },
            )
          : betListPage([]),
    });
    await screen.findByText('No unsettled bets.');
    await userEvent.click(screen.getByRole('tab', { name: 'Settled' }));
    expect(screen.getByRole('tab', { name: 'Settled' })).toHaveAttribute('aria-selected', 'true');
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);

    expect(within(cards[0]!).getByText('Settled')).toBeInTheDocument();
    expect(within(cards[0]!).getAllByText('Win')).toHaveLength(2); // the order and its leg
    expect(within(cards[0]!).getByText('Score 2:1')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Returned').nextSibling).toHaveTextContent('¥210.00');

    expect(within(cards[1]!).getByText('Settled early')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Lose')).toBeInTheDocument();
    const history = within(cards[1]!).getByRole('table');
    expect(within(history).getByRole('row', { name: /2026-11-21 12:00 ¥100.00 ¥80.00 Settled/ })).toBeInTheDocument();

    expect(within(cards[2]!).getByText('Failed')).toBeInTheDocument();
    expect(within(cards[2]!).getByText('Reason: Odds changed')).toBeInTheDocument();

    expect(screen.getByText('Total returned').parentElement).toHaveTextContent('¥290.00');

    await userEvent.click(screen.getByRole('button', { name: 'This week' }));
    expect(http.betting.post).toHaveBeenLastCalledWith('/v1/order/new/bet/list', expect.objectContaining({ isSettled: true, startTime: Date.UTC(2026, 10, 14, 16) }));
    expect(screen.getByRole('button', { name: 'This week' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Custom' }));
    const from = screen.getByLabelText('From');
    expect(from).toHaveAttribute('min', '2026-10-07');
    expect(from).toHaveAttribute('max', '2026-11-21');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-09-01');
    const calls = http.betting.post.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Bet history can be queried for the last 45 days only.');
    expect(http.betting.post.mock.calls.length).toBe(calls);
  });

  it('opens the tab and dates its address names with one call, and writes the member\'s choices back to it', async () => {
    const { http, store } = await renderView({ answer: () => betListPage([]), address: { tab: 'settled', range: 'custom', from: '2026-11-18', to: '2026-11-20' } });
    await screen.findByText('No settled bets in this period.');
    expect(http.betting.post).toHaveBeenCalledTimes(1);
    expect(http.betting.post).toHaveBeenLastCalledWith('/v1/order/new/bet/list', expect.objectContaining({ isSettled: true, startTime: Date.UTC(2026, 10, 17, 16) }));
    expect(screen.getByRole('tab', { name: 'Settled' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Custom' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-18');

    await userEvent.click(screen.getByRole('button', { name: 'Yesterday' }));
    expect(store.ui.screenParams.myBets).toEqual({ tab: 'settled', range: 'yesterday' });
    await userEvent.click(screen.getByRole('tab', { name: 'Pre-bets' }));
    expect(store.ui.screenParams.myBets).toEqual({ tab: 'reserved', range: 'yesterday' });

    // Back to an address with neither: the default tab and dates.
    act(() => store.ui.setScreenParams('myBets', {}));
    await screen.findByText('No unsettled bets.');
    expect(screen.getByRole('tab', { name: 'Unsettled' })).toHaveAttribute('aria-selected', 'true');
    expect(http.betting.post).toHaveBeenLastCalledWith('/v1/order/new/bet/list', expect.objectContaining({ isSettled: false }));
  });

  it('falls back to the defaults for an address it cannot use, and says so in the address', async () => {
    const { http, store } = await renderView({ answer: () => betListPage([]), address: { tab: 'everything', range: 'custom', from: '2026-01-01', to: '2026-01-02' } });
    await screen.findByText('No unsettled bets.');
    expect(http.betting.post).toHaveBeenCalledTimes(1);
    expect(store.ui.screenParams.myBets).toEqual({});
  });

  it('shows the failed state and retries', async () => {
    let fail = true;
    const { http } = await renderView({
      answer: () => {
        if (fail) throw new ApiError({ code: -1, message: 'network', service: 'betting' });
        return betListPage([wireRecord()]);
      },
    });
    await screen.findByText('Loading is failed');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('article', { name: 'Single' });
    expect(http.betting.post).toHaveBeenCalledTimes(2);
  });

  it('pages through a long list', async () => {
    const { http } = await renderView({ answer: (_url, body) => betListPage([wireRecord({ id: `p${String(body.current)}` })], { total: 450 }) });
    const pager = await screen.findByRole('navigation', { name: 'Pages' });
    expect(pager).toHaveTextContent('Page 1 of 3');
    expect(within(pager).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(pager).toHaveTextContent('Page 2 of 3'));
    expect(http.betting.post).toHaveBeenLastCalledWith('/v1/order/new/bet/list', expect.objectContaining({ current: 2, size: 200 }));
  });

  it('moves between tabs with the arrow keys', async () => {
    const { http } = await renderView({ answer: (url) => (url.includes('reserve') ? { ods: [], sts: [] } : betListPage([])) });
    await screen.findByText('No unsettled bets.');
    screen.getByRole('tab', { name: 'Unsettled' }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Pre-bets' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Pre-bets' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByText('No booked pre-bets.');
    expect(http.betting.post).toHaveBeenLastCalledWith('/v1/order/new/reserve/betList', expect.objectContaining({ isFailed: false }));
  });

  describe('reserved view', () => {
    const reservedAnswer: Answer = (url, body) => {
      if (url === '/v1/order/new/reserve/betList')
        return body.isFailed
          ? { ods: [wireReservation({ reserveId: '9', status: 4, failReason: 'the match kicked off' })], sts: [] }
          : { ods: [wireReservation()], sts: [{ coinId: 1, coinName: 'CNY', count: 1, stakeAmount: '50.00' }] };
      if (url === '/v1/order/reserve/modify') return wireReservation({ optionOdd: String(body.odds) });
      if (url === '/v1/order/reserve/cancel') return wireReservation({ status: 3 });
      return betListPage([]);
    };

    it('lists booked pre-bets and the failed ones of the last 7 days on request', async () => {
      const { http } = await renderView({ answer: reservedAnswer });
      await userEvent.click(await screen.findByRole('tab', { name: 'Pre-bets' }));
      const card = await screen.findByRole('article', { name: 'Arsenal · 1X2' });
      expect(within(card).getByText('Booked')).toBeInTheDocument();
      expect(within(card).getByText('Asked odds').nextSibling).toHaveTextContent('2.50');
      expect(within(card).getByRole('button', { name: 'Modify' })).toBeInTheDocument();

      await userEvent.click(screen.getByRole('checkbox', { name: 'Show failed pre-bets of the last 7 days' }));
      const failed = await screen.findByRole('article', { name: 'Arsenal · 1X2' });
      await within(failed).findByText('No longer valid');
      expect(within(failed).getByText('Reason: the match kicked off')).toBeInTheDocument();
      expect(within(failed).queryByRole('button', { name: 'Modify' })).toBeNull();
      expect(http.betting.post).toHaveBeenLastCalledWith('/v1/order/new/reserve/betList', expect.objectContaining({ isFailed: true }));
    });

    it('modifies a pre-bet in a dialog that takes focus and gives it back', async () => {
      const { http } = await renderView({ answer: reservedAnswer });
      await userEvent.click(await screen.findByRole('tab', { name: 'Pre-bets' }));
      const modify = await screen.findByRole('button', { name: 'Modify' });
      await userEvent.click(modify);
      const dialog = screen.getByRole('dialog', { name: 'Modify pre-bet' });
      const odds = within(dialog).getByLabelText('Asked odds (decimal)');
      expect(odds).toHaveValue('2.50');

      // Nothing changed, then bad odds: refused here, nothing sent.
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Change the odds or the stake first.');
      await userEvent.clear(odds);
      await userEvent.type(odds, '0.9');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter decimal odds above 1 with at most 2 decimals.');
      // A third decimal is a price no list shows and the platform does not quote.
      await userEvent.clear(odds);
      await userEvent.type(odds, '2.555');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter decimal odds above 1 with at most 2 decimals.');
      expect(http.betting.post).not.toHaveBeenCalledWith('/v1/order/reserve/modify', expect.anything());

      await userEvent.clear(odds);
      await userEvent.type(odds, '2.8');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(http.betting.post).toHaveBeenCalledWith('/v1/order/reserve/modify', { reserveId: '1763700000000000501', odds: '2.8', language: 'ENG' });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(modify).toHaveFocus();
    });

    it('shows why the platform refused a change and keeps the dialog open', async () => {
      await renderView({
        answer: (url, body) => {
          if (url === '/v1/order/reserve/modify') throw new ApiError({ code: 15032, message: 'odds not above current', service: 'betting' });
          return reservedAnswer(url, body);
        },
      });
      await userEvent.click(await screen.findByRole('tab', { name: 'Pre-bets' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Modify' }));
      const dialog = screen.getByRole('dialog', { name: 'Modify pre-bet' });
      const stake = within(dialog).getByLabelText('Stake (CNY)');
      await userEvent.clear(stake);
      await userEvent.type(stake, '80');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('The asked odds must be above the current odds.');
    });

    it('cancels a pre-bet after confirmation; keeping it closes the dialog', async () => {
      const { http } = await renderView({ answer: reservedAnswer });
      await userEvent.click(await screen.findByRole('tab', { name: 'Pre-bets' }));
      const cancel = await screen.findByRole('button', { name: 'Cancel' });
      await userEvent.click(cancel);
      let dialog = screen.getByRole('dialog', { name: 'Cancel pre-bet' });
      expect(dialog).toHaveTextContent('Cancel the pre-bet on Arsenal at 2.50?');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(cancel).toHaveFocus();
      expect(http.betting.post).not.toHaveBeenCalledWith('/v1/order/reserve/cancel', expect.anything());

      await userEvent.click(cancel);
      dialog = screen.getByRole('dialog', { name: 'Cancel pre-bet' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel pre-bet' }));
      expect(http.betting.post).toHaveBeenCalledWith('/v1/order/reserve/cancel', { reserveId: '1763700000000000501', language: 'ENG' });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });
  });
});

describe('"My bets" in the header', () => {
  it('shows for members only and opens the view', async () => {
    const { store } = await renderWithStore(<Header merchantName="Demo" embedded={false} />);
    expect(screen.queryByRole('button', { name: 'My bets' })).toBeNull();
    act(() => store.applyHostProps(myBetsMember));
    await userEvent.click(screen.getByRole('button', { name: 'My bets' }));
    expect(store.ui.view).toBe('myBets');
    expect(screen.getByRole('button', { name: 'My bets' })).toHaveAttribute('aria-current', 'page');
  });
});
