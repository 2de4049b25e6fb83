import type { Page } from '@playwright/test';
import { E2E_WORLD } from '../../world';
import { app, betCards, entryOf, entryStake, FOOTBALL, openMyBets, pickInList, placeAndCollectOrders, slip, slipEntries } from '../support/betting';
import { EARLY_FOOTBALL, priceHomeWin } from '../support/bettingWorld';
import { checkInEveryLanguage, LAYOUT_SIZES, openDialog, say, sizeName, type LayoutSize } from '../support/layoutCheck';
import { openMatch } from '../support/matchScreen';
import { openAppAs } from '../support/shellApp';
import { expect, openApp, test, type Locale, type World } from '../support/world';

/**
 * The layout check (support/layoutCheck.ts) on the other screens a bettor uses, at both sizes in every language: My
 * bets with its cash-out and edit-bet dialogs, the match screen, settings, results and a live room. Each world is the test's own:
 * a fresh member, claimed matches and rooms.
 */
const BASKETBALL = 3;

/** A fresh member with a single (home win at 2.50, which the test then moves: a cash-out offer) and a treble. */
async function memberWithBets(page: Page, request: Parameters<typeof priceHomeWin>[0], world: World, size: LayoutSize) {
  const member = await world.member();
  const single = await world.match({ sportId: FOOTBALL, list: 'early' });
  const price = await priceHomeWin(request, world, single.matchId, '2.50');
  const legs = [];
  for (let i = 0; i < 3; i += 1) legs.push(await world.match({ sportId: FOOTBALL, list: 'early', parlay: true }));
  await page.setViewportSize(size);
  await openAppAs(page, member, { query: EARLY_FOOTBALL });
  await pickInList(page, single.matchId);
  await entryStake(entryOf(page, single.matchId)).fill('100');
  const [singleOrder] = await placeAndCollectOrders(page);
  await expect(slipEntries(page)).toHaveCount(0);
  await slip(page).getByRole('tab', { name: 'Parlay' }).click();
  for (const leg of legs) await pickInList(page, leg.matchId);
  await slip(page).locator('li[data-series="3001"] input').fill('20');
  await placeAndCollectOrders(page);
  await world.setMarket({ marketId: price.marketId, odds: { [price.option]: '3.00' } });
  return singleOrder!;
}

for (const size of LAYOUT_SIZES) {
  test(`My bets with its cash-out and edit-bet dialogs at ${sizeName(size)}: every control within a mouse's reach`, async ({ page, request, world }) => {
    test.setTimeout(150_000);
    const orderId = await memberWithBets(page, request, world, size);
    await openMyBets(page);
    const card = betCards(page).filter({ hasText: orderId });
    await expect(card).toBeVisible();
    await checkInEveryLanguage(page, size, [
      { name: 'My bets', min: 20 },
      {
        name: 'cash-out dialog',
        min: 6,
        show: async (_page, locale) => {
          await card.getByRole('button', { name: say(locale, 'myBets', 'order.earlySettlement') }).click();
          const dialog = openDialog(page);
          await expect(dialog.getByTestId('cash-out-price')).toHaveText(/\d/);
          return dialog;
        },
        hide: async () => {
          await page.keyboard.press('Escape');
          await expect(openDialog(page)).toHaveCount(0);
        },
      },
      {
        // Edit bet (issue 33) with its preview: the figures and Confirm are the controls that must be reachable.
        name: 'edit-bet dialog',
        min: 5,
        show: async (_page, locale) => {
          await card.getByRole('button', { name: say(locale, 'myBets', 'edit.open') }).click();
          const dialog = openDialog(page);
          // 10.00 more on the single: a preview needs a change.
          await dialog.getByPlaceholder('0.00').fill('10');
          await dialog.getByRole('button', { name: say(locale, 'myBets', 'edit.preview') }).click();
          await expect(dialog.getByTestId('edit-bet-preview')).toBeVisible();
          return dialog;
        },
        hide: async () => {
          await page.keyboard.press('Escape');
          await expect(openDialog(page)).toHaveCount(0);
        },
      },
    ]);
  });

  test(`the match screen at ${sizeName(size)}: every control within a mouse's reach`, async ({ page, world }) => {
    test.setTimeout(120_000);
    const member = await world.member();
    const match = await world.match({ sportId: FOOTBALL });
    await page.setViewportSize(size);
    await openMatch(page, match.matchId, { member });
    await expect(app(page).locator('#sp-match-panel button[data-odd]').first()).toBeVisible();
    await checkInEveryLanguage(page, size, [{ name: 'match screen', min: 60 }]);
  });

  test(`settings at ${sizeName(size)}: every control within a mouse's reach`, async ({ page, world }) => {
    test.setTimeout(120_000);
    const member = await world.member();
    await page.setViewportSize(size);
    await openAppAs(page, member, { query: 'view=settings' });
    await expect(app(page).locator('#sp-settings-title')).toBeVisible();
    await checkInEveryLanguage(page, size, [{ name: 'settings', min: 40 }]);
  });

  test(`results at ${sizeName(size)}: every control within a mouse's reach`, async ({ page, world }) => {
    test.setTimeout(120_000);
    const match = await world.match({ sportId: BASKETBALL });
    await world.play(match.matchId, 'end');
    // The results' default week ends on the browser's today: the world's day (tests/world.ts).
    await page.clock.install({ time: Date.parse(E2E_WORLD.epoch) });
    await page.setViewportSize(size);
    await openApp(page, { query: 'view=results' });
    await expect(page.locator('[data-sport-pc] table tbody tr[data-result-id]').first()).toBeVisible();
    await checkInEveryLanguage(page, size, [{ name: 'results', min: 40 }]);
  });

  // The room as a viewer sees it, its anchor's stream playing (support/world.ts refuses streams unless asked).
  test.describe(() => {
    test.use({ streams: true });

    test(`a live room at ${sizeName(size)}: every control within a mouse's reach`, async ({ page, world }) => {
      test.setTimeout(120_000);
      const member = await world.member();
      const room = await world.room({ sportId: FOOTBALL });
      await page.setViewportSize(size);
      await openAppAs(page, member, { query: `roomId=${room.liveRoomId}` });
      await expect(app(page).locator(`section[data-room-id="${room.liveRoomId}"]`)).toBeVisible();
      const roomTab = (locale: Locale, id: 'bet' | 'chat') => app(page).getByRole('tab', { name: say(locale, 'liveRoom', `room.tabs.${id}`), exact: true });
      await checkInEveryLanguage(page, size, [
        { name: 'live room', min: 40 },
        {
          // The bet tab's markets in the narrow side column: each selection's name over its price, never squeezed to a
          // letter a line (issue 31: 1X2 names stood one letter a line at 1440).
          name: 'live room bet tab',
          min: 10,
          show: async (_page, locale) => {
            await roomTab(locale, 'bet').click();
            const names = app(page).locator(`section[data-room-id="${room.liveRoomId}"] [data-option-name]`);
            await expect(names.first()).toBeVisible();
            const widths = await names.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width));
            expect(Math.min(...widths), 'the narrowest selection name (px)').toBeGreaterThan(48);
            return undefined;
          },
        },
      ]);
    });
  });
}
