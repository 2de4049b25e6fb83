import { test, type Locator, type Page } from '@playwright/test';

/**
 * Screenshots for a person to look at (the screens a change touched), never an assertion. Taken when a spec runs on
 * its own; `npm test` skips them (scripts/test.mjs sets E2E_SHOTS=0): about a hundred PNGs a run that nobody opens,
 * each a capture and an encode on the same two cores as the tests. A failing test still leaves Playwright's own
 * screenshot (playwright.config.ts `screenshot: 'only-on-failure'`).
 */
export const SHOTS = process.env.E2E_SHOTS !== '0';

/** Saves a screenshot of the page (or of one element) as `name` in the test's output folder, unless E2E_SHOTS=0. */
export async function shot(target: Page | Locator, name: string, options: { fullPage?: boolean; animations?: 'disabled' } = {}) {
  if (!SHOTS) return;
  const path = test.info().outputPath(name);
  await ('goto' in target ? target.screenshot({ path, ...options }) : target.screenshot({ path, animations: options.animations }));
}
