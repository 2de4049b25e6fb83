import type { APIRequestContext, Page } from '@playwright/test';
import Decimal from 'decimal.js';
import { expect } from './cspGuard';
import { ECONOMY_PATHS } from '../../../contract/economy';
import { app } from './betting';

/** The room header's coin balance as a number ("Coins: 12.50"). */
export async function coins(page: Page): Promise<Decimal> {
  const text = (await app(page).getByTestId('coin-balance').textContent()) ?? '';
  return new Decimal(text.replace(/^[^\d-]*/, ''));
}

/** The member's coins as the platform has them (activity/goldmall/balance with the host page's session token). */
export async function platformCoins(page: Page, request: APIRequestContext): Promise<Decimal> {
  const token = await page.evaluate(() => localStorage.getItem('demo-host:token'));
  expect(token, 'the host keeps its session token').toBeTruthy();
  const response = await request.post(ECONOMY_PATHS.coinBalance, { headers: { authorization: token! }, data: {} });
  expect(response.ok()).toBe(true);
  return new Decimal(((await response.json()) as { data: { coinBalance: string } }).data.coinBalance);
}
