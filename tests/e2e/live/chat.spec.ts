import type { Page } from '@playwright/test';
import { app, entryStake, placeAndCollectOrders, signInOnHost, slipEntries } from '../support/betting';
import { expectAccessible } from '../support/fixtures';
import { expect, startIn, test } from '../support/world';
import { shot } from '../support/shots';

const XSS = '<img src=x onerror="window.__xss=1">';

/** The room's chat tab: its messages, input and tools. */
const chatPanel = (page: Page) => app(page).getByRole('tabpanel');
const chatInput = (page: Page) => chatPanel(page).getByRole('textbox', { name: 'Message' });
const messages = (page: Page) => chatPanel(page).getByRole('log', { name: 'Chat messages' });

/**
 * Chat in a live room (spec 001 sections 3, 5 and 6) between two members in two browsers, over the real /chat socket:
 * markup arrives as text, a bet placed in the room is shared from the picker and shows as a card on the other side,
 * and a visitor reads with the input disabled. The room and the members are the test's own.
 */
test('two members chat in a room: markup stays text, a shared bet shows as a card, a visitor cannot send', async ({ page, browser, world }) => {
  // Three browsers, each loading the app cold and joining the chat, and an in-play bet held 5 s for acceptance.
  test.setTimeout(60_000);
  const room = await world.room();
  const [sender, reader] = [await world.member(), await world.member()];
  const other = await browser.newContext();
  const visitorContext = await browser.newContext();
  try {
    const page2 = await other.newPage();
    const visitor = await visitorContext.newPage();
    const inRoom = `roomId=${room.liveRoomId}`;
    await signInOnHost(page, sender, { query: inRoom });
    await signInOnHost(page2, reader, { query: inRoom });
    await startIn(visitor, 'en');
    await visitor.goto(`/spa/sport-pc/?${inRoom}`);
    for (const shown of [page, page2, visitor]) await expect(app(shown).getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
    await expect(chatInput(page)).toBeEnabled();
    await expect(chatInput(page2)).toBeEnabled();

    // Markup typed by one member arrives on the other side as the characters typed; nothing runs.
    const said = `hello ${sender.nickname} ${XSS}`;
    await chatInput(page).fill(said);
    await chatInput(page).press('Enter');
    await expect(messages(page2).getByText(said, { exact: true })).toBeVisible();
    await expect(messages(page).getByText(said, { exact: true })).toBeVisible();
    expect(await page2.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(await messages(page2).locator('img[src="x"]').count()).toBe(0);

    // The reader answers the sender by name from the @ list; the sender sees that message marked as mentioning them,
    // with its actions over it only while hovered (issue 31).
    const prefix = sender.nickname.slice(0, 2);
    await chatInput(page2).fill(`nice @${prefix}`);
    await chatPanel(page2).getByRole('option', { name: `@${sender.nickname}` }).click();
    await expect(chatInput(page2)).toHaveValue(`nice @${sender.nickname} `);
    await chatInput(page2).press('Enter');
    const mention = messages(page).getByRole('listitem').filter({ hasText: `nice @${sender.nickname}` });
    await expect(mention).toHaveAttribute('data-mentioned', 'true');
    await expect(mention.getByText('Mentions you')).toBeVisible();
    await expect(messages(page2).getByRole('listitem').filter({ hasText: `nice @${sender.nickname}` })).not.toHaveAttribute('data-mentioned');
    await chatInput(page).hover();
    await expect(mention.getByRole('button', { name: 'Reply' })).toHaveCount(0);
    await mention.hover();
    await expect(mention.getByRole('button', { name: 'Reply' })).toBeVisible();
    await shot(page, 'chat-mention-actions.png');

    // The reader hides the chat: what the sender says meanwhile counts on the toggle until the chat shows again.
    const toggle = app(page2).getByRole('button', { name: /^Chat room/ });
    await toggle.click();
    await chatInput(page).fill('are you there?');
    await chatInput(page).press('Enter');
    await expect(toggle).toHaveAccessibleName('Chat room 1 unread message');
    await shot(page2, 'chat-unread.png');
    await toggle.click();
    await expect(messages(page2).getByText('are you there?')).toBeVisible();
    await expect(toggle).toHaveAccessibleName('Chat room');

    // The sender bets on the room's match from the bet tab; nothing moves its price, so the book accepts the bet after
    // its in-play delay, and the picker then offers it to share.
    await app(page).getByRole('tab', { name: 'Bet', exact: true }).click();
    await chatPanel(page).locator('button[data-odd]:not([disabled])').first().click();
    await expect(slipEntries(page)).toHaveCount(1);
    await entryStake(slipEntries(page).first()).fill('20');
    const [orderId] = await placeAndCollectOrders(page);
    const betId = orderId!.slice(0, 15);
    await expect(slipEntries(page)).toHaveCount(0);
    await app(page).getByRole('tab', { name: 'Chat' }).click();
    await chatPanel(page).getByRole('button', { name: 'Share a bet' }).click();
    const dialog = app(page).getByRole('dialog', { name: 'Share a bet' });
    await expect(dialog.getByText(`Bet ${betId}`)).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'chat-share-picker.png');
    await dialog.getByRole('listitem').filter({ hasText: `Bet ${betId}` }).getByRole('button', { name: /^Share:/ }).click();
    await expect(dialog).toBeHidden();

    const card = messages(page2).locator('[data-testid="chat-order"]').filter({ hasText: `Bet ${betId}` });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Shared bet');
    await expect(card).toContainText('20.00 CNY');
    await expectAccessible(page2);
    await card.scrollIntoViewIfNeeded();
    await shot(page2, 'chat-order-card.png');

    // The visitor, in the room since the start, read the conversation with the input disabled and saying why.
    await expect(messages(visitor).getByText(said, { exact: true })).toBeVisible();
    await expect(messages(visitor).locator('[data-testid="chat-order"]').filter({ hasText: `Bet ${betId}` })).toBeVisible();
    await expect(chatInput(visitor)).toBeDisabled();
    await expect(chatInput(visitor)).toHaveAttribute('placeholder', 'Sign in to chat');
    await expectAccessible(visitor);
    await chatInput(visitor).scrollIntoViewIfNeeded();
    await shot(visitor, 'chat-visitor.png');
  } finally {
    await other.close();
    await visitorContext.close();
  }
});

/**
 * An agent of an agent room (issue 31) closes the room's chat after confirming, over the real /chat socket, and
 * reopens it; the room's block event brings every connection, the agent's own included, to the same state.
 */
test("an agent closes the room's chat after confirming and reopens it", async ({ page, world }) => {
  const room = await world.room({ type: 'agent', liveUserGroupId: 31 });
  const agent = await world.member({ liveGroupId: 31, liveGroupUserType: 'agent', specialRooms: [room.liveRoomId] });
  await signInOnHost(page, agent, { query: `roomId=${room.liveRoomId}` });
  const tools = chatPanel(page).getByRole('group', { name: 'Agent tools' });
  await expect(tools).toContainText('The chat is open.');
  await tools.getByRole('button', { name: 'Close chat' }).click();
  const confirm = app(page).getByRole('dialog', { name: "Close the room's chat?" });
  await expect(confirm).toContainText('Nobody can send until you reopen it.');
  await expectAccessible(page);
  await shot(page, 'chat-agent-close-confirm.png');
  await confirm.getByRole('button', { name: 'Close chat' }).click();
  await expect(tools).toContainText('The chat is closed: members cannot send.');
  await expect(chatInput(page)).toBeDisabled();
  await shot(page, 'chat-agent-closed.png');
  await tools.getByRole('button', { name: 'Reopen chat' }).click();
  await expect(tools).toContainText('The chat is open.');
  await expect(chatInput(page)).toBeEnabled();
});

/**
 * Slow mode and the image preview (issue 31), over the real /chat socket and upload: the room's agent turns slow mode
 * on from the agent bar, the member's input says so and, after a message, holds the next one back with a countdown;
 * switched off, the countdown goes at once. Then a member's image waits in a preview until Send.
 */
test('an agent turns slow mode on and off; a member previews an image before sending it', async ({ page, browser, world }) => {
  test.setTimeout(60_000);
  const room = await world.room({ type: 'agent', liveUserGroupId: 31 });
  const agent = await world.member({ liveGroupId: 31, liveGroupUserType: 'agent', specialRooms: [room.liveRoomId] });
  const member = await world.member({ specialRooms: [room.liveRoomId] });
  const other = await browser.newContext();
  try {
    const memberPage = await other.newPage();
    const inRoom = `roomId=${room.liveRoomId}`;
    await signInOnHost(page, agent, { query: inRoom });
    await signInOnHost(memberPage, member, { query: inRoom });
    await expect(chatInput(memberPage)).toBeEnabled();

    // Slow mode from the agent bar: the member's input says it is on; after a message, Send waits with a countdown.
    const slow = chatPanel(page).getByRole('group', { name: 'Agent tools' }).getByRole('combobox', { name: 'Slow mode' });
    await slow.selectOption({ label: 'Every 60 seconds' });
    await expect(chatInput(memberPage)).toHaveAttribute('placeholder', 'Slow mode is on: one message every 60 seconds');
    await chatInput(memberPage).fill('one message a minute');
    await chatInput(memberPage).press('Enter');
    await expect(messages(page).getByText('one message a minute', { exact: true })).toBeVisible();
    const countdown = chatPanel(memberPage).getByTestId('chat-slow-wait');
    await expect(countdown).toContainText(/Slow mode: \d+ s/);
    await chatInput(memberPage).fill('too soon');
    await expect(chatPanel(memberPage).getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
    await shot(memberPage, 'chat-slow-mode.png');
    // The agent is exempt.
    await chatInput(page).fill('agents keep talking');
    await chatInput(page).press('Enter');
    await chatInput(page).fill('and again');
    await chatInput(page).press('Enter');
    await expect(messages(memberPage).getByText('and again', { exact: true })).toBeVisible();

    await slow.selectOption({ label: 'Off' });
    await expect(countdown).toHaveCount(0);
    await chatInput(memberPage).press('Enter');
    await expect(messages(page).getByText('too soon', { exact: true })).toBeVisible();

    // With slow mode off, an image: it waits with Send / Cancel, and nothing goes until Send.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    await chatPanel(memberPage).locator('input[type="file"]').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png });
    const preview = chatPanel(memberPage).getByRole('group', { name: 'Image to send' });
    await expect(preview.getByRole('img', { name: 'Preview of dot.png' })).toBeVisible();
    await expect(preview.getByRole('button', { name: 'Send' })).toBeFocused();
    await expectAccessible(memberPage);
    await shot(memberPage, 'chat-image-preview.png');
    await expect(messages(page).getByRole('img', { name: `Image sent by ${member.nickname}` })).toHaveCount(0);
    await memberPage.keyboard.press('Enter');
    await expect(messages(page).getByRole('img', { name: `Image sent by ${member.nickname}` })).toBeVisible();
    await expect(preview).toHaveCount(0);
  } finally {
    await other.close();
  }
});
