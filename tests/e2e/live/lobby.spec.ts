import type { Locator, Page } from '@playwright/test';
import { app } from '../support/betting';
import { expectAccessible, LANGUAGES } from '../support/fixtures';
import { say } from '../support/layoutCheck';
import { matchTitle } from '../support/matchScreen';
import { openAppAs } from '../support/shellApp';
import { shot } from '../support/shots';
import { expect, test, type Locale } from '../support/world';

/**
 * Issue 31: the live lobby (a header entry, every room on air or about to be, follow and book on each card in every
 * language) and the room at the two laptop sizes (the stream and the chat's input in view together, one video element).
 */

/** Saves a screenshot for docs/images when LAYOUT_SHOTS=1 (issue 28's convention), else in the test's output when screenshots are asked for. */
const shoot = (page: Page, name: string) => (process.env.LAYOUT_SHOTS === '1' ? page.screenshot({ path: `docs/images/issue-31-${name}.png` }) : shot(page, `${name}.png`));

const roomCard = (page: Page, liveRoomId: number) => app(page).locator(`article[data-room-id="${liveRoomId}"]`);

for (const [locale] of LANGUAGES) {
  test(`a new viewer finds a live room from the header in one click and follows its anchor (${locale})`, async ({ page, world }) => {
    const member = await world.member();
    const room = await world.room();
    await page.setViewportSize({ width: 1280, height: 800 });
    await openAppAs(page, member, { locale: locale as Locale });

    // One click from the header: the nav entry is in the bar at 1280 in every language, not under More.
    await app(page).getByRole('navigation').getByRole('button', { name: say(locale as Locale, 'common', 'nav.live'), exact: true }).click();
    await expect(page).toHaveURL(/[?&]view=lobby/);
    const card = roomCard(page, room.liveRoomId);
    await expect(card).toContainText(room.hostName);
    // The match in the viewer's language, from the match list (the anchor list names only the room).
    await expect(card).toContainText(matchTitle(room.match, locale as Locale));

    // Follow is on the card whatever the language (the anchor tab is CMN only).
    const follow = card.getByRole('button', { name: say(locale as Locale, 'liveRoom', 'roomMember.followName').replace('{{name}}', room.hostName) });
    await follow.click();
    await expect(card.getByRole('button', { name: say(locale as Locale, 'liveRoom', 'roomMember.follow'), exact: true })).toHaveCount(0);
    await expect(card.getByRole('button', { pressed: true })).toHaveText(say(locale as Locale, 'liveRoom', 'roomMember.following'));
    // A followed anchor's room comes first.
    await expect(app(page).locator('article[data-room-id]').first()).toHaveAttribute('data-room-id', String(room.liveRoomId));
    if (locale === 'en') {
      await expectAccessible(page);
      await shoot(page, 'lobby-1280x800');
    }

    await card.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`[?&]roomId=${room.liveRoomId}`));
    await expect(app(page).locator(`section[data-room-id="${room.liveRoomId}"]`)).toBeVisible();
  });
}

test('a room waiting for kick-off is booked from its card, and the sport filter keeps one sport', async ({ page, world }) => {
  const member = await world.member();
  const waiting = await world.room({ living: false, sportId: 3 });
  const football = await world.room();
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAppAs(page, member, { query: 'view=lobby' });
  const card = roomCard(page, waiting.liveRoomId);
  await expect(card).toContainText('Starting soon');
  await card.getByRole('button', { name: `Book ${waiting.hostName}'s broadcast` }).click();
  await expect(card.getByRole('button', { name: `Cancel the booking of ${waiting.hostName}'s broadcast` })).toHaveAttribute('aria-pressed', 'true');

  const sports = app(page).getByRole('group', { name: 'Sport' });
  await sports.getByRole('button', { name: 'Basketball', exact: true }).click();
  await expect(card).toBeVisible();
  await expect(roomCard(page, football.liveRoomId)).toHaveCount(0);
  await sports.getByRole('button', { name: 'All sports' }).click();
  await expect(roomCard(page, football.liveRoomId)).toBeVisible();
  await shoot(page, 'lobby-1440x900');
});

/** The element's box lies wholly inside the window. */
async function inViewport(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const size = page.viewportSize()!;
  expect(box, 'on the page').not.toBeNull();
  expect(box!.y, 'top in view').toBeGreaterThanOrEqual(0);
  expect(box!.x, 'left in view').toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, 'bottom in view').toBeLessThanOrEqual(size.height);
  expect(box!.x + box!.width, 'right in view').toBeLessThanOrEqual(size.width);
}

test.describe(() => {
  test.use({ streams: true });

  for (const size of [
    { width: 1440, height: 900 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${size.width}×${size.height} the stream and the chat input are both in the viewport; one video element on the page`, async ({ page, world }) => {
      test.setTimeout(90_000);
      const member = await world.member();
      const room = await world.room();
      await page.setViewportSize(size);
      // The member watched the room's match on its own screen first: the right column's player follows it, and must
      // not play it a second time beside the room.
      await openAppAs(page, member, { query: `matchId=${room.match.matchId}` });
      await openAppAs(page, member, { query: `roomId=${room.liveRoomId}` });
      const stage = app(page).getByRole('region', { name: 'Live video and animation' });
      await expect.poll(() => stage.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime).catch(() => 0), { timeout: 45_000, message: "the anchor's stream plays" }).toBeGreaterThan(0.5);
      const input = app(page).getByRole('textbox', { name: 'Message' });
      await expect(input).toBeEnabled();
      await inViewport(page, stage.locator('video'));
      await inViewport(page, input);
      expect(await page.evaluate(() => window.scrollY), 'nothing scrolled').toBe(0);
      await expect(page.locator('video')).toHaveCount(1);
      await shoot(page, `room-${size.width}x${size.height}`);
    });
  }
});
