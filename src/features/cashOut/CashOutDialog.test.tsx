import { myBetsOf } from '../myBets/myBets';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../services/http';
import { cashOutOf } from './cashOut';
import { envOf } from '../../core/store/env';
import { wireOption, wireRecord } from '../../testing/betRecordFixtures';
import { memberState } from '../../testing/bettingFixtures';
import { installFakePush } from '../../testing/matchDataFixtures';
import { renderWithStore } from '../../testing/renderWithStore';
import { PushChannel } from '../../../contract/channels';
import type { MemberCashOutPush } from '../../../contract/push';
import { CashOutDialog } from './CashOutDialog';
import { CASH_OUT_PATHS } from '../../../contract/paths';

const ORDER = '1763700000000000001';

type Answer = (url: string, body: Record<string, unknown>) => unknown;

const quote = (amt = '95.00', extra: Record<string, unknown> = {}) => ({ pr: [{ oid: ORDER, amt, st: 1, smis: '10.00', pmis: '10.00', rate: '0.95', ...extra }], mxc: 3 });

async function renderDialog(answer: Answer, recordFields: Parameters<typeof wireRecord>[0] = {}, preload = true, pushUp = false) {
  const onClose = jest.fn();
  let push: ReturnType<typeof installFakePush> | undefined;
  const rendered = await renderWithStore(<CashOutDialog orderId={ORDER} onClose={onClose} />, {
    before: async ({ store, http, env }) => {
      push = installFakePush(env);
      if (pushUp) {
        (env.push.state as jest.Mock).mockReturnValue('open');
        (env.push.isSubscribed as jest.Mock).mockReturnValue(true);
      }
      if (preload) await envOf(store).i18n.loadNamespaces('cashOut');
      store.applyHostProps(memberState());
      http.betting.post.mockImplementation(async (url, body) => answer(url, (body ?? {}) as Record<string, unknown>));
      myBetsOf(store).setBetList({ records: [wireRecord({ id: ORDER, ...recordFields })], total: 1 });
    },
  });
  const dialog = await screen.findByRole('dialog', { name: 'Early settlement' });
  return { ...rendered, onClose, dialog, push: push! };
}

/** The betting calls a store's fake env received. */
const http = (store: Parameters<typeof envOf>[0]) => (envOf(store).http.betting.post as unknown as jest.Mock<(url: string, body?: unknown) => unknown>).mock.calls;

const executions = (http: Awaited<ReturnType<typeof renderDialog>>['http']) =>
  http.betting.post.mock.calls.filter(([url]) => url === CASH_OUT_PATHS.execute).map(([, body]) => body);

