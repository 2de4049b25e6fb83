import {
  app,
  betCard,
  checkAccessible,
  entryOf,
  entryStake,
  hostBalance,
  myBetsTab,
  openList,
  openMyBets,
  pickInList,
  placeAndCollectOrders,
  placeButton,
  platformBalance,
  recordToasts,
  rowOf,
  seenToasts,
  signInOnHost,
  slip,
  slipEntries,
  submitSlip,
  teamsOf,
  toasts,
} from '../support/betting';
import { priceHomeWin } from '../support/bettingWorld';
import { expect, recordSubscriptions, test } from '../support/world';
import { shot } from '../support/shots';

const FOOTBALL = 1;
const EARLY_LIST = 'list=3&sport=1';
const IN_PLAY_LIST = 'list=1&sport=1';

/**
 * Placing bets from the slip as a member of the test's own, signed in through the demo host, on matches of the test's
 * own (config/platform.json: inPlayDelaySeconds 5). The world stands still, so a pre-match price is the price placed,
 * and an in-play bet is accepted unless the test itself moves its market during the acceptance delay.
 */
test.describe('placing bets from the slip', () => {
  test('a pre-match single is placed, confirmed at once and listed as confirmed in My bets', async ({ page, request, world }) => {
    const member = await world.member();
    const match = await world.match({ sportId: FOOTBALL, list: 'early' });
    await signInOnHost(page, member, { query: EARLY_LIST });
    await pickInList(page, match.matchId);
    const entry = entryOf(page, match.matchId);
    await expect(entry).not.toContainText('Live');
    const { home, away } = await teamsOf(entry);
    expect(home).toBe(match.home.ENG);

    // The picked price is marked in the list while it is in the slip (pressed), and no longer once it leaves it.
    const picked = (await rowOf(page, match.matchId)).locator('button[data-odd]:not([disabled])').first();
    await expect(picked).toHaveAttribute('aria-pressed', 'true');
    await expect((await rowOf(page, match.matchId)).locator('button[data-odd][aria-pressed="true"]')).toHaveCount(1);
    await shot(page, 'list-price-picked.png');
    await entry.getByRole('button', { name: /^Remove/ }).click();
    await expect(entry).toHaveCount(0);
    await expect(picked).toHaveAttribute('aria-pressed', 'false');
    await pickInList(page, match.matchId);
    await expect(picked).toHaveAttribute('aria-pressed', 'true');

    await entryStake(entry).fill('20');
    await expect(slip(page).getByTestId('slip-total-stake')).toHaveText('¥20.00');
    await expect(placeButton(page)).toBeEnabled();
    await shot(page, 'slip-pre-match-single.png');
    await checkAccessible(page, 'the slip with a pre-match single');
    const [orderId] = await placeAndCollectOrders(page);

    // Pre-match bets are confirmed by the book at once: the success toast names the match and the entry leaves.
    const toast = toasts(page).getByRole('status').filter({ hasText: 'Bet placed' }).filter({ hasText: home });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('stake ¥20.00');
    await expect(slipEntries(page)).toHaveCount(0);
    await expect(picked).toHaveAttribute('aria-pressed', 'false');
    expect((await platformBalance(request, member)).toFixed(2)).toBe('9980.00');
    // The app hands the host its fresh balance (onBalanceChange): sooner than the host's own 10 s refresh.
    await expect.poll(async () => (await hostBalance(page)).toFixed(2)).toBe('9980.00');

    await openMyBets(page);
    await myBetsTab(page, 'Unsettled');
    const card = betCard(page, orderId!);
    await expect(card).toContainText(`${home} vs ${away}`);
    await expect(card).toHaveAttribute('data-status', 'confirm');
    await expect(card).toContainText('Confirmed');
    await expect(card.getByRole('heading', { level: 2 })).toHaveText('Single');
    await expect(card).toContainText('¥20.00');
    await shot(page, 'my-bets-unsettled.png');
    await checkAccessible(page, 'My bets with the single');
  });

  test('an in-play single goes through confirming to accepted, and is listed as confirmed', async ({ page, world }) => {
    const member = await world.member();
    const match = await world.match({ sportId: FOOTBALL });
    await signInOnHost(page, member, { query: IN_PLAY_LIST });
    await recordToasts(page);
    await pickInList(page, match.matchId);
    const entry = entryOf(page, match.matchId);
    await expect(entry).toContainText('Live');
    await entryStake(entry).fill('20');
    const answer = await submitSlip(page);
    expect(answer.code, answer.msg).toBe(0);

    // The book holds in-play bets for 5 s: the entry is locked and says so, the slip reports the bet as sent.
    await expect(entry.getByRole('status')).toHaveText('Confirming…');
    await expect(slip(page).locator('[data-placement="confirming"]')).toBeVisible();
    await expect(placeButton(page)).toBeDisabled();
    await expect(slip(page).locator('p[id][data-reason]')).toHaveText('Waiting for the book to confirm your bet');
    await shot(page, 'slip-confirming.png');
    await checkAccessible(page, 'the slip while confirming');

    // Nothing moved the market meanwhile: accepted. The toast may have come and gone during the accessibility scan.
    await expect.poll(async () => (await seenToasts(page)).find((t) => t.text.includes(match.home.ENG!))?.type).toBe('success');
    await expect(entry).toBeHidden();
    await expect(slip(page).locator('[data-placement]')).toHaveCount(0);

    await openMyBets(page);
    await myBetsTab(page, 'Unsettled');
    const card = betCard(page, answer.orderIds[0]!);
    await expect(card).toContainText('In-play');
    await expect(card).toHaveAttribute('data-status', 'confirm');
    await checkAccessible(page, 'My bets after an in-play bet');
  });

  test('an in-play single whose market is suspended during the delay is refused and given back to the slip', async ({ page, request, world }) => {
    const member = await world.member();
    const match = await world.match({ sportId: FOOTBALL });
    await signInOnHost(page, member, { query: IN_PLAY_LIST });
    await recordToasts(page);
    const price = (await rowOf(page, match.matchId)).locator('button[data-odd]:not([disabled])').first();
    const marketId = Number(await price.getAttribute('data-market-id'));
    await pickInList(page, match.matchId);
    const entry = entryOf(page, match.matchId);
    await entryStake(entry).fill('20');
    const answer = await submitSlip(page);
    expect(answer.code, answer.msg).toBe(0);
    await expect(entry.getByRole('status')).toHaveText('Confirming…');
    // A goal, say: the market goes off during the acceptance delay, so the book refuses the bet at its end.
    await world.setMarket({ marketId, status: 'suspended' });

    await expect.poll(async () => (await seenToasts(page)).find((t) => t.text.includes(match.home.ENG!))?.type, { timeout: 15_000 }).toBe('error');
    // A refused bet gives its selection back, unlocked, to be staked again (or removed); the stake is refunded.
    await expect(slip(page).locator('[data-placement="rejected"]')).toHaveText('Bet not accepted');
    await expect(entry.getByRole('status')).toHaveCount(0);
    await expect(entryStake(entry)).toBeVisible();
    expect((await platformBalance(request, member)).toFixed(2)).toBe('10000.00');

    await openMyBets(page);
    await myBetsTab(page, 'Settled');
    await expect(betCard(page, answer.orderIds[0]!)).toHaveAttribute('data-status', 'failure');
  });

  test('a parlay of three matches is placed as a Trixie with a unit stake', async ({ page, request, world }) => {
    const member = await world.member();
    const matches = [await world.match({ sportId: FOOTBALL, list: 'early', parlay: true }), await world.match({ sportId: FOOTBALL, list: 'early', parlay: true }), await world.match({ sportId: FOOTBALL, list: 'early', parlay: true })];
    await signInOnHost(page, member, { query: EARLY_LIST });
    await slip(page).getByRole('tab', { name: 'Parlay' }).click();
    await expect(slip(page).getByRole('tab', { name: 'Parlay' })).toHaveAttribute('aria-selected', 'true');
    for (const match of matches) await pickInList(page, match.matchId);
    await expect(slipEntries(page)).toHaveCount(3);

    // Three legs: doubles (3 bets), a treble (1), and the full covers Trixie (4 bets) and Patent (7 bets).
    const series = slip(page).getByRole('region', { name: 'Series' });
    await expect(series.locator('li[data-series]')).toHaveCount(4);
    await expect(series.locator('li[data-series]').filter({ hasText: 'Patent' })).toContainText('7 bets');
    const trixie = series.locator('li[data-series]').filter({ hasText: 'Trixie' });
    // The Asian "3串4" is Chinese; in English the full cover's name says it (issue 28).
    await expect(trixie).not.toContainText('串');
    await expect(trixie).toContainText('4 bets');
    const unitStake = trixie.getByRole('textbox', { name: /^Unit stake/ });
    // The series range applies to the unit stake: 5 is below it.
    await unitStake.fill('5');
    await expect(unitStake).toHaveAttribute('aria-invalid', 'true');
    await expect(trixie).toContainText('Below the range');
    await expect(placeButton(page)).toBeDisabled();
    await expect(slip(page).locator('p[id][data-reason]')).toHaveText('Below the range');
    await unitStake.fill('10');
    await expect(trixie).toContainText('Total ¥40.00');
    await expect(slip(page).getByTestId('slip-total-stake')).toHaveText('¥40.00');
    await expect(placeButton(page)).toBeEnabled();
    await shot(page, 'slip-parlay-trixie.png');
    await checkAccessible(page, 'the slip with a Trixie');
    const orders = await placeAndCollectOrders(page);
    expect(orders).toHaveLength(1);

    const toast = toasts(page).getByRole('status').filter({ hasText: 'Bet placed' }).filter({ hasText: 'Trixie' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('3 selections, stake ¥40.00');
    await expect(slipEntries(page)).toHaveCount(0);
    expect((await platformBalance(request, member)).toFixed(2)).toBe('9960.00');

    await openMyBets(page);
    await myBetsTab(page, 'Unsettled');
    // My bets names a series as the slip did: in English, Trixie (the Asian "3串4" only in Chinese).
    const card = betCard(page, orders[0]!);
    await expect(card.getByRole('heading', { level: 2 })).toHaveText('Parlay Trixie · 4 bets');
    await expect(card).toHaveAttribute('data-status', 'confirm');
    await expect(card.getByRole('list', { name: 'Selections' }).getByRole('listitem')).toHaveCount(3);
    await expect(card).toContainText('¥40.00');
    await shot(page, 'my-bets-trixie.png');
    await checkAccessible(page, 'My bets with the Trixie');
  });

  test('a stake below or above the range is refused with its message and the place button says why', async ({ page, world }) => {
    const member = await world.member();
    const match = await world.match({ sportId: FOOTBALL, list: 'early' });
    await signInOnHost(page, member, { query: EARLY_LIST });
    await pickInList(page, match.matchId);
    const entry = entryOf(page, match.matchId);
    const stake = entryStake(entry);
    // The platform's single range: 10.00 to 50,000.00 CNY (config/platform.json), shown under the field.
    await expect(entry).toContainText(/Limits ¥10\.00 – ¥[\d,]+\.00/);

    await stake.fill('5');
    await expect(stake).toHaveAttribute('aria-invalid', 'true');
    await expect(entry).toContainText('Below the range');
    await expect(placeButton(page)).toBeDisabled();
    const reason = slip(page).locator('p[id][data-reason]');
    await expect(reason).toHaveText('Below the range');
    await expect(reason).toHaveAttribute('data-reason', 'belowRange');
    await expect(placeButton(page)).toHaveAttribute('aria-describedby', (await reason.getAttribute('id'))!);
    await shot(page, 'slip-below-range.png');
    await checkAccessible(page, 'the slip below the range');

    await stake.fill('99999999');
    await expect(stake).toHaveAttribute('aria-invalid', 'true');
    await expect(entry).toContainText('Exceed the range');
    await expect(placeButton(page)).toBeDisabled();
    await expect(slip(page).locator('p[id][data-reason]')).toHaveText('Exceed the range');
    await expect(slip(page).locator('p[id][data-reason]')).toHaveAttribute('data-reason', 'exceedRange');

    // Within the range the reason goes and the bet can be placed.
    await stake.fill('10');
    await expect(stake).not.toHaveAttribute('aria-invalid', 'true');
    await expect(placeButton(page)).toBeEnabled();
    await expect(slip(page).locator('p[id][data-reason]')).toHaveCount(0);
    await expect(slip(page).getByTestId('slip-total-stake')).toHaveText('¥10.00');
  });

  test('a VND member\'s quick stakes are round amounts of dong from the platform\'s minimum, and Max stakes the whole balance', async ({ page, request, world }) => {
    const member = await world.member({ currency: 'VND', balance: '1250000.00' });
    const match = await world.match({ sportId: FOOTBALL, list: 'early' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInOnHost(page, member, { query: EARLY_LIST });
    await pickInList(page, match.matchId);
    const entry = entryOf(page, match.matchId);
    // 10 CNY at 0.000281 CNY a dong (config/platform.json) is 35,587.19 dong: 5, 10, 50 and 100 times it, rounded up.
    await expect(entry).toContainText(/Limits ₫35,587\.19 – /);
    const quick = slip(page).getByRole('group', { name: 'Quick stake' });
    await expect(quick.getByRole('button')).toHaveText(['200K', '500K', '2M', '5M', 'Max']);
    await quick.getByRole('button', { name: 'Stake 500K (₫500,000.00)' }).click();
    await expect(entryStake(entry)).toHaveValue('500000');
    // The balance is less than the maximum stake: Max is the balance, to the dong cent.
    await quick.getByRole('button', { name: 'Max: stake ₫1,250,000.00' }).click();
    await expect(entryStake(entry)).toHaveValue('1250000.00');
    await shot(page, 'slip-quick-stakes-vnd-1280.png');
    await checkAccessible(page, 'the slip with VND quick stakes');
    await placeAndCollectOrders(page);
    await expect(slipEntries(page)).toHaveCount(0);
    expect((await platformBalance(request, member)).toFixed(2)).toBe('0.00');
  });

  test('with "accept better odds" an in-play parlay is judged on its total odds: a leg may drift when another rises more', async ({ page, request, world }) => {
    const member = await world.member();
    const matches = [await world.match({ sportId: FOOTBALL, parlay: true }), await world.match({ sportId: FOOTBALL, parlay: true }), await world.match({ sportId: FOOTBALL, parlay: true })];
    const prices = [];
    for (const match of matches) prices.push(await priceHomeWin(request, world, match.matchId, '2.00'));
    const subscribed = recordSubscriptions(page);
    await signInOnHost(page, member, { query: IN_PLAY_LIST });
    await slip(page).getByRole('tab', { name: 'Parlay' }).click();
    for (const match of matches) await pickInList(page, match.matchId);
    for (const match of matches) await subscribed(`match:${match.matchId}:odds`);
    // The treble at 2.00 x 2.00 x 2.00 = 8.00.
    await slip(page).locator('li[data-series="3001"]').getByRole('textbox', { name: /^Unit stake/ }).fill('10');
    await expect(placeButton(page)).toBeEnabled();
    const reason = slip(page).locator('p[id][data-reason]');

    // One leg drifts to 1.90: 7.60 in all, worse than the 8.00 taken, so the change must be accepted.
    await world.setMarket({ marketId: prices[0]!.marketId, odds: { home: '1.90' } });
    await expect(entryOf(page, matches[0]!.matchId).getByTestId('slip-odds')).toHaveText('1.90');
    await expect(placeButton(page)).toBeDisabled();
    await expect(reason).toHaveAttribute('data-reason', 'oddsChanged');
    // Another rises to 2.20: 8.36 in all, better than taken, so nothing stops the bettor.
    await world.setMarket({ marketId: prices[1]!.marketId, odds: { home: '2.20' } });
    await expect(entryOf(page, matches[1]!.matchId).getByTestId('slip-odds')).toHaveText('2.20');
    await expect(placeButton(page)).toBeEnabled();
    await expect(reason).toHaveCount(0);
    await shot(page, 'slip-parlay-better-total.png');

    // The platform takes it on the same rule, at the prices now, after its in-play delay.
    const answer = await submitSlip(page);
    expect(answer.code, answer.msg).toBe(0);
    await expect(slipEntries(page)).toHaveCount(0, { timeout: 20_000 });
    await openMyBets(page);
    await myBetsTab(page, 'Unsettled');
    const card = betCard(page, answer.orderIds[0]!);
    await expect(card).toHaveAttribute('data-status', 'confirm');
    // Taken at the legs' prices now: 10.00 x 1.90 x 2.20 x 2.00 = 83.60.
    await expect(card).toContainText('Odds @ 1.90');
    await expect(card).toContainText('Odds @ 2.20');
    await expect(card).toContainText('Potential return¥83.60');
    expect((await platformBalance(request, member)).toFixed(2)).toBe('9990.00');
  });

  test('the slip follows its price where no list shows the match, and after a reload, from the one odds path', async ({ page, request, world }) => {
    const member = await world.member();
    const match = await world.match({ sportId: FOOTBALL, list: 'early' });
    const price = await priceHomeWin(request, world, match.matchId, '2.00');
    const subscribed = recordSubscriptions(page);
    await signInOnHost(page, member, { query: EARLY_LIST });
    await pickInList(page, match.matchId);
    const entry = entryOf(page, match.matchId);
    await expect(entry.getByTestId('slip-odds')).toHaveText('2.00');
    await entryStake(entry).fill('10');

    // The in-play list does not show this pre-match match: the slip's hold on its odds channel brings the move.
    await openList(page, 'In-play');
    await expect(app(page).locator(`[role="row"][data-match-id="${match.matchId}"]`)).toHaveCount(0);
    await subscribed(`match:${match.matchId}:odds`);
    await world.setMarket({ marketId: price.marketId, odds: { [price.option]: '2.40' } });
    await expect(entry.getByTestId('slip-odds')).toHaveText('2.40');
    // Better odds under the default "accept better odds": nothing to accept before placing.
    await expect(placeButton(page)).toBeEnabled();

    // A reload restores the slip on a page that never loaded the match: the bet info call gives the price set
    // meanwhile, and the channel the slip holds again brings the next move.
    await world.setMarket({ marketId: price.marketId, odds: { [price.option]: '2.50' } });
    const resubscribed = recordSubscriptions(page);
    await page.reload();
    const restored = entryOf(page, match.matchId);
    await expect(restored.getByTestId('slip-odds')).toHaveText('2.50');
    await resubscribed(`match:${match.matchId}:odds`);
    await world.setMarket({ marketId: price.marketId, odds: { [price.option]: '1.80' } });
    await expect(restored.getByTestId('slip-odds')).toHaveText('1.80');
    await entryStake(restored).fill('10');
    // Worse odds must be accepted; the bet then goes at them.
    await expect(placeButton(page)).toBeDisabled();
    await slip(page).getByRole('button', { name: 'Accept changes' }).click();
    await expect(placeButton(page)).toBeEnabled();
    const [orderId] = await placeAndCollectOrders(page);
    await openMyBets(page);
    await myBetsTab(page, 'Unsettled');
    await expect(betCard(page, orderId!)).toContainText('Odds @ 1.80');
    expect((await platformBalance(request, member)).toFixed(2)).toBe('9990.00');
  });
});
