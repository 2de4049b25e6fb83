import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { SETTINGS_PATHS } from '../../../contract/paths';
import { expect, test } from '../support/cspGuard';
import { appReady, expectAccessible } from '../support/fixtures';

/**
 * Member settings on the platform and the goal push, end to end: demo2 (whose settings nothing else in the suites
 * changes) turns goal push on for all matches on the settings screen, sees a popup when a football match kicks off or
 * scores (the platform's feed runs 20x, so one comes within a minute or two), confirms the goal-push alert, and finds
 * the settings again after a reload and in a second browser. The member's settings are put back at the end.
 */
const MEMBER = 'demo2';
const DEFAULTS = { handicap: 1, accept: 1, acceptList: [0, 0, 0, 0], push_event: 1, showSettingChangableTip: true, setup: { default: { handicap: 1, accept: 1 } } };

async function tokenOf(request: APIRequestContext): Promise<string> {
  const answer = await request.post('/api/forehead/user/login', { data: { username: MEMBER, password: 'demo1234' } });
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

const stored = async (request: APIRequestContext, token: string) =>
  ((await (await request.get(`${SETTINGS_PATHS.cfgGet}?collect=UserConfig`, { headers: { authorization: token } })).json()) as { data: Record<string, unknown> }).data;

const reset = (request: APIRequestContext, token: string) =>
  request.post(SETTINGS_PATHS.cfgSet, { headers: { authorization: token }, data: { collect: 'UserConfig', jsonStr: JSON.stringify(DEFAULTS) } });

/** The settings screen (the header has an odds-format select of its own). */
const settingsScreen = (page: Page) => page.getByRole('region', { name: 'My settings' });

/** The standalone app in English, signed in by a link's token, on the settings screen. */
async function openSettings(page: Page, token: string) {
  await page.addInitScript(() => localStorage.setItem('sport-pc:default:locale', JSON.stringify('en')));
  await page.goto(`/spa/sport-pc/?token=${token}&view=settings`);
  await appReady(page);
  await expect(page.getByRole('heading', { name: 'My settings' })).toBeVisible();
}

test.describe('member settings and goal push', () => {
  test.setTimeout(240_000);

  test('goal push for all matches pops up on a goal; settings survive a reload and a second browser', async ({ page, request, browser }) => {
    const token = await tokenOf(request);
    await reset(request, token);
    try {
      await openSettings(page, token);
      const pushSwitch = page.getByRole('checkbox', { name: 'Show goal pushes (kick-off and goals)' });
      await expect(pushSwitch).toBeChecked();
      const scopes = page.getByRole('group', { name: 'Show goal pushes for' });
      await scopes.getByRole('checkbox', { name: 'All matches' }).check();
      await settingsScreen(page).getByRole('combobox', { name: 'Odds format' }).selectOption({ label: 'Hong Kong' });
      // Written through to the platform: the member's settings there, not only this browser's.
      await expect.poll(async () => (await stored(request, token)).acceptList, { timeout: 15_000 }).toEqual([0, 0, 1, 0]);
      await expect.poll(async () => (await stored(request, token)).handicap).toBe(2);
      await expectAccessible(page);
      await page.screenshot({ path: test.info().outputPath('settings-screen.png'), fullPage: true });

      // A football kick-off or goal anywhere: the popup names the teams and the score, and the first one brings the alert.
      const popup = page.getByRole('status', { name: 'Goal push' });
      await expect(popup).toBeVisible({ timeout: 180_000 });
      await expect(popup.getByTestId('goal-push-score')).toHaveText(/\S+ \d+ - \d+ \S+/);
      const alert = page.getByRole('alertdialog', { name: 'Goal push tip' });
      await expect(alert).toContainText('Goal pushes can be turned off in My settings.');
      await page.screenshot({ path: test.info().outputPath('goal-push-popup-and-alert.png') });
      await expectAccessible(page);
      await alert.getByRole('button', { name: 'Got it' }).click();
      await expect(alert).toBeHidden();
      await expect.poll(async () => (await stored(request, token)).showSettingChangableTip, { timeout: 15_000 }).toBe(false);

      await page.reload();
      await expect(page.getByRole('heading', { name: 'My settings' })).toBeVisible();
      await expect(page.getByRole('group', { name: 'Show goal pushes for' }).getByRole('checkbox', { name: 'All matches' })).toBeChecked();
      await expect(settingsScreen(page).getByRole('combobox', { name: 'Odds format' })).toHaveValue('2');

      await inSecondBrowser(browser, request, async (other) => {
        await expect(other.getByRole('group', { name: 'Show goal pushes for' }).getByRole('checkbox', { name: 'All matches' })).toBeChecked();
        await expect(settingsScreen(other).getByRole('combobox', { name: 'Odds format' })).toHaveValue('2');
        // Turned off there, it is off here after the next load.
        await other.getByRole('checkbox', { name: 'Show goal pushes (kick-off and goals)' }).uncheck();
        await expect.poll(async () => (await stored(request, token)).push_event, { timeout: 15_000 }).toBe(0);
        await other.screenshot({ path: test.info().outputPath('settings-second-browser.png'), fullPage: true });
      });
      await page.reload();
      await expect(page.getByRole('checkbox', { name: 'Show goal pushes (kick-off and goals)' })).not.toBeChecked();
    } finally {
      await reset(request, token);
    }
  });
});

/** A second browser (its own storage): the member signs in there with a token of their own. */
async function inSecondBrowser(browser: Browser, request: APIRequestContext, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await openSettings(page, await tokenOf(request));
    await run(page);
  } finally {
    await context.close();
  }
}
