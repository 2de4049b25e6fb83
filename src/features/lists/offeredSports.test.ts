import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { MatchPage, WireMatch } from '../../../contract';
import { ErrorCode } from '../../../contract/errors';
import { anchorRoom } from '../../testing/anchorFixtures';
import { fakeBettingService, memberState, selection, settle } from '../../testing/bettingFixtures';
import { fakeEnv, nextMount } from '../../testing/fakeEnv';
import { wireMatch } from '../../testing/matchFixtures';
import { offeredSportsOf } from '../../kernel/sports';
import { ApiError } from '../../services/http';
import { SlipReason } from '../slip/domain/slipReasons';
import { anchorsOf } from '../liveRoom/anchors/anchors';
import { hotOf } from './hot/hot';
import { matchDetailOf } from '../match/matchDetail';
import { createRootStore } from '../../core/store/RootStore';
import { searchOf } from '../search/search';

/** Merchant `lite` (config/merchants/lite.json): football on, basketball and every other sport off. */
const LITE = offeredSportsOf({ plugins: [{ id: 'sport-football', enabled: true }, { id: 'sport-basketball', enabled: false }, { id: 'sport-generic', enabled: false }] });
const FOOTBALL = 1;
const BASKETBALL = 3;
const TENNIS = 5;
/** Basketball's id on the live side (scheme C). */
const BASKETBALL_C = 2;

const football = (matchId: number) => wireMatch({ matchId, sportId: FOOTBALL, media: { videos: [{ line: 1, pc: '/v', h5: '/v' }], animation: null } });
const basketball = (matchId: number) => wireMatch({ matchId, sportId: BASKETBALL, media: { videos: [{ line: 1, pc: '/v', h5: '/v' }], animation: null } });
const pageOf = (records: WireMatch[]): MatchPage => ({ current: 1, pageTotal: 1, size: 50, total: records.length, records });

/**
 * Issue 28: a sport the merchant switched off is off in every store, whatever the platform answers (an operator's own
 * platform may not leave it out as this one does). One answer decides: env.sports, the kernel's offeredSportsOf.
 */
