import type { Page } from '@playwright/test';
import { PushChannel } from '../../../contract/channels';
import { SETTINGS_PATHS } from '../../../contract/paths';
import type { ClaimedMatch } from '../../../contract/testControls';
import { OddsFormat } from '../../../domain/odds';
import { app, FOOTBALL, openList, rowOf } from '../support/betting';
import { expectAccessible, openFromNav } from '../support/fixtures';
import { matchTitle, openPrices } from '../support/matchScreen';
import { expect, openApp, test, recordSubscriptions } from '../support/world';
import { shot } from '../support/shots';
import { MATCH_PATHS } from '../../../contract/paths';

/**
 * What the lists of every sport share, tested once on football on matches the test claims (each sport's own list and
 * match screen have their smoke test in tests/e2e/sports/): the today and early lists, odds formats, leagues folding,
 * search and favourites.
 */

const TODAY_LIST = `list=2&sport=${FOOTBALL}`;
const EARLY_LIST = `list=3&sport=${FOOTBALL}`;

/**
 * Prices the test sets and how each format shows them: Hong Kong d − 1; Malay d − 1 up to 2.00 and −1/(d − 1) above;
 * Indonesian d − 1 from 2.00 and −1/(d − 1) below; every format with two decimals, truncated towards zero
 * (domain/odds.ts formatOdds). The two prices take each format through both of its branches. They apply to a
 * two-way market only: a 1X2 shows decimal whatever the format (docs/architecture.md "Odds formats").
 */
const SHOWN: Record<string, Record<OddsFormat, string>> = {
  '1.80': { [OddsFormat.Europe]: '1.80', [OddsFormat.HongKong]: '0.80', [OddsFormat.Malay]: '0.80', [OddsFormat.Indonesian]: '-1.25' },
  '2.50': { [OddsFormat.Europe]: '2.50', [OddsFormat.HongKong]: '1.50', [OddsFormat.Malay]: '-0.66', [OddsFormat.Indonesian]: '1.50' },
};

/** The header's league row of a list whose row of a match of that league is on screen: above it, maybe far above. */
async function leagueHeaderAbove(page: Page, leagueId: number) {
  const header = app(page).locator(`button[data-league-id="${leagueId}"]`);
  await expect(async () => {
    if (!(await header.isVisible())) await page.mouse.wheel(0, -600);
    await expect(header).toBeVisible({ timeout: 250 });
  }).toPass({ timeout: 15_000, intervals: [100] });
  return header;
}

/**
 * The match's row shows in the list on screen with its title and open prices. Found again when the list redraws
 * meanwhile: a list just opened may replace its rows with its next answer, which scrolls the row out of the rendered
 * window (seen once a screenshot no longer gave the list that time).
 */
