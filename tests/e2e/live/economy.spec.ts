import type { Page } from '@playwright/test';
import Decimal from 'decimal.js';
import { expect, test } from '../support/cspGuard';
import { app, hostBalance, signInOnHost } from '../support/betting';
import { coins, platformCoins } from '../support/economy';
import { appReady, expectAccessible } from '../support/fixtures';
import { liveRoom } from '../support/live';
import { startRoomEvent } from '../support/operator';
import { ECONOMY_PATHS } from '../../../contract/economyCodes';

/**
 * Issue 16, the app side: a member in a live room converts main balance to coins, sends a gift (the balance drops and
 * the stage plays it from the room event), and catches one envelope of a rain an operator starts (the prize popup,
 * the balance rises by the prize).
 */
test('a member converts coins, sends a gift and grabs a red envelope in a live room', async ({ page, request }) => {
  test.setTimeout(240_000);
  const room = await liveRoom(request, { unscheduled: true });
  await signInOnHost(page);
  await page.goto(`/newSport?roomId=${room.liveRoomId}`);
  await appReady(page);
  await expect(app(page).getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  const balance = app(page).getByTestId('coin-balance');
  await expect(balance).toHaveText(/^Coins: \d+\.\d{2}$/, { timeout: 20_000 });
  const startCoins = await coins(page);

  // Main balance -> coins: the transfer succeeds, the header shows the new coins and the host the lower main balance.
  const mainBefore = await hostBalance(page);
  await app(page).getByRole('button', { name: 'Get coins' }).click();
  const convert = page.getByRole('dialog', { name: 'Convert balance to coins' });
  await convert.getByLabel('Amount from your main balance').fill('10');
  await convert.getByRole('button', { name: 'Convert' }).click();
  await expect(convert.getByRole('status')).toContainText('Transfer succeeded', { timeout: 20_000 });
  await expect.poll(() => coins(page).then((c) => c.gt(startCoins))).toBe(true);
  await expect.poll(() => hostBalance(page).then((b) => b.toFixed(2)), { message: 'the host hears of the balance change' }).toBe(mainBefore.minus(10).toFixed(2));
  await convert.getByRole('button', { name: 'Close' }).click();
  await expect(convert).toBeHidden();
  const funded = await coins(page);

  // A gift: the balance drops by its price and the stage plays it (the room event every viewer gets).
  await app(page).getByRole('button', { name: 'Gifts', exact: true }).click();
  const list = app(page).getByRole('region', { name: 'Gift list' });
  const first = list.getByRole('listitem').first().getByRole('button');
  await expect(first).toBeVisible({ timeout: 20_000 });
  const price = new Decimal(((await first.locator('span').last().textContent()) ?? '').replace(/[^\d.]/g, ''));
  await first.click();
  await list.getByRole('button', { name: 'Send' }).click();
  await expect(list.getByRole('status')).toContainText('Sent 1 ×', { timeout: 20_000 });
  await expect.poll(() => coins(page).then((c) => c.toFixed(2))).toBe(funded.minus(price).toFixed(2));
  await expect(app(page).getByTestId('gift-animation').first()).toBeAttached({ timeout: 20_000 });
  await page.screenshot({ path: test.info().outputPath('economy-gift.png') });
  await app(page).getByRole('button', { name: 'Gifts', exact: true }).click();

  // An operator's rain: the floating ball opens the overlay, one envelope is received, the popup shows the prize.
  const afterGift = await coins(page);
  // 1,200 simulated seconds (a minute at FEED_SPEED 20): time to grab, and over before the two-member test's rain in
  // the same room (a room runs one rain at a time).
  await startRoomEvent(request, { roomId: room.liveRoomId, kind: 3, budget: '20.00', envelopes: 4, countdownSeconds: 0, durationSeconds: 1200 });
  const ball = app(page).getByTestId('rain-ball');
  await expect(ball).toHaveText('Grab a red envelope!', { timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath('economy-rain-ball.png') });
  await ball.click();
  const rain = page.getByRole('dialog', { name: 'Red-envelope rain' });
  await rain.getByRole('button', { name: 'Envelope 1' }).click();
  const prizePopup = page.getByRole('dialog', { name: 'You got a red envelope' });
  await expect(prizePopup).toBeVisible({ timeout: 20_000 });
  const prize = new Decimal(((await prizePopup.getByTestId('rain-prize').textContent()) ?? '').replace(/[^\d.]/g, ''));
  expect(prize.gt(0)).toBe(true);
  await expect.poll(() => coins(page).then((c) => c.toFixed(2))).toBe(afterGift.plus(prize).toFixed(2));
  await expect(ball).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('economy-prize.png') });
  await expectAccessible(page);
  await prizePopup.getByRole('button', { name: 'Close' }).click();
  await expect(prizePopup).toBeHidden();
  await expectAccessible(page);
});

