import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ErrorCode, BetError } from '../../contract/errors';
import { OPERATOR_TOKEN_HEADER } from '../../contract/forehead';
import { TEST_CONTROL_PATHS, type TestMember } from '../../contract/testControls';
import { RESULT_PATHS } from '../../contract/resultCodes';
import { testControlRoutes } from '../src/routes/testControls';
import { MERCHANT_HEADER } from '../src/http/merchant';
import { auth, balanceOf, placeSingle, selections, singleBody } from './betting.support';
import { buildTestApp, login, type TestApp } from './helpers';

const TOKEN = 'merchant-operator-token-0123456789';
const FOOTBALL = 1;
const BASKETBALL = 3;
const TENNIS = 5;

/**
 * Issue 28: a sport the merchant switched off is off on the platform too. Shipped merchant `lite` offers football only
 * (config/merchants/lite.json). Bets are judged by the member's own merchant, stored on the platform; anonymous reads
 * by the merchant the app names in x-merchant-id (docs/api.md "Merchants"). Through real HTTP.
 */
describe('sports a merchant switched off', () => {
  let t: TestApp;
  let lite: TestMember;
  beforeAll(async () => {
    // Two hours of history: finished matches of every sport for the results.
    t = await buildTestApp({ operatorToken: TOKEN, feed: { historyHours: 2 }, before: (app) => app.register(testControlRoutes, { operatorToken: TOKEN }) });
    const res = await t.inject({ method: 'POST', url: TEST_CONTROL_PATHS.members, payload: { merchantId: 'lite' }, headers: { [OPERATOR_TOKEN_HEADER]: TOKEN } });
    expect(res.statusCode).toBe(200);
    lite = res.json<{ data: TestMember }>().data;
  });
  afterAll(async () => t?.app.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) => t.inject({ method: 'POST', url, payload, headers });
  const asLite = { [MERCHANT_HEADER]: 'lite' };

  it('refuses a basketball single of a lite member with 403 / 15015, naming the selection, and moves no money', async () => {
    const [basketball] = selections(t, 'today', { sportId: BASKETBALL, limit: 1 });
    const before = await balanceOf(t, lite.username);
    const res = await placeSingle(t, lite.token, basketball!, '10.00');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: BetError.SportNotOffered,
      errcode: BetError.SportNotOffered,
      msg: `Sport not offered: singleBetList[0]: market ${basketball!.market.marketId} is basketball, which merchant "lite" does not offer`,
    });
    expect(await balanceOf(t, lite.username)).toBe(before);
    const orders = await t.db.selectFrom('orders').select('id').where('member_id', '=', lite.uid).execute();
    expect(orders).toEqual([]);
  });

  it('refuses to price (bet info), to place a multiple or a pre-bet with a basketball leg; a football single goes through', async () => {
    const [basketball] = selections(t, 'today', { sportId: BASKETBALL, parlay: true, limit: 1 });
    const [football] = selections(t, 'today', { sportId: FOOTBALL, parlay: true, limit: 1 });
    const info = await post(
      '/v1/order/batchBetMatchMarketOfJumpLine',
      { betMatchMarketList: [football!, basketball!].map((s) => ({ marketId: s.market.marketId, matchId: s.match.matchId, type: s.option.type })), isSelectSeries: true },
      auth(lite.token),
    );
    expect({ status: info.statusCode, errcode: info.json().errcode, msg: info.json().msg }).toEqual({
      status: 403,
      errcode: BetError.SportNotOffered,
      msg: expect.stringContaining('betMatchMarketList[1]'),
    });
    const leg = (s: typeof football) => singleBody(s!, '10.00').singleBetList[0]!.betOptionList[0]!;
    const multiple = await post(
      '/v1/order/betMultiple',
      { betOptionList: [leg(football), leg(basketball)], betMultipleData: [{ itemCount: 2, seriesValue: 2001, unitStake: '10.00', oddsChange: 1 }] },
      auth(lite.token),
    );
    expect({ status: multiple.statusCode, errcode: multiple.json().errcode }).toEqual({ status: 403, errcode: BetError.SportNotOffered });
    const preBet = await post('/v1/order/reserve/getBetParameter', { matchId: basketball!.match.matchId, marketId: basketball!.market.marketId }, auth(lite.token));
    expect({ status: preBet.statusCode, errcode: preBet.json().errcode }).toEqual({ status: 403, errcode: BetError.SportNotOffered });

    const placed = await placeSingle(t, lite.token, football!, '10.00');
    expect(placed.statusCode).toBe(200);
  });

  it('judges a bet by the member’s merchant, not by a header: a lite member naming another merchant is refused, a default member is not', async () => {
    const [basketball] = selections(t, 'today', { sportId: BASKETBALL, limit: 1 });
    const spoofed = await post('/v1/order/bet/singlePass', singleBody(basketball!, '10.00'), { ...auth(lite.token), [MERCHANT_HEADER]: 'default' });
    expect(spoofed.statusCode).toBe(403);
    const demo = await login(t);
    const allowed = await post('/v1/order/bet/singlePass', singleBody(basketball!, '10.00'), { ...auth(demo), ...asLite });
    expect(allowed.statusCode).toBe(200);
  });

  it('lists, counts and searches only the sports the named merchant offers', async () => {
    const all = (await post('/api/match/getList', { type: 6, current: 1, size: 200 }, asLite)).json().data;
    expect(all.total).toBeGreaterThan(0);
    expect(new Set(all.records.map((m: { sportId: number }) => m.sportId))).toEqual(new Set([FOOTBALL]));
    const asked = (await post('/api/match/getList', { type: 6, current: 1, size: 50, sportId: BASKETBALL }, asLite)).json().data;
    expect({ total: asked.total, records: asked.records }).toEqual({ total: 0, records: [] });
    const everywhere = (await post('/api/match/getList', { type: 6, current: 1, size: 50, sportId: BASKETBALL })).json().data;
    expect(everywhere.total).toBeGreaterThan(0);

    const stats = (await post('/api/match/statistical', {}, asLite)).json().data;
    for (const list of stats.sl) expect(list.sports.map((s: { sportId: number }) => s.sportId).filter((id: number) => id !== FOOTBALL)).toEqual([]);
    expect(stats.hls.every((league: { sportId: number }) => league.sportId === FOOTBALL)).toBe(true);
    const everySport = (await post('/api/match/statistical', {})).json().data;
    expect(stats.tc).toBeLessThan(everySport.tc);
    expect(stats.sl.find((l: { type: number }) => l.type === 6).count).toBe(all.total);

    const leagues = (await post('/api/match/getOnSaleLeagues', {}, asLite)).json().data;
    expect(leagues.every((league: { sportId: number }) => league.sportId === FOOTBALL)).toBe(true);

    // A basketball team's name finds nothing for lite, and the same search finds it for the default merchant.
    const team = t.feed.matches({ type: 'today', sportId: BASKETBALL })[0]!.matchInfo.homeName;
    const found = (await post('/api/match/queryMatchByRecommend', { recommend: team })).json().data.groups;
    expect(found.map((g: { sportId: number }) => g.sportId)).toContain(BASKETBALL);
    const hidden = (await post('/api/match/queryMatchByRecommend', { recommend: team }, asLite)).json().data.groups;
    expect(hidden.map((g: { sportId: number }) => g.sportId)).not.toContain(BASKETBALL);
  });

  it('shows no banner of a match or league and no live room of a sport switched off', async () => {
    /** The sports of the matches and leagues a merchant's banners show (images) and open (links). */
    const bannerSports = async (headers: Record<string, string>) => {
      const rows = (await post('/api/forehead/system/config/images/query', { categoryId: '1,2,3', language: 'ENG' }, headers)).json().data as Array<{ images: string; link: string }>;
      const home = (await t.inject({ url: '/ssapi/bannerList/search?pid=x&plat=pc&languageType=ENG', headers })).json().data as typeof rows;
      const sports = new Set<number>();
      for (const { images, link } of [...rows, ...home]) {
        for (const m of `${images} ${link}`.matchAll(/match-(\d+)|matchId=(\d+)/g)) sports.add(t.feed.match(Number(m[1] ?? m[2]), 'ENG')!.sportId);
        for (const [, id] of images.matchAll(/league-(\d+)/g)) sports.add(t.feed.league(Number(id))!.sportId);
      }
      return sports;
    };
    expect([...(await bannerSports({}))].some((id) => id !== FOOTBALL)).toBe(true);
    expect([...(await bannerSports(asLite))]).toEqual([FOOTBALL]);

    const roomSports = async (headers: Record<string, string>) =>
      new Set(((await t.inject({ url: '/ssapi/anchor/search?pid=lite&matchSource=all', headers })).json().data as Array<{ sportId: number }>).map((r) => r.sportId));
    expect([...(await roomSports({}))].some((id) => id !== FOOTBALL)).toBe(true);
    // Football is 1 on the live side too.
    expect([...(await roomSports(asLite))]).toEqual([FOOTBALL]);
  });

  it('lists no results of a sport switched off and refuses the result detail of one (403 / 4003)', async () => {
    const to = t.feed.now();
    const range = { beginTime: to - 2 * 3_600_000, endTime: to, size: 200 };
    const everywhere = (await post(RESULT_PATHS.matchResultList, { sportId: BASKETBALL, ...range })).json().data;
    expect(everywhere.total).toBeGreaterThan(0);
    const lite = (await post(RESULT_PATHS.matchResultList, { sportId: BASKETBALL, ...range }, asLite)).json().data;
    expect({ total: lite.total, records: lite.records }).toEqual({ total: 0, records: [] });
    expect((await post(RESULT_PATHS.matchResultList, { sportId: FOOTBALL, ...range }, asLite)).json().data.total).toBeGreaterThan(0);
    const matchId = everywhere.records[0].id;
    const detail = await post(RESULT_PATHS.getMatchDetail, { matchId }, asLite);
    expect({ status: detail.statusCode, code: detail.json().code }).toEqual({ status: 403, code: ErrorCode.SPORT_NOT_OFFERED });
    expect((await post(RESULT_PATHS.getMatchDetail, { matchId })).statusCode).toBe(200);
  });

  it('answers a basketball or tennis match screen 403 / 4003 for lite and the match for the default merchant', async () => {
    for (const sportId of [BASKETBALL, TENNIS]) {
      const match = t.feed.matches({ type: 'today', sportId })[0]!;
      const refused = await post('/api/match/getMatchDetail', { matchId: match.matchId }, asLite);
      expect({ status: refused.statusCode, body: refused.json() }).toEqual({
        status: 403,
        body: { code: ErrorCode.SPORT_NOT_OFFERED, msg: expect.stringMatching(/^matchId: match \d+ is \w+, which merchant "lite" does not offer$/), data: null },
      });
      expect((await post('/api/match/getMatchDetail', { matchId: match.matchId })).statusCode).toBe(200);
    }
  });

  it('refuses a malformed (4001) or unknown (4004) merchant header, and a fresh member of an unknown merchant', async () => {
    const bad = await post('/api/match/getList', { type: 6, current: 1, size: 10 }, { [MERCHANT_HEADER]: '../etc' });
    expect({ status: bad.statusCode, code: bad.json().code, msg: bad.json().msg }).toEqual({ status: 400, code: ErrorCode.INVALID_INPUT, msg: expect.stringContaining('x-merchant-id') });
    const unknown = await post('/api/match/getList', { type: 6, current: 1, size: 10 }, { [MERCHANT_HEADER]: 'nobody' });
    expect({ status: unknown.statusCode, code: unknown.json().code }).toEqual({ status: 404, code: ErrorCode.NOT_FOUND });
    const member = await t.inject({ method: 'POST', url: TEST_CONTROL_PATHS.members, payload: { merchantId: 'nobody' }, headers: { [OPERATOR_TOKEN_HEADER]: TOKEN } });
    expect(member.statusCode).toBe(404);
  });
});
