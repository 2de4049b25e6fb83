import type { Page } from '@playwright/test';
import Decimal from 'decimal.js';
import { ECONOMY_PATHS, EconomyChannel } from '../../../contract/economyCodes';
import type { TestMember } from '../../../contract/testControls';
import { app, hostBalance } from '../support/betting';
import { coins, platformCoins } from '../support/economy';
import { expectAccessible } from '../support/fixtures';
import { expect, onHostAs, recordSubscriptions, test } from '../support/world';
import { shot } from '../support/shots';

/**
 * Coins, gifts and room events (issue 16), the app side, in rooms of the tests' own (no scheduled events) with fresh
 * members. Events start at once (no countdown) and the test ends them itself (world.finishEvent), so nothing waits for
 * the event clock.
 */

/**
 * Opens the room on the demo host as `member` and waits for its coin balance in the header and for the page to listen
 * to the room's events: an event started before the page subscribes reaches it only with the next room poll.
 */
async function memberInRoom(page: Page, member: TestMember, roomId: number) {
  const listening = recordSubscriptions(page);
  await onHostAs(page, member, { query: `roomId=${roomId}` });
  await expect(app(page).getByTestId('coin-balance')).toHaveText(/^Coins: \d+\.\d{2}$/);
  await listening(EconomyChannel.room(roomId));
}

/** Sends the first gift of the list and answers its price. */
async function sendFirstGift(page: Page): Promise<Decimal> {
  await app(page).getByRole('button', { name: 'Gifts', exact: true }).click();
  const list = app(page).getByRole('region', { name: 'Gift list' });
  const first = list.getByRole('listitem').first().getByRole('button');
  const price = new Decimal(((await first.locator('span').last().textContent()) ?? '').replace(/[^\d.]/g, ''));
  await first.click();
  await list.getByRole('button', { name: 'Send' }).click();
  await expect(list.getByRole('status')).toContainText('Sent 1 ×');
  await app(page).getByRole('button', { name: 'Gifts', exact: true }).click();
  return price;
}

/** Catches the first envelope of the rain on the page: the ball opens the overlay, the popup names the prize. */
async function grabEnvelope(page: Page): Promise<{ prize: Decimal; close: () => Promise<void> }> {
  const ball = app(page).getByTestId('rain-ball');
  await expect(ball).toHaveText('Grab a red envelope!');
  await ball.click();
  // The rain falls over the stage (not a modal): the first envelope has the focus.
  const rain = page.getByRole('dialog', { name: 'Red-envelope rain' });
  await expect(rain.getByRole('button', { name: 'Envelope 1' })).toBeFocused();
  await shot(page, 'economy-rain.png');
  await rain.getByRole('button', { name: 'Envelope 1' }).click();
  const popup = page.getByRole('dialog', { name: 'You got a red envelope' });
  await expect(popup).toBeVisible();
  const prize = new Decimal(((await popup.getByTestId('rain-prize').textContent()) ?? '').replace(/[^\d.]/g, ''));
  expect(prize.gt(0)).toBe(true);
  await expect(ball).toBeHidden();
  return { prize, close: () => popup.getByRole('button', { name: 'Close' }).click() };
}

