import { describe, expect, it } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EDIT_BET_PATHS } from '../../../contract/editBet';
import { ApiError } from '../../services/http';
import { envOf } from '../../core/store/env';
import type { RootStoreInstance } from '../../core/store/RootStore';
import { wireOption, wireRecord } from '../../testing/betRecordFixtures';
import { selection } from '../../testing/bettingFixtures';
import type { fakeHttp } from '../../testing/fakeEnv';
import { renderWithStore } from '../../testing/renderWithStore';
import { MyBetsView } from './MyBetsView';

type Http = ReturnType<typeof fakeHttp>;

const member = {
  isLogin: true,
  token: 'tok',
  userData: { uid: '1', username: 'demo', currency: 'CNY' },
  balance: { centerBalance: '1000.00', totalBalance: '1000.00', balanceList: [{ coinCode: 'CNY', balance: '1000.00', isDefault: true }] },
};

const parlay = wireRecord({
  id: '1763700000000000009',
  betType: 2,
  seriesType: 2001,
  matchCount: 2,
  allowSettleInAdvance: true,
  options: [wireOption(), wireOption({ matchId: 102, marketId: 9002, matchName: 'Lakers vs Bulls', optionName: 'Lakers', betOdds: '2.200' })],
});

const previewAnswer = {
  orderId: parlay.id,
  cashOutValue: '95.00',
  stakeChange: '20.00',
  newStake: '115.00',
  odds: '2.1',
  potentialReturn: '241.50',
  betOptionList: [{ marketId: 9001, optionType: 'home', odds: '2.1', oddsFormat: 1 }],
  legNos: [1],
};

type Answer = (url: string, body: Record<string, unknown>) => unknown;

async function renderView(answer: Answer, before?: (store: RootStoreInstance) => void) {
  return renderWithStore(<MyBetsView />, {
    before: async ({ store, http }: { store: RootStoreInstance; http: Http }) => {
      await envOf(store).i18n.loadNamespaces('myBets');
      store.applyHostProps(member);
      http.betting.post.mockImplementation(async (url, body) => answer(url, body as Record<string, unknown>));
      before?.(store);
      store.showScreen('myBets');
    },
  });
}

const page = (records: unknown[]) => ({ records, total: records.length, current: 1, size: 200, tamt: '0.00', tsamt: '0.00', sts: [] });

