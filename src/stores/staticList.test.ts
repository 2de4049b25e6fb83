import { describe, expect, it } from '@jest/globals';
import { fakeEnv } from '../testing/fakeEnv';
import { createRootStore } from './RootStore';
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
    const second = createRootStore({}, env);
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
    const store = createRootStore({}, env);
    await store.staticList.load('CMN');
    expect(store.staticList.name('sports', 1)).toBe('足球');
    expect(store.staticList.loading).toBe(false);
  });
});
