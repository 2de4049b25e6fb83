import { app, checkAccessible, entryOf, FOOTBALL, rowOf, slip, slipEntries } from '../support/betting';
import { EARLY_FOOTBALL } from '../support/bettingWorld';
import { expect, openApp, test } from '../support/world';
import { shot } from '../support/shots';

/**
 * The standalone app (no host login): a visitor's click on a price asks them to log in, and keeps the selection. The
 * visitor signs in with a member of the test's own (a fresh username and password), on a match of the test's own, so
 * the price clicked is open and stays so.
 */
test.describe('a visitor clicking odds', () => {
  test('gets the login dialog; after signing in the selection is in the slip', async ({ page, world }) => {
    const member = await world.member();
    const match = await world.match({ sportId: FOOTBALL, list: 'early' });
    await openApp(page, { query: EARLY_FOOTBALL });
    await (await rowOf(page, match.matchId)).locator('button[data-odd]:not([disabled])').first().click();

    const dialog = app(page).getByRole('dialog', { name: 'Log in' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Please log in to place bets');
    // Nothing is in the slip for a visitor: the selection waits for the login.
    await expect(slipEntries(page)).toHaveCount(0);
    await shot(page, 'visitor-login-dialog.png');
    await checkAccessible(page, 'the login dialog');

    // A wrong password is refused in the dialog, which stays open with the selection still waiting.
    await dialog.getByLabel('Username').fill(member.username);
    await dialog.getByLabel('Password').fill(`${member.password}-wrong`);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Wrong username or password');
    await expect(slipEntries(page)).toHaveCount(0);

    await dialog.getByLabel('Password').fill(member.password);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog).toBeHidden();
    // Standalone, the app's header shows the member's own balance: a fresh member's 10,000.00.
    await expect(page.getByTestId('app-balance')).toContainText('¥10,000.00');

    await expect(slipEntries(page)).toHaveCount(1);
    await expect(entryOf(page, match.matchId)).toBeVisible();
    await expect(slip(page).getByRole('button', { name: 'Place bet' })).toBeVisible();
    await shot(page, 'visitor-slip-after-login.png');
    await checkAccessible(page, 'the slip after signing in');
  });
});
