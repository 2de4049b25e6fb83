import { app, betCard, checkAccessible, entryStake, FOOTBALL, myBetsTab, openMyBets, placeAndCollectOrders, placeButton, signInOnHost, slip, slipEntries } from '../support/betting';
import { expectPlatformBalance } from '../support/bettingWorld';
import { expect, test } from '../support/world';
import { shot } from '../support/shots';

/**
 * Outrights (issue 13): the outright list shows competitions with their runners, not fake matches; an outright's
 * screen lists every runner with no scoreboard or media; a single on a runner is placed like any other and named by
 * its competition and runner in the slip and My bets. On an outright of the test's own, whose prices nothing moves.
 */
test.describe('outrights', () => {
  test('a member opens the outright list and a competition, and backs a runner', async ({ page, request, world }) => {
    const mediaCalls: string[] = [];
    page.on('request', (r) => {
      if (/\/media\//.test(new URL(r.url()).pathname)) mediaCalls.push(r.url());
    });
    const member = await world.member();
    const outright = await world.match({ sportId: FOOTBALL, outright: true });
    const league = outright.league.ENG!;
    await signInOnHost(page, member);
    await app(page).locator(`[data-sport-menu="${FOOTBALL}"]`).click();
    const tab = app(page).getByRole('tab', { name: 'Outright', exact: true });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');

    const list = app(page).getByRole('list', { name: 'Outrights' });
    const row = list.locator(`article[data-outright-id="${outright.matchId}"]`);
    await expect(row).toBeVisible();
    await expect(row.getByRole('heading', { level: 3 })).toHaveText(league);
    await expect(row).toContainText('Betting closes');
    const top = row.getByRole('group', { name: 'Shortest prices' }).getByRole('button');
    await expect(top).toHaveCount(4);
    // Prices, not the locked 1X2 and handicap cells of a fake match.
    for (const button of await top.all()) await expect(button).toBeEnabled();
    await expect(app(page).locator('[role="row"][data-match-id]')).toHaveCount(0);
    // The favourite star a match row has, by keyboard (issue 13).
    const star = row.getByRole('button', { name: /^Favourite: / });
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await star.focus();
    await page.keyboard.press('Enter');
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await row.scrollIntoViewIfNeeded();
    await shot(page, 'outright-list.png');
    await checkAccessible(page, 'the outright list');

    await row.getByRole('button', { name: /^All \d+ runners/ }).click();
    await expect(page).toHaveURL(new RegExp(`outrightId=${outright.matchId}`));
    await expect(app(page).getByRole('heading', { level: 1, name: league })).toBeVisible();
    const board = app(page).getByRole('list', { name: 'All runners, shortest price first' });
    const runners = board.getByRole('button');
    await expect(runners.first()).toBeVisible();
    expect(await runners.count()).toBeGreaterThan(4);
    await expect(app(page).getByRole('region', { name: 'Scoreboard' })).toHaveCount(0);
    await expect(app(page).getByText('VS', { exact: true })).toHaveCount(0);
    await shot(page, 'outright-screen.png');
    await checkAccessible(page, 'an outright screen');

    // The second shortest price: a real runner of the competition, named in the slip.
    const runner = runners.nth(1);
    // The name shown beside the price (the button's own name starts with it too, for screen readers).
    const runnerName = (await runner.locator('xpath=../span').first().textContent()) ?? '';
    expect(runnerName).not.toBe('');
    await runner.click();
    const entry = slipEntries(page).first();
    await expect(entry).toHaveAttribute('data-match-id', String(outright.matchId));
    await expect(entry).toHaveAttribute('aria-label', new RegExp(league));
    await expect(entry).not.toHaveAttribute('aria-label', / – /);
    await expect(entry).toContainText(runnerName);
    // The market is named (the static list knows the outright market type), not the generic "Market".
    await expect(entry).toContainText('Outright Winner');
    await entryStake(entry).fill('10');
    await expect(placeButton(page)).toBeEnabled();
    await shot(page, 'outright-slip.png');
    const [orderId] = await placeAndCollectOrders(page);
    await expect(slip(page).locator(`article[data-match-id="${outright.matchId}"]`)).toHaveCount(0);
    await expectPlatformBalance(request, member, '9990.00');

    await app(page).getByRole('button', { name: 'Back' }).first().click();
    await expect(app(page).getByRole('list', { name: 'Outrights' })).toBeVisible();

    await openMyBets(page);
    await myBetsTab(page, 'Unsettled');
    const card = betCard(page, orderId!);
    await expect(card).toContainText(runnerName);
    await expect(card).toContainText(league);
    await expect(card).toContainText('Settles');
    await expect(card).not.toContainText(' vs ');
    await shot(page, 'outright-my-bets.png');
    expect(mediaCalls, 'an outright asks for no media').toEqual([]);
  });
});
