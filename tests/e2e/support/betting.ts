import Decimal from 'decimal.js';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { TestMember } from '../../../contract/testControls';
import { axeScan, navItem, openFromNav } from './fixtures';
import { onHostAs, type Locale } from './world';
import { FOREHEAD_PATHS } from '../../../contract/paths';

/**
 * Helpers of the betting suite: a member of the test's own signed in through the demo host, picking prices of the
 * test's own matches, the slip, My bets and the member's balance as the platform has it.
 */

export const FOOTBALL = 1;

/**
 * expectAccessible (support/fixtures.ts) as a soft assertion: a serious or critical violation fails the test, named
 * with the screen it was found on, but the money flow under test still runs to its end and is checked too.
 */
export async function checkAccessible(page: Page, screen: string) {
  const results = await axeScan(page);
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect.soft(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.html}`).join(', ')})`), `accessibility of ${screen}`).toEqual([]);
}

/** The app inside the demo host (or standalone): everything the sportsbook renders. */
export const app = (page: Page) => page.locator('[data-sport-pc]');
/** The bet slip panel, found by its heading's id so it holds in every language. */
export const slip = (page: Page) => page.locator('[data-sport-pc] section[aria-labelledby="sp-betslip-title"]');
/** One selection of the slip (an article per entry). */
export const slipEntries = (page: Page) => slip(page).locator('article[data-match-id]');
export const mainNav = (page: Page) => app(page).getByRole('navigation', { name: 'Main navigation' });
export const toasts = (page: Page) => app(page).getByRole('region', { name: 'Notifications' });

/**
 * Opens the demo host at /newSport signed in as `member` (the host restores its stored session, world.ts onHostAs) and
 * waits until the app knows the member: My bets is in its navigation for members only (in the bar or under More).
 */
export async function signInOnHost(page: Page, member: TestMember, options: { query?: string; locale?: Locale } = {}) {
  await onHostAs(page, member, options);
  await navItem(page, 'My bets');
  await page.keyboard.press('Escape');
}

/** The host header's balance as a number of the default currency ("CNY 9980.00" -> 9980.00). */
export async function hostBalance(page: Page): Promise<Decimal> {
  const text = (await page.getByTestId('host-balance').textContent()) ?? '';
  return new Decimal(text.replace(/^[A-Z]+\s+/, '').replace(/,/g, ''));
}

/** The member's balance as the platform has it now (POST /api/forehead/user/loginState with the member's token). */
export async function platformBalance(request: APIRequestContext, member: TestMember): Promise<Decimal> {
  const response = await request.post(FOREHEAD_PATHS.loginState, { headers: { authorization: member.token }, data: {} });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: { balance: { balanceList: Array<{ coinCode: string; balance: string; isDefault?: boolean }> } } };
  const list = body.data.balance.balanceList;
  const line = list.find((b) => b.isDefault) ?? list[0]!;
  return new Decimal(line.balance);
}

/** Opens a list of football (In-play, Today, Early...) from the sport's own tabs. */
export async function openList(page: Page, tab: 'In-play' | 'Today' | 'Early', sportId = FOOTBALL) {
  await app(page).locator(`[data-sport-menu="${sportId}"]`).click();
  await expect(app(page).getByRole('heading', { level: 1 })).toBeVisible();
  const tabButton = app(page).getByRole('tab', { name: tab, exact: true });
  await tabButton.click();
  await expect(tabButton).toHaveAttribute('aria-selected', 'true');
  await expect(app(page).getByRole('table', { name: 'Matches' })).toBeVisible({ timeout: 20_000 });
}

export const rows = (page: Page) => app(page).locator('[role="row"][data-match-id]');

/**
 * A match's row in the list on screen. The list is virtualised and paged (only rows near the viewport exist, further
 * pages load as it scrolls): the mouse wheel scrolls down over it, as a person does, until the row exists.
 */
export async function rowOf(page: Page, matchId: number): Promise<Locator> {
  const row = app(page).locator(`[role="row"][data-match-id="${matchId}"]`);
  const list = app(page).getByRole('table', { name: 'Matches' });
  await expect(list).toBeVisible();
  if ((await row.count()) === 0) {
    // From the top (the row may be above an earlier pick), the pointer over the list in the middle of the window.
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = (await list.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, Math.max(box.y + 100, (page.viewportSize()?.height ?? 800) / 2));
    const until = Date.now() + 20_000;
    while ((await row.count()) === 0) {
      if (Date.now() > until) throw new Error(`match ${matchId} did not show in the list`);
      await page.mouse.wheel(0, 2_000);
      // Two frames: the virtualiser renders what scrolled in (a page still loading comes in a later turn).
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    }
  }
  await expect(row).toBeVisible();
  return row;
}

/**
 * Clicks a control of the match's row, finding the row again first: matches other tests kick off join the same in-play
 * list meanwhile, and the rows they add above can move this one out of the list's rendered window.
 */
