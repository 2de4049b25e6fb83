import type { APIRequestContext, Page } from '@playwright/test';
import Decimal from 'decimal.js';
import type { ExpertMessage, ExpertMessagePage, MessageBuy } from '../../../contract/experts';
import { EXPERTS_PATHS } from '../../../contract/paths';
import type { TestMember } from '../../../contract/testControls';
import { app, entryOf } from '../support/betting';
import { expectAccessible } from '../support/fixtures';
import { openAppAs } from '../support/shellApp';
import { expect, openApp, test } from '../support/world';
import { shot } from '../support/shots';

/**
 * A paid program nobody has settled yet, as a visitor sees it (content hidden). The world has them from the start
 * (server/test/worldContract.test.ts); a program settles when its matches end, and claims take the soonest matches
 * first, so the one whose first match kicks off last is the one another test's match is least likely to settle.
 */
async function paidProgram(request: APIRequestContext): Promise<ExpertMessage> {
  const answer = await request.get(`${EXPERTS_PATHS.messageList}?page=1&size=50&language=ENG`);
  const { list } = ((await answer.json()) as { data: ExpertMessagePage }).data;
  const kickOff = (m: ExpertMessage) => Math.min(...m.messageMatchList.map((match) => match.beginTime));
  const paid = list.filter((m) => m.result === 0 && Number(m.goldPrice) > 0 && !m.canRead).sort((a, b) => kickOff(b) - kickOff(a));
  expect(paid.length, 'the world has a paid program not settled yet').toBeGreaterThan(0);
  return paid[0]!;
}

