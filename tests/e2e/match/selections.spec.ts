import type { Page } from '@playwright/test';
import { LANGUAGES } from '../support/fixtures';
import { openMatch } from '../support/matchScreen';
import { expect, test } from '../support/world';
import { shot } from '../support/shots';

/**
 * Issue 13: every selection on the match screen is readable in full (correct scores, the draw, over/under, totals)
 * in all five languages at 1280 and 1440 px, and its price button is named by it. A football match in play has the
 * most markets: correct score and the rest give many short names in a grid, the case that was cut.
 */

/** Names drawn narrower than their text (cut), or printed with an ellipsis. */
function cutNames(page: Page) {
  return page.locator('[data-sport-pc] [data-option-name]').evaluateAll((names) =>
    names
      .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1 || /(\.\.|…)$/.test(el.textContent ?? ''))
      .map((el) => el.textContent),
  );
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const [lng] of LANGUAGES) {
  test(`no selection name is cut on the match screen in ${lng}, at 1280 and 1440 px; each price is named by its selection`, async ({ page, world }) => {
    const match = await world.match({ sportId: 1 });
    await openMatch(page, match.matchId, { locale: lng });
    const names = page.locator('[data-sport-pc] [data-option-name]');
    await expect(names.first()).toBeVisible();
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(names.first()).toBeVisible();
      expect(await cutNames(page), `${lng} at ${width} px`).toEqual([]);
      await shot(page, `markets-${lng}-${width}.png`, { fullPage: true });
    }
    // A screen reader hears what a price bets on.
    const first = names.first();
    const name = (await first.textContent())!.trim();
    await expect(first.locator('xpath=..').getByRole('button')).toHaveAccessibleName(new RegExp(`^${escape(name)}`));
  });
}
