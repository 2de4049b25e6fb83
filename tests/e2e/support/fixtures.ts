import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).include('[data-sport-pc]').analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** Every script URL the page requests, to prove which plugin chunks were (not) downloaded. */
export function recordScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  });
  return urls;
}

export const chunk = (urls: string[], name: string) => urls.filter((u) => new URL(u).pathname.split('/').pop()!.startsWith(`${name}.`));

/** The app is ready when its sports menu has rendered real entries (plugins loaded). */
export async function appReady(page: Page) {
  await expect(page.locator('[data-sport-pc] [data-sport-menu="1"]')).toBeVisible();
}
