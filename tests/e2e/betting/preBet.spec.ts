import Decimal from 'decimal.js';
import { expect, test } from '../support/cspGuard';
import {
  app,
  checkAccessible,
  entryStake,
  myBetsTab,
  openList,
  openMyBets,
  pickSelection,
  platformBalance,
  signInOnHost,
  slip,
  teamsOf,
  toasts,
} from '../support/betting';

/**
 * Pre-bets: booked from the slip at odds above the current ones (placed by the platform if the price gets there),
 * then modified and cancelled from My bets → Pre-bets. On an Early match, whose price holds still, so the pre-bet is
 * neither triggered nor lapses while the test runs.
 */
test.describe('pre-bets', () => {
  test('a pre-bet is booked from the slip, modified and cancelled in My bets', async ({ page, request }) => {
    await signInOnHost(page);
    const before = await platformBalance(page, request);
    await openList(page, 'Early');
    const matchId = await pickSelection(page);
    const entry = slip(page).locator(`article[data-match-id="${matchId}"]`);
    const { home, away } = await teamsOf(entry);
    await entryStake(entry).fill('20');

    await entry.getByRole('button', { name: /^Pre-bet on / }).click();
    const dialog = app(page).getByRole('dialog', { name: 'Book a pre-bet' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`${home} – ${away}`);
    const odds = dialog.getByRole('textbox', { name: 'Requested odds (decimal)' });
    await expect(odds).toBeEnabled();
    // The requested odds start at the lowest the platform takes (above the current odds); the stake is the slip's.
    const range = (await dialog.getByText(/^From \d+(\.\d+)? to \d+(\.\d+)?$/).textContent())!.match(/From ([\d.]+) to ([\d.]+)/)!;
    const [min, max] = [new Decimal(range[1]!), new Decimal(range[2]!)];
    await expect(odds).toHaveValue(min.toString());
    await expect(dialog.getByRole('textbox', { name: 'Stake (CNY)' })).toHaveValue('20.00');
    // Ask a little more than the minimum so the pre-bet is not placed by a small drift of the price.
    const asked = Decimal.min(min.plus(0.2), max);
    await odds.fill(asked.toFixed(2));
    await expect(dialog.getByText(`Returns ¥${asked.times(20).toFixed(2)} if placed and won`)).toBeVisible();
    await expect(dialog.getByTestId('prebet-expiry')).toContainText('Valid until kick-off');
    await page.screenshot({ path: test.info().outputPath('pre-bet-dialog.png') });
    await checkAccessible(page, 'the pre-bet dialog');
    await dialog.getByRole('button', { name: 'Book pre-bet' }).click();

    await expect(dialog).toBeHidden();
    await expect(toasts(page).getByRole('status').filter({ hasText: 'Pre-bet booked' })).toContainText(home);
    // A booked pre-bet leaves the slip; no money moves until it is placed.
    await expect(entry).toBeHidden();
    expect((await platformBalance(page, request)).toFixed(2)).toBe(before.toFixed(2));

    await openMyBets(page);
    await myBetsTab(page, 'Pre-bets');
    const card = app(page).locator('#sp-mybets-panel article[data-status]').filter({ hasText: `${home} vs ${away}` }).filter({ hasText: 'Booked' });
    await expect(card).toHaveCount(1);
    await expect(card).toHaveAttribute('data-status', 'booked');
    await expect(card.getByRole('definition').first()).toHaveText(asked.toString());
    await expect(card).toContainText('¥20.00');
    await page.screenshot({ path: test.info().outputPath('my-bets-pre-bets.png') });
    await checkAccessible(page, 'My bets, pre-bets');

    // Modify: other odds and another stake.
    const modified = Decimal.min(asked.plus(0.1), max);
    await card.getByRole('button', { name: 'Modify' }).click();
    const modify = app(page).getByRole('dialog', { name: 'Modify pre-bet' });
    await expect(modify).toBeVisible();
    await modify.getByRole('textbox', { name: 'Asked odds (decimal)' }).fill(modified.toFixed(2));
    await modify.getByRole('textbox', { name: /^Stake/ }).fill('30');
    await checkAccessible(page, 'the modify pre-bet dialog');
    await modify.getByRole('button', { name: 'Save' }).click();
    await expect(modify).toBeHidden();
    await expect(toasts(page).getByRole('status').filter({ hasText: 'Pre-bet updated' })).toBeVisible();
    await expect(card.getByRole('definition').first()).toHaveText(modified.toString());
    await expect(card).toContainText('¥30.00');

    // Cancel: asked first, then gone from the booked pre-bets.
    await card.getByRole('button', { name: 'Cancel' }).click();
    const cancel = app(page).getByRole('dialog', { name: 'Cancel pre-bet' });
    await expect(cancel).toContainText(`at ${modified.toString()}?`);
    await checkAccessible(page, 'the cancel pre-bet dialog');
    await cancel.getByRole('button', { name: 'Cancel pre-bet' }).click();
    await expect(cancel).toBeHidden();
    await expect(toasts(page).getByRole('status').filter({ hasText: 'Pre-bet cancelled' })).toBeVisible();
    await expect(card).toHaveCount(0);
    expect((await platformBalance(page, request)).toFixed(2)).toBe(before.toFixed(2));
  });
});
