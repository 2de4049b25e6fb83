import type { Locator } from '@playwright/test';
import { app, rowOf } from '../support/betting';
import { expectAccessible } from '../support/fixtures';
import { expect, openApp, test } from '../support/world';
import { shot } from '../support/shots';

// The anchor's stream is watched playing (support/world.ts: other tests refuse streams).
test.use({ streams: true });

/** Playback position of the stage's video element (0 when none shows). */
const videoTime = (stage: Locator) => stage.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime).catch(() => 0);

/**
 * The live room (spec 001 section 2): a visitor follows an anchor badge on the in-play list into the room, whose stage
 * plays the anchor's stream (GET /media/anchor/web: the platform encodes one stream per room).
 */
test("a visitor opens a room from an anchor badge and watches the anchor's stream", async ({ page, world }) => {
  // The platform starts the room's encoder on the first request and the player buffers a segment before it plays;
  // then the stream must be seen advancing. About 15 s of real streaming on top of the page loads.
  test.setTimeout(60_000);
  const room = await world.room({ sportId: 1 });
  await openApp(page, { query: `list=1&sport=${room.match.sportId}` });
  const row = await rowOf(page, room.match.matchId);

  // By keyboard: the badge is a link into the room of its live anchor.
  const badge = row.getByRole('link', { name: /anchor/i });
  await expect(badge).toHaveAttribute('aria-label', new RegExp(`${room.hostName} \\(Mandarin, live\\)`));
  await badge.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]roomId=${room.liveRoomId}(&|$)`));
  await expect(app(page).getByRole('heading', { level: 1 })).toBeVisible();
  await expect(app(page).getByRole('region', { name: 'Match' })).toBeVisible();

  const stage = app(page).getByRole('region', { name: 'Live video and animation' });
  await expect(stage.getByRole('button', { name: 'Live host' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => videoTime(stage), { timeout: 30_000, message: "the anchor's stream starts" }).toBeGreaterThan(0.5);
  const start = await videoTime(stage);
  await expect.poll(() => videoTime(stage), { message: "the anchor's stream keeps playing" }).toBeGreaterThan(start + 1);
  // The picture has no words: the app draws the anchor and the match over it in the viewer's language (issue 31).
  const caption = stage.getByTestId('stream-caption');
  await expect(caption).toContainText(room.hostName);
  await expect(caption).toContainText(/\d+ - \d+|vs/);

  // English: no anchor tab (CMN only); bet, first-bet cover, chat and data are the room's own, program the experts'.
  const tabs = app(page).getByRole('tablist', { name: 'Room' }).getByRole('tab');
  await expect(tabs).toHaveText(['Bet', 'First-bet cover', 'Chat', 'Program', 'Data']);
  await expectAccessible(page);
  await shot(page, 'live-room.png');

  // Reload keeps the room; Back returns to the list.
  await page.reload();
  await expect(app(page).getByRole('region', { name: 'Live video and animation' })).toBeVisible();
  await page.goBack();
  await expect(app(page).getByRole('table', { name: 'Matches' })).toBeVisible();
});

test('a room whose match ends shows as ended, and its page then offers the first live room instead', async ({ page, world }) => {
  const room = await world.room({ sportId: 1 });
  await openApp(page, { query: `roomId=${room.liveRoomId}` });
  await expect(app(page).getByRole('heading', { level: 1 })).toBeVisible();
  await expect(app(page).getByRole('status').filter({ hasText: 'not live any more' })).toHaveCount(0);
  // The match the room is on ends: the room is over (spec 001 section 2: a room not live shows the first live room).
  await world.play(room.match.matchId, 'end');
  await page.reload();
  await expect(app(page).getByRole('status').filter({ hasText: 'not live any more' })).toBeVisible();
  await shot(page, 'live-room-ended.png');
});
