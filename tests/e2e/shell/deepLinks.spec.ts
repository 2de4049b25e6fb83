import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/cspGuard';
import { appReady } from '../support/fixtures';

/** Issue 13: every screen has an address under the base path; Back, Forward and Reload keep the screen. */

const mainNav = (page: Page) => page.locator('[data-sport-pc]').getByRole('navigation', { name: 'Main navigation' });
const current = (page: Page) => mainNav(page).locator('[aria-current="page"]');

async function inEnglish(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('sport-pc:default:locale', JSON.stringify('en'));
    localStorage.setItem('demo-host:language', 'ENG');
  });
}

async function anInPlayMatch(request: APIRequestContext): Promise<number> {
  const answer = await request.post('/api/match/getList', { data: { type: 1, sportId: 1, current: 1, size: 20 } });
  const { records } = ((await answer.json()) as { data: { records: Array<{ matchId: number }> } }).data;
  expect(records.length, 'the feed has football in play').toBeGreaterThan(0);
  return records[0]!.matchId;
}

for (const { name, base } of [
  { name: 'standalone', base: '/spa/sport-pc/' },
  { name: 'embedded in the demo host', base: '/newSport' },
]) {
  test(`${name}: screens have addresses that Back, Forward and Reload keep`, async ({ page }) => {
    await inEnglish(page);
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

test('a match screen can be shared and reloaded, and Back returns to the screen before it', async ({ page, request }) => {
  await inEnglish(page);
  const matchId = await anInPlayMatch(request);
  await page.goto('/spa/sport-pc/?view=hot');
  await appReady(page);
  await expect(current(page)).toHaveText('Hot');
  await page.goto(`/spa/sport-pc/?matchId=${matchId}`);
  await expect(page.getByRole('region', { name: 'Scoreboard' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Scoreboard' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]matchId=${matchId}(&|$)`));
  await mainNav(page).getByRole('button', { name: 'In-play' }).click();
  await expect(page.getByRole('region', { name: 'Scoreboard' })).toBeHidden();
  await page.goBack();
  await expect(page.getByRole('region', { name: 'Scoreboard' })).toBeVisible();
});

test('the host path-change event opens a screen by its address', async ({ page }) => {
  await inEnglish(page);
  await page.goto('/newSport');
  await appReady(page);
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('sport-pc:path-change', { detail: { path: '/?view=favourites' } })));
  await expect(current(page)).toHaveText(/^Favourites/);
  await page.goBack();
  await expect(current(page)).toHaveText('Home');
});
