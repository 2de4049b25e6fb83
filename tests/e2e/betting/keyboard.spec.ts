import type { Page } from '@playwright/test';
import { app, checkAccessible, entryOf, FOOTBALL, slip, slipEntries, toasts } from '../support/betting';
import { expectPlatformBalance } from '../support/bettingWorld';
import { expect, openApp, test } from '../support/world';

/**
 * Issue 13: a single placed with the keyboard alone, in a handful of presses, with a visible focus mark at every
 * step and the result announced (the notifications region is a polite live region).
 */

/** The focused element has a visible focus mark (an outline or a box shadow drawn by :focus-visible). */
async function expectFocusMark(page: Page) {
  const mark = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'nothing focused';
    const style = getComputedStyle(el);
    return style.outlineStyle !== 'none' && style.outlineWidth !== '0px' ? 'outline' : style.boxShadow !== 'none' ? 'shadow' : `none on ${el.outerHTML.slice(0, 80)}`;
  });
  expect(['outline', 'shadow']).toContain(mark);
}

test('a member places a single with the keyboard alone', async ({ page, request, world }) => {
  const member = await world.member();
  // A pre-match match of the test's own (no in-play delay), which the member has starred: their favourites list holds
  // it alone, so the first price the keyboard reaches is one nothing else moves. The other lists' first rows are other
  // tests' matches, which they may price or kick off.
  const match = await world.match({ sportId: FOOTBALL, list: 'early' });
  await page.addInitScript(
    (starred) => localStorage.setItem('sport-pc:default:collectedMatches', JSON.stringify([starred])),
    { matchId: match.matchId, sportId: FOOTBALL, sportName: 'Football' },
  );
  await openApp(page, { member, query: 'view=favourites' });
  const prices = app(page).locator(`[role="row"][data-match-id="${match.matchId}"] button[data-odd]:not([disabled])`);
  await expect(prices.first()).toBeVisible();
  await expect(app(page).locator('[role="row"][data-match-id]')).toHaveCount(1);

  let presses = 0;
  const press = async (key: string) => {
    presses += 1;
    await page.keyboard.press(key);
  };
  // The skip link first, then on into the list until a price has the focus.
  await press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await expectFocusMark(page);
  await press('Enter');
  const onPrice = () => page.evaluate(() => document.activeElement?.matches('button[data-odd]:not([disabled])') ?? false);
  while (!(await onPrice())) {
    expect(presses, 'a price within a dozen presses of the skip link').toBeLessThan(16);
    await press('Tab');
  }
  await expectFocusMark(page);

  // Enter adds it and takes the focus to its stake.
  await press('Enter');
  const entry = entryOf(page, match.matchId);
  await expect(entry).toBeVisible();
  await expect(entry.getByRole('textbox')).toBeFocused();
  await expectFocusMark(page);
  await page.keyboard.type('20');
  await press('Enter');

  await expect(toasts(page).locator('[data-toast-type="success"]')).toContainText('Bet placed');
  await expect(toasts(page)).toHaveAttribute('aria-live', 'polite');
  await expect(slipEntries(page)).toHaveCount(0);
  // The focus stayed in the slip, visibly, rather than falling back to the top of the page.
  await expect(slip(page).getByRole('tab', { name: 'Single' })).toBeFocused();
  await expectFocusMark(page);
  expect(presses, 'presses from the page to a placed bet').toBeLessThanOrEqual(18);
  await expectPlatformBalance(request, member, '9980.00');
  await checkAccessible(page, 'slip after a keyboard bet');
});

test("a component's own focus ring wins over the theme's default, whatever order their styles load in", async ({ page }) => {
  await openApp(page);
  // The sports menu's items (main bundle, whose styles load before theme.css) draw their ring inside: the menu clips
  // anything outside its edge. The header's tabs likewise.
  const item = app(page).locator('[data-sport-menu="1"]');
  await expect(item).toBeVisible();
  await page.keyboard.press('Tab');
  await item.focus();
  await expectFocusMark(page);
  const offsetOf = (locator: typeof item) => locator.evaluate((el) => getComputedStyle(el).outlineOffset);
  expect(await offsetOf(item)).toBe('-2px');
  const tab = app(page).locator('header nav').first().locator('a, button').first();
  await tab.focus();
  await expectFocusMark(page);
  expect(await offsetOf(tab)).toBe('-2px');
});
