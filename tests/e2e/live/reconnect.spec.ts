import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request as playwrightRequest } from '@playwright/test';
import { PUSH_DEFAULTS } from '../../../src/services/push';
import { app } from '../support/betting';
import { appReady } from '../support/fixtures';
import { shot } from '../support/shots';
import { E2E_PORT, healthy, startPlatform, stopPlatform } from '../support/platform';
import { expect, startIn, test, worldOf } from '../support/world';

/**
 * Issue 31: push that does not give up silently, tried the hard way. Stopping the suite's platform would break every
 * other test running beside this one, so the test runs a platform of its own (the same build, database and settings as
 * playwright.config.ts's), stops it under an open room, and starts it again on the same database: a new epoch, as
 * after an operator's restart.
 */

const PORT = E2E_PORT + 17;
const ORIGIN = `http://127.0.0.1:${PORT}`;

test('with the platform stopped under an open room the viewer is told live updates are lost; after its restart the room catches up without a reload', async ({ page }) => {
  // Two platform starts (about 10 s each on the 2-core machine) and the room; the spec's 5 reconnects run on the page's clock.
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sport-pc-reconnect-'));
  let platform = startPlatform({ port: PORT, dataDir });
  const api = await playwrightRequest.newContext({ baseURL: ORIGIN });
  try {
    await healthy(api, platform);
    const world = worldOf(api);
    const member = await world.member();
    const room = await world.room();
    await startIn(page, 'en');
    // The page's timers on Playwright's clock, installed before the app loads: time flows as usual, and the test runs
    // the reconnect waits out below instead of sitting through them (15 s of real time).
    await page.clock.install();
    await page.goto(`${ORIGIN}/spa/sport-pc/?token=${member.token}&roomId=${room.liveRoomId}`);
    await appReady(page);
    const input = app(page).getByRole('textbox', { name: 'Message' });
    await expect(input).toBeEnabled();
    await input.fill('said before the restart');
    await input.press('Enter');
    const messages = app(page).getByRole('log', { name: 'Chat messages' });
    await expect(messages.getByText('said before the restart')).toBeVisible();

    await stopPlatform(platform);
    // The spec's 5 reconnects 3 s apart fail, then the viewer is told, with a way to try now. Each 3 s wait is run out
    // on the page's clock; the attempt after it fails on the network (refused) and the next wait starts. The count and
    // spacing of the attempts are push.test.ts's; here the bar must come of them.
    const lost = page.getByRole('status').filter({ hasText: 'Live updates lost' });
    await expect(async () => {
      await page.clock.runFor(PUSH_DEFAULTS.reconnectDelayMs);
      await expect(lost).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 40_000 });
    await expect(input).toBeDisabled();
    await shot(page, 'push-lost.png');

    // The page is held off the network until the restarted platform has the room on air again and its lottery:
    // otherwise the page's own retry (every 6-30 s) can find the platform between its start and the test's claim of
    // the room, see the room off air and move to another one.
    await page.context().setOffline(true);
    platform = startPlatform({ port: PORT, dataDir });
    await healthy(api, platform);
    // Claims are the test controls' memory, not the database's: the first claim after a start is the same room again.
    expect((await world.room()).liveRoomId).toBe(room.liveRoomId);
    // While the page still waits to reconnect, a lottery starts in its room: pushed to nobody.
    const title = 'While you were away';
    await world.startEvent({ roomId: room.liveRoomId, kind: 1, title, question: 'Who scores next?', options: ['Home', 'Away'], countdownSeconds: 0, durationSeconds: 900, winners: 1, reward: { type: 5, amount: '5.00' } });
    // Back online, the page retries at once (its `online` listener): it can be back before this click, and then there
    // is no button to press. Either way the room must catch up without a reload; the button itself is
    // PushStatusBar.test.tsx's, each owner's catch-up push.test.ts's.
    await page.context().setOffline(false);
    // Pressed while the bar offers it, not waited for: a page already back shows no button (5 s of waiting before).
    const reconnectNow = lost.getByRole('button', { name: 'Reconnect now' });
    let clicked = false;
    await expect(async () => {
      if (!clicked && (await reconnectNow.isVisible())) clicked = await reconnectNow.click({ timeout: 1_000 }).then(() => true, () => false);
      await expect(lost).toBeHidden({ timeout: 1_000 });
    }).toPass({ timeout: 40_000 });
    if (clicked) await expect(page.getByText('Live updates are back')).toBeVisible();
    // The room caught up: the lottery that started while away shows, and the chat is back with its history.
    await expect(app(page).getByRole('region', { name: title })).toBeVisible();
    await expect(input).toBeEnabled({ timeout: 20_000 });
    await expect(messages.getByText('said before the restart')).toBeVisible();
  } finally {
    await api.dispose();
    await stopPlatform(platform);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
