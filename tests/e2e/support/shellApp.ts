import type { Page } from '@playwright/test';
import type { TestMember } from '../../../contract/testControls';
import { expect, openApp, type Locale } from './world';

/**
 * The standalone app signed in as `member` through a link's token (world.ts openApp), once the app knows the member:
 * the header's balance is shown to members only.
 */
export async function openAppAs(page: Page, member: TestMember, options: { query?: string; locale?: Locale } = {}) {
  await openApp(page, { member, ...options });
  await expect(page.getByTestId('app-balance')).toBeVisible();
}
