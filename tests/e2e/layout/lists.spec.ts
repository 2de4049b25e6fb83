import type { Page } from '@playwright/test';
import { app, FOOTBALL } from '../support/betting';
import { checkInEveryLanguage, LAYOUT_SIZES, sizeName, type LayoutScreen } from '../support/layoutCheck';
import { expect, openApp, test } from '../support/world';

/**
 * The layout check (support/layoutCheck.ts) on football's five lists and the hot matches, at both sizes in every
 * language: the widest rows of the app (six price columns), a member's view (the star of every row is a member's
 * control).
 */

/** A list chosen with its tab in the list's header (by place: the tabs are named in the page's language). */
function listTab(index: number, name: string, min: number, outright = false): LayoutScreen {
  return {
    name,
    min,
    show: async (page: Page) => {
      // Back from the hot matches: football's list, from the sports menu.
      if ((await app(page).locator('#sp-main [role="tablist"]').count()) === 0) await app(page).locator(`[data-sport-menu="${FOOTBALL}"]`).click();
      const tab = app(page).locator('#sp-main [role="tablist"] [role="tab"]').nth(index);
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect(app(page).locator(outright ? '#sp-main ul li button[data-odd]' : '#sp-main [role="row"][data-match-id] button[data-odd]').first()).toBeVisible({ timeout: 20_000 });
      return undefined;
    },
  };
}

const LISTS: readonly LayoutScreen[] = [
  listTab(0, 'in-play list', 90),
  listTab(1, 'today list', 170),
  listTab(2, 'early list', 170),
  listTab(3, 'outright list', 180, true),
  listTab(4, 'parlay list', 150),
  {
    // Several sports in one table, each under its own column labels (GroupedMatches: also home's and favourites').
    name: 'hot matches',
    min: 150,
    show: async (page: Page) => {
      await app(page).locator('div:has(> nav [data-sport-menu]) > button').first().click();
      await expect(app(page).locator('#sp-main [role="row"][data-match-id] button[data-odd]').first()).toBeVisible({ timeout: 20_000 });
      return undefined;
    },
  },
];

for (const size of LAYOUT_SIZES) {
  test(`football's lists at ${sizeName(size)}: every control within a mouse's reach`, async ({ page, world }) => {
    test.setTimeout(240_000);
    const member = await world.member();
    // A match in play, so the in-play list has a row of the test's own whatever other tests do.
    await world.match({ sportId: FOOTBALL });
    await page.setViewportSize(size);
    await openApp(page, { member, query: `list=1&sport=${FOOTBALL}` });
    await checkInEveryLanguage(page, size, LISTS);
  });
}
