import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { LIVE_ROOM_PATHS } from '../../../contract/liveRoomPaths';
import { expect, test } from '../support/cspGuard';
import { app } from '../support/betting';
import { appReady, expectAccessible, LANGUAGES, openFromNav, switchLanguage } from '../support/fixtures';
import { liveRoom, tokenOf } from '../support/live';

/**
 * A member's side of a live room (spec 001 sections 2 and 7): following the anchor and booking the room in the anchor
 * tab (CMN only), which another member does not see, the first-bet coverage tab, every room tab checked with axe, and
 * the titles screens. demo2 follows and books; demo looks at the same room. Follows, bookings and the worn title are
 * put back at the end, so the run leaves nothing behind but the title following earned (titles are kept).
 */
const FOLLOWER = 'demo2';
const OTHER = 'demo';

const followedBy = async (request: APIRequestContext, token: string) =>
  ((await (await request.post(LIVE_ROOM_PATHS.subscribeInfo, { headers: { authorization: token }, data: {} })).json()) as { data: { subscribeHostId: number[] } }).data.subscribeHostId;

const unfollow = (request: APIRequestContext, token: string, hostId: number) => request.post(LIVE_ROOM_PATHS.unsubscribe, { headers: { authorization: token }, data: { hostId } });

/** The standalone app in `locale`, signed in by a link's token, in the room. */
async function openRoom(page: Page, token: string, roomId: number, locale = 'zh-CN') {
  await page.addInitScript((lng) => {
    if (!sessionStorage.getItem('e2e:locale-set')) {
      localStorage.setItem('sport-pc:default:locale', JSON.stringify(lng));
      sessionStorage.setItem('e2e:locale-set', '1');
    }
  }, locale);
  await page.goto(`/spa/sport-pc/?token=${token}&roomId=${roomId}`);
  await appReady(page);
  await expect(app(page).getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
}

const roomTabs = (page: Page) => app(page).getByRole('tablist').filter({ has: page.locator('#sp-room-tab-bet') });
const tab = (page: Page, id: string) => app(page).locator(`#sp-room-tab-${id}`);

async function anchorTabIn(browser: Browser, token: string, roomId: number) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openRoom(page, token, roomId);
  await tab(page, 'anchor').click();
  return { context, page };
}

test('a member follows the anchor (kept after a reload, not seen by another member), books and cancels the room, and unfollows; the room in English has no anchor tab', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const room = await liveRoom(request);
  const token = await tokenOf(request, FOLLOWER);
  const other = await tokenOf(request, OTHER);
  await unfollow(request, token, room.hostId);
  try {
    await openRoom(page, token, room.liveRoomId);
    await tab(page, 'anchor').click();
    const section = app(page).getByRole('region', { name: '关注与预约' });
    await section.getByRole('button', { name: '关注', exact: true }).click();
    await expect(app(page).locator('[data-toast-type="success"]').filter({ hasText: '已关注' })).toBeVisible();
    await expect(section.getByRole('button', { name: '已关注' })).toHaveAttribute('aria-pressed', 'true');
    expect(await followedBy(request, token)).toContain(room.hostId);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('room-anchor-followed.png') });

    await page.reload();
    await appReady(page);
    await tab(page, 'anchor').click();
    await expect(section.getByRole('button', { name: '已关注' })).toHaveAttribute('aria-pressed', 'true');

    // Another member in another browser: their own follow state, not demo2's.
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
    expect(await followedBy(request, token)).not.toContain(room.hostId);

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
    await page.screenshot({ path: test.info().outputPath('room-first-bet.png') });
    await expect(roomTabs(page)).toBeVisible();
  } finally {
    await unfollow(request, token, room.hostId);
    await request.post(LIVE_ROOM_PATHS.bookingCancel, { headers: { authorization: token }, data: { liveRoomId: room.liveRoomId } });
  }
});

const wornTitleOf = async (request: APIRequestContext, token: string, userId: number) =>
  ((await (await request.post(LIVE_ROOM_PATHS.titleWall, { headers: { authorization: token }, data: { userId } })).json()) as { data: { wornTitleId: number | null } }).data.wornTitleId;

test('the title wall and list open from the header; an earned title is worn and kept after a reload', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, FOLLOWER);
  const login = (await (await request.post('/api/forehead/user/loginState', { headers: { authorization: token }, data: {} })).json()) as { data: { userData: { uid: string | number } } };
  const uid = Number(login.data.userData.uid);
  const before = await wornTitleOf(request, token, uid);
  // Following an anchor earns a title (docs/api.md "Live room": titles), and it is kept after the unfollow.
  const room = await liveRoom(request);
  await request.post(LIVE_ROOM_PATHS.subscribe, { headers: { authorization: token }, data: { hostId: room.hostId } });
  // A title is counted when a title call asks, so ask while the follow stands.
  await request.post(LIVE_ROOM_PATHS.titleList, { headers: { authorization: token }, data: {} });
  await unfollow(request, token, room.hostId);
  try {
    await page.addInitScript(() => localStorage.setItem('sport-pc:default:locale', JSON.stringify('en')));
    await page.goto(`/spa/sport-pc/?token=${token}`);
    await appReady(page);
    await openFromNav(page, 'Titles');
    await expect(page).toHaveURL(/[?&]view=titles/);
    await expect(app(page).getByRole('heading', { name: 'My titles', level: 1 })).toBeVisible();
    await expect(app(page).getByTestId('titles-vip')).toHaveText(/^V\d+$/);
    await expect(app(page).getByRole('list', { name: 'Title wall' }).getByRole('listitem').first()).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('titles-wall.png'), fullPage: true });

    await app(page).getByRole('tab', { name: 'All titles' }).click();
    const list = app(page).getByRole('list', { name: 'All titles' });
    const earned = list.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^(Wear|Take off)$/ }) }).first();
    const name = (await earned.locator('span').first().textContent())!.replace(/Worn$/, '');
    if ((await earned.getByRole('button', { name: 'Take off' }).count()) > 0) await earned.getByRole('button', { name: 'Take off' }).click();
    await earned.getByRole('button', { name: 'Wear' }).click();
    await expect(app(page).locator('[data-toast-type="success"]').filter({ hasText: `Wearing “${name}”` })).toBeVisible();
    await expect(earned).toHaveAttribute('data-worn', 'true');
    await earned.getByRole('button', { name: 'How to obtain' }).click();
    await expect(app(page).getByRole('region', { name: `How to obtain “${name}”` }).getByRole('progressbar')).toHaveAttribute('value', '100');
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('titles-list.png'), fullPage: true });

    await app(page).getByRole('tab', { name: 'Title wall' }).click();
    await expect(app(page).getByTestId('titles-worn')).toHaveText(name);
    // Kept on the platform: a reload shows it worn.
    await page.reload();
    await appReady(page);
    await expect(app(page).getByTestId('titles-worn')).toHaveText(name);
  } finally {
    await request.post(LIVE_ROOM_PATHS.titleSet, { headers: { authorization: token }, data: { titleId: before ?? 0 } });
  }
});
