import { describe, expect, it } from '@jest/globals';
import { fakeEnv, nextMount } from '../../testing/fakeEnv';
import { createRootStore } from '../../core/store/RootStore';
import { STATIC_LIST_MAX_AGE_MS } from './staticList';

const tables = { sports: [{ id: 1, name: '足球' }], marketType: { 1005: '独赢' } };

describe('staticList', () => {
  it('downloads without auth, caches with its time, and reuses the cache within a day', async () => {
    let now = 1_700_000_000_000;
    const { env, http } = fakeEnv({ now: () => now });
    http.forehead.post.mockResolvedValue(tables);
    const store = createRootStore({}, env);
    await store.staticList.load('CMN');
    expect(http.forehead.post).toHaveBeenCalledWith('/api/forehead/system/language/staticList', { language: 'CMN' }, { noAuth: true });
    expect(store.staticList.name('sports', 1)).toBe('足球');
    expect(store.staticList.name('marketType', '1005')).toBe('独赢');
    expect(store.staticList.name('sports', 99)).toBeUndefined();
    expect(env.storage.get('languageFile')).toEqual({ lng: 'CMN', data: tables, updatedAt: now });

    now += STATIC_LIST_MAX_AGE_MS - 1;
    const second = createRootStore({}, nextMount(env));
    await second.staticList.load('CMN');
    expect(http.forehead.post).toHaveBeenCalledTimes(1);
    expect(second.staticList.name('sports', 1)).toBe('足球');

    now += 1;
    await second.staticList.load('CMN');
    expect(http.forehead.post).toHaveBeenCalledTimes(2);
  });

  it('downloads again when the language changes', async () => {
    const { env, http } = fakeEnv();
    http.forehead.post.mockResolvedValueOnce(tables).mockResolvedValueOnce({ sports: [{ id: 1, name: 'Football' }] });
    const store = createRootStore({}, env);
    await store.staticList.load('CMN');
    await store.staticList.load('ENG');
    expect(store.staticList.name('sports', 1)).toBe('Football');
    expect(store.staticList.language).toBe('ENG');
  });

  it('keeps a stale file when the download fails', async () => {
    let now = 1_700_000_000_000;
    const { env, http } = fakeEnv({ now: () => now });
    http.forehead.post.mockResolvedValueOnce(tables);
    await createRootStore({}, env).staticList.load('CMN');
    now += 2 * STATIC_LIST_MAX_AGE_MS;
    http.forehead.post.mockRejectedValueOnce(new Error('offline'));
    const store = createRootStore({}, nextMount(env));
    await store.staticList.load('CMN');
    expect(store.staticList.name('sports', 1)).toBe('足球');
    expect(store.staticList.loading).toBe(false);
  });

  it('reloads the names when the member switches language, and a late answer in the old language is not applied', async () => {
    const { env, http } = fakeEnv();
    let answerOld: (v: unknown) => void = () => undefined;
    http.forehead.post.mockImplementation(async (_path: string, body?: unknown) => {
      const { language } = body as { language: string };
      if (language === 'CMN') return new Promise((resolve) => (answerOld = resolve));
      return { marketType: { 1005: language === 'ENG' ? 'Match winner' : '?' } };
    });
    const store = createRootStore({}, env);
    const first = store.staticList.load('CMN');
    store.settings.commitLocale('en');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(http.forehead.post).toHaveBeenLastCalledWith('/api/forehead/system/language/staticList', { language: 'ENG' }, { noAuth: true });
    expect(store.staticList.name('marketType', 1005)).toBe('Match winner');
    answerOld(tables);
    await first;
    expect(store.staticList.name('marketType', 1005)).toBe('Match winner');
    expect(store.staticList.language).toBe('ENG');
    expect(store.staticList.loading).toBe(false);
  });

  it('does not load on a language restored before the first load', () => {
    const { env, http } = fakeEnv();
    const store = createRootStore({}, env);
    store.settings.commitLocale('en');
    expect(http.forehead.post).not.toHaveBeenCalled();
  });
});
