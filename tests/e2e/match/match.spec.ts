import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../support/cspGuard';
import { appReady, chunk, expectAccessible, recordScripts } from '../support/fixtures';

/**
 * An in-play match of the sport with at least two video lines (the feed gives every in-play match 1-5 lines), the one
 * least far into its game: a match that ends mid-test stops its streams (at FEED_SPEED 20 a basketball quarter is short).
 */
async function liveMatchWithLines(request: APIRequestContext, sportId: number): Promise<number> {
  let found: number | undefined;
  await expect
    .poll(
      async () => {
        const answer = await request.post('/api/match/getList', { data: { type: 1, sportId, current: 1, size: 50 } });
        const records = ((await answer.json()) as { data: { records: Array<{ matchId: number; media: { videos: unknown[] }; matchInfo: { period: number } }> } }).data.records;
        found = records.filter((m) => m.media.videos.length >= 2).sort((a, b) => a.matchInfo.period - b.matchInfo.period)[0]?.matchId;
        return found;
      },
      { timeout: 60_000, message: `an in-play match of sport ${sportId} with two video lines` },
    )
    .toBeDefined();
  return found!;
}

async function openMatch(page: Page, matchId: number) {
  await page.addInitScript(() => localStorage.setItem('sport-pc:default:locale', JSON.stringify('en')));
  await page.goto(`/spa/sport-pc/?matchId=${matchId}`);
  await appReady(page);
  await expect(page.getByRole('region', { name: 'Scoreboard' })).toBeVisible();
}

/** Playback position of the stage's video element (0 when none shows). */
const videoTime = (stage: Locator) => stage.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime).catch(() => 0);

/** The video plays: its position moves on by more than a second. */
async function expectPlaying(stage: Locator) {
  await expect.poll(() => videoTime(stage), { timeout: 40_000, message: 'the video starts' }).toBeGreaterThan(0.5);
  const start = await videoTime(stage);
  await expect.poll(() => videoTime(stage), { timeout: 20_000, message: 'the video keeps playing' }).toBeGreaterThan(start + 1);
}

const SPORTS = [
  { sportId: 1, key: 'football', tabs: ['Data', 'Line-ups', 'Text live', 'Analysis', 'Intelligence'] },
  { sportId: 3, key: 'basketball', tabs: ['Data', 'Line-ups', 'Text live', 'Analysis', 'Intelligence'] },
  { sportId: 5, key: 'tennis', tabs: ['Data', 'Analysis'] },
] as const;

