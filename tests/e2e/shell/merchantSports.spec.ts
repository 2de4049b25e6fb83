import type { APIRequestContext, Page } from '@playwright/test';
import { BetError } from '../../../contract/errors';
import { app } from '../support/betting';
import { expectAccessible } from '../support/fixtures';
import { expect, openApp, test } from '../support/world';
import { shot } from '../support/shots';
import { MATCH_PATHS } from '../../../contract/paths';

/**
 * Issue 28: merchant `lite` (config/merchants/lite.json) offers football only. With it, no basketball shows anywhere in
 * the app (home's live cards, the live video panel, the sports menu, search), a basketball `?matchId=` says it is not
 * available, and the platform refuses a basketball bet of a lite member.
 */
const FOOTBALL = 1;
const BASKETBALL = 3;
const LITE = 'merchant=lite';

/** Basketball matches on sale now (in play and today), as any other merchant's app would list them. */
async function basketballIds(request: APIRequestContext): Promise<Set<number>> {
  const response = await request.post(MATCH_PATHS.list, { data: { type: 6, sportId: BASKETBALL, current: 1, size: 200 } });
  const page = (await response.json()) as { data: { records: Array<{ matchId: number }> } };
  return new Set(page.data.records.map((m) => m.matchId));
}

/** Every match the app draws (rows, cards, search results, the live video picker carry data-match-id). */
const shownMatchIds = async (page: Page) =>
  (await app(page).locator('[data-match-id]').evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-match-id'))))).filter((id) => id > 0);

test('merchant lite: no basketball on home, in search or at a basketball ?matchId=, and the platform refuses its bet', async ({ page, world, request }) => {
  const basketball = await world.match({ sportId: BASKETBALL, minVideoLines: 1 });
  await world.match({ sportId: FOOTBALL, minVideoLines: 1 });
  const member = await world.member({ merchantId: 'lite' });
  // The app keeps its language per merchant: lite's opens in English too.
  await page.addInitScript(() => localStorage.setItem('sport-pc:lite:locale', JSON.stringify('en')));
  const hidden = await basketballIds(request);
  expect(hidden.has(basketball.matchId)).toBe(true);

  await openApp(page, { member, query: LITE });
  const menu = app(page).locator('[data-sport-menu]');
  await expect(menu.first()).toBeVisible();
  expect(await menu.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-sport-menu')))).toEqual([String(FOOTBALL)]);
  // Home's live cards and the right column's live video picker are there, and football only.
  const cards = app(page).getByRole('list', { name: 'Live now' }).locator('[data-match-id]');
  await expect(cards.first()).toBeVisible();
  await expect(app(page).getByRole('list', { name: 'Live matches with video' }).getByRole('button').first()).toBeVisible();
  expect((await shownMatchIds(page)).filter((id) => hidden.has(id))).toEqual([]);
  await expect(app(page)).not.toContainText('Basketball');
  await expect(app(page)).not.toContainText(basketball.home.ENG!);
  await shot(page, 'lite-home.png');
  await expectAccessible(page);

  // Search: the basketball match's own team name finds nothing of it.
  await app(page).getByRole('combobox', { name: 'Search matches' }).fill(basketball.home.ENG!);
  const results = app(page).getByRole('listbox', { name: 'Search results' });
  await expect(results.or(app(page).getByText('No matches found'))).toBeVisible();
  await expect(app(page).locator(`[data-match-id="${basketball.matchId}"]`)).toHaveCount(0);
  expect((await shownMatchIds(page)).filter((id) => hidden.has(id))).toEqual([]);
  await shot(page, 'lite-search.png');

  // A link to the basketball match: a clear "not available", no scoreboard, no prices, not another match.
  await page.goto(`/spa/sport-pc/?${LITE}&matchId=${basketball.matchId}`);
  await expect(app(page).getByText('This match is not available here: its sport is not offered.')).toBeVisible();
  await expect(app(page).locator('section[data-scoreboard]')).toHaveCount(0);
  await expect(app(page).locator('button[data-odd]')).toHaveCount(0);
  await shot(page, 'lite-basketball-match.png');
  await expectAccessible(page);

  // The platform takes no basketball bet from a lite member, whatever merchant a request names.
  const detail = (await (await request.post('/api/match/getMatchDetail', { data: { matchId: basketball.matchId } })).json()) as {
    data: { betGroups: Array<{ moneyHandicap: Array<{ marketId: number; options: Array<{ type: string; odd: string; isLock: boolean }> }> }> };
  };
  const market = detail.data.betGroups.flatMap((g) => g.moneyHandicap).find((m) => m.options.some((o) => !o.isLock))!;
  const option = market.options.find((o) => !o.isLock)!;
  const bet = await request.post('/v1/order/bet/singlePass', {
    headers: { authorization: member.token, 'x-merchant-id': 'default' },
    data: { singleBetList: [{ unitStake: '10.00', oddsChange: 1, betOptionList: [{ marketId: market.marketId, optionType: option.type, odds: option.odd, oddsFormat: 1 }] }] },
  });
  expect(bet.status()).toBe(403);
  expect(await bet.json()).toMatchObject({ errcode: BetError.SportNotOffered, msg: expect.stringContaining('merchant "lite" does not offer') });
});
