import { describe, expect, it, jest } from '@jest/globals';
import type { FootballTextEntry } from '../../contract/matchData';
import type { PushHandler } from '../../src/sdk';
import { MatchDataStore } from '../../src/sdk/testing';
import footballSource, { followFootballText, footballText, statsFromPush } from './matchData';

const silent = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
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
    for (const h of [...(handlers.get(channel) ?? [])]) h(data);
  };
  const store = new MatchDataStore({ http: { match: { get } } as never, push, now: () => 1763700000000, logger: silent });
  return { store, get, deliver, handlers };
}

const line = (over: Partial<FootballTextEntry> = {}): FootballTextEntry => ({ type: 2, minute: "11'", second: 600, team: 'home', text: 'Corner', ...over });

describe("football's match data", () => {
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

  it('names the zq routes of the line-ups and intelligence the core draws', async () => {
    const { store, get } = setup();
    get.mockResolvedValue([]);
    await footballSource.lineup(store, 9, 'ENG').load();
    await footballSource.intelligence(store, 9, 'ENG').load();
    expect(get.mock.calls.map(([path]) => path)).toEqual(['/api/score/zq/lineup', '/api/match/zq/intelligence']);
    expect(get).toHaveBeenCalledWith('/api/score/zq/lineup', { params: { id: 9, language: 'ENG', plat: 'pc', t: 1763700000000 }, noAuth: true });
  });

  it('appends pushed football events while shown, refetches when a load is in flight, and stops on unsubscribe', async () => {
    const { store, get, deliver, handlers } = setup();
    const first = deferred<unknown>();
    get.mockReturnValueOnce(first.promise);
    const remote = footballText(store, 9, 'ENG');
    const stop = followFootballText(store, 9, 'ENG');
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
});
