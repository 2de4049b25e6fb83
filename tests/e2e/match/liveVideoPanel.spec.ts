import type { Page } from '@playwright/test';
import { app } from '../support/betting';
import { expectAccessible } from '../support/fixtures';
import { matchTitle, openMatch } from '../support/matchScreen';
import { expect, openApp, test } from '../support/world';
import { shot } from '../support/shots';

/**
 * The right column's live video (issue 13: it said "choose a match" while one played). With nothing followed it
 * offers the live matches with video; a match opened with video is named there while its screen plays it, and plays
 * there after Back.
 */
const livePanel = (page: Page) => app(page).getByRole('region', { name: 'Live video', exact: true });

test.describe('live video panel', () => {
  test('offers live matches with video on home and plays the one picked in the column', async ({ page }) => {
    await openApp(page);
    const panel = livePanel(page);
    const choices = panel.getByRole('list', { name: 'Live matches with video' }).getByRole('button');
    await expect(choices.first()).toBeVisible();
    // The column offers the first live matches with video, of whichever sport and test: this one only watches one.
    const title = ((await choices.first().locator('span').first().textContent()) ?? '').trim();
    await choices.first().click();
    await expect(panel.getByText(title, { exact: true })).toBeVisible();
    await expect(panel.locator('section[data-media-mode="video"]')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Close video' })).toBeVisible();
    await shot(page, 'home-live-video-panel.png');
    await expectAccessible(page);
  });

  test('a match opened with video is named while its screen plays it, and plays in the column after Back', async ({ page, world }) => {
    const match = await world.match({ sportId: 1, minVideoLines: 1 });
    const title = matchTitle(match);
    await openMatch(page, match.matchId);
    await expect(app(page).getByRole('heading', { level: 1, name: title })).toBeVisible();
    const panel = livePanel(page);
    await expect(panel).toContainText(`${title} is playing on the match screen`);
    await expect(panel).not.toContainText('Choose a match');
    // One stream on the page: the match screen's.
    await expect(app(page).locator('section[data-media-mode]')).toHaveCount(1);
    await shot(page, 'match-live-video-panel.png');

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(panel.getByText(title, { exact: true })).toBeVisible();
    await expect(panel.locator('section[data-media-mode="video"]')).toBeVisible();
    await shot(page, 'back-live-video-panel.png');
    await expectAccessible(page);
  });
});
