import type { APIRequestContext, Page } from '@playwright/test';
import type { ClaimedMatch, TestMember } from '../../../contract/testControls';
import Decimal from 'decimal.js';
import { app, betCard, checkAccessible, entryStake, FOOTBALL, hostBalance, moneyValue, myBetsTab, openMyBets, pickInList, placeAndCollectOrders, signInOnHost, slip, slipEntries, toasts } from '../support/betting';
import { expectPlatformBalance, homeWinInSlip, openCashOut, priceHomeWin, type Price } from '../support/bettingWorld';
import { expect, recordSubscriptions, test, type World } from '../support/world';
import { shot } from '../support/shots';

/**
 * Early settlement (cash out) from My bets, on a fresh member's 100.00 single on a pre-match match of the test's own
 * (paid at once: no in-play delay). The test takes the bet at 2.50 and then moves the price itself, so the offer is
 * known to the cent: stake x 2.50 / price now x (1 - the 5% margin of config/platform.json), rounded to 3 decimals and
 * floored to the cent (docs/api.md, "Cash out").
 */
test.describe('early settlement (cash out) from My bets', () => {
  test('a bet is cashed out in full at the offer for the price now; the balance rises by that payout', async ({ page, request, world }) => {
    const { member, orderId, price } = await betAtTwoFifty(page, request, world);
    // The price drifts out to 3.00: 100 x 2.50 / 3.00 x 0.95 = 79.1666…, so the offer is 79.16.
    await world.setMarket({ marketId: price.marketId, odds: { [price.option]: '3.00' } });

    await openMyBets(page);
    await myBetsTab(page, 'Unsettled');
    const card = betCard(page, orderId);
    await expect(card).toHaveAttribute('data-status', 'confirm');
    const summary = app(page).getByRole('region', { name: 'Summary' });
    await expect(summary).toContainText('Total stake ¥100.00');
    const dialog = await openCashOut(page, card);
    await expect(dialog.getByTestId('cash-out-price')).toHaveText('¥79.16');
    await expect(dialog.getByRole('radio', { name: 'All of it' })).toBeChecked();
    await expect(dialog.getByTestId('cash-out-payout')).toHaveText('¥79.16');
    await shot(page, 'cash-out-dialog-full.png');
    await checkAccessible(page, 'the cash-out dialog, in full');
    await dialog.getByRole('button', { name: 'Settle for ¥79.16' }).click();

    await expect(dialog).toBeHidden();
    await expect(toasts(page).getByRole('status').filter({ hasText: 'Settled successfully' })).toBeVisible();
    // A bet settled in full leaves the unsettled bets, and their summary: it was the only one, so there is none.
    await expect(card).toHaveCount(0);
    await expect(summary).toHaveCount(0);
    await expectPlatformBalance(request, member, '9979.16');
    await expectHostBalance(page, '9979.16');

    await myBetsTab(page, 'Settled');
    await expect(card).toHaveAttribute('data-status', 'earlySettlement');
    await expect(card).toContainText('Settled early');
    await expect(card.getByRole('region', { name: 'Early settlements' }).getByRole('row').filter({ hasText: '¥100.00' })).toContainText('¥79.16');
  });

  test('a bet is cashed out in part: the payout of that part is paid and the rest keeps running', async ({ page, request, world }) => {
    const { member, orderId, price } = await betAtTwoFifty(page, request, world);
    // The price shortens to 2.00: each 1.00 still running is worth 2.50 / 2.00 x 0.95 = 1.1875.
    await world.setMarket({ marketId: price.marketId, odds: { [price.option]: '2.00' } });

    await openMyBets(page);
    await myBetsTab(page, 'Unsettled');
    const card = betCard(page, orderId);
    const dialog = await openCashOut(page, card);
    await expect(dialog.getByTestId('cash-out-price')).toHaveText('¥118.75');
    await dialog.getByRole('radio', { name: 'Part of it' }).check();
    // At least the 10.00 minimum settled, and at least as much left running.
    await expect(dialog.getByText('From ¥10.00 to ¥90.00')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Stake to settle (CNY)' }).fill('40');
    await expect(dialog.getByText('¥60.00 keeps running at the odds you took.')).toBeVisible();
    await expect(dialog.getByTestId('cash-out-payout')).toHaveText('¥47.50');
    await shot(page, 'cash-out-dialog-partial.png');
    await checkAccessible(page, 'the cash-out dialog, in part');
    await dialog.getByRole('button', { name: 'Settle for ¥47.50' }).click();

    await expect(dialog).toBeHidden();
    await expect(toasts(page).getByRole('status').filter({ hasText: 'Partly settled successfully' })).toBeVisible();
    await expectPlatformBalance(request, member, '9947.50');
    await expectHostBalance(page, '9947.50');
    await expect(card).toHaveAttribute('data-status', 'confirm');
    await expect(card.getByRole('definition').filter({ hasText: '¥60.00' })).toBeVisible();
    await expect(card).toContainText('Stake still running');

    // Loaded again, the order is still unsettled (not among the settled ones) with the cash out in its history.
    await myBetsTab(page, 'Settled');
    await expect(card).toHaveCount(0);
    await myBetsTab(page, 'Unsettled');
    await expect(card.getByRole('region', { name: 'Early settlements' }).getByRole('row').filter({ hasText: '¥40.00' })).toContainText('¥47.50');
    await expect(card.getByRole('definition').filter({ hasText: '¥60.00' })).toBeVisible();
    await shot(page, 'my-bets-after-cash-out.png');
    await checkAccessible(page, 'My bets after a partial cash out');
  });

  test('an automatic early settlement fires when the test moves the price so the offer reaches the target', async ({ page, request, world }) => {
    const { member, orderId, price } = await betAtTwoFifty(page, request, world);

    await openMyBets(page);
    await myBetsTab(page, 'Unsettled');
    const card = betCard(page, orderId);
    const dialog = await openCashOut(page, card);
    // Nothing moved: the offer is the stake less the margin.
    await expect(dialog.getByTestId('cash-out-price')).toHaveText('¥95.00');
    const rule = dialog.getByRole('region', { name: 'Automatic early settlement' });
    await expect(rule.getByRole('textbox', { name: 'Stake the rule settles (CNY)' })).toHaveValue('100.00');
    await rule.getByRole('textbox', { name: 'Target offer (CNY)' }).fill('110');
    await rule.getByRole('button', { name: 'Set rule' }).click();
    await expect(rule.getByRole('status')).toHaveText('Automatic early settlement set.');
    await expect(rule).toContainText('Active: settle ¥100.00 once the offer reaches ¥110.00.');
    await checkAccessible(page, 'the cash-out dialog with an automatic rule');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toContainText('Automatic early settlement set');
    await expectPlatformBalance(request, member, '9900.00');

    // Shortened to 2.00 the offer is 118.75, past the 110.00 target: the rule pays the offer of that moment.
    await world.setMarket({ marketId: price.marketId, odds: { [price.option]: '2.00' } });
    await expectPlatformBalance(request, member, '10018.75');
    await myBetsTab(page, 'Settled');
    await expect(card).toHaveAttribute('data-status', 'earlySettlement');
    await expect(card.getByRole('region', { name: 'Early settlements' }).getByRole('row').filter({ hasText: '¥100.00' })).toContainText('¥118.75');
  });
});

test.describe('cash-out offers pushed, not polled (issue 33)', () => {
  test('with the dialog open, a price set moves the offer on screen within a second, without a cash-out poll', async ({ page, request, world }) => {
    const subscribed = recordSubscriptions(page);
    const { member, orderId, price } = await betAtTwoFifty(page, request, world);
    await openMyBets(page);
    await myBetsTab(page, 'Unsettled');
    const card = betCard(page, orderId);
    await expect(card.getByTestId('bet-cash-out-offer')).toHaveText('Cash-out offer: ¥95.00');
    const dialog = await openCashOut(page, card);
    // Asked for once when the dialog opens; from then on it follows the member's offer channel.
    await expect(dialog.getByTestId('cash-out-price')).toHaveText('¥95.00');
    await subscribed(`member:${member.uid}:cashOut`);
    await expect(dialog.getByText('The offer follows the prices as they move.')).toBeVisible();
    const polls: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/v1/order/cashOut/price')) polls.push(req.url());
    });

    // Shortened to 2.00: 100 x 2.50 / 2.00 x 0.95 = 118.75, on screen within a second of the price change.
    const changed = Date.now();
    await world.setMarket({ marketId: price.marketId, odds: { [price.option]: '2.00' } });
    await expect(dialog.getByTestId('cash-out-price')).toHaveText('¥118.75', { timeout: 1000 });
    expect(Date.now() - changed).toBeLessThan(1000);
    await expect(dialog.getByTestId('cash-out-payout')).toHaveText('¥118.75');
    await expect(card.getByTestId('bet-cash-out-offer')).toHaveText('Cash-out offer: ¥118.75');
    expect(polls).toEqual([]);
    await checkAccessible(page, 'the cash-out dialog following pushed offers');
  });
});

