import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * axe-core over the app as it is now. Every rule runs; only the violations are asked for in full: by default axe
 * also builds a selector and HTML snippet for every passing node, which on a list of matches is most of its time
 * (about 5 s a scan on a busy 2-core machine). Passes, incomplete and inapplicable results keep one node each.
 */
export function axeScan(page: Page) {
  // Legacy mode runs axe.run in the page (same-origin frames included: the app's frames are all its own) instead of
  // partial runs finished in a blank page that each scan opens: a second per scan, sixty-odd scans a run.
  return new AxeBuilder({ page }).include('[data-sport-pc]').options({ resultTypes: ['violations'] }).setLegacyMode().analyze();
}

/** No serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await axeScan(page);
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

/**
 * The files each named chunk (webpackChunkName) of the app became: production files carry only ids (rspack.config.ts).
 * Read from the build the test's project runs against: dist/, or the one its metadata names (`dist`, the fixture
 * site's for a fixture sport project, playwright.config.ts).
 */
const chunkFiles = new Map<string, Record<string, string[]>>();
export function filesOfChunk(name: string): string[] {
  const dist = (test.info().project.metadata as { dist?: string }).dist ?? path.resolve(__dirname, '../../../dist');
  const list = path.join(dist, 'spa-sport-pc.chunks.json');
  if (!chunkFiles.has(list)) chunkFiles.set(list, JSON.parse(readFileSync(list, 'utf8')) as Record<string, string[]>);
  const files = chunkFiles.get(list)![name];
  if (!files) throw new Error(`the build has no chunk named "${name}" (${list})`);
  return files;
}

/** The requests among `urls` that fetched the script of the chunk named `name`. */
export const chunk = (urls: string[], name: string) => {
  const scripts = new Set(filesOfChunk(name).filter((file) => file.endsWith('.js')));
  return urls.filter((u) => scripts.has(new URL(u).pathname.split('/').pop()!));
};

/**
 * Opens a main navigation item from the header: in the bar when it fits there, else from under More (the bar moves
 * what does not fit at the window's width and language into More).
 */
export async function openFromNav(page: Page, name: string | RegExp) {
  return (await navItem(page, name)).click();
}

/** Waits until the header offers a main navigation item (in the bar, or under More, which is then left open). */
export async function navItem(page: Page, name: string | RegExp): Promise<Locator> {
  const header = page.locator('[data-sport-pc] header');
  const exact = typeof name === 'string';
  const inBar = header.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name, exact });
  const more = header.getByRole('button', { name: 'More', exact: true });
  const underMore = page.getByRole('list', { name: 'More' }).getByRole('button', { name, exact });
  await expect(async () => {
    if (await inBar.isVisible()) return;
    if (!(await underMore.isVisible())) await more.click({ timeout: 1_000 });
    await expect(underMore).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  return (await inBar.isVisible()) ? inBar : underMore;
}

/**
 * The app is ready when its sports menu has rendered real entries (plugins loaded). A page of a fresh browser context
 * downloads the host and the app cold; on a 2-core CI machine also running the live rooms' encoders that took longer
 * than the 15 s default (the chat spec's second member, CI run of stop 25), so the first paint gets 45 s.
 */
export async function appReady(page: Page) {
  try {
    await expect(page.locator('[data-sport-pc] [data-sport-menu="1"]')).toBeVisible({ timeout: 45_000 });
  } catch (error) {
    // CI keeps only the printed output: say what the page showed instead (host only, app mounted, a failure panel).
    const mounted = await page.locator('[data-sport-pc]').count();
    const shown = (await page.locator('body').innerText({ timeout: 5_000 }).catch(() => '(unreadable)')).slice(0, 400);
    throw new Error(`app not ready at ${page.url()}: app root mounted ${mounted}, page text: ${JSON.stringify(shown)}`, { cause: error });
  }
}

/** The five languages, each with its bet slip's heading, which says the app has rendered in that language. */
export const LANGUAGES = [
  ['zh-CN', '投注单'],
  ['zh-TW', '投注單'],
  ['en', 'Bet slip'],
  ['vi', 'Phiếu cược'],
  ['th', 'สลิปเดิมพัน'],
] as const;

/** Switches the app's language with the header's select and waits until it has rendered in it. */
export async function switchLanguage(page: Page, [lng, slipHeading]: (typeof LANGUAGES)[number]) {
  await page.locator('[data-sport-pc] header select').nth(1).selectOption(lng);
  await expect(page.getByRole('heading', { name: slipHeading })).toBeVisible();
}
