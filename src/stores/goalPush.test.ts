import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { FOOTBALL_MATCH, footballEventPush } from '../testing/matchDataFixtures';
import { fakeEnv } from '../testing/fakeEnv';
import { FOOTBALL_EVENT_CHANNEL } from './footballEvents';
import { existingGoalPush, goalPushOf } from './goalPush';
import { createRootStore } from './RootStore';

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
    expect(channel).toBe(FOOTBALL_EVENT_CHANNEL);
    push(footballEventPush());
    expect(goalPushOf(store).popup).toEqual({ matchId: FOOTBALL_MATCH, kind: 'homeScore', text: 'GOAL! Header from six yards' });
    await jest.advanceTimersByTimeAsync(4999);
    expect(goalPushOf(store).popup).toBeDefined();
    await jest.advanceTimersByTimeAsync(1);
    expect(goalPushOf(store).popup).toBeUndefined();
  });

  it('a newer event replaces the one showing and gets its own 5 s', async () => {
    const { store, push } = started();
    push(footballEventPush());
    await jest.advanceTimersByTimeAsync(3000);
    push(footballEventPush({ type: 17, team: 'home' }));
    expect(goalPushOf(store).popup?.kind).toBe('guestScore');
    await jest.advanceTimersByTimeAsync(3000);
    expect(goalPushOf(store).popup?.kind).toBe('guestScore');
    await jest.advanceTimersByTimeAsync(2000);
    expect(goalPushOf(store).popup).toBeUndefined();
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
    expect(env.push.subscribe).not.toHaveBeenCalledWith(FOOTBALL_EVENT_CHANNEL, expect.anything());
    store.settings.applyPushSetting(1, [1, 0, 0, 0]);
    await jest.advanceTimersByTimeAsync(0);
    expect(existingGoalPush(store)).toBeDefined();
    expect(env.push.subscribe).toHaveBeenCalledWith(FOOTBALL_EVENT_CHANNEL, expect.any(Function));
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
    push(footballEventPush());
    expect(goalPushOf(store).popup?.matchId).toBe(FOOTBALL_MATCH);
    goalPushOf(store).hide();
  });
});
