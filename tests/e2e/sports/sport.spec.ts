import { PushChannel } from '../../../contract/channels';
import { app, clickInRow, openList, rowOf } from '../support/betting';
import { chunk, expectAccessible, recordScripts } from '../support/fixtures';
import { matchPanel, matchTitle, openPrices, scoreboard, scoreText } from '../support/matchScreen';
import { test } from '../support/sports';
import { expect, openApp, recordSubscriptions } from '../support/world';
import { shot } from '../support/shots';

/**
 * The smoke test of one sport plugin (a Playwright project per sport, playwright.config.ts): its list and its match
 * screen, on a match in play that the test claims. What every sport's list shares (odds formats, leagues, search,
 * favourites, the today and early lists) is tested once, on football (tests/e2e/shell/lists.spec.ts).
 */

/** A price the feed could quote, clearly away from `odd`: the move the test makes. */
const movedOdd = (odd: string) => (Number(odd) + 0.37).toFixed(2);

/**
 * One test a sport (each page load is most of a test's cost on two cores): the list, a pushed price, the match screen and
 * back, on one claimed match.
 */
test("the sport's in-play list shows a claimed match with prices and a price the feed moves; its match screen opens with scoreboard and markets, and Back returns to the row", async ({ page, world, sportId }) => {
  const match = await world.match({ sportId });
  const scripts = recordScripts(page);
  const listening = recordSubscriptions(page);
  await openApp(page);
  await openList(page, 'In-play', match.sportId);
  const row = await rowOf(page, match.matchId);
  await expect(row).toHaveAttribute('aria-label', matchTitle(match));
  expect(chunk(scripts, `plugin-${test.info().project.metadata.plugin}`)).toHaveLength(1);

  const price = openPrices(row).first();
  await expect(price).toBeVisible();
  const [marketId, option, odd] = await Promise.all([price.getAttribute('data-market-id'), price.getAttribute('data-option'), price.getAttribute('data-odd')]);
  const moved = movedOdd(odd!);
  await listening(PushChannel.odds(match.matchId));
  await world.setMarket({ marketId: Number(marketId), odds: { [option!]: moved } });
  // The pushed price replaces the shown one (decimal, the default format) and flashes upwards.
  const movedPrice = row.locator(`button[data-market-id="${marketId}"][data-option="${option}"]`);
  await expect(movedPrice).toHaveAttribute('data-odd', moved);
  await expect(movedPrice.locator('[data-dir]')).toHaveText(moved);
  await expect(movedPrice.locator('[data-dir]')).toHaveAttribute('data-dir', '1');
  await shot(page, `${test.info().project.name}-in-play.png`);
  await expectAccessible(page);

  // The match screen from the row: its scoreboard says the claimed state, its markets are open.
  await clickInRow(page, match.matchId, (r) => r.getByRole('button', { name: /Open / }));
  await expect(app(page).getByRole('heading', { level: 1, name: matchTitle(match) })).toBeVisible();
  await expect(scoreboard(page).locator('[data-score]')).toHaveText(scoreText(match.state!));
  await expect(openPrices(matchPanel(page)).first()).toBeVisible();
  await shot(page, `${test.info().project.name}-match.png`);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(app(page).getByRole('table', { name: 'Matches' }).locator(`[role="row"][data-match-id="${match.matchId}"]`)).toBeVisible();
});