/** From the experts screen's expert list to the program's detail, through its expert (paging with More). */
async function openProgramThroughItsExpert(page: Page, program: ExpertMessage) {
  const screen = app(page).locator('section[aria-labelledby="sp-experts-title"]');
  await screen.getByRole('tab', { name: 'Experts', exact: true }).click();
  const card = screen.locator(`[data-person-id="${program.professorId}"]`);
  // The list ranks by hit rate, which moves when another test's match settles a tip: an expert can climb onto a page
  // already read, so when paging runs out without it, selecting the tab again reads the list afresh from page 1.
  const more = screen.getByRole('button', { name: 'More', exact: true });
  await expect(async () => {
    if (await card.isVisible()) return;
    if (await more.isVisible()) await more.click({ timeout: 2_000 });
    else await screen.getByRole('tab', { name: 'Experts', exact: true }).click();
    await expect(card).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 10_000 });
  await card.click();
  await expect(app(page).getByRole('heading', { name: new RegExp(program.professorName) })).toBeVisible();
  await shot(page, 'expert-detail.png');
  await app(page).locator(`[data-message-id="${program.id}"]`).click();
  await expect(app(page).getByRole('heading', { level: 2, name: new RegExp(program.sportsTitle.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).toBeVisible();
}

/** Programs are priced in coins, 58.00 at most (server/src/experts/roster.ts): a member with these can buy any. */
const COINS = '100.00';

/** What the platform shows `member` of the program. */
async function programAs(request: APIRequestContext, program: ExpertMessage, member: TestMember): Promise<ExpertMessage> {
  const answer = await request.get(`${EXPERTS_PATHS.messageDetail}?id=${program.id}`, { headers: { authorization: member.token } });
  return ((await answer.json()) as { data: ExpertMessage }).data;
}

test('a member opens an expert and buys a program with coins, and reads it; another member does not', async ({ page, request, world }) => {
  const program = await paidProgram(request);
  const buyer = await world.member({ coins: COINS });
  const other = await world.member({ coins: COINS });

  await openAppAs(page, buyer, { query: 'screen=experts' });
  await expect(app(page).getByRole('heading', { level: 1, name: 'Experts' })).toBeVisible();
  await expect(app(page).locator('[data-message-id]').first()).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'experts-screen.png');

  await openProgramThroughItsExpert(page, program);
  await expect(app(page).getByTestId('expert-content')).toHaveCount(0);
  await app(page).getByRole('button', { name: `Unlock for ${program.goldPrice} coins` }).click();
  const dialog = page.getByRole('dialog', { name: 'Unlock program' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  const bought = page.waitForResponse((r) => new URL(r.url()).pathname === EXPERTS_PATHS.buy);
  await dialog.getByRole('button', { name: 'Pay and read' }).click();
  // Charged once, in coins: the platform's answer says so, with the balance after.
  const { data: buy } = (await (await bought).json()) as { data: MessageBuy };
  expect(buy.charged).toBe(true);
  expect(buy.coinBalance).toBe(new Decimal(COINS).minus(program.goldPrice).toFixed(2));
  await expect(dialog).toBeHidden();
  const content = app(page).getByTestId('expert-content');
  await expect(content).toBeVisible();
  await expect(content.getByRole('table', { name: 'Picks' })).toBeVisible();

  // The platform agrees: the buyer reads it, another member does not.
  expect((await programAs(request, program, buyer)).canRead).toBe(true);
  const notBought = await programAs(request, program, other);
  expect(notBought.canRead).toBe(false);
  expect(notBought.content).toBeNull();
});

test('a buyer comments on the program and likes the comment; another member sees the comment, not the program', async ({ page, request, browser, world }) => {
  const program = await paidProgram(request);
  const buyer = await world.member({ coins: COINS, nickname: 'Reader' });
  const other = await world.member({ coins: COINS });
  // Bought as the test above buys it through the screen.
  const buy = await request.post(EXPERTS_PATHS.buy, { headers: { authorization: buyer.token }, data: { messageId: program.id } });
  expect(buy.ok()).toBe(true);

  await openAppAs(page, buyer, { query: 'screen=experts' });
  await openProgramThroughItsExpert(page, program);
  await expect(app(page).getByTestId('expert-content')).toBeVisible();
  // Comment, then like it once: the like counts and the button stays pressed.
  const text = `Good read, says ${buyer.username}`;
  await app(page).getByRole('textbox', { name: 'Your comment' }).fill(text);
  await app(page).getByRole('button', { name: 'Publish' }).click();
  const mine = app(page).locator('[data-comment-id]', { hasText: text });
  await expect(mine).toBeVisible();
  await expect(mine).toContainText(buyer.nickname);
  await mine.getByRole('button', { name: /^Like, 0 likes/ }).click();
  await expect(mine.getByRole('button', { name: /^Like, 1 like/ })).toBeDisabled();
  await expectAccessible(page);
  await shot(page, 'program-bought.png', { fullPage: true });

  const second = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page2 = await second.newPage();
    await openAppAs(page2, other, { query: 'screen=experts' });
    await openProgramThroughItsExpert(page2, program);
    await expect(app(page2).getByRole('button', { name: `Unlock for ${program.goldPrice} coins` })).toBeVisible();
    await expect(app(page2).getByTestId('expert-content')).toHaveCount(0);
    await expect(app(page2).locator('[data-comment-id]', { hasText: text })).toBeVisible();
    await shot(page2, 'program-locked.png');
  } finally {
    await second.close();
  }
});

test("an expert and a program have addresses of their own, and a bought program's pick goes into the slip", async ({ page, request, world }) => {
  const program = await paidProgram(request);
  const buyer = await world.member({ coins: COINS });
  expect((await request.post(EXPERTS_PATHS.buy, { headers: { authorization: buyer.token }, data: { messageId: program.id } })).ok()).toBe(true);
  const answer = await request.get(`${EXPERTS_PATHS.messageDetail}?id=${program.id}&language=ENG`, { headers: { authorization: buyer.token } });
  const [pick] = ((await answer.json()) as { data: ExpertMessage }).data.picks!;

  // A shared link to the expert opens the expert.
  await openAppAs(page, buyer, { query: `screen=experts&detail=expert-${program.professorId}` });
  await expect(app(page).getByRole('heading', { name: new RegExp(program.professorName) })).toBeVisible();
  await app(page).locator(`[data-message-id="${program.id}"]`).click();
  await expect(page).toHaveURL(new RegExp(`[?&]detail=message-${program.id}(&|$)`));
  // A reload keeps the program open.
  await page.reload();
  const content = app(page).getByTestId('expert-content');
  await expect(content).toBeVisible();
  await content.getByRole('button', { name: `Add to slip: ${pick!.selection}`, exact: true }).click();
  await expect(content.getByRole('status').first()).toHaveText("In the bet slip at today's price");
  await expect(entryOf(page, pick!.matchId)).toBeVisible();
  await shot(page, 'program-pick-in-slip.png');
  // The browser's Back returns to the expert; the screen's Back from there to the lists.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`[?&]detail=expert-${program.professorId}(&|$)`));
  await expect(app(page).getByRole('heading', { name: new RegExp(program.professorName) })).toBeVisible();
  await app(page).getByRole('button', { name: 'Back', exact: true }).click();
  await expect(app(page).getByRole('tab', { name: 'Programs', exact: true })).toBeVisible();
  await expect(page).not.toHaveURL(/detail=/);
});

test("a room's program tab lists its match's programs, and the top experts have a record from the start", async ({ page, request, world }) => {
  // A room the test puts on the air: the experts give its match a program as the anchor goes on it.
  const room = await world.room();
  const answer = await request.get(`${EXPERTS_PATHS.messageList}?page=1&size=10&sportsIds=${room.match.matchId}&language=ENG`);
  const { list } = ((await answer.json()) as { data: ExpertMessagePage }).data;
  expect(list.length, "the room's match has a program").toBeGreaterThan(0);

  await openApp(page, { query: `roomId=${room.liveRoomId}` });
  await app(page).getByRole('tab', { name: 'Program', exact: true }).click();
  const panel = app(page).getByRole('tabpanel');
  await expect(panel.locator(`[data-message-id="${list[0]!.id}"]`)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'room-program.png');

  // The top list is there on a new platform (the past programs settled on the feed's finished matches), with hit rates.
  await openApp(page, { query: 'screen=experts' });
  const screen = app(page).locator('section[aria-labelledby="sp-experts-title"]');
  await screen.getByRole('tab', { name: 'Top experts', exact: true }).click();
  const top = screen.locator('[data-person-id]').first();
  await expect(top).toBeVisible();
  await expect(top).toContainText(/Hit rate (?!0\.00%)\d+\.\d{2}%/);
});

test('the home banners rotate and answer the keyboard', async ({ page }) => {
  await openApp(page);
  const area = app(page).getByRole('region', { name: 'Announcements' });
  await expect(area).toBeVisible();
  const slide = area.locator('[data-banner-index]');
  await expect(slide).toHaveAttribute('data-banner-index', '0');
  await expect(area.getByRole('img').first()).toHaveJSProperty('complete', true);
  // Rotation (every 5 s, src/features/banners/banners.ts), with the pointer away from the area.
  await page.mouse.move(0, 0);
  await expect(slide).toHaveAttribute('data-banner-index', '1');
  await shot(page, 'home-banners.png');
  // The arrow keys move it (focus inside also holds it; the component test times that on a fake clock).
  await area.getByRole('button', { name: 'Next banner' }).focus();
  const held = await slide.getAttribute('data-banner-index');
  await page.keyboard.press('ArrowLeft');
  await expect(slide).not.toHaveAttribute('data-banner-index', held!);
  await expectAccessible(page);
});

test("the banker screen opens the banker's game", async ({ page, context, world }) => {
  const member = await world.member();
  await openAppAs(page, member, { query: 'screen=banker' });
  const detail = app(page).locator('[data-banker-id]');
  await expect(detail).toBeVisible();
  await expect(detail.getByText(/^Invite code [A-Z0-9]{6}$/)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'banker.png');
  const opened = context.waitForEvent('page');
  await detail.getByRole('button', { name: 'Open the game' }).click();
  const game = await opened;
  await game.waitForLoadState();
  await expect(game).toHaveURL(/\/game\/\d+\?token=/);
  // The platform's game page redeemed the one-time token and greets the member by their username.
  await expect(game.locator('body')).toContainText(member.username);
  await shot(game, 'banker-game.png');
});
