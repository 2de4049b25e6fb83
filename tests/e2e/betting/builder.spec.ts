import Decimal from 'decimal.js';
import { app, betCard, checkAccessible, FOOTBALL, myBetsTab, openMyBets, signInOnHost } from '../support/betting';
import { expectPlatformBalance } from '../support/bettingWorld';
import { expect, test } from '../support/world';

/** What a leg's halves do on a final score: each half of a quarter line settles on its own (DOMAIN.md section 2). */
function halves(line: number): number[] {
  return Math.abs(Math.round(line * 4)) % 2 === 1 ? [line - 0.25, line + 0.25] : [line];
}
/** A leg's win and lose weights: the share of its halves won and lost. */
function weights(xs: number[]): { w: number; l: number } {
  return { w: xs.filter((x) => x > 0).length / xs.length, l: xs.filter((x) => x < 0).length / xs.length };
}

/**
 * The bet builder end to end (docs/api.md "Bet builder"): on a pre-match football match of the test's own, three
 * selections of the match (home win, over the main total, odd total) are priced together by the platform, placed as
 * one bet from the match screen's builder mode, and settled when the test plays the match to its end: the return is
 * stake x (D W + N - W) from the legs' results on the final score, which is what the matrix price assumed.
 */
test('a three-leg bet builder is priced by the platform, placed from the match screen and settled on the final score', async ({ page, request, world }) => {
  const member = await world.member();
  const match = await world.match({ sportId: FOOTBALL, list: 'early' });
  await signInOnHost(page, member, { query: `matchId=${match.matchId}` });
  const screen = app(page).locator(`section[data-match-id="${match.matchId}"]`);
  await expect(screen).toBeVisible();

  await screen.getByRole('button', { name: 'Bet builder' }).click();
  const panel = app(page).getByRole('region', { name: 'Bet builder' });
  await expect(panel).toBeVisible();
  // Markets a builder cannot take say so (corners, the first half, first goal...).
  await expect(screen.getByText(/^Cannot combine: /).first()).toBeVisible();

  const pick = (group: string, option: string) => screen.locator(`[data-group="${group}"][data-period="ft"] button[data-option="${option}"]`).first();
  const legs = [pick('win1x2', 'home'), pick('overUnder', 'over'), pick('oddEven', 'odd')];
  const marketIds: number[] = [];
  for (const leg of legs) {
    await leg.click();
    await expect(leg).toHaveAttribute('aria-pressed', 'true');
    marketIds.push(Number(await leg.getAttribute('data-market-id')));
  }
  await expect(panel.getByRole('listitem')).toHaveCount(3);
  const oddsText = panel.locator('[data-builder-odds]');
  await expect(oddsText).toBeVisible();
  const odds = (await oddsText.getAttribute('data-builder-odds'))!;

  // The price shown is the platform's quote for exactly these selections.
  const types = ['home', 'over', 'odd'];
  const quote = await request.post('/v1/order/builder/quote', {
    headers: { authorization: member.token },
    data: { betMatchMarketList: marketIds.map((marketId, i) => ({ marketId, matchId: match.matchId, type: types[i] })) },
  });
  expect((await quote.json()).data.odds).toBe(odds);
  await checkAccessible(page, 'the match screen in bet builder mode');

  await panel.getByRole('textbox', { name: /^Stake/ }).fill('100');
  const placed = page.waitForResponse((response) => response.url().endsWith('/v1/order/bet/builder'));
  await panel.getByRole('button', { name: 'Place bet builder' }).click();
  const orderId = ((await (await placed).json()) as { data: { orders: Array<{ orderId: string }> } }).data.orders[0]!.orderId;
  await expect(panel.getByText('Bet builder placed.')).toBeVisible();
  await expectPlatformBalance(request, member, '9900.00');

  // The total's line, to judge the over on the final score.
  const detail = await request.post('/api/match/getMatchDetail', { data: { matchId: match.matchId, oddsFormat: 1, language: 'ENG' } });
  const groups = (await detail.json()).data.betGroups as Array<{ moneyHandicap: Array<{ marketId: number; line?: string }> }>;
  const line = Number(groups.flatMap((g) => g.moneyHandicap).find((m) => m.marketId === marketIds[1])!.line);

  const played = await world.play(match.matchId, 'end');
  const { home, away } = played.state.score;
  const results = [weights([home - away]), weights(halves(line).map((h) => home + away - h)), weights([(home + away) % 2 === 1 ? 1 : -1])];
  const W = results.reduce((p, r) => p * r.w, 1);
  const N = results.reduce((p, r) => p * (1 - r.l), 1);
  const payout = new Decimal(100).times(new Decimal(odds).times(W).plus(N - W)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  await expectPlatformBalance(request, member, payout.plus(9900).toFixed(2));

  await openMyBets(page);
  await myBetsTab(page, 'Settled');
  const card = betCard(page, orderId);
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Bet builder (3)' })).toBeVisible();
  await expect(card.getByRole('listitem')).toHaveCount(3);
});
