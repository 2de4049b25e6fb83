import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/cspGuard';
import { appReady, chunk, recordScripts } from '../support/fixtures';

/** An in-play football match: its line-ups are announced (an hour before the start). */
async function liveFootballMatch(request: APIRequestContext): Promise<number> {
  let found: number | undefined;
  await expect
    .poll(
      async () => {
        const answer = await request.post('/api/match/getList', { data: { type: 1, sportId: 1, current: 1, size: 50 } });
        found = ((await answer.json()) as { data: { records: Array<{ matchId: number }> } }).data.records[0]?.matchId;
        return found;
      },
      { timeout: 60_000, message: 'an in-play football match' },
    )
    .toBeDefined();
  return found!;
}

async function openLineups(page: Page, matchId: number, merchant: string) {
  await page.addInitScript((m) => localStorage.setItem(`sport-pc:${m}:locale`, JSON.stringify('en')), merchant);
  await page.goto(`/spa/sport-pc/?merchant=${merchant}&matchId=${matchId}`);
  await appReady(page);
  await page.getByRole('tab', { name: 'Line-ups', exact: true }).click();
  // The core's part of the panel: both teams' starters.
  await expect(page.locator('#sp-match-panel').getByRole('list', { name: /starters$/ })).toHaveCount(2, { timeout: 20_000 });
}

test.describe('football data panels', () => {
  test("football's statistics and commentary are their own chunks, each fetched when its tab first shows", async ({ page, request }) => {
    const matchId = await liveFootballMatch(request);
    const scripts = recordScripts(page);
    await page.addInitScript(() => localStorage.setItem('sport-pc:default:locale', JSON.stringify('en')));
    await page.goto(`/spa/sport-pc/?matchId=${matchId}`);
    await appReady(page);
    const panel = page.locator('#sp-match-panel');
    await page.getByRole('tab', { name: 'Data', exact: true }).click();
    // Kicked off an hour ago at most: the statistics are there, or the note that they come with the kick-off.
    await expect(panel.getByRole('table', { name: 'Technical statistics' }).or(panel.getByText('Statistics appear once the match starts.'))).toBeVisible({ timeout: 20_000 });
    expect(chunk(scripts, 'plugin-sport-football-stats')).toHaveLength(1);
    expect(chunk(scripts, 'plugin-sport-football-text-live')).toEqual([]);
    await page.getByRole('tab', { name: 'Text live', exact: true }).click();
    await expect(panel.getByRole('list', { name: 'Text live' }).or(panel.getByText('No commentary yet.'))).toBeVisible({ timeout: 20_000 });
    expect(chunk(scripts, 'plugin-sport-football-text-live')).toHaveLength(1);
  });
});

test.describe('extensions switched by config', () => {
  test("football's line-up pitch is its own chunk, fetched when the Line-ups tab shows it", async ({ page, request }) => {
    const matchId = await liveFootballMatch(request);
    const scripts = recordScripts(page);
    await openLineups(page, matchId, 'default');
    await expect(page.getByRole('img', { name: / against / })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Incidents' })).toBeVisible();
    expect(chunk(scripts, 'plugin-sport-football-lineup')).toHaveLength(1);
  });

  test('a merchant that switches sport-football/lineup off never requests its chunk; the other football extension loads', async ({ page, request }) => {
    const matchId = await liveFootballMatch(request);
    const scripts = recordScripts(page);
    await openLineups(page, matchId, 'no-lineup-pitch');
    // The scoreboard is drawn by football's other extension (matchList.sport): it loads as usual.
    await expect(page.getByRole('region', { name: 'Scoreboard' })).toBeVisible();
    expect(chunk(scripts, 'plugin-sport-football')).toHaveLength(1);
    await expect(page.getByRole('img', { name: / against / })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Incidents' })).toHaveCount(0);
    // The slot renders with the team lists: had the extension been listed, its chunk would be requested by now.
    expect(chunk(scripts, 'plugin-sport-football-lineup')).toEqual([]);
  });
});