test('a member converts coins, sends a gift and grabs a red envelope in a live room', async ({ page, world }) => {
  // Three flows of the room in one (convert, gift, rain), each checked on the platform too.
  test.setTimeout(60_000);
  const room = await world.room();
  const member = await world.member({ coins: '0.00' });
  await memberInRoom(page, member, room.liveRoomId);
  expect((await coins(page)).toFixed(2)).toBe('0.00');

  // Main balance -> coins: the transfer succeeds, the header shows the new coins and the host the lower main balance.
  // A lottery runs meanwhile: its card on the stage beside the dialog, at the smaller desktop size (issue 31).
  await page.setViewportSize({ width: 1280, height: 800 });
  await world.startEvent({ roomId: room.liveRoomId, kind: 1, title: 'Next goal', question: 'Who scores next?', options: ['Home', 'Away'], countdownSeconds: 0, durationSeconds: 900, winners: 1, reward: { type: 5, amount: '5.00' } });
  await expect(app(page).getByRole('region', { name: 'Next goal' })).toBeVisible();
  await app(page).getByRole('button', { name: 'Get coins' }).click();
  const convert = page.getByRole('dialog', { name: 'Convert balance to coins' });
  await convert.getByLabel('Amount from your main balance').fill('10');
  // Before confirming: the rate and both balances before and after (issue 31).
  await expect(convert.getByText('Rate', { exact: true })).toBeVisible();
  await expect(convert.getByRole('definition').nth(1)).toHaveText('10000.00 → 9990.00');
  await expect(convert.getByRole('definition').nth(2)).toHaveText(/^0\.00 → \d+\.\d{2}$/);
  await shot(page, 'economy-convert-preview-lottery-1280.png');
  await convert.getByRole('button', { name: 'Convert' }).click();
  await expect(convert.getByRole('status')).toContainText('Transfer succeeded');
  await expect.poll(() => coins(page).then((c) => c.gt(0))).toBe(true);
  await expect.poll(() => hostBalance(page).then((b) => b.toFixed(2)), { message: 'the host hears of the balance change' }).toBe('9990.00');
  await convert.getByRole('button', { name: 'Close' }).click();
  await expect(convert).toBeHidden();
  const funded = await coins(page);

  // A gift: the balance drops by its price and the stage plays it (the room event every viewer gets).
  const price = await sendFirstGift(page);
  await expect.poll(() => coins(page).then((c) => c.toFixed(2))).toBe(funded.minus(price).toFixed(2));
  await expect(app(page).getByTestId('gift-animation').first()).toBeAttached();
  await shot(page, 'economy-gift.png');

  // An operator's rain: the floating ball opens the overlay, one envelope is received, the popup shows the prize.
  const afterGift = await coins(page);
  await world.startEvent({ roomId: room.liveRoomId, kind: 3, budget: '20.00', envelopes: 4, countdownSeconds: 0, durationSeconds: 1200 });
  await shot(page, 'economy-rain-ball.png');
  const { prize, close } = await grabEnvelope(page);
  await expect.poll(() => coins(page).then((c) => c.toFixed(2))).toBe(afterGift.plus(prize).toFixed(2));
  await shot(page, 'economy-prize.png');
  await expectAccessible(page);
  await close();
  await expect(page.getByRole('dialog', { name: 'You got a red envelope' })).toBeHidden();
  await expectAccessible(page);
});

test('a member votes in a live lottery, wins it at the draw and verifies the draw', async ({ page, world }) => {
  const room = await world.room();
  const member = await world.member();
  await memberInRoom(page, member, room.liveRoomId);
  const before = await coins(page);

  const title = 'Next goal';
  const lottery = await world.startEvent({ roomId: room.liveRoomId, kind: 1, title, question: 'Who scores next?', options: ['Home', 'Away'], countdownSeconds: 0, durationSeconds: 900, winners: 1, reward: { type: 5, amount: '5.00' } });
  const overlay = app(page).getByRole('region', { name: title });
  await expect(overlay).toBeVisible();
  await overlay.getByRole('button', { name: /^Away/ }).click();
  await expect(overlay.getByText('You voted and are in the draw')).toBeVisible();
  await shot(page, 'economy-lottery-voted.png');

  // The draw, now: the member is its only entrant, so its one winner.
  await world.finishEvent(lottery.recordId);
  await expect(overlay).toHaveAttribute('data-status', '2');
  await expect(overlay.getByRole('list', { name: 'Winners' })).toContainText(`${member.nickname}: 5.00 coins`);
  // The room's earlier winners are apart from this draw's: the member's win is listed once, as this draw's (issue 31).
  await overlay.getByRole('button', { name: 'Earlier winners' }).click();
  await expect(overlay.getByText(`${member.nickname}: 5.00 coins`)).toHaveCount(1);
  await shot(overlay, 'economy-lottery-win-list.png');
  await expect.poll(() => coins(page).then((c) => c.toFixed(2))).toBe(before.plus(5).toFixed(2));
  await overlay.getByText('Provably fair').click();
  await overlay.getByRole('button', { name: 'Verify' }).click();
  await expect(overlay.getByText('Verified: the seed matches the published hash and recomputes the same result')).toBeVisible();
  // The closed entry list the draw was keyed with, and the member's entry in it (issue 29).
  await expect(overlay.getByText('Entry list hash (1 in the list, fixed when entries closed)')).toBeVisible();
  await expect(overlay.getByText('Your entry is in this list')).toBeVisible();
  await shot(page, 'economy-lottery-drawn.png');
  await expectAccessible(page);
});