describe('sports the merchant switched off', () => {
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('the rule: a sport is offered when its plugin is on and the plugin’s sport extension is not switched off', () => {
    expect([LITE.offers(FOOTBALL, 'A'), LITE.offers(BASKETBALL, 'A'), LITE.offers(TENNIS, 'A'), LITE.offers(BASKETBALL_C, 'C')]).toEqual([true, false, false, false]);
    expect({ ids: LITE.idsA, all: LITE.all }).toEqual({ ids: [FOOTBALL], all: false });
    const noListing = offeredSportsOf({ plugins: [{ id: 'sport-football', enabled: true }, { id: 'sport-football/sport', enabled: false }, { id: 'sport-basketball', enabled: true }] });
    expect(noListing.idsA).toEqual([BASKETBALL]);
    const every = offeredSportsOf({ plugins: ['sport-football', 'sport-basketball', 'sport-generic'].map((id) => ({ id, enabled: true })) });
    expect(every.all).toBe(true);
  });

  it('home’s live cards, the live video picker’s source and the hot view never hold a basketball match', async () => {
    const { env, http } = fakeEnv({ sports: LITE });
    http.match.post.mockResolvedValue(pageOf([basketball(1), football(2), basketball(3)]));
    const store = createRootStore({}, env);
    await store.home.loadLive();
    expect(store.home.liveNow.map((m) => m.matchId)).toEqual([2]);
    await hotOf(store).load([9]);
    expect(hotOf(store).section.records.map((m) => m.matchId)).toEqual([2, 2]);
    store.dispose();
  });

  it('hot leagues of basketball are neither offered to home and the hot view nor counted', async () => {
    const { env, http } = fakeEnv({ sports: LITE });
    const league = (id: number, sportId: number, count: number) => ({ id, logoUrl: '', count, name: `L${id}`, sportId });
    http.match.post.mockResolvedValue({ ht: 12, tc: 40, hls: [league(4, FOOTBALL, 5), league(5, BASKETBALL, 7)], sl: [] });
    const store = createRootStore({}, env);
    await store.statistics.load();
    expect({ ids: store.statistics.hotLeagueIds, count: store.statistics.hotCount }).toEqual({ ids: [4], count: 5 });
    store.dispose();
  });

  it('a list link to basketball opens the first sport offered (football) instead', async () => {
    const { env, http } = fakeEnv({ sports: LITE });
    http.match.post.mockResolvedValue(pageOf([football(2)]));
    const store = createRootStore({}, env);
    await store.openList({ sportId: BASKETBALL });
    expect({ list: store.matchList.sportId, menu: store.ui.activeSportId }).toEqual({ list: FOOTBALL, menu: FOOTBALL });
    expect(http.match.post).toHaveBeenCalledWith('/api/match/getList', expect.objectContaining({ sportIds: String(FOOTBALL) }), { noAuth: true });
    store.dispose();
  });

  it('search leaves out the groups of sports switched off', async () => {
    const { env, http } = fakeEnv({ sports: LITE });
    http.match.post.mockResolvedValue({ groups: [{ sportId: FOOTBALL, matches: [football(2)] }, { sportId: BASKETBALL, matches: [basketball(1)] }] });
    const store = createRootStore({}, env);
    searchOf(store).setQuery('lakers');
    await jest.advanceTimersByTimeAsync(300);
    expect(searchOf(store).groups.map((g) => g.sportId)).toEqual([FOOTBALL]);
    store.dispose();
  });

  it('a basketball match screen is unavailable, whether the platform answered it or refused it (4003); no other match shows in its place', async () => {
    const { env, http } = fakeEnv({ sports: LITE });
    http.match.post.mockImplementation(async (url: string) => (url === '/api/match/getMatchDetail' ? { ...basketball(7), betGroups: [] } : pageOf([football(2)])));
    const store = createRootStore({}, env);
    const detail = matchDetailOf(store);
    await detail.open(7);
    expect({ status: detail.status, match: detail.match }).toEqual({ status: 'unavailable', match: undefined });

    http.match.post.mockImplementation(async (url: string) => {
      if (url === '/api/match/getMatchDetail') throw new ApiError({ code: ErrorCode.SPORT_NOT_OFFERED, message: 'matchId: match 8 is basketball', service: 'match', httpStatus: 403 });
      return pageOf([football(2)]);
    });
    await detail.open(8);
    expect({ status: detail.status, match: detail.match }).toEqual({ status: 'unavailable', match: undefined });
    store.dispose();
  });

  it('hides live rooms on basketball matches', async () => {
    const { env, http } = fakeEnv({ sports: LITE });
    http.media.get.mockResolvedValue([anchorRoom(8001, 100), anchorRoom(8002, 200, { sportId: BASKETBALL_C, match: { matchType: 1, liveStatus: 1, half: 1, sportId: BASKETBALL_C, liveStatusFormat: 'Live', matchStatusFormat: 'Q1' } })]);
    http.forehead.post.mockResolvedValue(0);
    const store = createRootStore({}, env);
    const anchors = anchorsOf(store);
    await jest.advanceTimersByTimeAsync(0);
    expect(anchors.visible.map((a) => a.liveRoomId)).toEqual([8001]);
    store.dispose();
  });

  it('favourites of a sport switched off are neither restored nor counted', () => {
    const { env } = fakeEnv({ sports: LITE });
    env.storage.set('collectedMatches', [
      { matchId: 5, sportId: FOOTBALL, sportName: 'Football' },
      { matchId: 6, sportId: BASKETBALL, sportName: 'Basketball' },
    ]);
    const store = createRootStore({}, env);
    expect({ ids: store.favourites.items.map((i) => i.matchId), count: store.favourites.count }).toEqual({ ids: [5], count: 1 });
    store.dispose();
  });

  it('the slip refuses a basketball price with a notice, for visitors too, and drops a stored basketball selection', async () => {
    const { env, http } = fakeEnv({ sports: LITE });
    fakeBettingService(http);
    const warn = jest.spyOn(env.toast, 'warn');
    const store = createRootStore({}, env);
    expect(store.betSlip.add(selection(1, { sportId: BASKETBALL }))).toBe('refused');
    expect(store.betSlip.pending).toBeUndefined();
    store.applyHostProps(memberState());
    env.events.emit('betSlip.add', selection(2, { sportId: BASKETBALL }));
    expect(store.betSlip.add(selection(3))).toBe('added');
    await settle();
    expect(store.betSlip.entries.map((e) => e.matchId)).toEqual([3]);
    expect(warn).toHaveBeenCalledWith(`reason.${SlipReason.SportNotOffered}`);

    const stored = env.storage.get('betSlip') as { entries: Array<Record<string, unknown>> };
    env.storage.set('betSlip', { ...stored, entries: [...stored.entries, { ...stored.entries[0], matchId: 4, marketId: 400, sportId: BASKETBALL }] });
    const again = createRootStore({}, nextMount(env));
    expect(again.betSlip.entries.map((e) => e.matchId)).toEqual([3]);
    store.dispose();
    again.dispose();
  });
});
