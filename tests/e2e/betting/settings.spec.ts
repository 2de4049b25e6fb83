import { formatOdds, OddsFormat } from '../../../domain/odds';
import { app, checkAccessible, entryOf, entryStake, FOOTBALL, pickInList, placeAndCollectOrders, signInOnHost, slip, slipEntries } from '../support/betting';
import { EARLY_FOOTBALL, expectPlatformBalance } from '../support/bettingWorld';
import { expect, test } from '../support/world';
import { shot } from '../support/shots';

/**
 * The host's language and odds-format selects reach the app as props while a slip is being built: the slip keeps its
 * selections and stakes, and shows its prices in the new format and its words in the new language.
 */
test.describe('changing language and odds format mid-way', () => {
  test('the slip keeps its selections, shows the new format and still places', async ({ page, request, world }) => {
    const member = await world.member();
    const matches = [await world.match({ sportId: FOOTBALL, list: 'early' }), await world.match({ sportId: FOOTBALL, list: 'early' })];
    await signInOnHost(page, member, { query: EARLY_FOOTBALL });
    // Football's row: the 1X2's home, away and draw, then the handicap's home (price 3). A handicap takes the format; a
    // 1X2 stays decimal (docs/architecture.md "Odds formats"): one of each.
    const HANDICAP_HOME = 3;
    await pickInList(page, matches[0]!.matchId, HANDICAP_HOME);
    await pickInList(page, matches[1]!.matchId);
    const formats = [OddsFormat.HongKong, OddsFormat.Europe];
    const entries = matches.map((match) => entryOf(page, match.matchId));
    for (const entry of entries) await entryStake(entry).fill('10');
    // Decimal prices as picked (the slip shows decimal by default); nothing moves them.
    const decimals = await Promise.all(entries.map(async (entry) => (await entry.getByTestId('slip-odds').textContent())!));

    await page.getByTestId('host-odds-format').selectOption(String(OddsFormat.HongKong));
    // The app's own select follows the host's.
    await expect(app(page).getByRole('combobox', { name: 'Odds format' })).toHaveValue(String(OddsFormat.HongKong));
    for (const [i, entry] of entries.entries()) {
      await expect(entry.getByTestId('slip-odds')).toHaveText(formatOdds(decimals[i]!, formats[i]!));
    }
    // The list's prices follow too (the row picked last is still on screen): its handicap in Hong Kong, its 1X2 not.
    const listPrices = app(page).locator(`[role="row"][data-match-id="${matches[1]!.matchId}"] button[data-odd]:not([disabled])`);
    for (const [index, format] of [[HANDICAP_HOME, OddsFormat.HongKong], [0, OddsFormat.Europe]] as const) {
      const listPrice = listPrices.nth(index);
      await expect(listPrice).toContainText(formatOdds((await listPrice.getAttribute('data-odd'))!, format));
    }

    await page.getByTestId('host-language').selectOption('VIE');
    await expect(app(page).getByRole('heading', { name: 'Phiếu cược' })).toBeVisible();
    await expect(slipEntries(page)).toHaveCount(2);
    for (const [i, entry] of entries.entries()) {
      await expect(entry.getByTestId('slip-odds')).toHaveText(formatOdds(decimals[i]!, formats[i]!));
      await expect(entry.getByRole('textbox', { name: /^Tiền cược/ })).toHaveValue('10');
    }
    await shot(page, 'slip-vietnamese-hong-kong.png');
    await checkAccessible(page, 'the slip in Vietnamese with Hong Kong odds');

    // Placed in the new language and format: the book takes both bets.
    const placeButton = slip(page).getByRole('button', { name: 'Đặt cược' });
    await expect(placeButton).toBeEnabled();
    const orders = await placeAndCollectOrders(page, placeButton);
    expect(orders).toHaveLength(2);
    await expect(app(page).locator('[data-toast-type="success"]').filter({ hasText: 'Đặt cược thành công' })).toBeVisible();
    await expect(slipEntries(page)).toHaveCount(0);
    await expectPlatformBalance(request, member, '9980.00');

    // Back to English: the host and the app agree again.
    await page.getByTestId('host-language').selectOption('ENG');
    await expect(app(page).getByRole('heading', { name: 'Bet slip' })).toBeVisible();
  });

  test('the odds-change choice made in the slip survives the next props update from the host', async ({ page, world }) => {
    await signInOnHost(page, await world.member());
    const acceptance = slip(page).getByRole('combobox', { name: 'Odds changes' });
    await expect(acceptance).toHaveValue('1');
    await acceptance.selectOption('2');
    await expect(acceptance).toHaveValue('2');
    // Any change in the host hands the app all its props again (so does the host's balance refresh every 10 s).
    await page.getByTestId('host-odds-format').selectOption(String(OddsFormat.Malay));
    await expect(app(page).getByRole('combobox', { name: 'Odds format' })).toHaveValue(String(OddsFormat.Malay));
    // The props carry the platform's setting.accept (1): it must not overwrite what the member chose in the app.
    await expect(acceptance).toHaveValue('2');
  });
});