test('a lottery drawn without the member in it leaves their coins as they were', async ({ page, world }) => {
  const room = await world.room();
  const member = await world.member();
  await memberInRoom(page, member, room.liveRoomId);
  const before = await coins(page);
  const title = 'Corners';
  const lottery = await world.startEvent({ roomId: room.liveRoomId, kind: 1, title, question: 'Corners over 9.5?', options: ['Yes', 'No'], countdownSeconds: 0, durationSeconds: 900, winners: 1, reward: { type: 5, amount: '5.00' } });
  const overlay = app(page).getByRole('region', { name: title });
  await expect(overlay).toBeVisible();
  await world.finishEvent(lottery.recordId);
  await expect(overlay).toHaveAttribute('data-status', '2');
  await expect(overlay).not.toContainText(member.nickname);
  expect((await platformCoins(page, member)).toFixed(2)).toBe(before.toFixed(2));
});

/** The room's chat lines that say `nickname` sent one gift (the platform's gift notice, worded "<nickname> sent <gift> × 1"). */
const giftLines = (page: Page, nickname: string) =>
  app(page)
    .getByRole('log', { name: 'Chat messages' })
    .locator('li[data-notice="gift"]')
    .filter({ hasText: new RegExp(`(^|\\s)${nickname} sent .+ × 1$`) });

/**
 * Two members in one room (two browsers): a gift one sends reaches the other's stage and chat, and both catch one
 * envelope of an operator's rain, each prize being exactly the rise of that member's coins and the two together within
 * the rain's budget.
 */
test('two members in a room: one sends a gift the other sees, both catch a rain within its budget', async ({ page, browser, world }) => {
  // Two browsers, each loading the host and the app cold, in a room with its stream: twice a one-member test.
  test.setTimeout(60_000);
  const room = await world.room();
  const [first, second] = [await world.member(), await world.member()];
  const context = await browser.newContext();
  try {
    const page2 = await context.newPage();
    await memberInRoom(page, first, room.liveRoomId);
    await memberInRoom(page2, second, room.liveRoomId);

    // The first member's gift flies over the second's stage and is a new act line in their chat. The animation plays for
    // 4 s only: the wait starts before the gift is sent.
    const flies = expect(app(page2).getByTestId('gift-animation').filter({ hasText: first.nickname }).getByTestId('gift-combo')).toHaveText('× 1');
    await sendFirstGift(page);
    await flies;
    await shot(page2, 'two-members-gift-seen.png');
    await expect(giftLines(page2, first.nickname)).toHaveCount(1);
    await expectAccessible(page2);

    // An operator's rain of 20.00 coins in 4 envelopes.
    const budget = new Decimal('20.00');
    const before = [await coins(page), await coins(page2)];
    await world.startEvent({ roomId: room.liveRoomId, kind: 3, budget: budget.toFixed(2), envelopes: 4, countdownSeconds: 0, durationSeconds: 1800 });
    const prizes: Decimal[] = [];
    for (const [i, [member, view]] of ([[first, page], [second, page2]] as const).entries()) {
      const { prize } = await grabEnvelope(view);
      await expect.poll(() => coins(view).then((c) => c.toFixed(2)), { message: `member ${i + 1}'s coins rise by the prize` }).toBe(before[i]!.plus(prize).toFixed(2));
      expect((await platformCoins(view, member)).toFixed(2), `the platform has member ${i + 1}'s coins as the header`).toBe(before[i]!.plus(prize).toFixed(2));
      prizes.push(prize);
    }
    expect(prizes[0]!.plus(prizes[1]!).lte(budget), `${prizes.join(' + ')} within the budget ${budget.toFixed(2)}`).toBe(true);
    await shot(page, 'two-members-rain-first.png');
    await shot(page2, 'two-members-rain-second.png');
    await expectAccessible(page);
  } finally {
    await context.close();
  }
});

