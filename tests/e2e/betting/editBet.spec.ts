import { betCard, betCards, checkAccessible, FOOTBALL, myBetsTab, openMyBets, pickInList, placeAndCollectOrders, signInOnHost, slip, slipEntries, app } from '../support/betting';
import { EARLY_FOOTBALL, expectPlatformBalance, priceHomeWin } from '../support/bettingWorld';
import { expect, test } from '../support/world';

/**
 * Edit bet (issue 33) from My bets: a fresh member's treble on three pre-match matches of the test's own, each home win
 * priced at 2.00 by the test, so every figure is known to the cent. Nothing moves: the cash-out value is the stake
 * less the 5% margin of config/platform.json (10.00 x 8.00 / 8.00 x 0.95 = 9.50), the new double is 2.00 x 2.00.
 */
test.describe('edit bet from My bets', () => {
  test('a parlay loses a leg and its stake is raised: the new bet replaces it and the balance pays only the raise', async ({ page, request, world }) => {
    const member = await world.member();
    const matches = [await world.match({ sportId: FOOTBALL, list: 'early', parlay: true }), await world.match({ sportId: FOOTBALL, list: 'early', parlay: true }), await world.match({ sportId: FOOTBALL, list: 'early', parlay: true })];
    for (const match of matches) await priceHomeWin(request, world, match.matchId, '2.00');
    await signInOnHost(page, member, { query: EARLY_FOOTBALL });
    await slip(page).getByRole('tab', { name: 'Parlay' }).click();
    for (const match of matches) await pickInList(page, match.matchId);
    await expect(slipEntries(page)).toHaveCount(3);
    await slip(page).locator('li[data-series="3001"]').getByRole('textbox', { name: /^Unit stake/ }).fill('10');
    const [orderId] = await placeAndCollectOrders(page);
    await expect(slipEntries(page)).toHaveCount(0);
    await expectPlatformBalance(request, member, '9990.00');

    await openMyBets(page);
    await myBetsTab(page, 'Unsettled');
    await betCard(page, orderId!).getByRole('button', { name: 'Edit bet' }).click();
    const dialog = app(page).getByRole('dialog', { name: 'Edit bet' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Confirm edit' })).toBeDisabled();
    // The second match's leg goes; 20.00 more goes in.
    await dialog.getByRole('checkbox', { name: new RegExp(matches[1]!.home.ENG!) }).uncheck();
    await dialog.getByRole('textbox', { name: 'Change the stake by (CNY)' }).fill('20');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const figures = dialog.getByTestId('edit-bet-preview');
    await expect(figures).toContainText('Cash-out value applied¥9.50');
    await expect(figures).toContainText('New stake¥29.50');
    await expect(figures).toContainText('New odds4.00');
    await expect(figures).toContainText('Potential return¥118.00');
    await checkAccessible(page, 'the edit-bet dialog with its preview');
    await dialog.getByRole('button', { name: 'Confirm edit' }).click();

    await expect(dialog.getByTestId('edit-bet-done')).toContainText('with a stake of ¥29.50');
    // 9,990.00 + the 9.50 cash out - the 29.50 new stake.
    await expectPlatformBalance(request, member, '9970.00');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    // The old bet left the unsettled bets (cashed out); the new double is there with its stake.
    await expect(betCard(page, orderId!)).toHaveCount(0);
    await expect(betCards(page)).toHaveCount(1);
    const card = betCards(page).first();
    await expect(card.getByRole('heading', { level: 2 })).toContainText('Parlay');
    await expect(card.getByRole('list', { name: 'Selections' }).getByRole('listitem')).toHaveCount(2);
    await expect(card.getByText('Stake').locator('..')).toContainText('¥29.50');
    await myBetsTab(page, 'Settled');
    await expect(betCard(page, orderId!)).toHaveAttribute('data-status', 'earlySettlement');
  });
});
