import type { Page } from '@playwright/test';
import Decimal from 'decimal.js';
import { expect, test } from '../support/cspGuard';
import { app, signInOnHost } from '../support/betting';
import { coins, platformCoins } from '../support/economy';
import { expectAccessible } from '../support/fixtures';
import { liveRoom } from '../support/live';
import { startRoomEvent } from '../support/operator';

/** Opens the room on the demo host signed in as `username` and waits for its coin balance in the header. */
async function memberInRoom(page: Page, username: string, roomId: number) {
  await signInOnHost(page, username);
  await page.goto(`/newSport?roomId=${roomId}`);
  await expect(app(page).getByTestId('coin-balance')).toHaveText(/^Coins: \d+\.\d{2}$/, { timeout: 60_000 });
}

/** The room's chat lines that say `nickname` sent one gift (the platform's act message: "Activity Demo 🎁 玫瑰 x1"). */
const giftLines = (page: Page, nickname: string) =>
  app(page)
    .getByRole('log', { name: 'Chat messages' })
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`(^|\\s)${nickname} 🎁 .+ x1$`) });

/**
 * Issue 16 with two members in one room (demo and demo2, two browsers): a gift one sends reaches the other's stage and
 * chat, and both catch one envelope of an operator's rain, each prize being exactly the rise of that member's coins
 * and the two together within the rain's budget.
 */
test('two members in a room: one sends a gift the other sees, both catch a rain within its budget', async ({ page, browser, request }) => {
  test.setTimeout(300_000);
  const room = await liveRoom(request);
  const second = await browser.newContext();
  try {
    const page2 = await second.newPage();
    await memberInRoom(page, 'demo', room.liveRoomId);
    await memberInRoom(page2, 'demo2', room.liveRoomId);

    // demo sends the first gift; demo2 sees it fly over the stage and as a new act line in the chat.
    const linesBefore = await giftLines(page2, 'Demo').count();
    await app(page).getByRole('button', { name: 'Gifts', exact: true }).click();
    const list = app(page).getByRole('region', { name: 'Gift list' });
    await list.getByRole('listitem').first().getByRole('button').click({ timeout: 30_000 });
    // The animation plays for 4 s only: the wait starts before the gift is sent so a slow poll cannot miss it.
    const flies = expect(app(page2).getByTestId('gift-animation').filter({ hasText: 'Demo × 1' }).first()).toBeAttached({ timeout: 30_000 });
    await list.getByRole('button', { name: 'Send' }).click();
    await expect(list.getByRole('status')).toContainText('Sent 1 ×', { timeout: 30_000 });
    await flies;
    await page2.screenshot({ path: test.info().outputPath('two-members-gift-seen.png') });
    await expect.poll(() => giftLines(page2, 'Demo').count(), { timeout: 30_000, message: 'the gift is a chat line for demo2' }).toBe(linesBefore + 1);
    await app(page).getByRole('button', { name: 'Gifts', exact: true }).click();
    await expectAccessible(page2);

    // An operator's rain of 20.00 coins in 4 envelopes (1,800 simulated seconds: 90 s at FEED_SPEED 20 for both grabs).
    const budget = new Decimal('20.00');
    const before = [await coins(page), await coins(page2)];
    await startRoomEvent(request, { roomId: room.liveRoomId, kind: 3, budget: budget.toFixed(2), envelopes: 4, countdownSeconds: 0, durationSeconds: 1800 });
    const prizes: Decimal[] = [];
    for (const [i, member] of [page, page2].entries()) {
      const ball = app(member).getByTestId('rain-ball');
      await expect(ball).toHaveText('Grab a red envelope!', { timeout: 30_000 });
      await ball.click();
      await member.getByRole('dialog', { name: 'Red-envelope rain' }).getByRole('button', { name: 'Envelope 1' }).click();
      const popup = member.getByRole('dialog', { name: 'You got a red envelope' });
      await expect(popup).toBeVisible({ timeout: 30_000 });
      const prize = new Decimal(((await popup.getByTestId('rain-prize').textContent()) ?? '').replace(/[^\d.]/g, ''));
      expect(prize.gt(0), `member ${i + 1} got a prize`).toBe(true);
      await expect.poll(() => coins(member).then((c) => c.toFixed(2)), { timeout: 30_000, message: `member ${i + 1}'s coins rise by the prize` }).toBe(before[i]!.plus(prize).toFixed(2));
      expect((await platformCoins(member, request)).toFixed(2), `the platform has member ${i + 1}'s coins as the header`).toBe(before[i]!.plus(prize).toFixed(2));
      await expect(ball).toBeHidden();
      prizes.push(prize);
    }
    expect(prizes[0]!.plus(prizes[1]!).lte(budget), `${prizes.join(' + ')} within the budget ${budget.toFixed(2)}`).toBe(true);
    await page.screenshot({ path: test.info().outputPath('two-members-rain-demo.png') });
    await page2.screenshot({ path: test.info().outputPath('two-members-rain-demo2.png') });
    await expectAccessible(page);
    await expectAccessible(page2);
  } finally {
    await second.close();
  }
});
