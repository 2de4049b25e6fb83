import { describe, expect, it } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OddsFormat } from '../../../domain/odds';
import { ApiError } from '../../services/http';
import { wireReservation } from '../../testing/betRecordFixtures';
import { fakeBettingService, memberState, pushOdds, selection } from '../../testing/bettingFixtures';
import { renderWithStore } from '../../testing/renderWithStore';
import { envOf } from '../../core/store/env';
import { fakeReservationService, preBetParameters } from '../../testing/reservationFixtures';
import { BetSlipPanel } from '../slip/BetSlipPanel';

async function renderSlip({ login = true } = {}) {
  let betting!: ReturnType<typeof fakeBettingService>;
  let service!: ReturnType<typeof fakeReservationService>;
  const rendered = await renderWithStore(<BetSlipPanel />, {
    before: ({ store, http }) => {
      betting = fakeBettingService(http);
      service = fakeReservationService(http);
      if (login) store.applyHostProps(memberState());
    },
  });
  await screen.findByRole('tablist', { name: 'Bet type' });
  await act(async () => {
    rendered.env.events.emit('betSlip.add', selection(1));
  });
  return { ...rendered, betting, ...service };
}

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Pre-bet on home -0.5' }));
  return screen.findByRole('dialog', { name: 'Book a pre-bet' });
}

describe('<PreBetDialog>', () => {
  it('shows the selection, the current odds, the decimal requested odds from minOdds, the stake limits and the expiry', async () => {
    const { store } = await renderSlip();
    await act(async () => store.betSlip.setStake(1, '50'));
    const dialog = await openDialog();
    expect(dialog).toHaveTextContent('home -0.5');
    expect(dialog).toHaveTextContent('Home 1 – Away 1');
    expect(within(dialog).getByTestId('prebet-current-odds')).toHaveTextContent('1.95');
    const odds = await within(dialog).findByRole('textbox', { name: 'Requested odds (decimal)' });
    expect(odds).toHaveValue('1.96');
    expect(odds).toHaveAccessibleDescription(/Pre-bets are booked in decimal odds.*From 1.96 to 5.85/);
    const stake = within(dialog).getByRole('textbox', { name: 'Stake (CNY)' });
    expect(stake).toHaveValue('50.00');
    expect(stake).toHaveAccessibleDescription(/Limits ¥10.00 – ¥20,000.00/);
    expect(dialog).toHaveTextContent('Returns ¥98.00 if placed and won');
    // Kick-off 12:00 UTC is 20:00 in the platform's zone (Shanghai).
    expect(within(dialog).getByTestId('prebet-expiry')).toHaveTextContent('Valid until kick-off (2026-11-21 20:00)');
    expect(within(dialog).getByRole('button', { name: 'Book pre-bet' })).toBeEnabled();
  });

  it('shows the current odds in the member’s format with the decimal value, and an in-play pre-bet lasts while the market is open', async () => {
    const { store, answerParameters } = await renderSlip();
    answerParameters(preBetParameters({ isInPlay: true, expiresAt: null }));
    await act(async () => store.settings.setOddsFormat(OddsFormat.HongKong));
    const dialog = await openDialog();
    expect(within(dialog).getByTestId('prebet-current-odds')).toHaveTextContent('0.95 (decimal 1.95)');
    expect(await within(dialog).findByTestId('prebet-expiry')).toHaveTextContent('Valid while the market is open.');
  });

  it('steps the odds and says why the pre-bet cannot be booked', async () => {
    await renderSlip();
    const dialog = await openDialog();
    const odds = await within(dialog).findByRole('textbox', { name: 'Requested odds (decimal)' });
    const book = within(dialog).getByRole('button', { name: 'Book pre-bet' });
    expect(book).toBeDisabled();
    expect(book).toHaveAccessibleDescription('Please enter stake');
    expect(within(dialog).getByRole('button', { name: 'Lower the requested odds by 0.01' })).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Raise the requested odds by 0.01' }));
    expect(odds).toHaveValue('1.97');
    await userEvent.clear(odds);
    await userEvent.type(odds, '1.9');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Stake (CNY)' }), '100');
    expect(book).toHaveAccessibleDescription('The requested odds must be at least 1.96');
    expect(odds).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(odds, '9');
    expect(book).toBeEnabled();
  });

  it('books: a toast, the entry leaves the slip, the dialog closes and focus goes back to the slip', async () => {
    const { env, store, answerBook, bookCalls } = await renderSlip();
    const dialog = await openDialog();
    await within(dialog).findByRole('textbox', { name: 'Requested odds (decimal)' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Stake (CNY)' }), '100');
    answerBook({ ...wireReservation(), repeated: false });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book pre-bet' }));

    expect(bookCalls()).toEqual([expect.objectContaining({ matchId: 1, marketId: 100, optionType: 'home', odds: '1.96', unitStake: '100.00' })]);
    expect(env.toast.toasts.map((t) => [t.type, t.message])).toEqual([['success', 'Pre-bet booked']]);
    expect(env.toast.toasts[0]!.detail).toBe('Home 1 – Away 1 · home -0.5 @ 1.96, stake ¥100.00');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.betSlip.isEmpty).toBe(true);
    expect(screen.getByRole('tab', { name: 'Single' })).toHaveFocus();
  });

  it('shows a refusal with the platform’s message and stays open; Cancel closes and returns focus to the button', async () => {
    const { answerBook } = await renderSlip();
    const dialog = await openDialog();
    await within(dialog).findByRole('textbox', { name: 'Requested odds (decimal)' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Stake (CNY)' }), '100');
    answerBook(new ApiError({ code: 15033, message: 'at most 50 booked pre-bets at a time', service: 'betting', httpStatus: 422 }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book pre-bet' }));

    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Too many booked pre-bets: cancel one or wait until one is placed');
    expect(alert).toHaveTextContent('Platform message: at most 50 booked pre-bets at a time');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Pre-bet on home -0.5' })).toHaveFocus();
  });

  it('offers no pre-bet in parlay mode or on a suspended market', async () => {
    const { store } = await renderSlip();
    expect(await screen.findByRole('button', { name: 'Pre-bet on home -0.5' })).toBeInTheDocument();
    await act(async () => store.betSlip.setMode('parlay'));
    expect(screen.queryByRole('button', { name: /^Pre-bet/ })).toBeNull();
    await act(async () => store.betSlip.setMode('single'));
    await act(async () => pushOdds(envOf(store), { kind: 'odds', matchId: 1, markets: [{ marketId: 100, marketType: 1000, period: 'ft', status: 0, allowParley: true, line: '-0.5', options: [{ type: 'home', odd: '1.950', line: '-0.5', isLock: false }] }] }));
    expect(screen.queryByRole('button', { name: /^Pre-bet/ })).toBeNull();
  });
});
