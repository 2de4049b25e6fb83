import { PushChannel } from '../../../contract/channels';
import { app } from '../support/betting';
import { chunk, expectAccessible, recordScripts } from '../support/fixtures';
import { expectPlaying, matchPanel, mediaStage, openMatch, scoreboard, scoreText } from '../support/matchScreen';
import { expect, openApp, test, recordSubscriptions } from '../support/world';
import { shot } from '../support/shots';


/**
 * The match screen of a live match the test claims, in the three sports with their own data (football, basketball)
 * or their own court (tennis): the scoreboard following a score the test makes, the data tabs, the match tracker
 * drawing an event the test makes, and the video lines playing. Each sport's list and match screen have their smoke
 * test in tests/e2e/sports/.
 */
const SPORTS = [
  { sportId: 1, key: 'football', period: 'firstHalf', event: 'corner', tabs: ['Data', 'Line-ups', 'Text live', 'Analysis', 'Intelligence'] },
  { sportId: 3, key: 'basketball', period: 'firstQuarter', event: 'threePointer', tabs: ['Data', 'Line-ups', 'Text live', 'Analysis', 'Intelligence'] },
  // A match in its first set: a set won (the score the test makes) cannot end it.
  { sportId: 5, key: 'tennis', period: 'set1', event: 'ace', tabs: ['Data', 'Analysis'] },
] as const;