/**
 * A live lottery an operator starts runs to its draw on the platform (the feed's simulated time, FEED_SPEED 20): the
 * member votes, the overlay shows them as the winner with the prize in their coins, and Verify recomputes the draw
 * from the revealed seed.
 */
test('a member votes in a live lottery, wins it at the draw and verifies the draw', async ({ page, request }) => {
  test.setTimeout(240_000);
  const room = await liveRoom(request, { unscheduled: true });
  await signInOnHost(page);
  await page.goto(`/newSport?roomId=${room.liveRoomId}`);
  await appReady(page);
  await expect(app(page).getByTestId('coin-balance')).toHaveText(/^Coins: \d+\.\d{2}$/, { timeout: 20_000 });
  const before = await coins(page);

  const title = `Next goal ${Date.now()}`;
  // 900 simulated seconds: 45 s at FEED_SPEED 20, time enough to vote.
  await startRoomEvent(request, { roomId: room.liveRoomId, kind: 1, title, question: 'Who scores next?', options: ['Home', 'Away'], countdownSeconds: 0, durationSeconds: 900, winners: 1, reward: { type: 5, amount: '5.00' } });
  const overlay = app(page).getByRole('region', { name: `Live lottery: ${title}` });
  await expect(overlay).toBeVisible({ timeout: 30_000 });
  await overlay.getByRole('button', { name: /^Away/ }).click();
  await expect(overlay.getByText('You voted and are in the draw')).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: test.info().outputPath('economy-lottery-voted.png') });

  await expect(overlay).toHaveAttribute('data-status', '2', { timeout: 120_000 });
  // The draw's winners and the room's win list both name the member with the prize.
  await expect(overlay.getByRole('list', { name: 'Winners' })).toContainText('Demo: 5.00 coins');
  await overlay.getByRole('button', { name: 'Win list' }).click();
  await expect(overlay.getByRole('list', { name: 'Win list' })).toContainText('Demo: 5.00 coins', { timeout: 20_000 });
  await overlay.screenshot({ path: test.info().outputPath('economy-lottery-win-list.png') });
  await expect.poll(() => coins(page).then((c) => c.toFixed(2)), { timeout: 20_000 }).toBe(before.plus(5).toFixed(2));
  await overlay.getByText('Provably fair').click();
  await overlay.getByRole('button', { name: 'Verify' }).click();
  await expect(overlay.getByText('Verified: the seed matches the published hash and recomputes the same result')).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: test.info().outputPath('economy-lottery-drawn.png') });
  await expectAccessible(page);
});

// In this file, not a file of its own: the tests of one file run one after another, and these share demo's coins and
// the first unscheduled room on air (one rain at a time), which a second worker would move under the others' assertions.
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
  const room = await liveRoom(request, { unscheduled: true });
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

/**
 * Issue 16's coupons and the private coins channel: demo wins a cash coupon in a live lottery an operator starts, sees
 * today's limits and the coupon under the coin balance, redeems it (the host's main balance rises by its value, once),
 * and a conversion made outside this page (another tab: the platform call with the same session) moves the header's
 * coins and the host's balance through `member:<uid>:coins` alone.
 */
