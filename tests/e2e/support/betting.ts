import Decimal from 'decimal.js';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { appReady, axeScan, navItem, openFromNav } from './fixtures';

/**
 * Helpers of the betting suite: a member signed in through the demo host, picking open prices from a live list, the
 * slip, My bets and the member's balance as the platform has it.
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
 * Opens the demo host at /newSport in English and signs `username` in with its login box. The host hands the
 * language to the app as a prop (its own select, stored as demo-host:language); the app's own stored locale is set
 * too so nothing renders in Chinese first.
 */
export async function signInOnHost(page: Page, username = 'demo') {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('e2e:language-set')) {
      localStorage.setItem('demo-host:language', 'ENG');
      localStorage.setItem('sport-pc:default:locale', JSON.stringify('en'));
      localStorage.setItem('sport-pc:demo:locale', JSON.stringify('en'));
      sessionStorage.setItem('e2e:language-set', '1');
    }
  });
  await page.goto('/newSport');
  await appReady(page);
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill('demo1234');
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('host-balance')).toHaveText(/^CNY \d+\.\d{2}$/);
  // The app learns the login as a prop: My bets appears in its navigation for members only (in the bar or under More).
  await navItem(page, 'My bets');
  await page.keyboard.press('Escape');
}

/** The host header's balance as a number of the default currency ("CNY 9980.00" -> 9980.00). */
export async function hostBalance(page: Page): Promise<Decimal> {
  const text = (await page.getByTestId('host-balance').textContent()) ?? '';
  return new Decimal(text.replace(/^[A-Z]+\s+/, ''));
}

/** The member's balance as the platform has it now (POST /api/forehead/user/loginState with the host's token). */
export async function platformBalance(page: Page, request: APIRequestContext): Promise<Decimal> {
  const token = await page.evaluate(() => localStorage.getItem('demo-host:token'));
  expect(token, 'the host keeps its session token').toBeTruthy();
  const response = await request.post('/api/forehead/user/loginState', { headers: { authorization: token! }, data: {} });
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

export interface PickOptions {
  /** Only matches that have not kicked off (the row shows a kick-off time and date, not a live period). */
  preMatch?: boolean;
  /** Leave these matches alone (already in the slip). */
  exclude?: readonly string[];
  /** Prefer the rows furthest down the list (the latest kick-offs of Today). */
  fromEnd?: boolean;
  /** Which open price of the row: 0 is the first (home win of the full-time 1X2). */
  priceIndex?: number;
}

/** Matches on screen now whose row offers an open price, in list order. */
async function candidateMatches(page: Page, options: PickOptions): Promise<string[]> {
  return rows(page).evaluateAll(
    (els, { preMatch, exclude }) =>
      els
        .filter((row) => row.querySelector('button[data-odd]:not([disabled])'))
        .filter((row) => {
          if (!preMatch) return true;
          // A pre-match row's first cell starts "HH:MM" then "MM/DD" (an anchor badge may follow); a live one shows the
          // period and the clock.
          const when = row.querySelector('[role="cell"]')?.textContent ?? '';
          return /^\d{2}:\d{2}\s*\d{2}\/\d{2}/.test(when.trim());
        })
        .map((row) => row.getAttribute('data-match-id')!)
        .filter((id) => !exclude.includes(id)),
    { preMatch: options.preMatch ?? false, exclude: [...(options.exclude ?? [])] },
  );
}

/**
 * Clicks an open price of a match on screen and waits for it in the slip; answers the match id. A market can be
 * suspended between reading the list and the click (live feed): then another match is tried.
 */
export async function pickSelection(page: Page, options: PickOptions = {}): Promise<string> {
  let picked = '';
  await expect(async () => {
    const before = await slipEntries(page).count();
    const ids = await candidateMatches(page, options);
    if (ids.length === 0) {
      // The list is virtualised: only rows near the viewport exist. Look further down before the next try.
      await page.mouse.wheel(0, 600);
    }
    expect(ids.length, 'an open price on a match of the list').toBeGreaterThan(0);
    const matchId = options.fromEnd ? ids[ids.length - 1]! : ids[0]!;
    const prices = app(page).locator(`[role="row"][data-match-id="${matchId}"] button[data-odd]:not([disabled])`);
    await prices.nth(Math.min(options.priceIndex ?? 0, (await prices.count()) - 1)).click({ timeout: 2_000 });
    await expect(slip(page).locator(`article[data-match-id="${matchId}"]`)).toBeVisible({ timeout: 3_000 });
    expect(await slipEntries(page).count()).toBeGreaterThanOrEqual(before);
    picked = matchId;
  }).toPass({ timeout: 30_000 });
  return picked;
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
