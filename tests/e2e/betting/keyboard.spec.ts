import type { Page } from '@playwright/test';
import { appReady } from '../support/fixtures';
import { checkAccessible, slip, slipEntries, toasts } from '../support/betting';
import { expect, test } from '../support/cspGuard';

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

test('a member places a single with the keyboard alone', async ({ page }) => {
  const login = await page.request.post('/api/forehead/user/login', { data: { username: 'demo', password: 'demo1234' } });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  await page.addInitScript(() => localStorage.setItem('sport-pc:default:locale', JSON.stringify('en')));
  // Early football: prices a day or more before kick-off, no in-play delay. Not today's list: its first row is the
  // next kick-off, and a CI run picked a match that kicked off under the test, whose new price the slip (rightly)
  // held for acceptance.
  await page.goto(`/spa/sport-pc/?token=${token}&list=3&sport=1`);
  await appReady(page);
  const prices = page.locator('[data-sport-pc] [role="row"][data-match-id] button[data-odd]:not([disabled])');
  await expect(prices.first()).toBeVisible({ timeout: 20_000 });

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
  const matchId = await page.evaluate(() => document.activeElement!.closest('[data-match-id]')!.getAttribute('data-match-id'));

  // Enter adds it and takes the focus to its stake.
  await press('Enter');
  await expect(slip(page).locator(`article[data-match-id="${matchId}"]`)).toBeVisible();
  const stake = slip(page).locator(`article[data-match-id="${matchId}"]`).getByRole('textbox');
  await expect(stake).toBeFocused();
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
  await checkAccessible(page, 'slip after a keyboard bet');
});