describe('<CashOutDialog>', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows the live offer, refreshed every 5 s while open and push is down', async () => {
    // Time also moves on its own, so rendering (which waits on React's scheduler) goes through.
    jest.useFakeTimers({ advanceTimers: true, doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    let amount = '95.00';
    const { http, unmount } = await renderDialog((url) => (url === CASH_OUT_PATHS.price ? quote(amount) : undefined));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByTestId('cash-out-price')).toHaveTextContent('¥95.00');
    expect(screen.getByTestId('cash-out-payout')).toHaveTextContent('¥95.00');
    expect(screen.getByRole('button', { name: 'Settle for ¥95.00' })).toBeEnabled();
    amount = '97.10';
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5000);
    });
    expect(screen.getByTestId('cash-out-price')).toHaveTextContent('¥97.10');
    expect(screen.getByText('The offer is updated every 5 seconds.')).toBeInTheDocument();
    const asked = () => http.betting.post.mock.calls.filter(([url]) => url === CASH_OUT_PATHS.price).length;
    expect(asked()).toBe(2);
    unmount();
    await jest.advanceTimersByTimeAsync(10000);
    expect(asked()).toBe(2);
  });

  it('moves with the offers pushed on the member channel and, with push up, asks for none every 5 s', async () => {
    jest.useFakeTimers({ advanceTimers: true, doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const { http, dialog, push, unmount } = await renderDialog((url) => (url === CASH_OUT_PATHS.price ? quote() : undefined), {}, true, true);
    const channel = PushChannel.memberCashOut(1);
    expect(await within(dialog).findByTestId('cash-out-price')).toHaveTextContent('¥95.00');
    expect(push.subscribers(channel)).toBe(1);
    expect(within(dialog).getByText('The offer follows the prices as they move.')).toBeInTheDocument();

    act(() => push.deliver(channel, { kind: 'offers', offers: [{ oid: ORDER, amt: '97.10', st: 1, rate: '0.971000' }] } satisfies MemberCashOutPush));
    expect(within(dialog).getByTestId('cash-out-price')).toHaveTextContent('¥97.10');
    expect(within(dialog).getByTestId('cash-out-payout')).toHaveTextContent('¥97.10');
    expect(within(dialog).getByRole('button', { name: 'Settle for ¥97.10' })).toBeEnabled();
    // The minimums the price answer brought stay: the part range is still ¥10.00 to ¥90.00.
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Part of it' }));
    expect(within(dialog).getByText('From ¥10.00 to ¥90.00')).toBeInTheDocument();

    act(() => push.deliver(channel, { kind: 'offers', offers: [{ oid: ORDER, amt: '0.00', st: 0, rate: '0.000000', reason: 4 }] } satisfies MemberCashOutPush));
    expect(within(dialog).getByTestId('cash-out-price')).toHaveTextContent('Early settlement is not offered for this bet right now.');
    expect(within(dialog).getByText('A market of this bet is suspended')).toBeInTheDocument();

    await act(async () => {
      await jest.advanceTimersByTimeAsync(20_000);
    });
    expect(http.betting.post.mock.calls.filter(([url]) => url === CASH_OUT_PATHS.price)).toHaveLength(1);
    unmount();
    expect(push.subscribers(channel)).toBe(0);
  });

  it('shows a handicap selection with its line and odds in the member’s odds format', async () => {
    const { dialog, store } = await renderDialog((url) => (url === CASH_OUT_PATHS.price ? quote() : undefined), {
      options: [wireOption({ optionName: 'Arsenal', marketType: 1000, outcomeCount: 2, linear: '-0.75', betOdds: '2.400' })],
    });
    expect(within(dialog).getByText('Arsenal -0.5/1 @ 2.40')).toBeInTheDocument();
    act(() => store.settings.setOddsFormat(2));
    expect(within(dialog).getByText('Arsenal -0.5/1 @ 1.40')).toBeInTheDocument();
    act(() => store.settings.setOddsFormat(3));
    expect(within(dialog).getByText('Arsenal -0.5/1 @ -0.71')).toBeInTheDocument();
  });

  it('shows a 1X2 selection in decimal odds whatever the member’s format', async () => {
    const { dialog, store } = await renderDialog((url) => (url === CASH_OUT_PATHS.price ? quote() : undefined), {
      options: [wireOption({ optionName: 'Arsenal', betOdds: '2.400' })],
    });
    act(() => store.settings.setOddsFormat(3));
    expect(within(dialog).getByText('Arsenal @ 2.40')).toBeInTheDocument();
    act(() => store.settings.setOddsFormat(4));
    expect(within(dialog).getByText('Arsenal @ 2.40')).toBeInTheDocument();
  });

  it('settles all of the stake, sending the payout shown as the expected amount', async () => {
    const { http, dialog, store } = await renderDialog((url) => {
      if (url === CASH_OUT_PATHS.price) return quote();
      if (url === CASH_OUT_PATHS.execute) return { cashOutId: 'c1', status: 5, payout: '95.00', remainingStake: '0.00', orderStatus: 102 };
      return undefined;
    });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Settle for ¥95.00' }));
    expect(executions(http)).toEqual([{ orderId: ORDER, cashOutStake: '100.00', expectedAmount: '95.00' }]);
    expect(envOf(store).toast.toasts.map((t) => t.message)).toEqual(['Settled successfully']);
    expect(dialog).not.toHaveAttribute('open');
  });

  it('settles a part within the minimums, showing the payout of the part', async () => {
    const { http, dialog } = await renderDialog((url) => {
      if (url === CASH_OUT_PATHS.price) return quote();
      if (url === CASH_OUT_PATHS.execute) return { cashOutId: 'c1', status: 5, payout: '38.00', remainingStake: '60.00', orderStatus: 4 };
      return undefined;
    });
    await within(dialog).findByRole('button', { name: 'Settle for ¥95.00' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Part of it' }));
    expect(within(dialog).getByText('From ¥10.00 to ¥90.00')).toBeInTheDocument();
    const slider = within(dialog).getByRole('slider', { name: 'Stake to settle' });
    expect(slider).toHaveAttribute('min', '10.00');
    expect(slider).toHaveAttribute('max', '90.00');

    const input = within(dialog).getByRole('textbox', { name: 'Stake to settle (CNY)' });
    await userEvent.clear(input);
    await userEvent.type(input, '5');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('cash-out-payout')).toHaveTextContent('–');
    expect(within(dialog).getByRole('button', { name: 'Early settlement' })).toBeDisabled();

    await userEvent.clear(input);
    await userEvent.type(input, '95');
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(input);
    await userEvent.type(input, '40');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByTestId('cash-out-payout')).toHaveTextContent('¥38.00');
    expect(within(dialog).getByText('¥60.00 keeps running at the odds you took.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Settle for ¥38.00' }));
    expect(executions(http)).toEqual([{ orderId: ORDER, cashOutStake: '40.00', expectedAmount: '38.00' }]);
  });

  it('offers only the whole stake when no part fits the minimums', async () => {
    const { dialog } = await renderDialog((url) => (url === CASH_OUT_PATHS.price ? quote('14.25') : undefined), { remainingPrincipal: '15.00' });
    await within(dialog).findByRole('button', { name: 'Settle for ¥14.25' });
    expect(within(dialog).getByRole('radio', { name: 'Part of it' })).toBeDisabled();
    expect(within(dialog).getByText('The stake still running is too small to settle in part.')).toBeInTheDocument();
  });

  it('shows the platform refusal, and the spec message when there was no answer', async () => {
    const msg = 'Cash out unavailable: trader reject (reason 5): the offer for 100.00 is 90.00, below the 95.00 expected';
    let refusal: Error = new ApiError({ code: 15021, message: msg, service: 'betting', httpStatus: 409 });
    const { dialog } = await renderDialog((url) => {
      if (url === CASH_OUT_PATHS.price) return quote();
      if (url === CASH_OUT_PATHS.execute) throw refusal;
      return undefined;
    });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Settle for ¥95.00' }));
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Early settlement was refused.');
    expect(alert).toHaveTextContent(msg);

    refusal = new ApiError({ code: -1, message: 'Network Error', service: 'betting' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Settle for ¥95.00' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to settle in advance (please try again)');
  });

  it('tells an in-play cash out is being confirmed and blocks another', async () => {
    const { dialog, store } = await renderDialog((url) => {
      if (url === CASH_OUT_PATHS.price) return quote();
      if (url === CASH_OUT_PATHS.execute) return { cashOutId: 'c1', status: 1, payout: '95.00', remainingStake: '100.00', orderStatus: 101 };
      return undefined;
    });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Settle for ¥95.00' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Settlement in progress (please wait)');
    expect(cashOutOf(store).isPolling(ORDER)).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Settle for ¥95.00' })).toBeDisabled();
    act(() => store.dispose());
  });

  it('a full in-play cash out of a parlay says it is being settled, then that it paid, and never that it was refused', async () => {
    jest.useFakeTimers({ advanceTimers: true, doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    // Once sent, the order is being cashed out (then cashed out): the platform offers it nothing and says why.
    let sent = false;
    let settled = false;
    const { dialog, store } = await renderDialog(
      (url) => {
        if (url === CASH_OUT_PATHS.price) return sent ? quote('0.00', { st: 0, reason: 7 }) : quote('182.40', { rate: '1.824' });
        if (url === CASH_OUT_PATHS.execute) {
          sent = true;
          return { cashOutId: 'c1', status: 1, payout: '182.40', remainingStake: '100.00', orderStatus: 101 };
        }
        if (url === CASH_OUT_PATHS.byIds) return [{ id: 'c1', orderId: ORDER, amount: '100.00', payout: '182.40', orderStatus: settled ? 5 : 1, refundAmount: '0.00', cancelReason: null, createdTime: 1 }];
        return undefined;
      },
      { betType: 2, seriesType: 3001, matchCount: 3, options: [wireOption({ optionName: 'A' }), wireOption({ optionName: 'B' }), wireOption({ optionName: 'C' })] },
    );
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Settle for ¥182.40' }));
    const refused = () => [within(dialog).queryByText('Early settlement is not offered for this bet right now.'), within(dialog).queryByText('Settlement refused')];

    // The quote refreshes while the book confirms: the order has no offer now, which is no news to the member.
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5000);
    });
    expect(screen.getByTestId('cash-out-price')).toHaveTextContent('The offer you confirmed is being settled.');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Settlement in progress (please wait)');
    expect(refused()).toEqual([null, null]);

    settled = true;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5000);
    });
    expect(envOf(store).toast.toasts.map((t) => t.message)).toEqual(['Settled successfully']);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Settled successfully: you received ¥182.40.');
    expect(within(dialog).queryByText(/in progress/)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /^Settle/ })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    // Nothing asks for an offer of a bet that is gone, so nothing can say it was refused.
    const asked = http(store).filter(([url]) => url === CASH_OUT_PATHS.price).length;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10000);
    });
    expect(http(store).filter(([url]) => url === CASH_OUT_PATHS.price)).toHaveLength(asked);
    expect(refused()).toEqual([null, null]);
    act(() => store.dispose());
  });

  it('says how a followed cash out ended when the book refused it', async () => {
    jest.useFakeTimers({ advanceTimers: true, doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const { dialog, store } = await renderDialog((url) => {
      if (url === CASH_OUT_PATHS.price) return quote();
      if (url === CASH_OUT_PATHS.execute) return { cashOutId: 'c1', status: 1, payout: '95.00', remainingStake: '100.00', orderStatus: 101 };
      if (url === CASH_OUT_PATHS.byIds) return [{ id: 'c1', orderId: ORDER, amount: '100.00', payout: '0.00', orderStatus: 2, refundAmount: '100.00', cancelReason: 4, createdTime: 1 }];
      return undefined;
    });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Settle for ¥95.00' }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5000);
    });
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Settlement failed');
    expect(alert).toHaveTextContent('A market of this bet is suspended');
    // The bet runs on: the member may try again at the offer now.
    expect(within(dialog).getByRole('button', { name: 'Settle for ¥95.00' })).toBeEnabled();
    act(() => store.dispose());
  });

  it('says when no offer is available', async () => {
    const { dialog } = await renderDialog((url) => (url === CASH_OUT_PATHS.price ? quote('0.00', { st: 0, reason: 4 }) : undefined));
    expect(await within(dialog).findByText('Early settlement is not offered for this bet right now.')).toBeInTheDocument();
    expect(within(dialog).getByText('A market of this bet is suspended')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Early settlement' })).toBeDisabled();
  });

  it('sets and cancels the automatic rule', async () => {
    const { http, dialog } = await renderDialog((url, body) => {
      if (url === CASH_OUT_PATHS.price) return quote();
      if (url === CASH_OUT_PATHS.auto) return { id: 7, orderId: ORDER, stake: body.cashOutStake, threshold: body.threshold, status: 0, cashOutId: null, createdTime: 1 };
      if (url === CASH_OUT_PATHS.autoCancel) return { cancelled: 1 };
      return undefined;
    });
    await within(dialog).findByRole('button', { name: 'Settle for ¥95.00' });
    const auto = within(dialog).getByRole('region', { name: 'Automatic early settlement' });
    expect(within(auto).getByText('No rule set.')).toBeInTheDocument();
    await userEvent.type(within(auto).getByRole('textbox', { name: 'Target offer (CNY)' }), '120');
    await userEvent.click(within(auto).getByRole('button', { name: 'Set rule' }));
    expect(http.betting.post).toHaveBeenCalledWith(CASH_OUT_PATHS.auto, { orderId: ORDER, cashOutStake: '100.00', threshold: '120.00' });
    expect(within(auto).getByText('Active: settle ¥100.00 once the offer reaches ¥120.00.')).toBeInTheDocument();
    await userEvent.click(within(auto).getByRole('button', { name: 'Cancel rule' }));
    expect(http.betting.post).toHaveBeenCalledWith(CASH_OUT_PATHS.autoCancel, { orderId: ORDER });
    expect(within(auto).getByText('No rule set.')).toBeInTheDocument();
  });

  it('loads its words on first use without suspending the screen that opened it', async () => {
    const { dialog } = await renderDialog((url) => (url === CASH_OUT_PATHS.price ? quote() : undefined), {}, false);
    expect(await within(dialog).findByRole('button', { name: 'Settle for ¥95.00' })).toBeInTheDocument();
  });

  it('closes on Close, and gives the parent its onClose', async () => {
    const { dialog, onClose } = await renderDialog((url) => (url === CASH_OUT_PATHS.price ? quote() : undefined));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(dialog).not.toHaveAttribute('open');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
