import type { Page } from '@playwright/test';
import type { ClaimedMatch } from '../../../contract/testControls';
import { app, FOOTBALL, pickInList, signInOnHost, slipEntries } from '../support/betting';
import { EARLY_FOOTBALL } from '../support/bettingWorld';
import { expect, test } from '../support/world';
import { shot } from '../support/shots';

/** The most matches a slip holds. */
const SLIP_MATCHES = 10;

/**
 * The virtualised match list keeps its rows touching after many selections (issue 13: a blank band showed under a
 * league header once rows had been re-measured). Rows are placed by measured sizes; a gap means a size is stale.
 */

/** Gaps (px) between rendered neighbours of the virtual list, in list order, with whether the upper one is a league. */
async function gaps(page: Page): Promise<Array<{ index: number; gap: number; league: boolean }>> {
  return page.evaluate(() => {
    const rows = [...document.querySelectorAll<HTMLElement>('[data-sport-pc] [role="table"] [role="rowgroup"] > [data-index]')]
      .map((el) => ({ index: Number(el.dataset.index), rect: el.getBoundingClientRect(), league: el.querySelector('[aria-expanded]') !== null }))
      .sort((a, b) => a.index - b.index);
    const out: Array<{ index: number; gap: number; league: boolean }> = [];
    for (let i = 1; i < rows.length; i++) {
      const [upper, lower] = [rows[i - 1]!, rows[i]!];
      if (lower.index === upper.index + 1) out.push({ index: upper.index, gap: Math.round(lower.rect.top - upper.rect.bottom), league: upper.league });
    }
    return out;
  });
}

test('rows stay together after many selections: no band between a league header and its first match', async ({ page, world }) => {
  // Longer than the default: ten picks, each scrolling the virtualised list from its top to the row with the wheel as a
  // person does (re-measuring every row it passes, which is the point), then a pass over the whole list.
  test.slow();
  // A full slip of the test's own matches, spread down the list.
  const member = await world.member();
  const matches: ClaimedMatch[] = [];
  for (let i = 0; i < SLIP_MATCHES; i++) matches.push(await world.match({ sportId: FOOTBALL, list: 'early' }));
  await signInOnHost(page, member, { query: EARLY_FOOTBALL });
  for (const match of matches) await pickInList(page, match.matchId);
  await expect(slipEntries(page)).toHaveCount(SLIP_MATCHES);

  await page.evaluate(() => window.scrollTo(0, 0));
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  let worst = { index: -1, gap: 0, league: false };
  let pictured = false;
  for (let y = 0; y < height; y += 450) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    // Let the virtualiser measure what scrolled in (a frame or two).
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    for (const g of await gaps(page)) {
      if (Math.abs(g.gap) > Math.abs(worst.gap)) worst = g;
      if (!pictured && Math.abs(g.gap) > 3) {
        pictured = true;
        await page.locator(`[data-sport-pc] [role="rowgroup"] > [data-index="${g.index}"]`).evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await shot(page, 'list-gap-found.png');
      }
    }
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await app(page).getByRole('table', { name: 'Matches' }).scrollIntoViewIfNeeded();
  await shot(page, 'list-after-selections.png');
  expect(Math.abs(worst.gap), `gap under row ${worst.index}${worst.league ? ' (a league header)' : ''}`).toBeLessThanOrEqual(3);
});
