import type { Page } from '@playwright/test';
import { app } from '../support/betting';
import { chunk, recordScripts } from '../support/fixtures';
import { matchPanel, openMatch, scoreboard } from '../support/matchScreen';
import { expect, test } from '../support/world';

const FOOTBALL = 1;

/** Opens the Line-ups tab of a match for a merchant (config/merchants/) and waits for both teams' starters. */
async function openLineups(page: Page, matchId: number, merchant: string) {
  // The app keeps its language per merchant: the merchant's, in English like the rest of the suite.
  await page.addInitScript((m) => localStorage.setItem(`sport-pc:${m}:locale`, JSON.stringify('en')), merchant);
  await openMatch(page, matchId, { query: `merchant=${merchant}` });
  await app(page).getByRole('tab', { name: 'Line-ups', exact: true }).click();
  // The core's part of the panel.
  await expect(matchPanel(page).getByRole('list', { name: /starters$/ })).toHaveCount(2);
}

test.describe('football data panels, switched by config', () => {
  // One match screen for the three chunks (a page load is most of a test's cost on two cores).
  test("football's statistics, commentary and line-up pitch are their own chunks, each fetched when its tab first shows", async ({ page, world }) => {
    const match = await world.match({ sportId: FOOTBALL });
    const scripts = recordScripts(page);
    await openMatch(page, match.matchId);
    await app(page).getByRole('tab', { name: 'Data', exact: true }).click();
    // In play: the statistics are there.
    await expect(matchPanel(page).getByRole('table', { name: 'Technical statistics' })).toBeVisible();
    expect(chunk(scripts, 'plugin-sport-football-stats')).toHaveLength(1);
    expect(chunk(scripts, 'plugin-sport-football-text-live')).toEqual([]);
    expect(chunk(scripts, 'plugin-sport-football-lineup')).toEqual([]);
    await app(page).getByRole('tab', { name: 'Text live', exact: true }).click();
    await expect(matchPanel(page).getByRole('list', { name: 'Text live' })).toBeVisible();
    expect(chunk(scripts, 'plugin-sport-football-text-live')).toHaveLength(1);
    expect(chunk(scripts, 'plugin-sport-football-lineup')).toEqual([]);
    await app(page).getByRole('tab', { name: 'Line-ups', exact: true }).click();
    await expect(matchPanel(page).getByRole('list', { name: /starters$/ })).toHaveCount(2);
    await expect(app(page).getByRole('img', { name: / against / })).toBeVisible();
    await expect(app(page).getByRole('region', { name: 'Incidents' })).toBeVisible();
    expect(chunk(scripts, 'plugin-sport-football-lineup')).toHaveLength(1);
  });

  test('a merchant that switches sport-football/lineup off never requests its chunk; the other football extension loads', async ({ page, world }) => {
    const match = await world.match({ sportId: FOOTBALL });
    const scripts = recordScripts(page);
    await openLineups(page, match.matchId, 'no-lineup-pitch');
    // The scoreboard is drawn by football's other extension (matchList.sport): it loads as usual.
    await expect(scoreboard(page)).toBeVisible();
    expect(chunk(scripts, 'plugin-sport-football')).toHaveLength(1);
    await expect(app(page).getByRole('img', { name: / against / })).toHaveCount(0);
    await expect(app(page).getByRole('region', { name: 'Incidents' })).toHaveCount(0);
    // The slot renders with the team lists: had the extension been listed, its chunk would be requested by now.
    expect(chunk(scripts, 'plugin-sport-football-lineup')).toEqual([]);
  });
});
