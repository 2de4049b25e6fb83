import { describe, expect, it, jest } from '@jest/globals';
import type { PushHandler } from '../services/push';
import { fakeEnv } from '../testing/fakeEnv';
import { createRootStore } from './RootStore';
import {
  matchDataOf,
  MatchDataStore,
  createRemote,
  statsFromPush,
  type FootballTextLine,
} from './matchData';
import { footballMinute, lineFromEvent, withoutTimePrefix } from './footballEvents';

const silent = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup() {
  const get = jest.fn<(url: string, config?: unknown) => Promise<unknown>>();
  const handlers = new Map<string, Set<PushHandler>>();
  const push = {
    subscribe: jest.fn((channel: string, handler?: PushHandler) => {
      const set = handlers.get(channel) ?? new Set<PushHandler>();
      handlers.set(channel, set);
      if (handler) set.add(handler);
      return () => void (handler && set.delete(handler));
    }),
  };
  const deliver = (channel: string, data: unknown) => {
    for (const h of [...(handlers.get(channel) ?? [])]) h(data, { chId: channel, data });
  };
  const store = new MatchDataStore({ http: { match: { get } } as never, push, now: () => 1763700000000, logger: silent });
  return { store, get, push, deliver, handlers };
}

const line = (over: Partial<FootballTextLine> = {}): FootballTextLine => ({ type: 2, minute: "11'", second: 600, team: 'home', text: 'Corner', ...over });

