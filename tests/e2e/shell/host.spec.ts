import { appReady, expectAccessible } from '../support/fixtures';
import { installLeakProbe, SETTLE_MS, type Holdings } from '../support/leakProbe';
import { expect, onHostAs, test } from '../support/world';
import { shot } from '../support/shots';

test.describe('embedded in the demo host at /newSport', () => {
  // The one test that signs in as the demo member `demo`, through the host's own login box, as a newcomer to the demo
  // does; every other test has a member of its own (support/world.ts), and nothing else spends demo's balance.
  test('login, balance, language and odds format reach the app as props, without a remount', async ({ page }) => {
    await page.goto('/newSport');
    await appReady(page);
    const app = page.locator('#sport-pc-container [data-sport-pc]');
    await expect(app).toBeVisible();
    // The merchant's brand tokens are applied to the app's root.
    await expect(app).toHaveAttribute('style', /--sp-color-brand: #6b2fa3/);
    const root = await app.elementHandle();

    await page.getByLabel('Username').fill('demo');
    await page.getByLabel('Password').fill('demo1234');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByTestId('host-balance')).toHaveText('CNY 10000.00');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('sport-pc:auth'))).not.toBeNull();

    await page.getByTestId('host-language').selectOption('ENG');
    await expect(app.getByRole('heading', { name: 'Bet slip' })).toBeVisible();
    await page.getByTestId('host-odds-format').selectOption('3');
    await expect(app.locator('select').first()).toHaveValue('3');
    expect(await root!.evaluate((el) => el.isConnected)).toBe(true);

    // A change made inside the app reaches the host through its callback.
    await app.locator('select').nth(1).selectOption('vi');
    await expect(page.getByTestId('host-language')).toHaveValue('VIE');
    await expectAccessible(page);
    await shot(page, 'host-embedded.png', { fullPage: true });

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('sport-pc:auth'))).toBeNull();
  });

  test('a member who reloads the host page is signed in from the app\'s first render, never shown as a visitor', async ({ page, world }) => {
    await onHostAs(page, await world.member());
    // Records the app's navigation the first time it is drawn after the reload: My bets is a member's item (Header.tsx),
    // so a first render as a visitor would lack it, whatever the app shows a moment later.
    await page.addInitScript(() => {
      const w = window as unknown as { __firstNav?: string };
      new MutationObserver((_, observer) => {
        const nav = document.querySelector('[data-sport-pc] header nav');
        if (!nav || w.__firstNav !== undefined) return;
        w.__firstNav = nav.textContent ?? '';
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await appReady(page);
    const firstNav = await page.evaluate(() => (window as unknown as { __firstNav?: string }).__firstNav);
    expect(firstNav).toContain('Results');
    expect(firstNav).toContain('My bets');
  });

  test('the host path-change event navigates the app', async ({ page }) => {
    await page.goto('/newSport');
    await appReady(page);
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('sport-pc:path-change', { detail: { path: '/no/such/screen' } })));
    await expect(page).toHaveURL(/\/newSport\/?$/);
    await expect(page.locator('[data-sport-pc]')).toBeVisible();
  });

  test('mount, unmount and mount again leave nothing of the app behind', async ({ page }) => {
    // Each unmount settles within SETTLE_MS (leakProbe.ts): what a request in flight holds ends with its answer.
    test.setTimeout(2 * SETTLE_MS + 30_000);
    await page.addInitScript(installLeakProbe);
    await page.goto('/newSport/lobby');
    await expect(page.getByRole('heading', { name: 'Lobby' })).toBeVisible();
    const holdings = () => page.evaluate(() => (window as unknown as { __holdings(): Holdings }).__holdings());
    // The host page's own one-off timers (first paint, fonts) may still be pending; the baseline is the settled page.
    await expect.poll(async () => (await holdings()).timeouts).toBe(0);
    const baseline = await holdings();

    await page.getByRole('button', { name: 'Sports' }).click();
    await appReady(page);
    await page.getByRole('button', { name: 'Lobby' }).click();
    await expect(page.locator('[data-sport-pc]')).toHaveCount(0);
    await expect.poll(holdings, { timeout: SETTLE_MS }).toEqual({ ...baseline, listeners: expect.any(Number) });
    const afterFirst = await holdings();

    await page.getByRole('button', { name: 'Sports' }).click();
    await appReady(page);
    await page.getByRole('button', { name: 'Lobby' }).click();
    await expect(page.locator('[data-sport-pc]')).toHaveCount(0);
    await expect.poll(holdings, { timeout: SETTLE_MS }).toEqual(afterFirst);
  });

  test('a sportsbook that fails to download leaves a notice, and its Reload brings the app', async ({ page }) => {
    // The host fetches the app's entry page itself (qiankun); refuse it as a dropped connection would.
    await page.route('**/spa/sport-pc/', (route) => route.abort('connectionrefused'));
    await page.goto('/newSport');
    const notice = page.getByRole('alert').filter({ hasText: 'The sportsbook could not be loaded' });
    await expect(notice).toBeVisible();
    await expect(page.locator('[data-sport-pc]')).toHaveCount(0);
    await shot(page, 'host-load-failed.png');

    await page.unroute('**/spa/sport-pc/');
    await notice.getByRole('button', { name: 'Reload' }).click();
    await appReady(page);
    await expect(notice).toHaveCount(0);
  });
});
