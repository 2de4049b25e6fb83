import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { LIVE_ROOM_PATHS } from '../../../contract/paths';
import type { TestMember } from '../../../contract/testControls';
import { app } from '../support/betting';
import { appReady, expectAccessible, LANGUAGES, openFromNav, switchLanguage } from '../support/fixtures';
import { expect, openApp, test, type Locale } from '../support/world';
import { shot } from '../support/shots';

/**
 * A member's side of a live room (spec 001 sections 2 and 7): following the anchor and booking the room in the anchor
 * tab (CMN only), which another member does not see, the first-bet coverage tab, every room tab checked with axe, and
 * the titles screens. Fresh members and a room of the test's own, so nothing needs putting back.
 */
const followedBy = async (request: APIRequestContext, member: TestMember) =>
  ((await (await request.post(LIVE_ROOM_PATHS.subscribeInfo, { headers: { authorization: member.token }, data: {} })).json()) as { data: { subscribeHostId: number[] } }).data.subscribeHostId;

/** The standalone app in `locale`, signed in by a link's token, in the room. */
async function openRoom(page: Page, member: TestMember, roomId: number, locale: Locale = 'zh-CN') {
  await openApp(page, { member, query: `roomId=${roomId}`, locale });
  await expect(app(page).getByRole('heading', { level: 1 })).toBeVisible();
}

const roomTabs = (page: Page) => app(page).getByRole('tablist').filter({ has: page.locator('#sp-room-tab-bet') });
const tab = (page: Page, id: string) => app(page).locator(`#sp-room-tab-${id}`);

async function anchorTabIn(browser: Browser, member: TestMember, roomId: number) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openRoom(page, member, roomId);
  await tab(page, 'anchor').click();
  return { context, page };
}

test('a member follows the anchor (kept after a reload, not seen by another member), books and cancels the room, and unfollows; the room in English has no anchor tab', async ({ page, request, browser, world }) => {
  // Two browsers (the second member's own) and a reload, each loading the app cold, plus four languages' worth of tabs
  // checked with axe: about two one-page tests.
  test.setTimeout(60_000);
  const room = await world.room();
  const follower = await world.member();
  const other = await world.member();
  await openRoom(page, follower, room.liveRoomId);
  await tab(page, 'anchor').click();
  const section = app(page).getByRole('region', { name: '关注与预约' });
  await section.getByRole('button', { name: '关注', exact: true }).click();
  await expect(app(page).locator('[data-toast-type="success"]').filter({ hasText: '已关注' })).toBeVisible();
  await expect(section.getByRole('button', { name: '已关注' })).toHaveAttribute('aria-pressed', 'true');
  expect(await followedBy(request, follower)).toContain(room.hostId);
  await expectAccessible(page);
  await shot(page, 'room-anchor-followed.png');

  await page.reload();
  await appReady(page);
  await tab(page, 'anchor').click();
  await expect(section.getByRole('button', { name: '已关注' })).toHaveAttribute('aria-pressed', 'true');

  // Another member in another browser: their own follow state, not the follower's.
  const second = await anchorTabIn(browser, other, room.liveRoomId);
  try {
    const theirs = app(second.page).getByRole('region', { name: '关注与预约' });
    await expect(theirs.getByRole('button', { name: '关注', exact: true })).toBeEnabled();
    await expect(theirs.getByRole('button', { name: '关注', exact: true })).toHaveAttribute('aria-pressed', 'false');
  } finally {
    await second.context.close();
  }

  // Booking the room's next broadcast: listed under My bookings, then cancelled.
  await section.getByRole('button', { name: '预约', exact: true }).click();
  await expect(app(page).locator('[data-toast-type="success"]').filter({ hasText: '预约成功' })).toBeVisible();
  const bookings = section.getByRole('list', { name: '我的预约' });
  await expect(bookings.getByRole('button', { name: new RegExp(`房间 ${room.liveRoomId}（已预约）`) })).toBeVisible();
  await section.getByRole('button', { name: '取消预约' }).click();
  await expect(app(page).locator('[data-toast-type="success"]').filter({ hasText: '已取消预约' })).toBeVisible();
  await expect(bookings.getByRole('button', { name: new RegExp(`房间 ${room.liveRoomId}（已取消）`) })).toBeVisible();
  await expect(section.getByRole('button', { name: '预约', exact: true })).toHaveAttribute('aria-pressed', 'false');

  await section.getByRole('button', { name: '已关注' }).click();
  await expect(app(page).locator('[data-toast-type="success"]').filter({ hasText: '已取消关注主播' })).toBeVisible();
  await expect(section.getByRole('button', { name: '关注', exact: true })).toHaveAttribute('aria-pressed', 'false');
  expect(await followedBy(request, follower)).not.toContain(room.hostId);

  // English: the anchor tab is gone (CMN only); the room's other tabs stay, each clean under axe.
  await switchLanguage(page, LANGUAGES[2]);
  await expect(tab(page, 'anchor')).toHaveCount(0);
  await expect(tab(page, 'bet')).toHaveText('Bet');
  await expectAccessible(page);
  await tab(page, 'data').click();
  await expect(app(page).locator('#sp-room-tab-data')).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page);
  await tab(page, 'firstBet').click();
  await expect(app(page).getByRole('heading', { name: /^First bet lost\? Refunded up to \d+\.\d{2} CNY$/ })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'room-first-bet.png');
  await expect(roomTabs(page)).toBeVisible();
});

