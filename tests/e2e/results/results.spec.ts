import type { Page } from '@playwright/test';
import { E2E_WORLD } from '../../world';
import { appReady, chunk, expectAccessible, openFromNav, recordScripts } from '../support/fixtures';
import { expect, openApp, test } from '../support/world';
import { shot } from '../support/shots';

/**
 * The results screen with each result provider plugin. The default merchant switches all three on and offers a switch
 * between them: each provider's test chooses its own and finds there a basketball match the test played to its end,
 * score and periods included. A merchant that switches on only one provider (config/merchants/results-<provider>.json)
 * shows no switch and downloads no other provider's code.
 */
const BASKETBALL = 3;
const PROVIDERS = [
  { plugin: 'results-own', name: 'Our results', nameZh: '本站赛果' },
  { plugin: 'results-im', name: 'IM results', nameZh: 'IM 赛果' },
  { plugin: 'results-ob', name: 'OB results', nameZh: 'OB 赛果' },
] as const;

const rows = (page: Page) => page.locator('[data-sport-pc] table tbody tr[data-result-id]');
const sources = (page: Page) => page.getByRole('group', { name: 'Result source' });

/**
 * The browser's clock at the world's now: the results screen's default week ends on the browser's today, and the
 * world's matches are played on the world's day (tests/world.ts), not on the day the suite runs.
 */
async function atWorldTime(page: Page) {
  await page.clock.install({ time: Date.parse(E2E_WORLD.epoch) });
}

for (const provider of PROVIDERS) {
  test(`${provider.plugin}: a match played to its end is listed by sport and league, with its detail`, async ({ page, world }) => {
    const match = await world.match({ sportId: BASKETBALL });
    const { state } = await world.play(match.matchId, 'end');
    const [home, away] = [match.home.ENG!, match.away!.ENG!];
    await atWorldTime(page);
    await openApp(page, { query: 'view=results' });
    const source = sources(page).getByRole('button', { name: provider.name });
    await source.click();
    await expect(source).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(`Source: ${provider.name}`, { exact: true })).toBeVisible();
    await expect(rows(page).first()).toBeVisible();
    await expect(rows(page).first().locator('td').first()).toHaveText(/^\d{2}-\d{2} \d{2}:\d{2}$/);

    await page.getByRole('combobox', { name: 'Sport' }).selectOption({ label: 'Basketball' });
    // Offered once basketball's leagues have loaded (another sport's are dropped as soon as the sport changes).
    await page.getByRole('combobox', { name: 'League' }).selectOption({ label: match.league.ENG! });
    await expect(async () => {
      await expect(page.locator('[data-sport-pc] [aria-busy="false"]')).toBeVisible();
      const leagues = await rows(page).locator('td:nth-child(2)').allTextContents();
      expect(leagues.length).toBeGreaterThan(0);
      expect(new Set(leagues)).toEqual(new Set([match.league.ENG]));
    }).toPass();
    const row = rows(page).filter({ hasText: `${home} – ${away}` });
    await expect(row.locator('td').nth(3)).toHaveText(`${state.score.home} : ${state.score.away}`);
    await expect(row.locator('td').nth(4)).toHaveText('Ended');
    await expectAccessible(page);

    await row.getByRole('button', { name: `Details of ${home} – ${away}` }).click();
    const dialog = page.getByRole('dialog', { name: `${home} – ${away}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('result-status')).toHaveText('Ended');
    const periods = dialog.getByRole('table', { name: 'Score by period' });
    // Basketball's four quarters at least (overtime too, when it went that far), then the result.
    await expect(periods.getByRole('rowheader').nth(4)).toBeVisible();
    const result = periods.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Result', exact: true }) });
    await expect(result.getByRole('cell')).toHaveText([String(state.score.home), String(state.score.away)]);
    await expectAccessible(page);
    await shot(page, `results-${provider.plugin}.png`, { fullPage: true });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });
}

test('the navigation opens the results with a switch between every provider; the address and a reload keep the screen', async ({ page }) => {
  await openApp(page);
  await openFromNav(page, 'Results');
  await expect(page.getByRole('heading', { level: 1, name: 'Match results' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]view=results/);
  await expect(sources(page).getByRole('button')).toHaveText(PROVIDERS.map((p) => p.name));
  await expect(sources(page).getByRole('button', { name: PROVIDERS[0].name })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Match results' })).toBeVisible();
  await expect(sources(page)).toBeVisible();
});

for (const provider of PROVIDERS) {
  test(`a merchant with only ${provider.plugin} on shows its results without a switch, and no other provider's code`, async ({ page }) => {
    const scripts = recordScripts(page);
    // The merchant's own language is the default (zh-CN): startIn (world.ts) presets the default and demo merchants'.
    await page.goto(`/spa/sport-pc/?merchant=${provider.plugin}&view=results`);
    await appReady(page);
    await expect(page.getByRole('heading', { level: 1, name: '赛果' })).toBeVisible();
    await expect(page.getByText(`数据来源：${provider.nameZh}`, { exact: true })).toBeVisible();
    await expect(page.getByRole('group', { name: '赛果来源' })).toHaveCount(0);
    for (const { plugin } of PROVIDERS) expect(chunk(scripts, `plugin-${plugin}`), plugin).toHaveLength(plugin === provider.plugin ? 1 : 0);
  });
}
