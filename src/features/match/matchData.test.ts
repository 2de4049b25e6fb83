import { describe, expect, it, jest } from '@jest/globals';
import type { PushHandler } from '../../services/push';
import { fakeEnv } from '../../testing/fakeEnv';
import { createRootStore } from '../../core/store/RootStore';
import { createRemote, matchDataOf, MatchDataStore } from './matchData';
import { deferred } from '../../testing/deferred';

const silent = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };

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
    expect(store.answer('/api/score/lq/TextLive', { id: 5, section: 4, language: 'ENG' })).not.toBe(store.answer('/api/score/lq/TextLive', { id: 5, section: 5, language: 'ENG' }));
    expect(store.answer('/api/match/analysis', { id: 5, language: 'ENG' })).toBe(remote);
  });

  it('keeps the 48 most recently used answers', () => {
    const { store } = setup();
    const first = store.analysis(1, 'ENG');
    const second = store.analysis(2, 'ENG');
    for (let id = 3; id <= 48; id++) store.analysis(id, 'ENG');
    expect(store.analysis(1, 'ENG')).toBe(first);
    store.analysis(49, 'ENG');
    expect(store.analysis(1, 'ENG')).toBe(first);
    expect(store.analysis(2, 'ENG')).not.toBe(second);
  });

  it('refetches an answer on the pushes that concern it, and stops on unsubscribe', async () => {
    const { store, get, deliver, handlers } = setup();
    get.mockResolvedValue(['a']);
    const remote = store.analysis(5, 'ENG');
    await remote.load();
    const stop = store.refreshOn('lineup:status', (data) => (data as { matchId?: number }).matchId === 5, () => remote);
    deliver('lineup:status', { matchId: 6 });
    expect(get).toHaveBeenCalledTimes(1);
    deliver('lineup:status', { matchId: 5 });
    expect(get).toHaveBeenCalledTimes(2);
    stop();
    expect(handlers.get('lineup:status')?.size).toBe(0);
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
