import { app } from '../support/betting';
import { checkInEveryLanguage, LAYOUT_SIZES, sizeName } from '../support/layoutCheck';
import { openAppAs } from '../support/shellApp';
import { expect, test } from '../support/world';

/**
 * The layout check (support/layoutCheck.ts) on the live lobby (issue 31) at both sizes in every language: its sport
 * filter and every room card's link, follow and booking within a mouse's reach, no name cut. The live room itself is
 * in screens.spec.ts.
 */
for (const size of LAYOUT_SIZES) {
  test(`the live lobby at ${sizeName(size)}: every control within a mouse's reach`, async ({ page, world }) => {
    test.setTimeout(120_000);
    const member = await world.member();
    const waiting = await world.room({ living: false });
    await page.setViewportSize(size);
    await openAppAs(page, member, { query: 'view=lobby' });
    await expect(app(page).locator(`article[data-room-id="${waiting.liveRoomId}"]`)).toBeVisible();
    await checkInEveryLanguage(page, size, [{ name: 'live lobby', min: 40 }]);
  });
}