test.describe('early settlement of an in-play parlay', () => {
  test('a full cash out says it is being settled, then what it paid, and never that it was refused', async ({ page, request, world }) => {
    // Two of the book's in-play delays (5 s for the bet, 5 s for the cash out) on top of three picks and My bets: it
    // took 31 s with the 2-core machine loaded at 16, past the default.
    test.setTimeout(60_000);
    const member = await world.member();
    const matches = [await world.match({ sportId: FOOTBALL, parlay: true }), await world.match({ sportId: FOOTBALL, parlay: true }), await world.match({ sportId: FOOTBALL, parlay: true })];
    for (const match of matches) await priceHomeWin(request, world, match.matchId, '2.00');
    await signInOnHost(page, member, { query: 'list=1&sport=1' });
    await slip(page).getByRole('tab', { name: 'Parlay' }).click();
    for (const match of matches) await pickInList(page, match.matchId);
    await expect(slipEntries(page)).toHaveCount(3);
    // The treble: 2.00 x 2.00 x 2.00 = 8.00 for a 10.00 stake.
    await slip(page).locator('li[data-series="3001"]').getByRole('textbox', { name: /^Unit stake/ }).fill('10');
    const [orderId] = await placeAndCollectOrders(page);
    // In play: the book takes it after its delay.
    await expect(slipEntries(page)).toHaveCount(0, { timeout: 20_000 });

    await openMyBets(page);
    await myBetsTab(page, 'Unsettled');
    const card = betCard(page, orderId!);
    await expect(card).toHaveAttribute('data-status', 'confirm');
    const dialog = await openCashOut(page, card);
    const offer = await dialog.getByTestId('cash-out-price').textContent();
    expect(offer).toMatch(/^¥[\d,]+\.\d{2}$/);
    await dialog.getByRole('button', { name: `Settle for ${offer}` }).click();

    // In play the book confirms a cash out after its delay: meanwhile the dialog says so, not that none is offered.
    const notOffered = dialog.getByText('Early settlement is not offered for this bet right now.');
    await expect(dialog.getByTestId('cash-out-price')).toHaveText('The offer you confirmed is being settled.');
    await expect(dialog.getByTestId('cash-out-outcome')).toContainText('Settlement in progress');
    await expect(notOffered).toHaveCount(0);

    await expect(dialog.getByTestId('cash-out-outcome')).toHaveText(`Settled successfully: you received ${offer}.`, { timeout: 20_000 });
    await expect(notOffered).toHaveCount(0);
    await expect(dialog.getByText('Settlement refused')).toHaveCount(0);
    await expect(dialog.getByText(/in progress/)).toHaveCount(0);
    await shot(page, 'cash-out-parlay-settled.png');
    await checkAccessible(page, 'the cash-out dialog after an in-play cash out paid');
    await expectPlatformBalance(request, member, new Decimal('9990.00').plus(moneyValue(offer!)).toFixed(2));
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toHaveCount(0);
  });
});

/**
 * A fresh member signed in on the host with a 100.00 single on the home win of a pre-match match of the test's own,
 * whose price the test set to 2.50 first.
 */
async function betAtTwoFifty(page: Page, request: APIRequestContext, world: World): Promise<{ member: TestMember; match: ClaimedMatch; orderId: string; price: Price }> {
  const { member, match, price, entry } = await homeWinInSlip(page, request, world, '2.50');
  await entryStake(entry).fill('100');
  const [orderId] = await placeAndCollectOrders(page);
  await expect(toasts(page).getByRole('status').filter({ hasText: 'Bet placed' })).toContainText(match.home.ENG!);
  await expect(slipEntries(page)).toHaveCount(0);
  await expectPlatformBalance(request, member, '9900.00');
  return { member, match, orderId: orderId!, price };
}

/** The app hands the host its fresh balance after a cash out (onBalanceChange), sooner than the host's 10 s refresh. */
async function expectHostBalance(page: Page, expected: string) {
  await expect.poll(async () => (await hostBalance(page)).toFixed(2), { message: 'the host header balance' }).toBe(expected);
}
