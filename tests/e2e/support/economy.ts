import type { Page } from '@playwright/test';
import Decimal from 'decimal.js';
import { ECONOMY_PATHS } from '../../../contract/economy';
import type { TestMember } from '../../../contract/testControls';
import { app } from './betting';
import { expect } from './cspGuard';

/** The room header's coin balance as a number ("Coins: 12.50"). */
export async function coins(page: Page): Promise<Decimal> {
  const text = (await app(page).getByTestId('coin-balance').textContent()) ?? '';
  return new Decimal(text.replace(/^[^\d-]*/, ''));
}

/** The member's coins as the platform has them (activity/goldmall/balance with the member's session token). */
export async function platformCoins(page: Page, member: TestMember): Promise<Decimal> {
  const response = await page.request.post(ECONOMY_PATHS.coinBalance, { headers: { authorization: member.token }, data: {} });
  expect(response.ok()).toBe(true);
  return new Decimal(((await response.json()) as { data: { coinBalance: string } }).data.coinBalance);
}
