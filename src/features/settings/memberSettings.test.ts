import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { SETTINGS_PATHS } from '../../../contract/paths';
import { userConfigSchema, type UserConfig } from '../../../contract/settings';
import { fakeAnswer } from '../../testing/contractFakes';
import { fakeEnv } from '../../testing/fakeEnv';
import { memberSettingsOf, SAVE_DELAY_MS } from './memberSettings';
import { createRootStore } from '../../core/store/RootStore';

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
});
afterEach(() => {
  jest.useRealTimers();
});

const stored = (over: Partial<UserConfig> = {}): UserConfig =>
  fakeAnswer(userConfigSchema, {
    handicap: 2,
    accept: 0,
    acceptList: [0, 1, 0, 0],
    push_event: 1,
    event_sort: 0,
    uid: 7,
    setup: { acme: { handicap: 4 } },
    showSettingChangableTip: true,
    ...over,
  });

/** A member of merchant `acme` signed in on a fake platform; `get` answers cfg/get, `post` cfg/set. */
function signedIn({ get = async () => stored() }: { get?: () => Promise<unknown> } = {}) {
  const { env, http } = fakeEnv();
  http.forehead.get.mockImplementation(get);
  http.forehead.post.mockImplementation(async (_url, body) => ({ ...stored(), ...JSON.parse((body as { jsonStr: string }).jsonStr) }));
  const store = createRootStore({}, env);
  store.settings.restore('en');
  store.ui.setMerchantId('acme');
  store.session.applyLoginState({ isLogin: true, token: 'tok', userData: { uid: '7', username: 'demo' } });
  const settings = memberSettingsOf(store);
  const writes = () => http.forehead.post.mock.calls.filter(([url]) => url === SETTINGS_PATHS.cfgSet).map(([, body]) => JSON.parse((body as { jsonStr: string }).jsonStr));
  return { store, env, http, settings, writes };
}