/**
 * Coupons and the private coins channel: a member wins a cash coupon in a live lottery, sees today's limits and the
 * coupon under the coin balance, redeems it (the host's main balance rises by its value, once), and a conversion made
 * outside this page (the platform call with the same session) moves the header's coins and the host's balance through
 * `member:<uid>:coins` alone.
 */
test('a member wins a cash coupon, redeems it into the main balance, and sees coins move from another tab', async ({ page, request, world }) => {
  // A lottery won, two axe scans, a coupon redeemed and a transfer from another tab: one flow, about twice a short test.
  test.setTimeout(60_000);
  const room = await world.room();
  const member = await world.member();
  await memberInRoom(page, member, room.liveRoomId);

  const title = 'Coupon draw';
  const lottery = await world.startEvent({ roomId: room.liveRoomId, kind: 1, title, question: 'Corners over 9.5?', options: ['Yes', 'No'], countdownSeconds: 0, durationSeconds: 900, winners: 1, reward: { type: 1, amount: '3.21' } });
  const overlay = app(page).getByRole('region', { name: title });
  await overlay.getByRole('button', { name: /^Yes/ }).click();
  await expect(overlay.getByText('You voted and are in the draw')).toBeVisible();
  await world.finishEvent(lottery.recordId);
  await expect(overlay).toHaveAttribute('data-status', '2');
  await expect(overlay.getByRole('list', { name: 'Winners' })).toContainText('cash coupon 3.21 CNY');

  // The coin balance opens today's limits and the way to My coupons.
  await app(page).getByRole('button', { name: /^Coins: / }).click();
  const panel = app(page).getByRole('region', { name: 'My coins today' });
  await expect(panel.getByTestId('limit-spend')).toHaveText(/^Gifts today: \d+\.\d{2} of \d+\.\d{2} coins \(\d+\.\d{2} left\)$/);
  await expect(panel.getByTestId('limit-receive')).toHaveText(/^Red envelopes today: /);
  await shot(page, 'economy-coin-limits.png');
  await expectAccessible(page);
  await panel.getByRole('button', { name: 'My coupons' }).click();
  const dialog = page.getByRole('dialog', { name: 'My coupons' });
  const won = dialog.getByTestId('coupon').filter({ hasText: 'Cash coupon: 3.21 CNY' }).filter({ hasText: 'Ready to redeem' });
  await expect(won).toHaveCount(1);
  await shot(page, 'economy-coupons.png');
  await expectAccessible(page);

  await won.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByText('Coupon redeemed: 3.21 CNY added to your main balance')).toBeVisible();
  await expect.poll(() => hostBalance(page).then((b) => b.toFixed(2)), { message: 'the host hears of the main balance rise' }).toBe('10003.21');
  await expect(won).toHaveCount(0);
  await shot(page, 'economy-coupon-redeemed.png');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // Another tab converts 1.00 of main balance: this page makes no call of its own, the private channel moves it.
  const coinsBefore = await coins(page);
  const transfer = await request.post(ECONOMY_PATHS.transfer, { headers: { authorization: member.token }, data: { amount: '1.00' } });
  expect(((await transfer.json()) as { data: { status: string } }).data.status).toBe('succeeded');
  await expect.poll(() => coins(page).then((c) => c.toFixed(2)), { message: 'the header follows member:<uid>:coins' }).toBe(coinsBefore.plus(1).toFixed(2));
  await expect.poll(() => hostBalance(page).then((b) => b.toFixed(2)), { message: 'the host hears the change made elsewhere' }).toBe('10002.21');
  expect((await platformCoins(page, member)).toFixed(2)).toBe(coinsBefore.plus(1).toFixed(2));
});