test('a member wins a cash coupon, redeems it into the main balance, and sees coins move from another tab', async ({ page, request }) => {
  test.setTimeout(300_000);
  const room = await liveRoom(request, { unscheduled: true });
  await memberInRoom(page, 'demo', room.liveRoomId);

  const title = `Coupon draw ${Date.now()}`;
  // 900 simulated seconds: 45 s at FEED_SPEED 20, time enough to vote; demo is the only voter, so the one winner.
  await startRoomEvent(request, { roomId: room.liveRoomId, kind: 1, title, question: 'Corners over 9.5?', options: ['Yes', 'No'], countdownSeconds: 0, durationSeconds: 900, winners: 1, reward: { type: 1, amount: '3.21' } });
  const overlay = app(page).getByRole('region', { name: `Live lottery: ${title}` });
  await expect(overlay).toBeVisible({ timeout: 30_000 });
  await overlay.getByRole('button', { name: /^Yes/ }).click();
  await expect(overlay.getByText('You voted and are in the draw')).toBeVisible({ timeout: 20_000 });
  await expect(overlay).toHaveAttribute('data-status', '2', { timeout: 120_000 });
  await expect(overlay.getByRole('list', { name: 'Winners' })).toContainText('cash coupon 3.21 CNY');

  // The coin balance opens today's limits and the way to My coupons.
  await app(page).getByRole('button', { name: /^Coins: / }).click();
  const panel = app(page).getByRole('region', { name: 'My coins today' });
  await expect(panel.getByTestId('limit-spend')).toHaveText(/^Gifts today: \d+\.\d{2} of \d+\.\d{2} coins \(\d+\.\d{2} left\)$/, { timeout: 20_000 });
  await expect(panel.getByTestId('limit-receive')).toHaveText(/^Red envelopes today: /);
  await page.screenshot({ path: test.info().outputPath('economy-coin-limits.png') });
  await expectAccessible(page);
  await panel.getByRole('button', { name: 'My coupons' }).click();
  const dialog = page.getByRole('dialog', { name: 'My coupons' });
  const won = dialog.getByTestId('coupon').filter({ hasText: 'Cash coupon: 3.21 CNY' }).filter({ hasText: 'Ready to redeem' }).first();
  await expect(won).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: test.info().outputPath('economy-coupons.png') });
  await expectAccessible(page);

  const mainBefore = await hostBalance(page);
  await won.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByText('Coupon redeemed: 3.21 CNY added to your main balance')).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => hostBalance(page).then((b) => b.toFixed(2)), { message: 'the host hears of the main balance rise' }).toBe(mainBefore.plus('3.21').toFixed(2));
  await expect(dialog.getByTestId('coupon').filter({ hasText: 'Cash coupon: 3.21 CNY' }).filter({ hasText: 'Ready to redeem' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('economy-coupon-redeemed.png') });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // Another tab converts 1.00 of main balance: this page makes no call of its own, the private channel moves it.
  const coinsBefore = await coins(page);
  const mainNow = await hostBalance(page);
  const token = await page.evaluate(() => localStorage.getItem('demo-host:token'));
  const transfer = await request.post(ECONOMY_PATHS.transfer, { headers: { authorization: token! }, data: { amount: '1.00' } });
  expect(((await transfer.json()) as { data: { status: string } }).data.status).toBe('succeeded');
  await expect.poll(() => coins(page).then((c) => c.toFixed(2)), { message: 'the header follows member:<uid>:coins' }).toBe(coinsBefore.plus(1).toFixed(2));
  await expect.poll(() => hostBalance(page).then((b) => b.toFixed(2)), { message: 'the host hears the change made elsewhere' }).toBe(mainNow.minus(1).toFixed(2));
  expect((await platformCoins(page, request)).toFixed(2)).toBe(coinsBefore.plus(1).toFixed(2));
});