describe('Remote', () => {
  it('lets a newer load win over an older slower one', async () => {
    const answers = [deferred<string>(), deferred<string>()];
    let call = 0;
    const remote = createRemote(() => answers[call++]!.promise, silent);
    const first = remote.load();
    const second = remote.load();
    answers[1]!.resolve('new');
    await second;
    answers[0]!.resolve('old');
    await first;
    expect(remote.data).toBe('new');
    expect(remote.status).toBe('ready');
  });

  it('serves refreshes asked for during a load with one follow-up after it', async () => {
    const answers: Array<ReturnType<typeof deferred<number>>> = [];
    const remote = createRemote(() => {
      const d = deferred<number>();
      answers.push(d);
      return d.promise;
    }, silent);
    remote.ensure();
    const followUp = remote.refresh();
    expect(remote.refresh()).toBe(followUp);
    expect(answers).toHaveLength(1);
    answers[0]!.resolve(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(answers).toHaveLength(2);
    expect(remote.data).toBe(1);
    expect(remote.refreshing).toBe(true);
    answers[1]!.resolve(2);
    await followUp;
    expect(answers).toHaveLength(2);
    expect(remote.data).toBe(2);
    expect(remote.refreshing).toBe(false);
  });

  it('fails a first load, keeps shown data when a refresh fails, and retries', async () => {
    const fetcher = jest.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce('ok').mockRejectedValueOnce(new Error('down again'));
    const remote = createRemote(fetcher, silent);
    remote.ensure();
    expect(remote.status).toBe('loading');
    await new Promise((r) => setTimeout(r, 0));
    expect(remote.status).toBe('failed');
    await remote.load();
    expect(remote.status).toBe('ready');
    await remote.refresh();
    expect(remote.status).toBe('ready');
    expect(remote.data).toBe('ok');
    expect(remote.refreshing).toBe(false);
    remote.ensure();
    expect(fetcher).toHaveBeenCalledTimes(3);
  });
});

describe('helpers', () => {
  it('shows football minutes as the platform does and strips event-time prefixes', () => {
    expect(footballMinute(0, 1)).toBe("1'");
    expect(footballMinute(46 * 60 + 30, 1)).toBe("45+2'");
    expect(footballMinute(60 * 60, 3)).toBe("61'");
    expect(withoutTimePrefix("45+2'：Goal")).toBe('Goal');
    expect(withoutTimePrefix('67′ - Corner')).toBe('Corner');
    expect(withoutTimePrefix('Kick-off at 3pm')).toBe('Kick-off at 3pm');
  });

  it('reads a js1 event in the member language, falling back to Chinese', () => {
    const data = { kind: 'event', matchId: 7, event: { type: 3, second: 130, period: 1, team: 'away', text: { CMN: "3' 黄牌", ENG: "3' Yellow card" } } };
    expect(lineFromEvent(data, 'ENG')).toEqual({ matchId: 7, line: { type: 3, minute: "3'", second: 130, team: 'away', text: 'Yellow card' } });
    expect(lineFromEvent(data, 'THA')?.line.text).toBe('黄牌');
    expect(lineFromEvent({ kind: 'event', matchId: 7, event: { type: 3 } }, 'ENG')).toBeUndefined();
    expect(lineFromEvent({ kind: 'score', matchId: 7 }, 'ENG')).toBeUndefined();
  });

  it('reads a tec push into technic and labelled rows', () => {
    const pushed = statsFromPush({ matchId: 7, stats: [{ key: 'corners', name: { CMN: '角球', ENG: 'Corners' }, home: 3, away: 1 }, { key: 'freeKicks', name: { ENG: 'Free Kicks' }, home: 2, away: 2 }] }, 'ENG');
    expect(pushed?.technic?.corners).toEqual({ home: 3, away: 1 });
    expect(pushed?.technic?.possession).toEqual({ home: 0, away: 0 });
    expect(pushed?.stats).toEqual([
      { key: 'corners', name: 'Corners', home: 3, away: 1 },
      { key: 'freeKicks', name: 'Free Kicks', home: 2, away: 2 },
    ]);
    expect(statsFromPush({ matchId: 7, stats: [] }, 'ENG')?.technic).toBeNull();
    expect(statsFromPush({ matchId: 7 }, 'ENG')).toBeUndefined();
  });
});

describe('MatchDataStore', () => {
  it('asks the match host anonymously with plat, t and language, and reuses an answer per match and language', async () => {
    const { store, get } = setup();
    get.mockResolvedValue(['a']);
    const remote = store.analysis(5, 'ENG');
    expect(store.analysis(5, 'ENG')).toBe(remote);
    expect(store.analysis(5, 'CMN')).not.toBe(remote);
    remote.ensure();
    remote.ensure();
    await remote.refresh();
    expect(get).toHaveBeenCalledWith('/api/match/analysis', { params: { id: 5, language: 'ENG', plat: 'pc', t: 1763700000000 }, noAuth: true });
    expect(store.basketballText(5, 4, 'ENG')).not.toBe(store.basketballText(5, 5, 'ENG'));
  });

  it('appends pushed football events while shown, refetches when a load is in flight, and stops on unsubscribe', async () => {
    const { store, get, deliver, handlers } = setup();
    const first = deferred<unknown>();
    get.mockReturnValueOnce(first.promise);
    const remote = store.footballText(9, 'ENG');
    const stop = store.followFootballText(9, 'ENG');
    remote.ensure();
    const event = { kind: 'event', matchId: 9, event: { type: 1, second: 1200, period: 1, team: 'home', text: { ENG: 'Goal' } } };
    // Racing the first load: the answer is refetched rather than patched.
    get.mockResolvedValueOnce([line({ type: 1, minute: "21'", second: 1200, text: 'Goal' }), line()]);
    deliver('football:js1', event);
    first.resolve([line()]);
    await remote.refresh();
    expect(remote.data).toHaveLength(2);
    expect(get).toHaveBeenCalledTimes(2);

    deliver('football:js1', { ...event, event: { ...event.event, type: 2, second: 1300, text: { ENG: "22' Corner" } } });
    expect(remote.data?.[0]).toEqual({ type: 2, minute: "22'", second: 1300, team: 'home', text: 'Corner' });
    deliver('football:js1', event);
    expect(remote.data).toHaveLength(3);
    expect(get).toHaveBeenCalledTimes(2);

    stop();
    expect(handlers.get('football:js1')?.size).toBe(0);
  });

  it('matchDataOf makes one store per root, on first use, and closes it with the root', () => {
    const { env } = fakeEnv();
    const root = createRootStore({}, env);
    const store = matchDataOf(root);
    expect(matchDataOf(root)).toBe(store);
    expect(matchDataOf(createRootStore({}, fakeEnv().env))).not.toBe(store);
    const close = jest.spyOn(store, 'close');
    root.dispose();
    expect(close).toHaveBeenCalled();
  });
});
