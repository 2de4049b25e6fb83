import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { PushChannel } from '../../../contract/channels';
import { SETTINGS_PATHS } from '../../../contract/paths';
import type { TestMember } from '../../../contract/testControls';
import { expectAccessible } from '../support/fixtures';
import { openAppAs } from '../support/shellApp';
import { expect, recordSubscriptions, test } from '../support/world';
import { shot } from '../support/shots';
import { FOREHEAD_PATHS } from '../../../contract/paths';

/**
 * Member settings on the platform and the goal push, end to end: a fresh member turns goal push on for all matches
 * on the settings screen and sees the popup when the test kicks off a football match of its own and makes it score,
 * then confirms the goal-push alert; settings made on the screen are found again after a reload and in a second browser.
 */
const FOOTBALL = 1;

const stored = async (request: APIRequestContext, member: TestMember) =>
  ((await (await request.get(`${SETTINGS_PATHS.cfgGet}?collect=UserConfig`, { headers: { authorization: member.token } })).json()) as { data: Record<string, unknown> }).data;

/** The settings screen (the header has an odds-format select of its own). */
const settingsScreen = (page: Page) => page.getByRole('region', { name: 'My settings' });

async function openSettings(page: Page, member: TestMember) {
  await openAppAs(page, member, { query: 'view=settings' });
  await expect(page.getByRole('heading', { name: 'My settings' })).toBeVisible();
}

/**
 * Keeps the score line of every goal-push popup the page shows: a popup hides itself after 5 s, a newer one replaces
 * it in place (the same elements, new text), and with "all matches" another test's kick-off or goal may come between.
 */
async function recordGoalPushes(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = ((window as unknown as { __e2eGoalPushes: string[] }).__e2eGoalPushes = []);
    let shown = '';
    new MutationObserver(() => {
      const line = (document.querySelector('[data-testid="goal-push-score"]')?.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (line !== shown && line !== '') seen.push(line);
      shown = line;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

const goalPushesSeen = (page: Page) => page.evaluate(() => (window as unknown as { __e2eGoalPushes: string[] }).__e2eGoalPushes);

/** Turns goal push on for all matches and the odds format to Hong Kong, and waits until the platform has both. */
async function chooseAllMatchesAndHongKong(page: Page, request: APIRequestContext, member: TestMember) {
  await expect(page.getByRole('checkbox', { name: 'Show goal pushes (kick-off and goals)' })).toBeChecked();
  await page.getByRole('group', { name: 'Show goal pushes for' }).getByRole('checkbox', { name: 'All matches' }).check();
  await settingsScreen(page).getByRole('combobox', { name: 'Odds format' }).selectOption({ label: 'Hong Kong' });
  // Written through to the platform: the member's settings there, not only this browser's.
  await expect.poll(async () => (await stored(request, member)).acceptList).toEqual([0, 0, 1, 0]);
  await expect.poll(async () => (await stored(request, member)).handicap).toBe(2);
}

test('goal push for all matches pops up on a kick-off and a goal; its alert, once confirmed, is stored', async ({ page, request, world }) => {
  const member = await world.member();
  // Claimed before kick-off, with a goal still to come in it.
  const match = await world.match({ sportId: FOOTBALL, list: 'today', ahead: { score: true } });
  const listening = recordSubscriptions(page);
  await openSettings(page, member);
  await chooseAllMatchesAndHongKong(page, request, member);
  await expectAccessible(page);
  await shot(page, 'settings-screen.png', { fullPage: true });

  // The test's own match kicks off, then scores: each popup names the teams and the score, and the first brings the alert.
  await listening(PushChannel.footballEvent);
  await recordGoalPushes(page);
  await world.play(match.matchId, 'kickoff');
  const teams = (score: { home: number; away: number }) => `${match.home.ENG} ${score.home} - ${score.away} ${match.away!.ENG}`;
  await expect.poll(() => goalPushesSeen(page)).toContain(teams({ home: 0, away: 0 }));
  const { state } = await world.play(match.matchId, 'score');
  await expect.poll(() => goalPushesSeen(page)).toContain(teams(state.score));
  const alert = page.getByRole('alertdialog', { name: 'Goal push tip' });
  await expect(alert).toContainText('Goal pushes can be turned off in My settings.');
  await shot(page, 'goal-push-popup-and-alert.png');
  await expectAccessible(page);
  await alert.getByRole('button', { name: 'Got it' }).click();
  await expect(alert).toBeHidden();
  await expect.poll(async () => (await stored(request, member)).showSettingChangableTip).toBe(false);
});

test('settings survive a reload and a second browser, and a change there holds here', async ({ page, request, browser, world }) => {
  const member = await world.member();
  await openSettings(page, member);
  await chooseAllMatchesAndHongKong(page, request, member);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'My settings' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Show goal pushes for' }).getByRole('checkbox', { name: 'All matches' })).toBeChecked();
  await expect(settingsScreen(page).getByRole('combobox', { name: 'Odds format' })).toHaveValue('2');

  await inSecondBrowser(browser, request, member, async (other) => {
    await expect(other.getByRole('group', { name: 'Show goal pushes for' }).getByRole('checkbox', { name: 'All matches' })).toBeChecked();
    await expect(settingsScreen(other).getByRole('combobox', { name: 'Odds format' })).toHaveValue('2');
    // Turned off there, it is off here after the next load.
    await other.getByRole('checkbox', { name: 'Show goal pushes (kick-off and goals)' }).uncheck();
    await expect.poll(async () => (await stored(request, member)).push_event).toBe(0);
    await shot(other, 'settings-second-browser.png', { fullPage: true });
  });
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Show goal pushes (kick-off and goals)' })).not.toBeChecked();
});

/** A second browser (its own storage), where the member signs in again and gets a session of its own. */
async function inSecondBrowser(browser: Browser, request: APIRequestContext, member: TestMember, run: (page: Page) => Promise<void>) {
  const login = await request.post(FOREHEAD_PATHS.login, { data: { username: member.username, password: member.password } });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await openSettings(page, { ...member, token });
    await run(page);
  } finally {
    await context.close();
  }
}