describe('<EditBetDialog> from My bets', () => {
  it('removes a leg and raises the stake: preview shows the figures, Confirm sends them back and reloads the bets', async () => {
    const calls: Array<[string, Record<string, unknown>]> = [];
    const { http } = await renderView((url, body) => {
      calls.push([url, body]);
      if (url === EDIT_BET_PATHS.preview) return previewAnswer;
      if (url === EDIT_BET_PATHS.confirm) return { oldOrderId: parlay.id, cashOutId: '1', cashOutValue: '95.00', newOrderId: '1763700000000000010', newStake: '115.00', odds: '2.1', potentialReturn: '241.50', status: 4 };
      if (url.endsWith('/cashOut/price')) return { pr: [{ oid: parlay.id, amt: '95.00', st: 1, smis: '10.00', pmis: '10.00', rate: '0.95' }], mxc: 3 };
      return page([parlay]);
    });
    const card = await screen.findByRole('article', { name: /Parlay/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Edit bet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit bet' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm edit' });
    expect(confirm).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Lakers/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Change the stake by/ }), '20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const figures = await within(dialog).findByTestId('edit-bet-preview');
    expect(figures).toHaveTextContent('Cash-out value applied¥95.00');
    expect(figures).toHaveTextContent('New stake¥115.00');
    expect(figures).toHaveTextContent('Potential return¥241.50');
    expect(calls.find(([url]) => url === EDIT_BET_PATHS.preview)?.[1]).toMatchObject({ orderId: parlay.id, removeLegNos: [2], addBetOptionList: [], stakeChange: '20.00' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm edit' }));
    expect(await within(dialog).findByTestId('edit-bet-done')).toHaveTextContent('new bet 1763700000000000010 with a stake of ¥115.00');
    expect(calls.find(([url]) => url === EDIT_BET_PATHS.confirm)?.[1]).toMatchObject({
      orderId: parlay.id,
      betOptionList: previewAnswer.betOptionList,
      stakeChange: '20.00',
      cashOutValue: '95.00',
      oddsChange: 1,
    });
    // The list is asked again for the new bet.
    const lists = http.betting.post.mock.calls.filter(([url]) => String(url).includes('bet/list'));
    expect(lists.length).toBeGreaterThan(1);
  });

  it('adds a selection from the slip, and says why a refusal happened, dropping the preview', async () => {
    let refuse = false;
    const calls: Array<[string, Record<string, unknown>]> = [];
    const { store } = await renderView(
      (url, body) => {
        calls.push([url, body]);
        if (url === EDIT_BET_PATHS.preview) return previewAnswer;
        if (url === EDIT_BET_PATHS.confirm) {
          if (refuse) throw new ApiError({ code: 15021, service: 'betting', httpStatus: 409, message: 'Cash out unavailable: the cash-out value is 90.00 now, below the 95.00 previewed' });
          return { oldOrderId: parlay.id, cashOutId: '1', cashOutValue: '95.00', newOrderId: '1763700000000000012', newStake: '115.00', odds: '4.1', potentialReturn: '471.50', status: 4 };
        }
        if (url.endsWith('/cashOut/price')) return { pr: [{ oid: parlay.id, amt: '95.00', st: 1, smis: '10.00', pmis: '10.00', rate: '0.95' }], mxc: 3 };
        return page([parlay]);
      },
      (store) => {
        store.betSlip.add(selection(7, { marketId: 700 }));
      },
    );
    const card = await screen.findByRole('article', { name: /Parlay/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Edit bet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit bet' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /@ 1\.95/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await within(dialog).findByTestId('edit-bet-preview');
    expect(calls.find(([url]) => url === EDIT_BET_PATHS.preview)?.[1]).toMatchObject({
      removeLegNos: [],
      addBetOptionList: [{ marketId: 700, optionType: 'home', odds: '1.95', oddsFormat: 1 }],
    });

    refuse = true;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm edit' }));
    // Refused: the selection stays in the slip for another try.
    expect(store.betSlip.entries).toHaveLength(1);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The bet cannot be cashed out at the value shown any more. Preview again.');
    expect(alert).toHaveTextContent('below the 95.00 previewed');
    expect(within(dialog).queryByTestId('edit-bet-preview')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Confirm edit' })).toBeDisabled();

    // Previewed again and confirmed: the selection added is bet now and leaves the slip.
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await within(dialog).findByTestId('edit-bet-preview');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm edit' }));
    await within(dialog).findByTestId('edit-bet-done');
    expect(store.betSlip.entries).toHaveLength(0);
  });

  it('refuses a stake change that is not an amount without calling, and offers no edit for an in-play bet', async () => {
    const live = wireRecord({ id: '1763700000000000011', allowSettleInAdvance: true, options: [wireOption({ isInPlay: 1 })] });
    const { http } = await renderView((url) => {
      if (url.endsWith('/cashOut/price')) return { pr: [parlay.id, live.id].map((oid) => ({ oid, amt: '95.00', st: 1, smis: '10.00', pmis: '10.00', rate: '0.95' })), mxc: 3 };
      return page([parlay, live]);
    });
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[1]!).queryByRole('button', { name: 'Edit bet' })).toBeNull();
    expect(within(cards[1]!).getByRole('button', { name: 'Early settlement' })).toBeInTheDocument();
    await userEvent.click(within(cards[0]!).getByRole('button', { name: 'Edit bet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit bet' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Change the stake by/ }), '1.234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('at most 2 decimals');
    expect(http.betting.post.mock.calls.some(([url]) => url === EDIT_BET_PATHS.preview)).toBe(false);
    await act(async () => {
      await userEvent.keyboard('{Escape}');
    });
  });
});
