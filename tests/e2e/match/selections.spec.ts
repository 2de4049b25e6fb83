import type { APIRequestContext, Page } from '@playwright/test';
import { appReady, LANGUAGES, switchLanguage } from '../support/fixtures';
import { expect, test } from '../support/cspGuard';

/**
 * Issue 13: every selection on the match screen is readable in full (correct scores, the draw, over/under, totals)
 * in all five languages at 1280 and 1440 px, and its price button is named by it.
 */

/**
 * A football match in play with its markets open, least far into its game (it outlasts the test): correct score and
 * the rest give many short names in a grid, the case that was cut.
 */
async function footballMatch(request: APIRequestContext): Promise<number> {
  const answer = await request.post('/api/match/getList', { data: { type: 1, sportId: 1, current: 1, size: 50 } });
  const records = ((await answer.json()) as { data: { records: Array<{ matchId: number; marketCount: number; matchInfo: { period: number } }> } }).data.records;
  const open = records.filter((m) => m.marketCount >= 5).sort((a, b) => a.matchInfo.period - b.matchInfo.period);
  expect(open.length, 'football in play with open markets').toBeGreaterThan(0);
  return open[0]!.matchId;
}

/** Names drawn narrower than their text (cut), or printed with an ellipsis. */
function cutNames(page: Page) {
  return page.locator('[data-sport-pc] [data-option-name]').evaluateAll((names) =>
    names
      .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1 || /(\.\.|…)$/.test(el.textContent ?? ''))
      .map((el) => el.textContent),
  );
}

test('no selection name is cut on the match screen, in any language, at 1280 and 1440 px', async ({ page, request }) => {
  test.setTimeout(120_000);
  const matchId = await footballMatch(request);
  await page.goto(`/spa/sport-pc/?matchId=${matchId}`);
  await appReady(page);
  const names = page.locator('[data-sport-pc] [data-option-name]');
  await expect(names.first()).toBeVisible();
  for (const language of LANGUAGES) {
    const [lng] = language;
    await switchLanguage(page, language);
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(names.first()).toBeVisible();
      expect(await cutNames(page), `${lng} at ${width} px`).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`markets-${lng}-${width}.png`), fullPage: true });
    }
  }
  // Each price is named by its selection, so a screen reader hears what it bets on.
  const first = page.locator('[data-sport-pc] [data-option-name]').first();
  const name = (await first.textContent())!.trim();
  await expect(first.locator('xpath=..').getByRole('button')).toHaveAccessibleName(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
});
