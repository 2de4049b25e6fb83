import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible, LANGUAGES, switchLanguage } from '../support/fixtures';
import { openAppAs } from '../support/shellApp';
import { expect, test } from '../support/world';
import { shot } from '../support/shots';

/**
 * Issue 13: once a member is signed in, the standalone header must keep every main navigation item reachable, by
 * mouse and by keyboard, at desktop widths in every language (items that do not fit move into "More").
 */
const WIDTHS = [1280, 1440];
const ITEMS = ['home', 'live', 'inPlay', 'today', 'early', 'outright', 'parlay', 'hot', 'favourites', 'myBets', 'settings', 'titles', 'results'] as const;

function navTexts(lng: string): { label: string; more: string; items: string[] } {
  const common = JSON.parse(readFileSync(path.join(__dirname, '../../../locales', lng, 'common.json'), 'utf8'));
  return { label: common.nav.label, more: common.nav.more, items: ITEMS.map((key) => common.nav[key]) };
}

/** The item as a control of the header: in the bar when it fits, else the More button that lists it. */
async function reach(nav: Locator, more: Locator, moreLabel: string, label: string): Promise<'bar' | 'more'> {
  const inBar = nav.getByRole('button', { name: label, exact: true }).or(nav.getByRole('link', { name: label, exact: true }));
  if (await inBar.isVisible()) {
    const bar = (await nav.boundingBox())!;
    const box = (await inBar.boundingBox())!;
    // Drawn whole inside the bar, not clipped at its edge.
    expect(box.x + box.width, `${label} fits the bar`).toBeLessThanOrEqual(bar.x + bar.width + 0.5);
    return 'bar';
  }
  await expect(more, `${label} is in the bar or under ${moreLabel}`).toBeVisible();
  return 'more';
}

/**
 * Waits until the header's navigation stops changing after a resize: it measures its items and moves those that do
 * not fit under More over a frame or two (a ResizeObserver, then a render), and an item seen in the bar before that
 * may be gone the moment after.
 */
async function navSettled(page: Page) {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const read = () => document.querySelector('[data-sport-pc] header nav')?.outerHTML ?? '';
        const before = read();
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(read() === before)));
      }),
  );
}

/** The menu closed after the pick, and opened again it marks the pick as the current screen. */
async function expectCurrentUnderMore(page: Page, more: Locator, moreLabel: string, item: string) {
  const menu = page.getByRole('list', { name: moreLabel });
  await expect(menu).toBeHidden();
  await more.click();
  await expect(menu.locator('[aria-current="page"]')).toHaveText(item);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}

for (const [lng] of LANGUAGES) {
  test(`every main navigation item is reachable by mouse at 1280 and 1440 px in ${lng}`, async ({ page, world }) => {
    await openAppAs(page, await world.member(), { locale: lng });
    const { label, more: moreLabel, items } = navTexts(lng);
    const nav = page.getByRole('navigation', { name: label });
    const more = page.locator('[data-sport-pc] header').getByRole('button', { name: moreLabel, exact: true });
    await expect(nav.getByText(items[0]!, { exact: true })).toBeVisible();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await navSettled(page);
      const places = [];
      for (const item of items) places.push(await reach(nav, more, moreLabel, item));
      // The last item (the kind the header used to hide) opens, from the bar or through More.
      const last = items[items.length - 1]!;
      if (places[places.length - 1] === 'bar') {
        await nav.getByText(last, { exact: true }).click();
        await expect(nav.locator('[aria-current="page"]')).toContainText(last);
      } else {
        await more.click();
        await page.getByRole('list', { name: moreLabel }).getByText(last, { exact: true }).click();
        await expectCurrentUnderMore(page, more, moreLabel, last);
      }
      await shot(page, `header-${lng}-${width}.png`);
    }
  });
}

test('the keyboard alone reaches the last item under More, in the language with the longest labels', async ({ page, world }) => {
  await openAppAs(page, await world.member());
  // Switched to, not opened in: the header measures what fits again after a change of language.
  await switchLanguage(page, LANGUAGES.find(([lng]) => lng === 'vi')!);
  await page.setViewportSize({ width: 1280, height: 900 });
  const vi = navTexts('vi');
  const more = page.locator('[data-sport-pc] header').getByRole('button', { name: vi.more, exact: true });
  await expect(more).toBeVisible();
  const nav = page.getByRole('navigation', { name: vi.label });
  // Tab reaches More, Enter opens it, End and Enter pick the last item.
  await nav.getByText(vi.items[0]!, { exact: true }).focus();
  for (let presses = 0; presses < 15 && !(await more.evaluate((el) => el === document.activeElement)); presses += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(more).toBeFocused();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('list', { name: vi.more });
  await page.keyboard.press('End');
  await expect(menu.getByText(vi.items[vi.items.length - 1]!, { exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(more).toBeFocused();
  await expectCurrentUnderMore(page, more, vi.more, vi.items[vi.items.length - 1]!);
  await expectAccessible(page);
});
