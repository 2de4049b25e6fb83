import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LIVE_ROOM_PATHS } from '../../contract/paths';
import { TITLE_CATALOGUE } from '../src/live/titles';
import { placeSingle, selections } from './betting.support';
import { buildTestApp, login, type TestApp } from './helpers';

/** Member titles over real HTTP (spec 001 section 7 "Titles"): awarded from what the member really did. */
describe('member titles', () => {
  let t: TestApp;
  let demo: string;
  let demo2: string;
  let demo2Id: number;

  beforeAll(async () => {
    t = await buildTestApp();
    [demo, demo2] = await Promise.all([login(t, 'demo'), login(t, 'demo2')]);
    demo2Id = Number((await t.db.selectFrom('members').select('id').where('username', '=', 'demo2').executeTakeFirstOrThrow()).id);
  });
  afterAll(async () => t?.app.close());

  const post = (url: string, payload?: unknown, token?: string) =>
    t.inject({ method: 'POST', url, ...(payload === undefined ? {} : { payload }), headers: token ? { authorization: token } : {} });
  const data = async (url: string, payload?: unknown, token?: string) => {
    const res = await post(url, payload, token);
    expect({ url, status: res.statusCode, code: res.json().code, msg: res.json().msg }).toEqual({ url, status: 200, code: 0, msg: 'success' });
    return res.json().data;
  };
  const obtained = async (token: string) =>
    (await data(LIVE_ROOM_PATHS.titleList, {}, token)).filter((x: { obtained: boolean }) => x.obtained).map((x: { id: number }) => x.id);

  it('lists the catalogue to anyone, in the request language, with icons that exist', async () => {
    const english = await data(LIVE_ROOM_PATHS.titleCatalogue, { language: 'ENG' });
    expect(english).toHaveLength(TITLE_CATALOGUE.length);
    expect(english[0]).toEqual({ id: 1, name: 'Rookie', icon: '/api/title/icon/1', description: 'Place 1 bets', category: 'bets', sort: 1 });
    expect((await data(LIVE_ROOM_PATHS.titleCatalogue))[0].name).toBe('新秀');
    const icon = await t.inject({ url: english[3].icon });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    expect((await t.inject({ url: '/api/title/icon/77' })).statusCode).toBe(404);
    // Drawn, not lettered (issue 31): no text a font must render; the picture tells the metric, the stars the rank.
    const badges = await Promise.all(TITLE_CATALOGUE.map(async (def) => ({ def, svg: (await t.inject({ url: `/api/title/icon/${def.id}` })).body })));
    for (const { def, svg } of badges) {
      expect(svg).not.toContain('<text');
      expect(svg).toContain(`aria-label="${def.name.ENG}"`);
    }
    const stars = (id: number) => (badges.find((b) => b.def.id === id)!.svg.match(/<polygon/g) ?? []).length;
    // Bets: Rookie (1), Regular (20), Veteran (200) get one, two and three stars; the one follows title one.
    expect([1, 2, 3, 9].map(stars)).toEqual([1, 2, 3, 1]);
    // Titles of one metric share a picture, titles of different metrics do not.
    const picture = (id: number) => badges.find((b) => b.def.id === id)!.svg.replace(/hsl\([^)]*\)/g, '').replace(/<polygon[^>]*>/g, '').replace(/aria-label="[^"]*"/, '');
    expect(picture(1)).toBe(picture(3));
    expect(new Set([1, 4, 6, 7, 9, 10].map(picture)).size).toBe(6);
  });

  it('needs a session for a member\'s own titles, wall, wearing and progress', async () => {
    for (const url of [LIVE_ROOM_PATHS.titleList, LIVE_ROOM_PATHS.titleWall, LIVE_ROOM_PATHS.titleSet, LIVE_ROOM_PATHS.titleObtain]) {
      const res = await post(url, { userId: demo2Id, titleId: 1 });
      expect({ url, status: res.statusCode, code: res.json().code }).toEqual({ url, status: 401, code: 400 });
    }
  });

  it('awards titles from follows and bets the book took, and keeps them once obtained', async () => {
    expect(await obtained(demo2)).toEqual([]);
    await data(LIVE_ROOM_PATHS.subscribe, { hostId: 9001 }, demo2);
    expect(await obtained(demo2)).toEqual([9]);
    t.clock.advance(1000);

    const pick = selections(t, 'today', { limit: 1 })[0]!;
    const bet = await placeSingle(t, demo2, pick, '20');
    expect(bet.statusCode).toBe(200);
    expect(await obtained(demo2)).toEqual([1, 9]);
    expect(await data(LIVE_ROOM_PATHS.titleObtain, { titleId: 2, language: 'ENG' }, demo2)).toEqual({
      titleId: 2,
      name: 'Regular',
      obtained: false,
      obtainedAt: null,
      conditions: [{ description: 'Place 20 bets', current: 1, target: 20, met: false }],
      progress: 5,
    });
    expect(await data(LIVE_ROOM_PATHS.titleObtain, { titleId: 1 }, demo2)).toMatchObject({ obtained: true, obtainedAt: t.clock.now(), progress: 100 });

    // An unfollow does not take a title back.
    await data(LIVE_ROOM_PATHS.unsubscribe, { hostId: 9001 }, demo2);
    expect(await obtained(demo2)).toEqual([1, 9]);
    // Nothing of it reached the other member.
    expect(await obtained(demo)).toEqual([]);
  });

  it('wears only an obtained title, and takes it off with 0', async () => {
    const refused = await post(LIVE_ROOM_PATHS.titleSet, { titleId: 3, language: 'ENG' }, demo2);
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 400,
      body: { code: 4001, msg: 'titleId: title 3 (Veteran) is not obtained yet: Place 200 bets', data: null },
    });
    expect((await post(LIVE_ROOM_PATHS.titleSet, { titleId: 999 }, demo2)).json().msg).toBe('titleId: no title 999 (see user/membertitlemanagement/listpc)');
    expect((await post(LIVE_ROOM_PATHS.titleSet, { titleId: -1 }, demo2)).statusCode).toBe(400);
    expect((await post(LIVE_ROOM_PATHS.titleSet, { titleId: 1 }, demo)).json().code).toBe(4001);

    expect(await data(LIVE_ROOM_PATHS.titleSet, { titleId: 1 }, demo2)).toEqual({ wornTitleId: 1 });
    expect((await data(LIVE_ROOM_PATHS.titleList, {}, demo2)).find((x: { worn: boolean }) => x.worn).id).toBe(1);
    const member = await t.db.selectFrom('members').select('worn_title_id').where('id', '=', demo2Id).executeTakeFirstOrThrow();
    expect(member.worn_title_id).toBe(1);
    expect(await data(LIVE_ROOM_PATHS.titleSet, { titleId: 0 }, demo2)).toEqual({ wornTitleId: null });
    await data(LIVE_ROOM_PATHS.titleSet, { titleId: 9 }, demo2);
  });

  it("shows any signed-in member another's wall: obtained titles and the one worn, not their counts", async () => {
    const wall = await data(LIVE_ROOM_PATHS.titleWall, { userId: demo2Id, language: 'ENG' }, demo);
    expect(wall).toMatchObject({ userId: demo2Id, nickname: 'Demo 2', vipLevel: 0, wornTitleId: 9, total: TITLE_CATALOGUE.length });
    expect(wall.titles.map((x: { id: number; name: string }) => [x.id, x.name])).toEqual([
      [9, 'Follower'],
      [1, 'Rookie'],
    ]);
    expect(JSON.stringify(wall)).not.toContain('current');
    expect((await post(LIVE_ROOM_PATHS.titleWall, { userId: 424242 }, demo)).json()).toEqual({ code: 4004, msg: 'userId: no member 424242', data: null });
    expect((await post(LIVE_ROOM_PATHS.titleObtain, { titleId: 55 }, demo)).statusCode).toBe(404);
  });
});
