import { appReady, chunk, expectAccessible, filesOfChunk, recordScripts } from '../support/fixtures';
import { installLeakProbe, SETTLE_MS, type Holdings } from '../support/leakProbe';
import { expect, test } from '../support/world';
import { shot } from '../support/shots';

test.describe('standalone app at /spa/sport-pc/', () => {
  test('renders the shell with every enabled sport plugin fetched on first render', async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto('/spa/sport-pc/');
    await appReady(page);
    const menu = page.getByRole('navigation', { name: '体育项目' });
    await expect(menu.getByRole('button', { name: '足球', exact: true })).toBeVisible();
    await expect(menu.getByRole('button', { name: '篮球', exact: true })).toBeVisible();
    await expect(menu.getByRole('button', { name: '网球', exact: true })).toBeVisible();
    await expect(menu.getByRole('button')).toHaveCount(17);
    expect(chunk(scripts, 'plugin-sport-football')).toHaveLength(1);
    expect(chunk(scripts, 'plugin-sport-basketball')).toHaveLength(1);
    expect(chunk(scripts, 'plugin-sport-generic')).toHaveLength(1);
    await expect(page.getByRole('heading', { name: '投注单' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'shell-zh-CN.png', { fullPage: true });
  });

  test('stores a P-prefixed device id and an allowed apiSrc, and takes the token out of the address bar', async ({ page, baseURL }) => {
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
    });
    // The page's own origin is always an allowed service origin: the spec's behaviour (stored as the domain) holds.
    await page.goto(`/spa/sport-pc/?token=abc123&merchant=default&apiSrc=${encodeURIComponent(baseURL!)}`);
    await appReady(page);
    expect(new URL(page.url()).search).toBe(`?merchant=default&apiSrc=${encodeURIComponent(baseURL!)}`);
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(JSON.parse(stored['sport-pc:deviceId']!)).toMatch(/^P[0-9a-f]{32}$/);
    expect(JSON.parse(stored['sport-pc:domain']!)).toBe(baseURL);
    expect(apiCalls.length).toBeGreaterThan(0);
    expect(apiCalls.every((url) => url.startsWith(baseURL!))).toBe(true);
    // Not a session the platform knows: the app asked, was refused, and forgot it.
    expect(stored['sport-pc:auth']).toBeUndefined();
  });

  test('never calls an apiSrc the operator did not allow, on that visit or a later plain one', async ({ page, baseURL }) => {
    const elsewhere = `http://127.0.0.1:${Number(new URL(baseURL!).port) + 1}`;
    const toElsewhere: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(elsewhere)) toElsewhere.push(request.url());
    });
    await page.goto(`/spa/sport-pc/?token=abc123&apiSrc=${encodeURIComponent(elsewhere)}`);
    await appReady(page);
    expect(await page.evaluate(() => localStorage.getItem('sport-pc:domain'))).toBeNull();

    await page.goto('/spa/sport-pc/');
    await appReady(page);
    // A domain stored before the rule existed (an old link) is dropped rather than used.
    await page.evaluate((origin) => localStorage.setItem('sport-pc:domain', JSON.stringify(origin)), elsewhere);
    await page.goto('/spa/sport-pc/');
    await appReady(page);
    expect(await page.evaluate(() => localStorage.getItem('sport-pc:domain'))).toBeNull();
    expect(toElsewhere).toEqual([]);
  });

  test('publishes no source maps: no script names one, and a map next to a script is 404', async ({ page, request }) => {
    const scripts = recordScripts(page);
    await page.goto('/spa/sport-pc/');
    await appReady(page);
    expect(scripts.length).toBeGreaterThan(3);
    for (const url of scripts) {
      expect(await (await request.get(url)).text()).not.toContain('sourceMappingURL');
      expect((await request.get(`${url}.map`)).status()).toBe(404);
    }
  });

  test('a disabled plugin is never downloaded and its sports disappear', async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto('/spa/sport-pc/?merchant=lite');
    await appReady(page);
    const menu = page.getByRole('navigation', { name: '体育项目' });
    await expect(menu.getByRole('button')).toHaveCount(1);
    await expect(menu.getByRole('button', { name: '篮球', exact: true })).toHaveCount(0);
    expect(chunk(scripts, 'plugin-sport-football')).toHaveLength(1);
    expect(chunk(scripts, 'plugin-sport-basketball')).toEqual([]);
    expect(chunk(scripts, 'plugin-sport-generic')).toEqual([]);
  });

  test('a plugin whose chunk fails shows a failure panel, the page works, and Retry recovers', async ({ page }) => {
    const [file] = filesOfChunk('plugin-sport-basketball').filter((f) => f.endsWith('.js'));
    const basketballChunk = `**/${file}`;
    await page.route(basketballChunk, (route) => route.abort('failed'));
    await page.goto('/spa/sport-pc/');
    await appReady(page);
    // Home's hot section may render basketball rows too; the menu's own entry is the one under test.
    const failure = page.getByRole('navigation', { name: '体育项目' }).locator('[data-plugin-failure="sport-basketball"]');
    await expect(failure).toBeVisible();
    await expect(failure).toContainText('此模块加载失败');
    await expect(page.getByRole('button', { name: '网球', exact: true })).toBeVisible();

    await page.unroute(basketballChunk);
    await failure.getByRole('button', { name: '重试' }).click();
    await expect(page.getByRole('button', { name: '篮球', exact: true })).toBeVisible();
    await expect(failure).toHaveCount(0);
  });

  test('signs in through the login dialog and shows the balance', async ({ page, world }) => {
    const member = await world.member();
    await page.goto('/spa/sport-pc/');
    await appReady(page);
    await page.getByRole('button', { name: '登录' }).click();
    const dialog = page.getByRole('dialog', { name: '登录' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '登录' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('请输入用户名和密码');
    await dialog.getByLabel('用户名').fill(member.username);
    await dialog.getByLabel('密码').fill(`${member.password}-wrong`);
    await dialog.getByRole('button', { name: '登录' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('用户名或密码错误');
    await dialog.getByLabel('密码').fill(member.password);
    await dialog.getByRole('button', { name: '登录' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('app-balance')).toContainText('¥10,000.00');
    await expectAccessible(page);
  });

  test('switches language without a reload, in all five languages', async ({ page }) => {
    await page.goto('/spa/sport-pc/');
    await appReady(page);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const language = page.getByLabel('语言');
    const cases = [
      ['en', 'Bet slip', 'Football'],
      ['vi', 'Phiếu cược', 'Bóng đá'],
      ['th', 'สลิปเดิมพัน', 'ฟุตบอล'],
      ['zh-TW', '投注單', '足球'],
      ['zh-CN', '投注单', '足球'],
    ] as const;
    for (const [lng, slip, football] of cases) {
      await page.locator('[data-sport-pc] select').nth(1).selectOption(lng);
      await expect(page.getByRole('heading', { name: slip })).toBeVisible();
      await expect(page.locator('[data-sport-menu="1"]')).toContainText(football);
      await shot(page, `shell-${lng}.png`, { fullPage: true });
    }
    await expect(language).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  test('unknown paths fall back to home; history works', async ({ page }) => {
    await page.goto('/spa/sport-pc/some/deep/link');
    await appReady(page);
    await expect(page).toHaveURL(/\/spa\/sport-pc\/?$/);
  });

  test('unmount leaves no timer, socket or listener behind, and the app mounts again', async ({ page }) => {
    // Each unmount settles within SETTLE_MS (leakProbe.ts): what a request in flight holds ends with its answer.
    test.setTimeout(2 * SETTLE_MS + 30_000);
    await page.addInitScript(installLeakProbe);
    await page.goto('/spa/sport-pc/');
    await appReady(page);
    const lifecycle = 'sport-pc';
    await page.evaluate(async (name) => (window as unknown as Record<string, { unmount(): Promise<void> }>)[name]!.unmount(), lifecycle);
    await expect(page.locator('[data-sport-pc]')).toHaveCount(0);
    const holdings = () => page.evaluate(() => (window as unknown as { __holdings(): Holdings }).__holdings());
    await expect.poll(holdings, { timeout: SETTLE_MS }).toEqual({ intervals: 0, timeouts: 0, sockets: 0, listeners: expect.any(Number) });
    const listenersAfterFirst = (await holdings()).listeners;

    await page.evaluate(async (name) => (window as unknown as Record<string, { mount(p: object): Promise<void> }>)[name]!.mount({}), lifecycle);
    await appReady(page);
    await page.evaluate(async (name) => (window as unknown as Record<string, { unmount(): Promise<void> }>)[name]!.unmount(), lifecycle);
    await expect.poll(holdings, { timeout: SETTLE_MS }).toEqual({ intervals: 0, timeouts: 0, sockets: 0, listeners: listenersAfterFirst });
  });
});

test('a valid token in the URL signs the visitor in; a refused one is forgotten', async ({ page, world }) => {
  const member = await world.member();
  await page.goto(`/spa/sport-pc/?token=${member.token}`);
  await appReady(page);
  await expect(page.getByTestId('app-balance')).toContainText('¥10,000.00');
  await page.reload();
  await expect(page.getByTestId('app-balance')).toContainText('¥10,000.00');
  await page.getByRole('button', { name: '退出' }).click();
  await expect(page.getByRole('button', { name: '登录' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('sport-pc:auth'))).toBeNull();
});

test("a link with another member's token asks before switching accounts; the token leaves the address bar", async ({ page, world }) => {
  const first = await world.member({ nickname: 'Ada' });
  const second = await world.member({ nickname: 'Grace' });
  await page.goto(`/spa/sport-pc/?token=${first.token}&merchant=default`);
  await appReady(page);
  await expect(page.getByText('您好，Ada', { exact: true })).toBeVisible();
  expect(new URL(page.url()).search).toBe('?merchant=default');

  await page.goto(`/spa/sport-pc/?token=${second.token}`);
  const dialog = page.getByRole('dialog', { name: '切换账号？' });
  await expect(dialog).toBeVisible();
  expect(page.url()).not.toContain(second.token);
  await expect(dialog).toContainText('此链接将以 Grace 的身份登录。您当前以 Ada 的身份登录。');
  await expectAccessible(page);
  // The safe answer has the focus: Enter keeps the current account.
  await expect(dialog.getByRole('button', { name: '保持 Ada 登录' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('您好，Ada', { exact: true })).toBeVisible();

  await page.goto(`/spa/sport-pc/?token=${second.token}`);
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: '切换到 Grace' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('您好，Grace', { exact: true })).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('sport-pc:auth')))!)).toBe(second.token);
});
