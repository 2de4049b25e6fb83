import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { ClaimedMatch, TestMember } from '../../../contract/testControls';
import { app, entryOf, FOOTBALL, pickInList, platformBalance, signInOnHost } from './betting';
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

/**
 * A fresh member signed in on the host with the home win of a pre-match football match of the test's own in the slip,
 * priced at `odd` first: the slip entry answered shows that price.
 */
export async function homeWinInSlip(page: Page, request: APIRequestContext, world: World, odd: string): Promise<{ member: TestMember; match: ClaimedMatch; price: Price; entry: Locator }> {
  const member = await world.member();
  const match = await world.match({ sportId: FOOTBALL, list: 'early' });
  const price = await priceHomeWin(request, world, match.matchId, odd);
  await signInOnHost(page, member, { query: EARLY_FOOTBALL });
  await pickInList(page, match.matchId);
  const entry = entryOf(page, match.matchId);
  await expect(entry.getByTestId('slip-odds')).toHaveText(odd);
  return { member, match, price, entry };
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