test.describe('the match screen', () => {
  for (const sport of SPORTS) {
    test(`${sport.key}: a live match's score, video lines, animation and data`, async ({ page, request }) => {
      test.setTimeout(180_000);
      const matchId = await liveMatchWithLines(request, sport.sportId);
      await openMatch(page, matchId);
      const board = page.getByRole('region', { name: 'Scoreboard' });

      // The match moves on as the feed plays it: the clock runs (football, basketball) or the points change (tennis).
      const moving = sport.sportId === 5 ? board.getByRole('table') : board.locator('[data-score]').locator('xpath=..');
      const before = await moving.textContent();
      await expect.poll(() => moving.textContent(), { timeout: 60_000, message: 'the scoreboard follows the feed' }).not.toBe(before);
      if (sport.sportId === 3) {
        const score = await board.locator('[data-score]').textContent();
        await expect.poll(() => board.locator('[data-score]').textContent(), { timeout: 60_000, message: 'a basket changes the score' }).not.toBe(score);
      }

      const stage = page.getByRole('region', { name: 'Live video and animation' });
      await expect(stage.getByRole('button', { name: 'Line 1' })).toHaveAttribute('aria-pressed', 'true');
      await expectPlaying(stage);
      await stage.getByRole('button', { name: 'Line 2' }).click();
      await expect(stage.getByRole('button', { name: 'Line 2' })).toHaveAttribute('aria-pressed', 'true');
      await expectPlaying(stage);
      await page.screenshot({ path: test.info().outputPath(`match-${sport.key}-video.png`) });

      await stage.getByRole('button', { name: 'Animation' }).click();
      const tracker = stage.getByRole('img').first();
      await expect(tracker).toBeVisible();
      const situation = await tracker.getAttribute('aria-label');
      await expect.poll(() => tracker.getAttribute('aria-label'), { timeout: 60_000, message: 'a feed event is drawn' }).not.toBe(situation);
      // Every event is named over the field for a few seconds; the feed plays one every few seconds.
      await expect(stage.locator('[data-callout]')).toBeVisible({ timeout: 30_000 });
      await expect(stage.getByRole('region', { name: 'Match events, newest first' }).getByRole('listitem').first()).toBeVisible();
      // The field is the stage's centerpiece: its whole width (less the tracker's padding) at both desktop widths.
      for (const width of [1280, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        const [field, box] = await Promise.all([tracker.boundingBox(), stage.boundingBox()]);
        expect(field!.width).toBeGreaterThan(box!.width - 40);
        await stage.screenshot({ path: test.info().outputPath(`match-${sport.key}-animation-${width}.png`), animations: 'disabled' });
      }
      // The statistics sit on their own tab; the arrow keys go back to the field.
      await stage.getByRole('tab', { name: 'Stats' }).click();
      await expect(stage.getByRole('tabpanel', { name: 'Stats' }).locator('[data-stat]').first()).toBeVisible();
      await stage.screenshot({ path: test.info().outputPath(`match-${sport.key}-animation-stats.png`), animations: 'disabled' });
      await stage.getByRole('tab', { name: 'Stats' }).press('ArrowLeft');
      await expect(stage.getByRole('tab', { name: 'Field' })).toHaveAttribute('aria-selected', 'true');
      await expect(tracker).toBeVisible();

      const panel = page.locator('#sp-match-panel');
      for (const name of sport.tabs) {
        await page.getByRole('tab', { name, exact: true }).click();
        await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
        await expect(panel.locator('[role="status"][aria-busy="true"], [aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
        await expect(panel.getByRole('button', { name: 'Retry' })).toHaveCount(0);
        await page.screenshot({ path: test.info().outputPath(`match-${sport.key}-${name.replace(/\W+/g, '-').toLowerCase()}.png`) });
      }
      await expectAccessible(page);
    });
  }

  test('the players load only with a video: home does not fetch them, a match screen fetches one', async ({ page, request }) => {
    const scripts = recordScripts(page);
    await page.addInitScript(() => localStorage.setItem('sport-pc:default:locale', JSON.stringify('en')));
    await page.goto('/spa/sport-pc/');
    await appReady(page);
    await expect(page.getByRole('list', { name: 'Live now' }).or(page.getByText('No live matches with video or animation right now'))).toBeVisible();
    expect(chunk(scripts, 'plugin-player-flv')).toHaveLength(0);
    expect(chunk(scripts, 'plugin-player-hls')).toHaveLength(0);

    const matchId = await liveMatchWithLines(request, 1);
    await page.goto(`/spa/sport-pc/?matchId=${matchId}`);
    await expect(page.getByRole('region', { name: 'Live video and animation' }).locator('video')).toBeAttached({ timeout: 30_000 });
    expect(chunk(scripts, 'plugin-player-flv')).toHaveLength(1);
    expect(chunk(scripts, 'plugin-player-hls')).toHaveLength(0);
  });

  test('a row of the list opens its match, and Back returns to the list', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('sport-pc:default:locale', JSON.stringify('en')));
    await page.goto('/spa/sport-pc/?list=1&sport=3');
    await appReady(page);
    const row = page.getByRole('table', { name: 'Matches' }).locator('[role="row"][data-match-id]').first();
    await expect(row).toBeVisible({ timeout: 30_000 });
    const name = (await row.getAttribute('aria-label'))!;
    await row.getByRole('button', { name: /Open / }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    // The screen's markets show: prices, or the closed-markets state of a match whose markets the feed has just shut
    // (a live match near its end); either way the markets panel belongs to the match that was opened.
    await expect(page.getByRole('button', { name: /Over|Under/ }).first().or(page.getByText('No markets are open for this match right now.'))).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('table', { name: 'Matches' })).toBeVisible();
  });
});