export async function clickInRow(page: Page, matchId: number, control: (row: Locator) => Locator): Promise<void> {
  await expect(async () => {
    await control(await rowOf(page, matchId)).click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** The slip entry of a match. */
export const entryOf = (page: Page, matchId: number) => slip(page).locator(`article[data-match-id="${matchId}"]`);

/**
 * Clicks a price of the match's row in the list on screen (the first by default: home win of the full-time 1X2) and
 * waits for it in the slip. The list can re-render its rows meanwhile (a poll, a push): the row is found again and the
 * click tried again, unless the selection already reached the slip (a second click would take it out).
 */
export async function pickInList(page: Page, matchId: number, priceIndex = 0): Promise<void> {
  const entry = entryOf(page, matchId);
  await expect(async () => {
    if ((await entry.count()) === 0) {
      const row = await rowOf(page, matchId);
      await row.locator('button[data-odd]:not([disabled])').nth(priceIndex).click({ timeout: 2_000 });
    }
    await expect(entry).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** The stake field of a slip entry (single mode). */
export const entryStake = (entry: Locator) => entry.getByRole('textbox', { name: /^Stake/ });

/** The place button of the slip (named "Place bet", "Placing…" while sending). */
export const placeButton = (page: Page) => slip(page).getByRole('button', { name: /^(Place bet|Placing…)$/ });

/** Opens My bets from the app's navigation and waits for its list (or empty state) to settle. */
export async function openMyBets(page: Page) {
  await openFromNav(page, 'My bets');
  await expect(app(page).getByRole('heading', { level: 1, name: 'My bets' })).toBeVisible();
  await expect(app(page).locator('#sp-mybets-panel')).toHaveAttribute('aria-busy', 'false');
}

/** My bets' tab (Unsettled, Settled, Pre-bets). */
export async function myBetsTab(page: Page, name: 'Unsettled' | 'Settled' | 'Pre-bets') {
  const tab = app(page).getByRole('tablist', { name: 'Bet history' }).getByRole('tab', { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(app(page).locator('#sp-mybets-panel')).toHaveAttribute('aria-busy', 'false');
}

/** The bet cards of My bets (an article per order). */
export const betCards = (page: Page) => app(page).locator('#sp-mybets-panel article[data-status]');

/**
 * Starts keeping every toast the page shows (type and text), so that a toast which came and went while the test was
 * busy (a success toast lasts 3 s) can still be asserted: see seenToasts.
 */
export async function recordToasts(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __e2eToasts?: Array<{ type: string; text: string }> };
    if (w.__e2eToasts) return;
    const seen: Array<{ type: string; text: string }> = (w.__e2eToasts = []);
    const known = new WeakSet<Element>();
    const scan = () => {
      document.querySelectorAll('[data-toast-type]').forEach((el) => {
        if (known.has(el)) return;
        known.add(el);
        seen.push({ type: el.getAttribute('data-toast-type') ?? '', text: el.textContent ?? '' });
      });
    };
    scan();
    new MutationObserver(scan).observe(document.body, { childList: true, subtree: true });
  });
}

/** The toasts shown since recordToasts. */
export function seenToasts(page: Page): Promise<Array<{ type: string; text: string }>> {
  return page.evaluate(() => (window as unknown as { __e2eToasts?: Array<{ type: string; text: string }> }).__e2eToasts ?? []);
}

/** The team names of a slip entry ("Home – Away" is its accessible name once the platform has described it). */
export async function teamsOf(entry: Locator): Promise<{ home: string; away: string }> {
  // Until the bet info arrives the entry is named after its selection only.
  await expect(entry).toHaveAttribute('aria-label', / – /);
  const label = (await entry.getAttribute('aria-label')) ?? '';
  const [home = '', away = ''] = label.split(' – ');
  return { home, away };
}

/** Money text as shown by the app ("¥1,234.50", "CNY 12.00") to a decimal. */
export function moneyValue(text: string): Decimal {
  const digits = text.replace(/[^\d.-]/g, '');
  return new Decimal(digits);
}

/** The platform's answer to a placement: its code (0 taken), message and the orders it made. */
export interface PlaceAnswer {
  code: number;
  msg: string;
  orderIds: string[];
}

/** Clicks Place bet (or the given button) and reads the platform's answer to the placement. */
export async function submitSlip(page: Page, button: Locator = placeButton(page)): Promise<PlaceAnswer> {
  const answer = page.waitForResponse((r) => /\/v1\/order\/(bet\/singlePass|betMultiple)$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST');
  await button.click();
  const body = (await (await answer).json()) as { code: number; msg?: string; data?: { orders?: Array<{ orderId: string }> } };
  return { code: body.code, msg: body.msg ?? '', orderIds: (body.data?.orders ?? []).map((o) => o.orderId) };
}

/**
 * Clicks Place bet and answers the ids of the orders the platform made (from its answer to the placement), so that
 * My bets can be read by order number whatever else the member has bet.
 */
export async function placeAndCollectOrders(page: Page, button: Locator = placeButton(page)): Promise<string[]> {
  const answer = await submitSlip(page, button);
  expect(answer.code, `the platform took the bets (${answer.msg})`).toBe(0);
  return answer.orderIds;
}

/** The bet card of one order in My bets (each card shows "No. <order id>"). */
export const betCard = (page: Page, orderId: string) => betCards(page).filter({ hasText: `No. ${orderId}` });
