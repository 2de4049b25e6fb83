import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { FOOTBALL_MATCH, footballEventPush } from '../../testing/matchDataFixtures';
import { fakeEnv } from '../../testing/fakeEnv';
import { PushChannel } from '../../../contract/channels';
import { SETTINGS_PATHS } from '../../../contract/paths';
import { existingGoalPush, goalPushOf, unsettledMatchIds } from './goalPush';
import { memberSettingsOf, SAVE_DELAY_MS } from '../settings/memberSettings';
import { createRootStore } from '../../core/store/RootStore';

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
});
afterEach(() => {
  jest.useRealTimers();
});

function started() {
  const { env } = fakeEnv();
  const store = createRootStore({}, env);
  store.settings.restore('en');
  // Scope "all matches" (accept list index 2), as a host sends it.
  store.settings.applyPushSetting(1, [0, 0, 1, 0]);
  goalPushOf(store);
  const subscribe = env.push.subscribe as jest.Mock<(channel: string, handler: (data: unknown) => void) => () => void>;
  const [channel, handler] = subscribe.mock.calls[0]!;
  return { store, env, channel, push: handler };
}

describe('the goal push (batter) popup', () => {
  it('shows a goal from football:js1 and hides 5 s later (spec: batter popup hides after 5 s)', async () => {
    const { store, channel, push } = started();
    expect(channel).toBe(PushChannel.footballEvent);
    push(footballEventPush());
    expect(goalPushOf(store).popup).toEqual({ matchId: FOOTBALL_MATCH, kind: 'homeScore', text: 'GOAL! Header from six yards', home: '', away: '', homeScore: 1, awayScore: 0 });
    await jest.advanceTimersByTimeAsync(4999);
    expect(goalPushOf(store).popup).toBeDefined();
    await jest.advanceTimersByTimeAsync(1);
    expect(goalPushOf(store).popup).toBeUndefined();
  });

  it('a newer event replaces the one showing and gets its own 5 s', async () => {
    const { store, push } = started();
    push(footballEventPush());
    await jest.advanceTimersByTimeAsync(3000);
    push(footballEventPush({ type: 17, team: 'away', homeScore: 1, awayScore: 1 }));
    expect(goalPushOf(store).popup?.kind).toBe('guestScore');
    await jest.advanceTimersByTimeAsync(3000);
    expect(goalPushOf(store).popup?.kind).toBe('guestScore');
    await jest.advanceTimersByTimeAsync(2000);
    expect(goalPushOf(store).popup).toBeUndefined();
  });

  it('an own goal names the side whose score rose, which the feed tags it with (0-1 is an away goal)', () => {
    const { store, push } = started();
    push(footballEventPush({ type: 17, code: 'ownGoal', team: 'away', homeScore: 0, awayScore: 1 }));
    expect(goalPushOf(store).popup).toMatchObject({ kind: 'guestScore', homeScore: 0, awayScore: 1 });
    push(footballEventPush({ type: 17, code: 'ownGoal', team: 'home', homeScore: 1, awayScore: 1 }));
    expect(goalPushOf(store).popup).toMatchObject({ kind: 'homeScore', homeScore: 1, awayScore: 1 });
  });

  it('reports the kick-off, ignores other events and restarts, and closes at once on hide', async () => {
    const { store, push } = started();
    push(footballEventPush({ type: 2, team: 'away' }));
    push(footballEventPush({ type: 10, period: 3, team: null }));
    expect(goalPushOf(store).popup).toBeUndefined();
    push(footballEventPush({ type: 10, period: 1, team: null }));
    expect(goalPushOf(store).popup?.kind).toBe('begin');
    goalPushOf(store).hide();
    expect(goalPushOf(store).popup).toBeUndefined();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('loads and listens only once the member\'s push setting asks for it', async () => {
    const { env } = fakeEnv();
    const store = createRootStore({}, env);
    store.watchGoalPush();
    await jest.advanceTimersByTimeAsync(0);
    expect(existingGoalPush(store)).toBeUndefined();
    expect(env.push.subscribe).not.toHaveBeenCalledWith(PushChannel.footballEvent, expect.anything());
    store.settings.applyPushSetting(1, [1, 0, 0, 0]);
    await jest.advanceTimersByTimeAsync(0);
    expect(existingGoalPush(store)).toBeDefined();
    expect(env.push.subscribe).toHaveBeenCalledWith(PushChannel.footballEvent, expect.any(Function));
  });

  it('shows nothing without an accept list, when the member turned goal push off, or outside the scope', () => {
    const visitor = createRootStore({}, fakeEnv().env);
    goalPushOf(visitor).receive(footballEventPush());
    expect(goalPushOf(visitor).popup).toBeUndefined();

    const { store, push } = started();
    store.settings.applyPushSetting(0, undefined);
    push(footballEventPush());
    expect(goalPushOf(store).popup).toBeUndefined();
    store.settings.applyPushSetting(1, [1, 0, 0, 0]);
    push(footballEventPush());
    expect(goalPushOf(store).popup).toBeUndefined();
    store.favourites.toggle({ matchId: FOOTBALL_MATCH, sportId: 1 });
    push(footballEventPush());
    expect(goalPushOf(store).popup?.matchId).toBe(FOOTBALL_MATCH);
    goalPushOf(store).hide();
    store.favourites.toggle({ matchId: FOOTBALL_MATCH, sportId: 1 });
    store.settings.applyPushSetting(1, [0, 0, 1, 0]);
    push(footballEventPush({ homeScore: 2 }));
    expect(goalPushOf(store).popup?.matchId).toBe(FOOTBALL_MATCH);
    goalPushOf(store).hide();
  });
});

/** A bet list page as the platform answers it (short keys): one order per match id, each with one leg. */
const betList = (...matchIds: number[]) => ({ records: matchIds.map((mid, i) => ({ id: `${i}`, ops: [{ mid, sid: 1 }] })), total: matchIds.length });

describe('the goal push scope and what it shows', () => {
  it('reads the unsettled bet list\'s matches (scope 1) from every leg of every order', () => {
    expect([...unsettledMatchIds(betList(5, 6))]).toEqual([5, 6]);
    expect([...unsettledMatchIds({ records: [{ ops: [{ mid: 5 }, { mid: 9 }] }, { ops: 'x' }, null] })]).toEqual([5, 9]);
    expect([...unsettledMatchIds(undefined)]).toEqual([]);
  });

  it.each([
    ['0 collected', [1, 0, 0, 0], (store: ReturnType<typeof started>['store']) => store.favourites.toggle({ matchId: FOOTBALL_MATCH, sportId: 1 })],
    ['1 unsettled orders', [0, 1, 0, 0], () => undefined],
    ['2 all matches', [0, 0, 1, 0], () => undefined],
  ] as const)('scope %s: a match in it pops up, one outside does not', async (_, scopes, bringIntoScope) => {
    const { store, env, push } = started();
    const http = env.http as unknown as { betting: { post: jest.Mock<(url: string, body: unknown) => Promise<unknown>> } };
    http.betting.post.mockResolvedValue(betList(FOOTBALL_MATCH));
    store.session.applyLoginState({ isLogin: true, token: 'tok', userData: { uid: '7', username: 'demo' } });
    store.settings.applyPushSetting(1, scopes);
    await jest.advanceTimersByTimeAsync(0);
    bringIntoScope(store);
    push(footballEventPush({ matchId: FOOTBALL_MATCH + 1 }));
    // Only scope 2 takes a match the member neither starred nor bet on.
    expect(goalPushOf(store).popup?.matchId).toBe(scopes[2] === 1 ? FOOTBALL_MATCH + 1 : undefined);
    goalPushOf(store).hide();
    push(footballEventPush());
    expect(goalPushOf(store).popup?.matchId).toBe(FOOTBALL_MATCH);
  });

  it('scope 1 reads the orders again after a bet (the balance refresh that follows it) and forgets them at sign-out', async () => {
    const { store, env, push } = started();
    const http = env.http as unknown as { betting: { post: jest.Mock<(url: string, body: unknown) => Promise<unknown>> } };
    http.betting.post.mockResolvedValue(betList());
    store.session.applyLoginState({ isLogin: true, token: 'tok', userData: { uid: '7', username: 'demo' } });
    store.settings.applyPushSetting(1, [0, 1, 0, 0]);
    await jest.advanceTimersByTimeAsync(0);
    expect(http.betting.post).toHaveBeenCalledWith('/v1/order/new/bet/list', { isSettled: false, current: 1, size: 200 });
    push(footballEventPush());
    expect(goalPushOf(store).popup).toBeUndefined();
    http.betting.post.mockResolvedValue(betList(FOOTBALL_MATCH));
    store.session.wantBalance();
    await jest.advanceTimersByTimeAsync(0);
    push(footballEventPush({ homeScore: 2 }));
    expect(goalPushOf(store).popup?.matchId).toBe(FOOTBALL_MATCH);
    goalPushOf(store).hide();
    store.session.clear();
    push(footballEventPush({ homeScore: 3 }));
    expect(goalPushOf(store).popup).toBeUndefined();
  });

  it('shows one event once, however often it arrives, with the teams and score in the member\'s language', () => {
    const { store, push } = started();
    const teams = { home: { ENG: 'Lions', CMN: '狮子' }, away: { ENG: 'Tigers', CMN: '老虎' } };
    push({ ...footballEventPush(), teams });
    expect(goalPushOf(store).popup).toMatchObject({ home: 'Lions', away: 'Tigers', homeScore: 1, awayScore: 0 });
    goalPushOf(store).hide();
    push({ ...footballEventPush(), teams });
    expect(goalPushOf(store).popup).toBeUndefined();
    // The next goal of the same match is another event.
    push({ ...footballEventPush({ homeScore: 2 }), teams });
    expect(goalPushOf(store).popup?.homeScore).toBe(2);
  });

  it('opens the goal-push alert with the first popup; "got it" is stored with the member\'s settings', async () => {
    const { store, env, push } = started();
    const http = env.http as unknown as { forehead: { get: jest.Mock<() => Promise<unknown>>; post: jest.Mock<(url: string, body: unknown) => Promise<unknown>> } };
    http.forehead.get.mockResolvedValue({ handicap: 1, accept: 1, acceptList: [0, 0, 1, 0], push_event: 1, event_sort: 0, uid: 7, setup: {}, showSettingChangableTip: true });
    http.forehead.post.mockResolvedValue({ handicap: 1, accept: 1, acceptList: [0, 0, 1, 0], push_event: 1, event_sort: 0, uid: 7, setup: {}, showSettingChangableTip: false });
    store.session.applyLoginState({ isLogin: true, token: 'tok', userData: { uid: '7', username: 'demo' } });
    memberSettingsOf(store);
    await jest.advanceTimersByTimeAsync(0);
    push(footballEventPush());
    expect(goalPushOf(store).alertOpen).toBe(true);
    goalPushOf(store).confirmAlert();
    await jest.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(http.forehead.post).toHaveBeenCalledWith(SETTINGS_PATHS.cfgSet, { collect: 'UserConfig', jsonStr: '{"showSettingChangableTip":false}' });
    push(footballEventPush({ homeScore: 2 }));
    expect(goalPushOf(store).alertOpen).toBe(false);
  });

  it('does not open the alert for a member who confirmed it before (in another browser)', async () => {
    const { store, env, push } = started();
    const http = env.http as unknown as { forehead: { get: jest.Mock<() => Promise<unknown>> } };
    http.forehead.get.mockResolvedValue({ handicap: 1, accept: 1, acceptList: [0, 0, 1, 0], push_event: 1, event_sort: 0, uid: 7, setup: {}, showSettingChangableTip: false });
    store.session.applyLoginState({ isLogin: true, token: 'tok', userData: { uid: '7', username: 'demo' } });
    memberSettingsOf(store);
    await jest.advanceTimersByTimeAsync(0);
    push(footballEventPush());
    expect(goalPushOf(store).popup).toBeDefined();
    expect(goalPushOf(store).alertOpen).toBe(false);
  });
});
