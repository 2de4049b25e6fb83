import type { Locator } from '@playwright/test';
import { expect, test } from '../support/cspGuard';
import { sports } from '../../../server/src/config/pluginManifests';
import { app } from '../support/betting';
import { appReady, expectAccessible } from '../support/fixtures';
import { liveRoom, stillOnAir } from '../support/live';

const { toScheme } = sports;

/** Playback position of the stage's video element (0 when none shows). */
const videoTime = (stage: Locator) => stage.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime).catch(() => 0);

/**
 * The live room (spec 001 section 2): a visitor follows an anchor badge on the in-play list into the room, whose stage
 * plays the anchor's stream (GET /media/anchor/web: the platform encodes one stream per room).
 */
test("a visitor opens a room from an anchor badge and watches the anchor's stream", async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.addInitScript(() => localStorage.setItem('sport-pc:default:locale', JSON.stringify('en')));
  let row: Locator | undefined;
  for (let attempt = 1; !row; attempt++) {
    const room = await liveRoom(request);
    await page.goto(`/spa/sport-pc/?list=1&sport=${toScheme(room.sportId, 'C', 'A')!}`);
    await appReady(page);
    await expect(app(page).getByRole('table', { name: 'Matches' })).toBeVisible({ timeout: 20_000 });
    const candidate = app(page).locator(`[role="row"][data-match-id="${room.matchId}"]`);
    try {
      await expect(async () => {
        if ((await candidate.count()) === 0) await page.mouse.wheel(0, 700);
        await expect(candidate).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      row = candidate;
    } catch (error) {
      if (attempt === 3 || (await stillOnAir(request, room))) throw error;
    }
  }

  // By keyboard: the badge is a link.
  const badge = row.getByRole('link', { name: /anchor/i });
  await badge.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]roomId=\d+/);
  const title = app(page).getByRole('heading', { level: 1 });
  await expect(title).toBeVisible({ timeout: 20_000 });
  await expect(app(page).getByRole('region', { name: 'Match' })).toBeVisible({ timeout: 20_000 });

  const stage = app(page).getByRole('region', { name: 'Live video and animation' });
  await expect(stage.getByRole('button', { name: 'Live host' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => videoTime(stage), { timeout: 60_000, message: "the anchor's stream starts" }).toBeGreaterThan(0.5);
  const start = await videoTime(stage);
  await expect.poll(() => videoTime(stage), { timeout: 30_000, message: "the anchor's stream keeps playing" }).toBeGreaterThan(start + 1);

  // English: no anchor tab (CMN only); bet, first-bet cover, chat and data are the room's own, program the experts'.
  const tabs = app(page).getByRole('tablist', { name: 'Room' }).getByRole('tab');
  await expect(tabs).toHaveText(['Bet', 'First-bet cover', 'Chat', 'Program', 'Data']);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('live-room.png') });

  // Reload keeps the room; Back returns to the list.
  await page.reload();
  await appReady(page);
  await expect(app(page).getByRole('region', { name: 'Live video and animation' })).toBeVisible({ timeout: 20_000 });
  await page.goBack();
  await expect(app(page).getByRole('table', { name: 'Matches' })).toBeVisible({ timeout: 20_000 });
});
