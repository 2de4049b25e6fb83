import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { TestMember } from '../../../contract/testControls';
import { app, platformBalance } from './betting';
import { expect, type World } from './world';

/**
 * What the betting specs share on top of support/betting.ts: prices of the test's own matches set to round numbers (so
 * every payout can be worked out by hand), balances to the cent and the early-settlement dialog.
 */

export const EARLY_FOOTBALL = 'list=3&sport=1';

/** One price of a match: the market and option it is, to set it with world.setMarket. */
export interface Price {
  marketId: number;
  option: string;
}

/** The home win of a match's full-time 1X2, as the platform offers it (POST /api/match/getMatchDetail, docs/api.md). */
export async function homeWin(request: APIRequestContext, matchId: number): Promise<Price> {
  const response = await request.post('/api/match/getMatchDetail', { data: { matchId, oddsFormat: 1, language: 'ENG' } });
  expect(response.ok(), `the details of match ${matchId}`).toBe(true);
  const body = (await response.json()) as { data: { betGroups: Array<{ groupType: string; period: string; moneyHandicap: Array<{ marketId: number }> }> } };
  const group = body.data.betGroups.find((g) => g.groupType === 'win1x2' && g.period === 'ft');
  expect(group, `match ${matchId} has a full-time 1X2`).toBeTruthy();
  return { marketId: group!.moneyHandicap[0]!.marketId, option: 'home' };
}

/**
 * Sets the home win of a match of the test's own to `odd` before a page shows the match. Before, not after: a price
 * that moves between a page's fetch of the match and its push subscription reaching the platform is not shown until
 * the next move (the push sends changes only, no state on subscribing).
 */
export async function priceHomeWin(request: APIRequestContext, world: World, matchId: number, odd: string): Promise<Price> {
  const price = await homeWin(request, matchId);
  await world.setMarket({ marketId: price.marketId, odds: { [price.option]: odd } });
  return price;
}

/** The member's main balance as the platform has it, to the cent ("9900.00"). */
export async function expectPlatformBalance(request: APIRequestContext, member: TestMember, expected: string) {
  expect((await platformBalance(request, member)).toFixed(2), `${member.username}'s balance on the platform`).toBe(expected);
}

/** Opens the early-settlement dialog of a bet card and waits for the offer. */
export async function openCashOut(page: Page, card: Locator): Promise<Locator> {
  await card.getByRole('button', { name: 'Early settlement' }).click();
  const dialog = app(page).getByRole('dialog', { name: 'Early settlement' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('cash-out-price')).not.toHaveText('Getting the offer…');
  return dialog;
}