describe('member settings on the platform', () => {
  it('loads at sign-in and applies them: the merchant\'s own odds format wins, then acceptance and goal push', async () => {
    const { store, http, settings, writes } = signedIn();
    await jest.advanceTimersByTimeAsync(0);
    expect(http.forehead.get).toHaveBeenCalledWith(SETTINGS_PATHS.cfgGet, { params: { collect: 'UserConfig' } });
    expect(settings.status).toBe('ready');
    expect(store.settings.oddsFormat).toBe(4);
    expect(store.settings.oddsChange).toBe(0);
    expect(store.settings.acceptPush).toBe(1);
    expect([...store.settings.acceptList!]).toEqual([0, 1, 0, 0]);
    // Applying what was loaded is not a change to write back.
    await jest.advanceTimersByTimeAsync(SAVE_DELAY_MS * 2);
    expect(writes()).toEqual([]);
  });

  it('writes changes through once they settle, only the fields changed, odds ones also under the merchant', async () => {
    const { store, writes } = signedIn();
    await jest.advanceTimersByTimeAsync(0);
    store.settings.setOddsFormat(3);
    store.settings.setOddsChange(2);
    store.settings.applyPushSetting(undefined, [1, 1, 1, 0]);
    await jest.advanceTimersByTimeAsync(SAVE_DELAY_MS - 1);
    expect(writes()).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(writes()).toEqual([{ handicap: 3, accept: 2, acceptList: [1, 1, 1, 0], setup: { acme: { handicap: 3, accept: 2 } } }]);
    store.settings.applyPushSetting(0, undefined);
    await jest.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(writes()[1]).toEqual({ push_event: 0 });
  });

  it("keeps the member's list order on the platform: the stored one applies at sign-in and reloads the list, a new one is written", async () => {
    const { store, http, writes, env } = signedIn({ get: async () => stored({ event_sort: 1 }) });
    http.match.post.mockResolvedValue({ current: 1, pageTotal: 1, size: 50, total: 0, records: [] });
    void store.openList({ type: 2, sportId: 1 });
    await jest.advanceTimersByTimeAsync(0);
    expect(store.settings.listOrder).toBe(1);
    expect(http.match.post).toHaveBeenLastCalledWith('/api/match/getList', expect.objectContaining({ orderBy: 1 }), expect.anything());
    await jest.advanceTimersByTimeAsync(SAVE_DELAY_MS * 2);
    expect(writes()).toEqual([]);

    store.settings.setListOrder(0);
    await jest.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(writes()).toEqual([{ event_sort: 0 }]);
    // The local copy follows too, for this browser's next visit before sign-in.
    expect(env.storage.get('listOrder')).toBe(0);
  });

  it('one write at a time: a change made while one runs goes in the next', async () => {
    const { store, http, writes } = signedIn();
    await jest.advanceTimersByTimeAsync(0);
    let release!: () => void;
    http.forehead.post.mockImplementationOnce(async (_url, body) => {
      await new Promise<void>((resolve) => (release = resolve));
      return { ...stored(), ...JSON.parse((body as { jsonStr: string }).jsonStr) };
    });
    store.settings.setOddsChange(2);
    await jest.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    store.settings.setOddsChange(1);
    await jest.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(writes()).toHaveLength(1);
    release();
    await jest.advanceTimersByTimeAsync(0);
    expect(writes().map((w) => w.accept)).toEqual([2, 1]);
  });

  it('a failed write shows a toast, keeps the member\'s choice, and the next write carries it again', async () => {
    const { store, env, http, settings, writes } = signedIn();
    await jest.advanceTimersByTimeAsync(0);
    http.forehead.post.mockRejectedValueOnce(new Error('offline'));
    store.settings.setOddsFormat(1);
    await jest.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(env.toast.toasts.map((toast) => [toast.type, toast.message])).toEqual([['error', 'settings.saveFailed']]);
    expect(store.settings.oddsFormat).toBe(1);
    expect(settings.saveFailed).toBe(true);
    store.settings.setOddsChange(2);
    await jest.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(writes()[1]).toEqual({ handicap: 1, accept: 2, setup: { acme: { handicap: 1, accept: 2 } } });
    expect(settings.saveFailed).toBe(false);
  });

  it('a failed load is only logged: the local settings stay and are not written over the platform\'s', async () => {
    const { store, env, settings, writes } = signedIn({ get: async () => Promise.reject(new Error('down')) });
    store.settings.setOddsFormat(2);
    await jest.advanceTimersByTimeAsync(SAVE_DELAY_MS * 2);
    expect(settings.status).toBe('failed');
    expect(env.logger.warn).toHaveBeenCalledWith('[settings] not loaded; the app keeps its local settings', expect.any(Error));
    expect(env.toast.toasts).toEqual([]);
    expect(store.settings.oddsFormat).toBe(2);
    expect(writes()).toEqual([]);
    // What the member changes from then on is written.
    store.settings.setOddsChange(0);
    await jest.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(writes()).toEqual([{ accept: 0, setup: { acme: { handicap: 2, accept: 0 } } }]);
  });

  it('does not write back what a host\'s props changed (the host keeps its own), but still what the member changes', async () => {
    const { store, writes } = signedIn();
    await jest.advanceTimersByTimeAsync(0);
    store.applyHostProps({ isLogin: true, token: 'tok', userData: { uid: '7', username: 'demo' }, setting: { handicap: 2, accept: 2 } });
    expect(store.settings.oddsFormat).toBe(2);
    await jest.advanceTimersByTimeAsync(SAVE_DELAY_MS * 2);
    expect(writes()).toEqual([]);
    store.settings.setOddsChange(0);
    await jest.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(writes()).toEqual([{ accept: 0, setup: { acme: { handicap: 2, accept: 0 } } }]);
  });

  it('writes nothing once signed out, and loads again at the next sign-in', async () => {
    const { store, http, writes } = signedIn();
    await jest.advanceTimersByTimeAsync(0);
    store.session.clear();
    store.settings.setOddsFormat(3);
    await jest.advanceTimersByTimeAsync(SAVE_DELAY_MS * 2);
    expect(writes()).toEqual([]);
    store.session.applyLoginState({ isLogin: true, token: 'tok', userData: { uid: '7', username: 'demo' } });
    await jest.advanceTimersByTimeAsync(0);
    expect(http.forehead.get).toHaveBeenCalledTimes(2);
    expect(store.settings.oddsFormat).toBe(4);
  });
});
