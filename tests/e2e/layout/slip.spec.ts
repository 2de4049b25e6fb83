import type { Page } from '@playwright/test';
import { app, entryOf, entryStake, FOOTBALL, pickInList, slip, slipEntries } from '../support/betting';
import { EARLY_FOOTBALL } from '../support/bettingWorld';
import { checkInEveryLanguage, LAYOUT_SIZES, openDialog, sizeName, type LayoutScreen } from '../support/layoutCheck';
import { expect, openApp, test } from '../support/world';
import { shot } from '../support/shots';

/**
 * The layout check (support/layoutCheck.ts) on the bet slip in the right column, at both sizes in every language: a
 * single with its stake and the pre-bet dialog it opens; a three-leg parlay with a stake on the treble, and the same
 * legs with stakes on series (doubles and the Trixie). Place bet must be under the mouse in each (issue 28: it lay
 * under the live video panel at 1280×800 and 1440×900).
 */

/** The right column: the slip and the live video panel under it. */
const column = (page: Page) => app(page).locator('aside').first();

/** Where a parlay screenshot is saved besides the test's own output (LAYOUT_SHOTS=/some/folder). */
const SHOTS = process.env.LAYOUT_SHOTS;

/** A series' unit stake, found by the series' number (2001 doubles, 3001 treble, 3004 Trixie): in any language. */
const seriesStake = (page: Page, series: number) => slip(page).locator(`li[data-series="${series}"] input`);

async function stakeSeries(page: Page, stakes: Record<number, string>) {
  for (const series of [2001, 3001, 3004, 3007]) {
    const input = seriesStake(page, series);
    await input.fill(stakes[series] ?? '');
  }
}

for (const size of LAYOUT_SIZES) {
  test(`the slip with a single and its pre-bet dialog at ${sizeName(size)}: every control within a mouse's reach`, async ({ page, world }) => {
    test.setTimeout(120_000);
    const member = await world.member();
    const match = await world.match({ sportId: FOOTBALL, list: 'early' });
    await page.setViewportSize(size);
    await openApp(page, { member, query: EARLY_FOOTBALL });
    await pickInList(page, match.matchId);
    await entryStake(entryOf(page, match.matchId)).fill('25');
    const screens: LayoutScreen[] = [
      { name: 'slip with a single', min: 20, show: async () => column(page) },
      {
        name: 'pre-bet dialog',
        min: 5,
        show: async () => {
          // The entry's pre-bet button, by its popup (its name is in the page's language).
          await entryOf(page, match.matchId).locator('button[aria-haspopup="dialog"]').click();
          await expect(openDialog(page)).toBeVisible();
          return openDialog(page);
        },
        hide: async () => {
          await page.keyboard.press('Escape');
          await expect(openDialog(page)).toHaveCount(0);
        },
      },
    ];
    await checkInEveryLanguage(page, size, screens);
  });

  test(`the slip with a three-leg parlay and with series at ${sizeName(size)}: every control within a mouse's reach`, async ({ page, world }) => {
    test.setTimeout(120_000);
    const member = await world.member();
    const matches = [];
    for (let i = 0; i < 3; i += 1) matches.push(await world.match({ sportId: FOOTBALL, list: 'early', parlay: true }));
    await page.setViewportSize(size);
    await openApp(page, { member, query: EARLY_FOOTBALL });
    // Parlay mode: its tab is the slip's second.
    const parlayTab = slip(page).getByRole('tab').nth(1);
    await parlayTab.click();
    await expect(parlayTab).toHaveAttribute('aria-selected', 'true');
    for (const match of matches) await pickInList(page, match.matchId);
    await expect(slipEntries(page)).toHaveCount(3);
    await expect(seriesStake(page, 3004)).toBeVisible();
    const screens: LayoutScreen[] = [
      {
        name: 'slip with a three-leg parlay',
        min: 24,
        show: async (_page, locale) => {
          await stakeSeries(page, { 3001: '20' });
          await expect(slip(page).getByTestId('slip-total-stake')).toHaveText(/20[.,]00/);
          if (size.width === 1280 && (locale === 'en' || locale === 'th')) {
            // As a member sees it on coming back to the slip: scrolled to its top with the wheel, the footer stuck.
            const box = (await column(page).boundingBox())!;
            await page.mouse.move(box.x + box.width / 2, box.y + 200);
            await page.mouse.wheel(0, -5_000);
            await expect.poll(() => column(page).evaluate((el) => el.scrollTop)).toBe(0);
            const file = `parlay-1280-${locale}.png`;
            await shot(page, file);
            if (SHOTS) await page.screenshot({ path: `${SHOTS}/${file}` });
          }
          return column(page);
        },
      },
      {
        name: 'slip with series',
        min: 24,
        show: async () => {
          // Doubles (3 bets) and the Trixie (4 bets) at 10.00 a bet.
          await stakeSeries(page, { 2001: '10', 3004: '10' });
          await expect(slip(page).getByTestId('slip-total-stake')).toHaveText(/70[.,]00/);
          return column(page);
        },
      },
    ];
    await checkInEveryLanguage(page, size, screens);
  });
}
