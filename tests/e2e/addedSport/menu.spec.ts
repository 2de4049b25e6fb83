import { app } from '../support/betting';
import { test } from '../support/sports';
import { expect, openApp } from '../support/world';

/**
 * Issue 30: a sport added as one folder outside plugins/ (tests/fixtures/plugins/sport-demo, curling) and one config
 * line (scripts/plugins/fixtureSite.cjs) is on the sports menu under its own name, beside the shipped sports. Run only by
 * the fixture sport projects (playwright.config.ts), against the fixture site; its list with the platform's prices and
 * its match screen are the sport smoke test's (tests/e2e/sports/sport.spec.ts), run by the same project.
 */
test('the sports menu names the added sport', async ({ page, sportId }) => {
  await openApp(page);
  await expect(app(page).locator(`[data-sport-menu="${sportId}"]`)).toHaveAccessibleName('Curling');
});
