import type { APIRequestContext, Page } from '@playwright/test';
import type { ExpertMessage, ExpertMessagePage } from '../../../contract/experts';
import { EXPERTS_PATHS } from '../../../contract/paths';
import { app } from '../support/betting';
import { expect, test } from '../support/cspGuard';
import { appReady, expectAccessible } from '../support/fixtures';

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const answer = await request.post('/api/forehead/user/login', { data: { username, password: 'demo1234' } });
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

/** A paid program nobody has settled yet, as a visitor sees it (content hidden), once the experts have published. */
async function paidProgram(request: APIRequestContext): Promise<ExpertMessage> {
  let found: ExpertMessage | undefined;
  await expect
    .poll(
      async () => {
        const answer = await request.get(`${EXPERTS_PATHS.messageList}?page=1&size=50&language=ENG`);
        const { list } = ((await answer.json()) as { data: ExpertMessagePage }).data;
        found = list.find((m) => m.result === 0 && Number(m.goldPrice) > 0 && !m.canRead);
        return found !== undefined;
      },
      { timeout: 90_000, message: 'an expert published a paid program' },
    )
    .toBe(true);
  return found!;
}

/** The app standalone in English, signed in as `username` through a token in the address. */
async function openAs(page: Page, request: APIRequestContext, username: string, query: string) {
  await page.addInitScript(() => localStorage.setItem('sport-pc:default:locale', JSON.stringify('en')));
  await page.goto(`/spa/sport-pc/?token=${await tokenOf(request, username)}&${query}`);
  await appReady(page);
}

/** From the experts screen's expert list to the program's detail, through its expert (paging with More). */
async function openProgramThroughItsExpert(page: Page, program: ExpertMessage) {
  const screen = app(page).locator('section[aria-labelledby="sp-experts-title"]');
  await screen.getByRole('tab', { name: 'Experts', exact: true }).click();
  const card = screen.locator(`[data-person-id="${program.professorId}"]`);
  // The list ranks by hit rate, which moves as tips settle: an expert can climb onto a page already read, so when paging
  // runs out without it, selecting the tab again reads the list afresh from page 1.
  const more = screen.getByRole('button', { name: 'More', exact: true });
  await expect(async () => {
    if (await card.isVisible()) return;
    if (await more.isVisible()) await more.click({ timeout: 2_000 });
    else await screen.getByRole('tab', { name: 'Experts', exact: true }).click();
    await expect(card).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await card.click();
  await expect(app(page).getByRole('heading', { name: new RegExp(program.professorName) })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('expert-detail.png') });
  await app(page).locator(`[data-message-id="${program.id}"]`).click();
  await expect(app(page).getByRole('heading', { level: 2, name: new RegExp(program.sportsTitle.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).toBeVisible();
}

test('a member opens an expert, buys a program, reads it, comments and likes; another member does not see it', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const program = await paidProgram(request);

  await openAs(page, request, 'demo', 'screen=experts');
  await expect(app(page).getByRole('heading', { level: 1, name: 'Experts' })).toBeVisible();
  await expect(app(page).locator('[data-message-id]').first()).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('experts-screen.png') });

  await openProgramThroughItsExpert(page, program);
  await expect(app(page).getByTestId('expert-content')).toHaveCount(0);
  await app(page).getByRole('button', { name: `Unlock for ${program.goldPrice} coins` }).click();
  const dialog = page.getByRole('dialog', { name: 'Unlock program' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Pay and read' }).click();
  await expect(dialog).toBeHidden();
  const content = app(page).getByTestId('expert-content');
  await expect(content).toBeVisible();
  await expect(content.getByRole('table', { name: 'Picks' })).toBeVisible();

  // Comment, then like it once: the like counts and the button stays pressed.
  const text = `Good read ${Date.now()}`;
  await app(page).getByRole('textbox', { name: 'Your comment' }).fill(text);
  await app(page).getByRole('button', { name: 'Publish' }).click();
  const mine = app(page).locator('[data-comment-id]', { hasText: text });
  await expect(mine).toBeVisible();
  await mine.getByRole('button', { name: /^Like, 0 likes/ }).click();
  await expect(mine.getByRole('button', { name: /^Like, 1 like/ })).toBeDisabled();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('program-bought.png'), fullPage: true });

  // The platform agrees: the buyer reads it, a second member does not, in the list or the detail.
  const detail = async (username: string) =>
    ((await (await request.get(`${EXPERTS_PATHS.messageDetail}?id=${program.id}`, { headers: { authorization: await tokenOf(request, username) } })).json()) as { data: ExpertMessage }).data;
  expect((await detail('demo')).canRead).toBe(true);
  const other = await detail('demo2');
  expect(other.canRead).toBe(false);
  expect(other.content).toBeNull();

  const second = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page2 = await second.newPage();
  await openAs(page2, request, 'demo2', 'screen=experts');
  await openProgramThroughItsExpert(page2, program);
  await expect(app(page2).getByRole('button', { name: `Unlock for ${program.goldPrice} coins` })).toBeVisible();
  await expect(app(page2).getByTestId('expert-content')).toHaveCount(0);
  await expect(app(page2).locator('[data-comment-id]', { hasText: text })).toBeVisible();
  await page2.screenshot({ path: test.info().outputPath('program-locked.png') });
  await second.close();
});

test('the home banners rotate and answer the keyboard', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('sport-pc:default:locale', JSON.stringify('en')));
  await page.goto('/spa/sport-pc/');
  await appReady(page);
  const area = app(page).getByRole('region', { name: 'Announcements' });
  await expect(area).toBeVisible({ timeout: 20_000 });
  const slide = area.locator('[data-banner-index]');
  await expect(slide).toHaveAttribute('data-banner-index', '0');
  await expect(area.getByRole('img').first()).toHaveJSProperty('complete', true);
  // Rotation, with the pointer away from the area.
  await page.mouse.move(0, 0);
  await expect(slide).toHaveAttribute('data-banner-index', '1', { timeout: 15_000 });
  await page.screenshot({ path: test.info().outputPath('home-banners.png') });
  // The arrow keys move it (focus inside also holds it; the component test times that on a fake clock).
  await area.getByRole('button', { name: 'Next banner' }).focus();
  const held = await slide.getAttribute('data-banner-index');
  await page.keyboard.press('ArrowLeft');
  await expect(slide).not.toHaveAttribute('data-banner-index', held!);
  await expectAccessible(page);
});

test("the banker screen opens the banker's game", async ({ page, request, context }) => {
  await openAs(page, request, 'demo', 'screen=banker');
  const detail = app(page).locator('[data-banker-id]');
  await expect(detail).toBeVisible({ timeout: 20_000 });
  await expect(detail.getByText(/^Invite code [A-Z0-9]{6}$/)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('banker.png') });
  const opened = context.waitForEvent('page');
  await detail.getByRole('button', { name: 'Open the game' }).click();
  const game = await opened;
  await game.waitForLoadState();
  await expect(game).toHaveURL(/\/game\/\d+\?token=/);
  // The platform's game page redeemed the one-time token and greets the member by their username.
  await expect(game.locator('body')).toContainText(/demo/i);
  await game.screenshot({ path: test.info().outputPath('banker-game.png') });
});
