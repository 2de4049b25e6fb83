import { appReady, LANGUAGES, switchLanguage } from '../support/fixtures';
import { expect, test } from '../support/cspGuard';

/** Issue 13: team names in list rows are read in full in every language (they used to be cut with "…"). */

test('no team name is cut in the football list, in any language, at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The early list: today's (the platform's calendar day) can be empty near its end, as simulated time runs 20x.
  await page.goto('/spa/sport-pc/?list=3&sport=1');
  await appReady(page);
  const names = page.locator('[data-sport-pc] [data-team-name]');
  await expect(names.first()).toBeVisible({ timeout: 20_000 });
  for (const language of LANGUAGES) {
    const [lng] = language;
    await switchLanguage(page, language);
    await expect(names.first()).toBeVisible();
    const cut = await names.evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));
    expect(cut, lng).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`list-${lng}-1280.png`) });
  }
});
