import { expect, test } from '../support/cspGuard';
import { appReady } from '../support/fixtures';
import { app, checkAccessible, openList, rows, slip, slipEntries } from '../support/betting';

/** The standalone app (no host login): a visitor's click on a price asks them to log in, and keeps the selection. */
test.describe('a visitor clicking odds', () => {
  test('gets the login dialog; after signing in the selection is in the slip', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('sport-pc:default:locale', JSON.stringify('en')));
    await page.goto('/spa/sport-pc/');
    await appReady(page);
    await openList(page, 'Early');

    const dialog = app(page).getByRole('dialog', { name: 'Log in' });
    let matchId = '';
    // A market can be suspended between reading the list and the click: try again with what is open then.
    await expect(async () => {
      const open = rows(page).filter({ has: page.locator('button[data-odd]:not([disabled])') }).first();
      matchId = (await open.getAttribute('data-match-id', { timeout: 2_000 }))!;
      await app(page).locator(`[role="row"][data-match-id="${matchId}"] button[data-odd]:not([disabled])`).first().click({ timeout: 2_000 });
      await expect(dialog).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });

    await expect(dialog).toContainText('Please log in to place bets');
    // Nothing is in the slip for a visitor: the selection waits for the login.
    await expect(slipEntries(page)).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('visitor-login-dialog.png') });
    await checkAccessible(page, 'the login dialog');

    await dialog.getByLabel('Username').fill('demo');
    await dialog.getByLabel('Password').fill('demo1234');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('app-balance')).toBeVisible();

    await expect(slipEntries(page)).toHaveCount(1);
    await expect(slip(page).locator(`article[data-match-id="${matchId}"]`)).toBeVisible();
    await expect(slip(page).getByRole('button', { name: 'Place bet' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('visitor-slip-after-login.png') });
    await checkAccessible(page, 'the slip after signing in');
  });
});