test.describe('the match screen', () => {
  for (const sport of SPORTS) {
    test(`${sport.key}: every data tab loads, and reads accessibly`, async ({ page, world }) => {
      const match = await world.match({ sportId: sport.sportId });
      await openMatch(page, match.matchId);
      for (const name of sport.tabs) {
        const tab = app(page).getByRole('tab', { name, exact: true });
        await tab.click();
        await expect(tab).toHaveAttribute('aria-selected', 'true');
        await expect(matchPanel(page).locator('[aria-busy="true"]')).toHaveCount(0);
        await expect(matchPanel(page).getByRole('button', { name: 'Retry' })).toHaveCount(0);
        await shot(page, `match-${sport.key}-${name.replace(/\W+/g, '-').toLowerCase()}.png`);
      }
      await expectAccessible(page);
    });

    // One page for both pushes, the score and the event (a page load is most of a test's cost on two cores).
    test(`${sport.key}: the scoreboard follows a score the test makes, and the tracker draws an event the test makes, across the stage, with its statistics a tab away`, async ({ page, world }) => {
      const match = await world.match({ sportId: sport.sportId, period: sport.period });
      const listening = recordSubscriptions(page);
      await openMatch(page, match.matchId);
      const score = scoreboard(page).locator('[data-score]');
      await expect(score).toHaveText(scoreText(match.state!));
      await listening(PushChannel.score(match.matchId));
      const scored = await world.play(match.matchId, 'score');
      expect(scoreText(scored.state)).not.toBe(scoreText(match.state!));
      await expect(score).toHaveText(scoreText(scored.state));
      await shot(page, `match-${sport.key}-scored.png`);

      const stage = mediaStage(page);
      await stage.getByRole('button', { name: 'Animation' }).click();
      const tracker = stage.getByRole('img').first();
      await expect(tracker).toBeVisible();
      const played = await world.play(match.matchId, 'event', { event: sport.event, team: 'home' });
      const made = played.events.findLast((e) => e.code === sport.event)!;
      const newest = played.events.at(-1)!;
      // The push reaches the tracker: the event is listed with its team, under the newest one the play made (a step of
      // the feed can make more than the event asked for: an ace wins its point).
      const timeline = stage.getByRole('region', { name: 'Match events, newest first' });
      await expect(timeline.getByRole('listitem').first()).toHaveAttribute('data-seq', String(newest.seq));
      await expect(timeline.locator(`li[data-seq="${made.seq}"]`)).toContainText(match.home.ENG!);
      // Every event is named over the field for a few seconds (highlightMs, config/app.json).
      await expect(stage.locator('[data-callout]')).toBeVisible();

      // The field is the stage's centerpiece: its whole width (less the tracker's padding) at both desktop widths.
      for (const width of [1280, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        const [field, box] = await Promise.all([tracker.boundingBox(), stage.boundingBox()]);
        expect(field!.width).toBeGreaterThan(box!.width - 40);
        await shot(stage, `match-${sport.key}-animation-${width}.png`, { animations: 'disabled' });
      }
      // The statistics sit on their own tab; the arrow keys go back to the field.
      await stage.getByRole('tab', { name: 'Stats' }).click();
      await expect(stage.getByRole('tabpanel', { name: 'Stats' }).locator('[data-stat]').first()).toBeVisible();
      await shot(stage, `match-${sport.key}-animation-stats.png`, { animations: 'disabled' });
      await stage.getByRole('tab', { name: 'Stats' }).press('ArrowLeft');
      await expect(stage.getByRole('tab', { name: 'Field' })).toHaveAttribute('aria-selected', 'true');
      await expect(tracker).toBeVisible();
      await expectAccessible(page);
    });
  }

  // Watches the match's own streams play (support/world.ts refuses streams to other tests: each starts an encoder).
  test.describe(() => {
    test.use({ streams: true });

    test("a live match's two video lines play in the browser", async ({ page, world }) => {
      // Each line's stream starts an encoder on the platform when first watched (up to 10 s, docs/operations.md
      // "Live video streams"), then is watched playing for over a second: twice over, more than the default allows.
      test.setTimeout(90_000);
      const match = await world.match({ sportId: 1, minVideoLines: 2 });
      await openMatch(page, match.matchId);
      const stage = mediaStage(page);
      await expect(stage.getByRole('button', { name: 'Line 1' })).toHaveAttribute('aria-pressed', 'true');
      await expectPlaying(stage);
      await stage.getByRole('button', { name: 'Line 2' }).click();
      await expect(stage.getByRole('button', { name: 'Line 2' })).toHaveAttribute('aria-pressed', 'true');
      await expectPlaying(stage);
      await shot(page, 'match-video-line-2.png');
    });
  });

  // Watches the match's own streams play (support/world.ts refuses streams to other tests: each starts an encoder).
  test.describe(() => {
    test.use({ streams: true });

    test('at full time the stage says the match has ended instead of a video frozen on its last frame', async ({ page, world }) => {
      const match = await world.match({ sportId: 1, minVideoLines: 1 });
      const listening = recordSubscriptions(page);
      await openMatch(page, match.matchId);
      const stage = mediaStage(page);
      await expect(stage.locator('video')).toBeAttached();
      await listening(PushChannel.score(match.matchId));
      const played = await world.play(match.matchId, 'end');
      expect(played.state.finished).toBe(true);
      await expect(stage.getByRole('status')).toContainText('The match has ended');
      await expect(stage.locator('video')).toHaveCount(0);
      await expect(stage.getByRole('group', { name: 'Line' })).toHaveCount(0);
      await shot(page, 'match-ended-stage.png');
      await expectAccessible(page);
    });
  });

  test('basketball text live after the final whistle: "Full time", and the newest 50 plays with earlier ones on request', async ({ page, world }) => {
    const match = await world.match({ sportId: 3 });
    await world.play(match.matchId, 'end');
    await openMatch(page, match.matchId);
    await app(page).getByRole('tab', { name: 'Text live', exact: true }).click();
    const plays = matchPanel(page).getByRole('table', { name: 'Text live' });
    const rows = plays.locator('tbody tr');
    await expect(rows).toHaveCount(50);
    await expect(rows.first()).toContainText('Full time');
    await expect(plays).not.toContainText('Q0');
    const more = matchPanel(page).getByRole('button', { name: /^Show \d+ earlier plays$/ });
    await rows.first().scrollIntoViewIfNeeded();
    await shot(page, 'match-basketball-text-live-full-time.png');
    await more.scrollIntoViewIfNeeded();
    await shot(page, 'match-basketball-text-live-more.png');
    await more.click();
    await expect(rows).toHaveCount(100);
    await shot(page, 'match-basketball-text-live-ended.png');
  });

  // Watches the match's own streams play (support/world.ts refuses streams to other tests: each starts an encoder).
  test.describe(() => {
    test.use({ streams: true });

    test('the players load only with a video: home does not fetch them, a match screen fetches one', async ({ page, world }) => {
      const match = await world.match({ sportId: 1, minVideoLines: 1 });
      const scripts = recordScripts(page);
      await openApp(page);
      await expect(app(page).getByRole('list', { name: 'Live now' }).or(app(page).getByText('No live matches with video or animation right now'))).toBeVisible();
      expect(chunk(scripts, 'plugin-player-flv')).toHaveLength(0);
      expect(chunk(scripts, 'plugin-player-hls')).toHaveLength(0);

      await page.goto(`/spa/sport-pc/?matchId=${match.matchId}`);
      await expect(mediaStage(page).locator('video')).toBeAttached();
      expect(chunk(scripts, 'plugin-player-flv')).toHaveLength(1);
      expect(chunk(scripts, 'plugin-player-hls')).toHaveLength(0);
    });
  });
});
