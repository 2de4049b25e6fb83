import type Decimal from 'decimal.js';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/cspGuard';
import {
  app,
  checkAccessible,
  betCard,
  entryStake,
  hostBalance,
  moneyValue,
  myBetsTab,
  openList,
  openMyBets,
  pickSelection,
  placeAndCollectOrders,
  platformBalance,
  signInOnHost,
  slip,
  slipEntries,
  teamsOf,
  toasts,
} from '../support/betting';

/**
 * Early settlement from My bets. The member is demo2, who only ever bets on Early matches in this suite (here and the
 * Trixie), so no bet of theirs settles during the run and the host header's balance moves only by what this test
 * does. Pre-match bets also mean the platform pays a cash out at once (no in-play delay).
 */
test.describe('early settlement (cash out) from My bets', () => {
  test('one bet is cashed out in full and another in part; the host balance rises by each payout', async ({ page, request }) => {
    test.setTimeout(180_000);
    await signInOnHost(page, 'demo2');
    await openList(page, 'Early');
    const first = await pickSelection(page);
    const second = await pickSelection(page, { exclude: [first] });
    await expect(slipEntries(page)).toHaveCount(2);
    const teams = [await teamsOf(slip(page).locator(`article[data-match-id="${first}"]`)), await teamsOf(slip(page).locator(`article[data-match-id="${second}"]`))];
    for (const id of [first, second]) await entryStake(slip(page).locator(`article[data-match-id="${id}"]`)).fill('100');
    await expect(slip(page).getByTestId('slip-total-stake')).toHaveText('¥200.00');
    const orders = await placeAndCollectOrders(page);
    expect(orders).toHaveLength(2);
    await expect(toasts(page).getByRole('status').filter({ hasText: 'Bet placed' })).toContainText(teams[1]!.home);
    await expect(slipEntries(page)).toHaveCount(0);

    await openMyBets(page);
    await myBetsTab(page, 'Unsettled');
    const cardOf = (t: { home: string; away: string }) => betCard(page, orders[teams.indexOf(t)]!);
    await expect(cardOf(teams[0]!)).toHaveAttribute('data-status', 'confirm');
    await expect(cardOf(teams[1]!)).toHaveAttribute('data-status', 'confirm');

    // In full: the whole stake still running is settled at the offer the dialog shows.
    const beforeFull = await settledBalance(page, request);
    const full = await openCashOut(page, cardOf(teams[0]!));
    await expect(full.getByRole('radio', { name: 'All of it' })).toBeChecked();
    const fullPayout = await shownPayout(full);
    await page.screenshot({ path: test.info().outputPath('cash-out-dialog-full.png') });
    await checkAccessible(page, 'the cash-out dialog, in full');
    await settle(full, fullPayout);
    await expect(full).toBeHidden();
    await expect(toasts(page).getByRole('status').filter({ hasText: 'Settled successfully' })).toBeVisible();
    // A bet settled in full leaves the unsettled view.
    await expect(cardOf(teams[0]!)).toHaveCount(0);
    await expectHostBalance(page, beforeFull.plus(fullPayout));

    // In part: 40 of the 100 are settled; 60 keep running.
    const beforePart = await settledBalance(page, request);
    const part = await openCashOut(page, cardOf(teams[1]!));
    await part.getByRole('radio', { name: 'Part of it' }).check();
    await expect(part.getByText('From ¥10.00 to ¥90.00')).toBeVisible();
    await part.getByRole('textbox', { name: 'Stake to settle (CNY)' }).fill('40');
    await expect(part.getByText('¥60.00 keeps running at the odds you took.')).toBeVisible();
    const partPayout = await shownPayout(part);
    await page.screenshot({ path: test.info().outputPath('cash-out-dialog-partial.png') });
    await checkAccessible(page, 'the cash-out dialog, in part');
    await settle(part, partPayout);
    await expect(part).toBeHidden();
    await expect(toasts(page).getByRole('status').filter({ hasText: 'Partly settled successfully' })).toBeVisible();
    await expectHostBalance(page, beforePart.plus(partPayout));

    const running = cardOf(teams[1]!);
    await expect(running).toHaveAttribute('data-status', 'confirm');
    await expect(running.getByRole('definition').filter({ hasText: '¥60.00' })).toBeVisible();
    await expect(running).toContainText('Stake still running');

    // After a reload of My bets the partial cash out is in the order's history with the payout the dialog showed,
    // and the full one is among the settled bets as settled early.
    await myBetsTab(page, 'Settled');
    await expect(cardOf(teams[0]!)).toHaveAttribute('data-status', 'earlySettlement');
    await expect(cardOf(teams[0]!).getByRole('table')).toContainText(fullPayout.toFixed(2));
    await myBetsTab(page, 'Unsettled');
    const history = cardOf(teams[1]!).getByRole('region', { name: 'Early settlements' });
    await expect(history.getByRole('row').filter({ hasText: '¥40.00' })).toContainText(`¥${partPayout.toFixed(2)}`);
    await page.screenshot({ path: test.info().outputPath('my-bets-after-cash-out.png') });
    await checkAccessible(page, 'My bets after cash outs');
  });
});

/** Opens the early-settlement dialog of a bet card and waits for the live offer. */
async function openCashOut(page: Page, card: Locator): Promise<Locator> {
  await card.getByRole('button', { name: 'Early settlement' }).click();
  const dialog = app(page).getByRole('dialog', { name: 'Early settlement' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('cash-out-price')).toHaveText(/^¥[\d,]+\.\d{2}$/);
  return dialog;
}

/** The payout the dialog offers for what is chosen ("You receive ¥98.50"). */
async function shownPayout(dialog: Locator): Promise<Decimal> {
  const payout = dialog.getByTestId('cash-out-payout');
  await expect(payout).toHaveText(/^¥[\d,]+\.\d{2}$/);
  return moneyValue((await payout.textContent()) ?? '');
}

/** Confirms at the payout read from the dialog: its button names that amount ("Settle for ¥98.50"). */
async function settle(dialog: Locator, payout: Decimal) {
  await dialog.getByRole('button', { name: `Settle for ¥${payout.toFixed(2)}` }).click();
}

/**
 * The balance before a cash out, once the host header shows what the platform has (the host refreshes its login
 * state every 10 s): the header's change after the cash out is then the payout alone.
 */
async function settledBalance(page: Page, request: Parameters<typeof platformBalance>[1]): Promise<Decimal> {
  const balance = await platformBalance(page, request);
  await expectHostBalance(page, balance, 25_000);
  return balance;
}

/** After a cash out the app hands the host its fresh balance (onBalanceChange), sooner than the host's 10 s refresh. */
async function expectHostBalance(page: Page, expected: Decimal, timeout = 6_000) {
  await expect.poll(async () => (await hostBalance(page)).toFixed(2), { timeout, message: 'the host header balance' }).toBe(expected.toFixed(2));
}
