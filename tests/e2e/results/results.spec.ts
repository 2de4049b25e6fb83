import type { Page } from '@playwright/test';
import { expect, test } from '../support/cspGuard';
import { appReady, expectAccessible, LANGUAGES, openFromNav, switchLanguage } from '../support/fixtures';

/**
 * One project per result provider (playwright.config.ts: results-own, results-im, results-ob), each run against a
 * merchant that switches on only that provider (config/merchants/results-<provider>.json): open the results, filter by
 * sport and league, open a detail. The platform's feed has played six hours of matches before it started, so every
 * sport has results in the default week.
 */
const merchant = () => test.info().project.metadata.merchant as string;

async function openResults(page: Page) {
  await page.goto(`/spa/sport-pc/?merchant=${merchant()}`);
  await appReady(page);
  await switchLanguage(page, LANGUAGES[2]);
  await openFromNav(page, 'Results');
  await expect(page.getByRole('heading', { level: 1, name: 'Match results' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]view=results/);
}

const rows = (page: Page) => page.locator('[data-sport-pc] table tbody tr[data-result-id]');

test('results: filter by sport and league, open a detail', async ({ page }) => {
  test.setTimeout(120_000);
  await openResults(page);
  // One provider on: no switch, the source named.
  await expect(page.getByRole('group', { name: 'Result source' })).toHaveCount(0);
  await expect(rows(page).first()).toBeVisible();
  await expect(rows(page).first().locator('td').first()).toHaveText(/^\d{2}-\d{2} \d{2}:\d{2}$/);

  const settled = page.locator('[data-sport-pc] [aria-busy="false"]');
  await page.getByRole('combobox', { name: 'Sport' }).selectOption({ label: 'Basketball' });
  // Basketball's rows and leagues, once both loaded: the first row's league is one of the leagues offered (another
  // sport's leagues are dropped as soon as the sport changes).
  const league = page.getByRole('combobox', { name: 'League' });
  let firstLeague = '';
  await expect(async () => {
    firstLeague = (await rows(page).first().locator('td:nth-child(2)').textContent()) ?? '';
    expect(await league.locator('option').allTextContents()).toContain(firstLeague);
  }).toPass();
  await league.selectOption({ label: firstLeague });
  await expect(async () => {
    await expect(settled).toBeVisible();
    const leagues = await rows(page).locator('td:nth-child(2)').allTextContents();
    expect(leagues.length).toBeGreaterThan(0);
    expect(new Set(leagues)).toEqual(new Set([firstLeague]));
  }).toPass();
  await expectAccessible(page);

  await rows(page).first().getByRole('button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const periods = dialog.getByRole('table', { name: 'Score by period' });
  await expect(periods.getByRole('rowheader', { name: 'Result' })).toBeVisible();
  await expect(dialog.getByTestId('result-status')).toHaveText(/^(Ended|Postponed|Interrupted|Cancelled|Abandoned)$/);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath(`results-${merchant()}.png`), fullPage: true });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('results: a deep link opens the screen, and a reload keeps it', async ({ page }) => {
  await page.goto(`/spa/sport-pc/?merchant=${merchant()}&view=results`);
  await appReady(page);
  await expect(page.locator('#sp-results-title')).toBeVisible();
  await page.reload();
  await expect(page.locator('#sp-results-title')).toBeVisible();
});
