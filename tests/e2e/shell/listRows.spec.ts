import { LANGUAGES, switchLanguage } from '../support/fixtures';
import { expect, openApp, test } from '../support/world';
import { shot } from '../support/shots';

/** Issue 13: team names in list rows are read in full in every language (they used to be cut with "…"). */

test('no team name is cut in the football list, in any language, at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The early list: the world has football there from its start (server/test/worldContract.test.ts).
  await openApp(page, { query: 'list=3&sport=1' });
  const names = page.locator('[data-sport-pc] [data-team-name]');
  await expect(names.first()).toBeVisible();
  // English as opened, then switched to each of the others.
  const english = LANGUAGES.find(([lng]) => lng === 'en')!;
  for (const language of [english, ...LANGUAGES.filter((other) => other !== english)]) {
    const [lng] = language;
    if (language !== english) await switchLanguage(page, language);
    await expect(names.first()).toBeVisible();
    const cut = await names.evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));
    expect(cut, lng).toEqual([]);
    await shot(page, `list-${lng}-1280.png`);
  }
});