test('the title wall and list open from the header; an earned title is worn and kept after a reload', async ({ page, request, world }) => {
  // A title earned, worn, and checked again after a reload of the host and the app.
  test.setTimeout(60_000);
  const member = await world.member();
  const room = await world.room();
  // Following an anchor earns a title (docs/api.md "Live room": titles), kept after the unfollow. A title is counted
  // when a title call asks, so the list is asked while the follow stands.
  await request.post(LIVE_ROOM_PATHS.subscribe, { headers: { authorization: member.token }, data: { hostId: room.hostId } });
  await request.post(LIVE_ROOM_PATHS.titleList, { headers: { authorization: member.token }, data: {} });
  await request.post(LIVE_ROOM_PATHS.unsubscribe, { headers: { authorization: member.token }, data: { hostId: room.hostId } });

  await openApp(page, { member });
  await openFromNav(page, 'Titles');
  await expect(page).toHaveURL(/[?&]view=titles/);
  await expect(app(page).getByRole('heading', { name: 'My titles', level: 1 })).toBeVisible();
  await expect(app(page).getByTestId('titles-vip')).toHaveText(/^V\d+$/);
  await expect(app(page).getByRole('list', { name: 'Title wall' }).getByRole('listitem').first()).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'titles-wall.png', { fullPage: true });

  await app(page).getByRole('tab', { name: 'All titles' }).click();
  const list = app(page).getByRole('list', { name: 'All titles' });
  // A fresh member has earned exactly what the follow gave, and wears nothing yet.
  const wearable = list.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Wear', exact: true }) }).first();
  const name = (await wearable.locator('span').first().textContent())!;
  const earned = list.getByRole('listitem').filter({ hasText: name });
  await earned.getByRole('button', { name: 'Wear' }).click();
  await expect(app(page).locator('[data-toast-type="success"]').filter({ hasText: `Wearing “${name}”` })).toBeVisible();
  await expect(earned).toHaveAttribute('data-worn', 'true');
  await earned.getByRole('button', { name: 'How to obtain' }).click();
  await expect(app(page).getByRole('region', { name: `How to obtain “${name}”` }).getByRole('progressbar')).toHaveAttribute('value', '100');
  await expectAccessible(page);
  await shot(page, 'titles-list.png', { fullPage: true });

  await app(page).getByRole('tab', { name: 'Title wall' }).click();
  await expect(app(page).getByTestId('titles-worn')).toHaveText(name);
  // Kept on the platform: a reload shows it worn.
  await page.reload();
  await appReady(page);
  await expect(app(page).getByTestId('titles-worn')).toHaveText(name);
});