async function expectListed(page: Page, match: ClaimedMatch) {
  await expect(async () => {
    const row = await rowOf(page, match.matchId);
    await expect(row).toHaveAttribute('aria-label', matchTitle(match), { timeout: 2_000 });
    await expect(openPrices(row).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

test.describe('the lists every sport shares', () => {
  test('the today and early lists show their matches with prices', async ({ page, world }) => {
    const today = await world.match({ sportId: FOOTBALL, list: 'today' });
    const early = await world.match({ sportId: FOOTBALL, list: 'early' });
    await openApp(page, { query: TODAY_LIST });
    await expectListed(page, today);
    await shot(page, 'football-today.png');

    await openList(page, 'Early');
    await expectListed(page, early);
    // A match of another day is not in today's list, nor today's in this one.
    await expect(app(page).locator(`[role="row"][data-match-id="${today.matchId}"]`)).toHaveCount(0);
    await shot(page, 'football-early.png');
    await expectAccessible(page);
  });

  test('a member orders lists by league or by kick-off time, and the choice follows them to another browser', async ({ page, world, browser }) => {
    const member = await world.member();
    await world.match({ sportId: FOOTBALL, list: 'today' });
    const asked = (order: 0 | 1) =>
      page.waitForRequest((request) => request.url().includes(MATCH_PATHS.list) && new RegExp(`"?orderBy"?[=:]"?${order}\\b`).test(request.postData() ?? ''));
    const byTime = asked(0);
    await openApp(page, { member, query: TODAY_LIST });
    await byTime;
    const order = app(page).getByRole('group', { name: 'Order' });
    await expect(order.getByRole('button', { name: 'By time' })).toHaveAttribute('aria-pressed', 'true');
    await expect(app(page).getByRole('table', { name: 'Matches' })).toBeVisible();

    const byLeague = asked(1);
    const saved = page.waitForResponse((response) => response.url().includes(SETTINGS_PATHS.cfgSet) && response.ok());
    // By keyboard: the switch is two buttons in the header's tab order.
    await order.getByRole('button', { name: 'By league' }).focus();
    await page.keyboard.press('Enter');
    await byLeague;
    await saved;
    await expect(order.getByRole('button', { name: 'By league' })).toHaveAttribute('aria-pressed', 'true');
    await expect(app(page).getByRole('table', { name: 'Matches' })).toBeVisible();
    await shot(page, 'football-today-by-league.png');

    await expectAccessible(page);

    // Kept on the platform with the member's settings: another browser (nothing stored locally) asks by league too.
    const elsewhere = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const other = await elsewhere.newPage();
    const there = other.waitForRequest((request) => request.url().includes(MATCH_PATHS.list) && /"?orderBy"?[=:]"?1\b/.test(request.postData() ?? ''));
    await openApp(other, { member, query: TODAY_LIST });
    await there;
    await expect(app(other).getByRole('group', { name: 'Order' }).getByRole('button', { name: 'By league' })).toHaveAttribute('aria-pressed', 'true');
    await elsewhere.close();
  });

  test('a handicap follows the chosen odds format by the DOMAIN.md formulas; a 1X2 stays decimal', async ({ page, world }) => {
    const match = await world.match({ sportId: FOOTBALL, list: 'early' });
    const listening = recordSubscriptions(page);
    await openApp(page, { query: EARLY_LIST });
    const row = await rowOf(page, match.matchId);
    // Football's row: the full-time 1X2 (home, away, draw) first, then the full-time handicap (home, away).
    const marketOf = async (option: string, nth: number) => Number(await row.locator(`button[data-option="${option}"]`).nth(nth).getAttribute('data-market-id'));
    const winner = await marketOf('draw', 0);
    const handicap = await marketOf('home', 1);
    expect(handicap).not.toBe(winner);
    await listening(PushChannel.odds(match.matchId));
    const set: Record<number, Record<string, string>> = { [winner]: { home: '1.80', away: '2.50', draw: '1.80' }, [handicap]: { home: '1.80', away: '2.50' } };
    for (const [marketId, odds] of Object.entries(set)) await world.setMarket({ marketId: Number(marketId), odds });

    const formatSelect = app(page).getByRole('combobox', { name: 'Odds format' });
    for (const format of [OddsFormat.HongKong, OddsFormat.Malay, OddsFormat.Indonesian, OddsFormat.Europe]) {
      await formatSelect.selectOption(String(format));
      for (const [marketId, odds] of Object.entries(set)) {
        for (const [option, odd] of Object.entries(odds)) {
          const price = row.locator(`button[data-market-id="${marketId}"][data-option="${option}"]`);
          await expect(price).toHaveAttribute('data-odd', odd);
          const shown = Number(marketId) === handicap ? SHOWN[odd]![format] : SHOWN[odd]![OddsFormat.Europe];
          await expect(price.locator('[data-dir]'), `${odd} of market ${marketId} in format ${OddsFormat[format]}`).toHaveText(shown);
        }
      }
      if (format === OddsFormat.Malay) await shot(page, 'football-malay.png');
    }
  });

  test('a league collapses and expands', async ({ page, world }) => {
    const match = await world.match({ sportId: FOOTBALL, list: 'early' });
    await openApp(page, { query: EARLY_LIST });
    await rowOf(page, match.matchId);
    const header = await leagueHeaderAbove(page, match.leagueId);
    await expect(header).toContainText(match.league.ENG!);
    const matchesOfLeague = app(page).locator(`[role="row"][data-league-id="${match.leagueId}"]`);

    await header.click();
    await expect(header).toHaveAttribute('aria-expanded', 'false');
    await expect(matchesOfLeague).toHaveCount(0);
    await shot(page, 'football-league-collapsed.png');
    await header.click();
    await expect(header).toHaveAttribute('aria-expanded', 'true');
    await expect(matchesOfLeague.first()).toBeVisible();
    await rowOf(page, match.matchId);
  });

  test('search finds a team and opens its match; a favourite is added, listed and removed', async ({ page, world }) => {
    const match = await world.match({ sportId: FOOTBALL, list: 'early' });
    await openApp(page, { query: EARLY_LIST });
    await app(page).getByRole('combobox', { name: 'Search matches' }).fill(match.home.ENG!);
    const result = app(page).getByRole('listbox', { name: 'Search results' }).locator(`[role="option"][data-match-id="${match.matchId}"]`);
    await expect(result).toContainText(match.home.ENG!);
    await result.click();
    await expect(app(page).getByRole('heading', { level: 1, name: matchTitle(match) })).toBeVisible();

    const star = app(page).getByRole('button', { name: `Favourite: ${matchTitle(match)}` });
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await openFromNav(page, /^Favourites/);
    const kept = app(page).locator(`[role="row"][data-match-id="${match.matchId}"]`);
    await expect(kept).toBeVisible();
    await kept.getByRole('button', { name: /^Favourite:/ }).click();
    await expect(app(page).getByText('No favourites yet. Star a match to follow it here.')).toBeVisible();
  });
});
