import type { Page } from '@playwright/test';
import { appReady, openFromNav } from '../support/fixtures';
import { expect, openApp, startIn, test } from '../support/world';
import { shot } from '../support/shots';

/** Issue 13: every screen has an address under the base path; Back, Forward and Reload keep the screen. */

const FOOTBALL = 1;
const mainNav = (page: Page) => page.locator('[data-sport-pc]').getByRole('navigation', { name: 'Main navigation' });
const current = (page: Page) => mainNav(page).locator('[aria-current="page"]');

for (const { name, base } of [
  { name: 'standalone', base: '/spa/sport-pc/' },
  { name: 'embedded in the demo host', base: '/newSport' },
]) {
  test(`${name}: screens have addresses that Back, Forward and Reload keep`, async ({ page }) => {
    await startIn(page, 'en');
    await page.goto(base);
    await appReady(page);
    await expect(current(page)).toHaveText('Home');

    await mainNav(page).getByRole('button', { name: 'Today' }).click();
    await expect(page).toHaveURL(/[?&]list=2(&|$)/);
    await expect(page).toHaveURL(/[?&]sport=\d+/);
    await mainNav(page).getByRole('button', { name: 'Hot' }).click();
    await expect(page).toHaveURL(/[?&]view=hot(&|$)/);

    await page.goBack();
    await expect(current(page)).toHaveText('Today');
    await expect(page).toHaveURL(/[?&]list=2(&|$)/);
    await page.goForward();
    await expect(current(page)).toHaveText('Hot');
    await page.reload();
    await appReady(page);
    await expect(current(page)).toHaveText('Hot');
    await page.goBack();
    await page.goBack();
    await expect(current(page)).toHaveText('Home');
    // Still the app's page: Back went through the app's own entries, not out of it.
    expect(new URL(page.url()).pathname.replace(/\/$/, '')).toBe(base.replace(/\/$/, ''));
  });
}

test('a match screen can be shared and reloaded, and Back returns to the screen before it', async ({ page, world }) => {
  const match = await world.match({ sportId: FOOTBALL });
  await startIn(page, 'en');
  await page.goto('/spa/sport-pc/?view=hot');
  await appReady(page);
  await expect(current(page)).toHaveText('Hot');
  await page.goto(`/spa/sport-pc/?matchId=${match.matchId}`);
  const scoreboard = page.getByRole('region', { name: 'Scoreboard' });
  await expect(scoreboard).toBeVisible();
  await expect(scoreboard).toContainText(match.home.ENG!);
  await page.reload();
  await expect(scoreboard).toBeVisible();
  await expect(scoreboard).toContainText(match.home.ENG!);
  await expect(page).toHaveURL(new RegExp(`[?&]matchId=${match.matchId}(&|$)`));
  await mainNav(page).getByRole('button', { name: 'In-play' }).click();
  await expect(scoreboard).toBeHidden();
  await page.goBack();
  await expect(scoreboard).toBeVisible();
  await expect(scoreboard).toContainText(match.home.ENG!);
});

test('the host path-change event opens a screen by its address', async ({ page }) => {
  await startIn(page, 'en');
  await page.goto('/newSport');
  await appReady(page);
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('sport-pc:path-change', { detail: { path: '/?view=favourites' } })));
  await expect(current(page)).toHaveText(/^Favourites/);
  await page.goBack();
  await expect(current(page)).toHaveText('Home');
});

test("My bets' tab and dates and the rules tab are in the address: reload and Back keep them", async ({ page, world }) => {
  const member = await world.member();
  await openApp(page, { member, query: 'view=myBets' });
  const tabs = page.getByRole('tablist', { name: 'Bet history' });
  await tabs.getByRole('tab', { name: 'Settled', exact: true }).click();
  await page.getByRole('button', { name: 'Yesterday' }).click();
  await expect(page).toHaveURL(/[?&]view=myBets&tab=settled&range=yesterday(&|$)/);

  await page.reload();
  await appReady(page);
  await expect(tabs.getByRole('tab', { name: 'Settled', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Yesterday' })).toHaveAttribute('aria-pressed', 'true');

  await openFromNav(page, 'Hot');
  await expect(page).toHaveURL(/[?&]view=hot(&|$)/);
  await page.goBack();
  await expect(tabs.getByRole('tab', { name: 'Settled', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Yesterday' })).toHaveAttribute('aria-pressed', 'true');
  await shot(page, 'my-bets-from-address.png');

  await page.goto('/spa/sport-pc/?view=rules&tab=parlay');
  await appReady(page);
  await expect(page.getByRole('tab', { name: 'Parlay rules' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Cash-out rules' }).click();
  await expect(page).toHaveURL(/[?&]view=rules&tab=cashOut(&|$)/);
  await page.reload();
  await appReady(page);
  await expect(page.getByRole('tab', { name: 'Cash-out rules' })).toHaveAttribute('aria-selected', 'true');
});
