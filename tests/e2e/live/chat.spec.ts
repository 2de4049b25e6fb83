import type { Page } from '@playwright/test';
import { expect, test } from '../support/cspGuard';
import { app, entryStake, placeAndCollectOrders, placeButton, signInOnHost, slip, slipEntries } from '../support/betting';
import { expectAccessible } from '../support/fixtures';
import { liveRoom, stillOnAir } from '../support/live';

const XSS = '<img src=x onerror="window.__xss=1">';

/** The room's chat tab: its messages, input and tools. */
const chatPanel = (page: Page) => app(page).getByRole('tabpanel');
const chatInput = (page: Page) => chatPanel(page).getByRole('textbox', { name: 'Message' });
const messages = (page: Page) => chatPanel(page).getByRole('log', { name: 'Chat messages' });

/** Opens the room on the page (a member signed in on the demo host, or a visitor) and waits for its chat to show. */
async function openRoom(page: Page, path: string, roomId: number) {
  await page.goto(`${path}?roomId=${roomId}`);
  // The room's chat tab, selected, is the app ready (a loaded machine takes longer than appReady's wait).
  await expect(app(page).getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true', { timeout: 60_000 });
}

/** The notice of a room page showing the first live room because the room asked for is not live (spec 001 section 2). */
const fellBack = (page: Page) => app(page).getByRole('status').filter({ hasText: 'not live any more' });

/**
 * Chat in a live room (spec 001 sections 3, 5 and 6) between two members in two browsers, over the real /chat socket:
 * markup arrives as text, a bet placed in the room is shared from the picker and shows as a card on the other side,
 * and a visitor reads with the input disabled.
 */
test('two members chat in a room: markup stays text, a shared bet shows as a card, a visitor cannot send', async ({ page, browser, request }) => {
  test.setTimeout(420_000);
  const other = await browser.newContext();
  const visitorContext = await browser.newContext();
  try {
    const page2 = await other.newPage();
    const visitor = await visitorContext.newPage();
    await visitor.addInitScript(() => localStorage.setItem('sport-pc:default:locale', JSON.stringify('en')));
    await signInOnHost(page, 'demo');
    await signInOnHost(page2, 'demo2');
    // At FEED_SPEED 20 a match lasts minutes, and its room shows as ended for a while before the anchor moves on: a
    // page opened on an ended room shows the first live room instead, so the three would not share a room (a fresh
    // run failed so). The room is picked again until all three pages show the room asked for.
    await expect(async () => {
      const room = await liveRoom(request);
      await openRoom(page, '/newSport', room.liveRoomId);
      await openRoom(page2, '/newSport', room.liveRoomId);
      await openRoom(visitor, '/spa/sport-pc/', room.liveRoomId);
      for (const shown of [page, page2, visitor]) await expect(fellBack(shown)).toHaveCount(0);
      expect(await stillOnAir(request, room)).toBe(true);
    }).toPass({ timeout: 300_000 });
    await expect(chatInput(page)).toBeEnabled({ timeout: 30_000 });
    await expect(chatInput(page2)).toBeEnabled({ timeout: 30_000 });

    // Markup typed by one member arrives on the other side as the characters typed; nothing runs.
    const stamp = `hello ${Date.now()}`;
    await chatInput(page).fill(`${stamp} ${XSS}`);
    await chatInput(page).press('Enter');
    await expect(messages(page2).getByText(`${stamp} ${XSS}`, { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(messages(page).getByText(`${stamp} ${XSS}`, { exact: true })).toBeVisible();
    expect(await page2.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(await messages(page2).locator('img[src="x"]').count()).toBe(0);

    // demo bets on the room's match from the bet tab, then shares the bet from the picker once it is confirmed.
    await app(page).getByRole('tab', { name: 'Bet', exact: true }).click();
    await expect(async () => {
      // A price toggles its selection: click only while the slip is still empty (a slow machine shows it late).
      if ((await slipEntries(page).count()) === 0) await chatPanel(page).locator('button[data-odd]:not([disabled])').first().click({ timeout: 5_000 });
      await expect(slipEntries(page)).toHaveCount(1, { timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    await entryStake(slipEntries(page).first()).fill('20');
    // In play at FEED_SPEED 20 the price moves every second: at "better odds only" (the default) a fall between the
    // click and the platform refused the bet over and over in a CI run (15005). A member betting in play picks this.
    await slip(page).getByLabel('Odds changes').selectOption({ label: 'Accept any odds' });
    await app(page).getByRole('tab', { name: 'Chat' }).click();
    const dialog = app(page).getByRole('dialog', { name: 'Share a bet' });
    let betId = '';
    /** Places the slip's bet, first taking a moved in-play price until the slip offers to place. */
    const place = async () => {
      await expect(async () => {
        const accept = slip(page).getByRole('button', { name: 'Accept changes' });
        if (await accept.isVisible()) await accept.click();
        await expect(placeButton(page)).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      const [orderId] = await placeAndCollectOrders(page);
      betId = orderId!.slice(0, 15);
    };
    // An in-play bet is shareable once accepted (Confirmed): the picker lists only what the platform's rule allows, so
    // it is opened again until the bet is there. A bet the acceptance refused (the price moved) is placed again.
    await expect(async () => {
      if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Cancel' }).click();
      if (betId === '' || (await slip(page).getByText('Bet not accepted').isVisible())) await place();
      await chatPanel(page).getByRole('button', { name: 'Share a bet' }).click();
      await expect(dialog.getByText(`Bet ${betId}`)).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 180_000 });
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('chat-share-picker.png') });
    await dialog.getByRole('listitem').filter({ hasText: `Bet ${betId}` }).getByRole('button', { name: /^Share:/ }).click();
    await expect(dialog).toBeHidden();

    const card = messages(page2).locator('[data-testid="chat-order"]').filter({ hasText: `Bet ${betId}` });
    await expect(card).toBeVisible({ timeout: 20_000 });
    await expect(card).toContainText('Shared bet');
    await expect(card).toContainText('20.00 CNY');
    await expectAccessible(page2);
    await card.scrollIntoViewIfNeeded();
    await page2.screenshot({ path: test.info().outputPath('chat-order-card.png') });

    // The visitor, in the same room since the start, read the conversation with the input disabled and saying why.
    await expect(messages(visitor).getByText(`${stamp} ${XSS}`, { exact: true })).toBeVisible();
    await expect(messages(visitor).locator('[data-testid="chat-order"]').filter({ hasText: `Bet ${betId}` })).toBeVisible();
    await expect(chatInput(visitor)).toBeDisabled();
    await expect(chatInput(visitor)).toHaveAttribute('placeholder', 'Sign in to chat');
    await expectAccessible(visitor);
    await chatInput(visitor).scrollIntoViewIfNeeded();
    await visitor.screenshot({ path: test.info().outputPath('chat-visitor.png') });
  } finally {
    await other.close();
    await visitorContext.close();
  }
});
