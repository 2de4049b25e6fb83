import type { Browser, Page } from '@playwright/test';
import { openApp, expect, test } from '../support/world';
import { shot } from '../support/shots';

/**
 * Issue 13: one time zone. The platform's configured zone (config/app.json `timezone`) is used for every kick-off,
 * whatever zone the browser is in, so the list, its date filter and My bets agree.
 */

const rows = (page: Page) => page.locator('[data-sport-pc] [role="row"][data-match-id]');

async function earlyList(browser: Browser, timezoneId: string): Promise<Page> {
  const context = await browser.newContext({ timezoneId });
  const page = await context.newPage();
  await openApp(page, { query: 'list=3&sport=1' });
  await expect(rows(page).first()).toBeVisible();
  return page;
}

/** Match id -> the kick-off its row shows ("HH:mm MM/DD"), for the first rows of the list. */
async function kickOffs(page: Page): Promise<Record<string, string>> {
  return rows(page).evaluateAll((elements) =>
    Object.fromEntries(elements.slice(0, 12).map((row) => [row.getAttribute('data-match-id'), (row.querySelector('[role="cell"]')?.textContent ?? '').trim()])),
  );
}

test('kick-offs read the same in New York as in Shanghai, labelled with the platform zone', async ({ browser }) => {
  const [shanghai, newYork] = await Promise.all([earlyList(browser, 'Asia/Shanghai'), earlyList(browser, 'America/New_York')]);
  try {
    const inShanghai = await kickOffs(shanghai);
    const inNewYork = await kickOffs(newYork);
    // The same world on both loads; a match another test kicked off meanwhile has left the early list, so compare
    // the rows both show.
    const both = Object.keys(inShanghai).filter((id) => id in inNewYork);
    expect(both.length).toBeGreaterThan(2);
    for (const id of both) expect(inNewYork[id], `match ${id}`).toBe(inShanghai[id]);
    await expect(newYork.getByText('GMT+8', { exact: true })).toBeVisible();
    await shot(newYork, 'early-list-new-york.png');

    // The early list's day filter and the rows it keeps speak of the same days.
    const days = newYork.getByRole('group', { name: 'Dates' }).getByRole('button');
    await expect(days.nth(2)).toBeVisible();
    const chip = (await days.nth(2).textContent())!;
    const [month, day] = chip.match(/(\d+)\/(\d+)/)!.slice(1).map(Number);
    await days.nth(2).click();
    await expect(days.nth(2)).toHaveAttribute('aria-pressed', 'true');
    // The rows follow the chip once the list has re-rendered.
    await expect(async () => {
      const shown = await rows(newYork).evaluateAll((elements) => elements.map((row) => (row.querySelector('[role="cell"]')?.textContent ?? '').trim()));
      expect(shown.length).toBeGreaterThan(0);
      for (const text of shown) {
        const [, m, d] = text.match(/(\d{2})\/(\d{2})/) ?? [];
        expect([Number(m), Number(d)], `row "${text}" is on ${chip}`).toEqual([month, day]);
      }
    }).toPass({ timeout: 10_000 });
  } finally {
    await shanghai.context().close();
    await newYork.context().close();
  }
});
