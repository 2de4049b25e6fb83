import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { TestMember } from '../../../contract/testControls';
import { app, betCard, betCards, checkAccessible, entryStake, myBetsTab, openMyBets, teamsOf, toasts } from '../support/betting';
import { expectPlatformBalance, homeWinInSlip, type Price } from '../support/bettingWorld';
import { expect, test, type World } from '../support/world';
import { shot } from '../support/shots';

/**
 * Pre-bets: booked from the slip at odds above the current ones, placed by the platform as a single once the price
 * gets there. On a pre-match match of the test's own whose home price the test sets to 2.00 first, so the odds a
 * pre-bet may ask are known (2.01, the next step up, to 6.00, three times the price) and nothing but the test moves it.
 */
test.describe('pre-bets', () => {
  test('a pre-bet is booked from the slip, modified and cancelled in My bets, and no money moves', async ({ page, request, world }) => {
    const { member, home, away } = await bookAt(page, request, world, '2.25', { inspect: true });
    await expectPlatformBalance(request, member, '10000.00');

    await openMyBets(page);
    await myBetsTab(page, 'Pre-bets');
    const card = betCards(page).filter({ hasText: `${home} vs ${away}` });
    await expect(card).toHaveCount(1);
    await expect(card).toHaveAttribute('data-status', 'booked');
    await expect(card).toContainText('Booked');
    await expect(figure(card, 'Asked odds')).toHaveText('2.25');
    await expect(figure(card, 'Odds when booked')).toHaveText('2.00');
    await expect(figure(card, 'Stake')).toHaveText('¥20.00');
    await shot(page, 'my-bets-pre-bets.png');
    await checkAccessible(page, 'My bets, pre-bets');

    // Modify: other odds and another stake.
    await card.getByRole('button', { name: 'Modify' }).click();
    const modify = app(page).getByRole('dialog', { name: 'Modify pre-bet' });
    await expect(modify).toBeVisible();
    await modify.getByRole('textbox', { name: 'Asked odds (decimal)' }).fill('2.35');
    await modify.getByRole('textbox', { name: /^Stake/ }).fill('30');
    await checkAccessible(page, 'the modify pre-bet dialog');
    await modify.getByRole('button', { name: 'Save' }).click();
    await expect(modify).toBeHidden();
    await expect(toasts(page).getByRole('status').filter({ hasText: 'Pre-bet updated' })).toBeVisible();
    await expect(figure(card, 'Asked odds')).toHaveText('2.35');
    await expect(figure(card, 'Stake')).toHaveText('¥30.00');

    // Cancel: asked first, then gone from the booked pre-bets.
    await card.getByRole('button', { name: 'Cancel' }).click();
    const cancel = app(page).getByRole('dialog', { name: 'Cancel pre-bet' });
    await expect(cancel).toContainText('at 2.35?');
    await checkAccessible(page, 'the cancel pre-bet dialog');
    await cancel.getByRole('button', { name: 'Cancel pre-bet' }).click();
    await expect(cancel).toBeHidden();
    await expect(toasts(page).getByRole('status').filter({ hasText: 'Pre-bet cancelled' })).toBeVisible();
    await expect(card).toHaveCount(0);
    await expectPlatformBalance(request, member, '10000.00');
    // Kept with the failed ones, as cancelled.
    await app(page).getByRole('checkbox', { name: 'Show failed pre-bets of the last 7 days' }).check();
    await expect(card).toHaveAttribute('data-status', 'cancelled');
    await expect(figure(card, 'Asked odds')).toHaveText('2.35');
  });

  test('a booked pre-bet is placed by the platform when the price reaches the asked odds', async ({ page, request, world }) => {
    const { member, price, home, away } = await bookAt(page, request, world, '2.25');
    // The price drifts out to exactly the odds asked: the platform places the pre-bet as a single at them.
    await world.setMarket({ marketId: price.marketId, odds: { [price.option]: '2.25' } });
    await expectPlatformBalance(request, member, '9980.00');

    await openMyBets(page);
    await myBetsTab(page, 'Pre-bets');
    const reservation = betCards(page).filter({ hasText: `${home} vs ${away}` });
    await expect(reservation).toHaveAttribute('data-status', 'inProgress');
    await expect(reservation).toContainText('In progress');
    await expect(figure(reservation, 'Current odds')).toHaveText('2.25');
    // Placed: nothing left to modify or cancel.
    await expect(reservation.getByRole('button')).toHaveCount(0);
    const placed = (await reservation.getByText(/^Placed as order /).textContent())!.replace('Placed as order ', '');
    await shot(page, 'my-bets-pre-bet-placed.png');

    await myBetsTab(page, 'Unsettled');
    const order = betCard(page, placed);
    await expect(order).toHaveAttribute('data-status', 'confirm');
    await expect(order).toContainText('From a pre-bet');
    await expect(order).toContainText(`${home} vs ${away}`);
    await expect(order).toContainText('2.25');
    await expect(order).toContainText('¥20.00');
    await checkAccessible(page, 'My bets with a placed pre-bet');
  });
});

/** A figure of a pre-bet card by its term ("Asked odds", "Stake"...). */
const figure = (card: Locator, term: string) => card.locator('dl > div').filter({ has: card.page().getByRole('term').filter({ hasText: term }) }).getByRole('definition');

/**
 * A fresh member, signed in on the host, books a 20.00 pre-bet on the home win of a pre-match match of the test's own
 * (price 2.00) at `asked` from the slip's pre-bet dialog, checked along the way; with `inspect`, the dialog is also
 * photographed and scanned for accessibility (once in the suite is enough).
 */
async function bookAt(page: Page, request: APIRequestContext, world: World, asked: string, { inspect = false } = {}): Promise<{ member: TestMember; price: Price; home: string; away: string }> {
  const { member, price, entry } = await homeWinInSlip(page, request, world, '2.00');
  const { home, away } = await teamsOf(entry);
  await entryStake(entry).fill('20');

  await entry.getByRole('button', { name: /^Pre-bet on / }).click();
  const dialog = app(page).getByRole('dialog', { name: 'Book a pre-bet' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`${home} – ${away}`);
  await expect(dialog.getByTestId('prebet-current-odds')).toHaveText('2.00');
  const odds = dialog.getByRole('textbox', { name: 'Requested odds (decimal)' });
  await expect(odds).toBeEnabled();
  // The requested odds start at the lowest the platform takes; the stake is the slip's.
  await expect(dialog.getByText('From 2.01 to 6.00')).toBeVisible();
  await expect(odds).toHaveValue('2.01');
  await expect(dialog.getByRole('textbox', { name: 'Stake (CNY)' })).toHaveValue('20.00');
  await odds.fill(asked);
  await expect(dialog.getByText(`Returns ¥${(Number(asked) * 20).toFixed(2)} if placed and won`)).toBeVisible();
  await expect(dialog.getByTestId('prebet-expiry')).toContainText('Valid until kick-off');
  if (inspect) {
    await shot(page, 'pre-bet-dialog.png');
    await checkAccessible(page, 'the pre-bet dialog');
  }
  await dialog.getByRole('button', { name: 'Book pre-bet' }).click();

  await expect(dialog).toBeHidden();
  await expect(toasts(page).getByRole('status').filter({ hasText: 'Pre-bet booked' })).toContainText(home);
  // A booked pre-bet leaves the slip; no money moves until it is placed.
  await expect(entry).toBeHidden();
  return { member, price, home, away };
}
