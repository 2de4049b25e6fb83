import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createMemoryStorage, createStorage, readUrlParams, removeTokenFromAddress, storageKey, type StorageKey } from './storage';
import type { Logger } from './logger';

const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

beforeEach(() => {
  window.localStorage.clear();
});

describe('createStorage', () => {
  it('namespaces merchant keys and shares auth, domain and deviceId', () => {
    const backend = createMemoryStorage();
    const storage = createStorage('m1', backend);
    storage.set('locale', 'ENG');
    storage.set('auth', 'tok');
    storage.set('domain', 'https://api.example');
    storage.set('deviceId', 'P123');
    expect(backend.getItem('sport-pc:m1:locale')).toBe('"ENG"');
    expect(backend.getItem('sport-pc:auth')).toBe('"tok"');
    expect(backend.getItem('sport-pc:domain')).toBe('"https://api.example"');
    expect(backend.getItem('sport-pc:deviceId')).toBe('"P123"');
    expect(storageKey('m1', 'collectedMatches')).toBe('sport-pc:m1:collectedMatches');

    const other = createStorage('m2', backend);
    expect(other.get('locale')).toBe('');
    expect(other.get('auth')).toBe('tok');
  });

  it('uses window.localStorage by default', () => {
    const storage = createStorage('m1');
    storage.set('handicapFormat', 2);
    expect(window.localStorage.getItem('sport-pc:m1:handicapFormat')).toBe('2');
    expect(storage.get('handicapFormat')).toBe(2);
  });

  it('returns the defaults when nothing is stored', () => {
    const storage = createStorage('m1', createMemoryStorage());
    expect(storage.get('collectedMatches')).toEqual([]);
    expect(storage.get('waitingOrders')).toEqual([]);
    expect(storage.get('languageFile')).toBeNull();
    expect(storage.get('locale')).toBe('');
    expect(storage.get('handicapFormat')).toBe(1);
    expect(storage.get('oddsChange')).toBe(1);
    expect(storage.get('auth')).toBeNull();
    expect(storage.get('domain')).toBeNull();
    expect(storage.get('deviceId')).toBeNull();
    expect(storage.get('betSlip')).toBeNull();
    expect(storage.get('barrageVisible')).toBe(true);
  });

  it('round-trips every key', () => {
    const storage = createStorage('m1', createMemoryStorage());
    const collected = [{ matchId: '1001', sportId: 1, sportName: 'Football' }];
    const waiting = [{ orderId: 'o1', status: 1, description: 'Home -0.5 @1.95' }, { orderId: 'o2', status: 0 }];
    const languageFile = { lng: 'CMN', data: { sports: { 1: '足球' } }, updatedAt: 1700000000000 };
    storage.set('collectedMatches', collected);
    storage.set('waitingOrders', waiting);
    storage.set('languageFile', languageFile);
    storage.set('oddsChange', 2);
    storage.set('betSlip', { mode: 'parlay', items: [1, 2] });
    storage.set('barrageVisible', false);
    expect(storage.get('collectedMatches')).toEqual(collected);
    expect(storage.get('waitingOrders')).toEqual(waiting);
    expect(storage.get('languageFile')).toEqual(languageFile);
    expect(storage.get('oddsChange')).toBe(2);
    expect(storage.get('betSlip')).toEqual({ mode: 'parlay', items: [1, 2] });
    expect(storage.get('barrageVisible')).toBe(false);
  });

  it('reads corrupt JSON back as the default without throwing', () => {
    const backend = createMemoryStorage();
    const storage = createStorage('m1', backend, silentLogger);
    for (const key of ['collectedMatches', 'waitingOrders', 'languageFile', 'locale', 'handicapFormat', 'betSlip', 'barrageVisible'])
      backend.setItem(`sport-pc:m1:${key}`, '{not json');
    backend.setItem('sport-pc:auth', 'raw-unquoted');
    expect(storage.get('collectedMatches')).toEqual([]);
    expect(storage.get('waitingOrders')).toEqual([]);
    expect(storage.get('languageFile')).toBeNull();
    expect(storage.get('locale')).toBe('');
    expect(storage.get('handicapFormat')).toBe(1);
    expect(storage.get('betSlip')).toBeNull();
    expect(storage.get('barrageVisible')).toBe(true);
    expect(storage.get('auth')).toBeNull();
  });

  // Each row [key, a stored value of the wrong type, the default read back instead].
  it.each<[StorageKey, string, unknown]>([
    ['handicapFormat', '7', 1],
    ['oddsChange', '"1"', 1],
    ['locale', '42', ''],
    ['barrageVisible', '"yes"', true],
    ['languageFile', '{"lng":"ENG","data":"x","updatedAt":1}', null],
    ['collectedMatches', '{"matchId":1}', []],
  ])('reads %s stored as %s, the wrong type, back as the default %j', (key, stored, fallback) => {
    const backend = createMemoryStorage();
    const storage = createStorage('m1', backend);
    backend.setItem(`sport-pc:m1:${key}`, stored);
    expect(storage.get(key)).toEqual(fallback);
  });

  it('drops invalid list items and keeps the valid ones', () => {
    const backend = createMemoryStorage();
    const storage = createStorage('m1', backend);
    backend.setItem(
      'sport-pc:m1:waitingOrders',
      JSON.stringify([{ orderId: 'ok', status: 4 }, { orderId: 5, status: 1 }, null, { orderId: 'x', status: '1' }]),
    );
    expect(storage.get('waitingOrders')).toEqual([{ orderId: 'ok', status: 4 }]);
  });

  it('returns fresh default lists, so callers cannot share one array', () => {
    const storage = createStorage('m1', createMemoryStorage());
    storage.get('collectedMatches').push({ matchId: 1, sportId: 1, sportName: 'x' });
    expect(storage.get('collectedMatches')).toEqual([]);
  });

  it('removes a key, and setting null removes it too', () => {
    const backend = createMemoryStorage();
    const storage = createStorage('m1', backend);
    storage.set('auth', 'tok');
    storage.remove('auth');
    expect(storage.get('auth')).toBeNull();
    storage.set('locale', 'VIE');
    storage.set('locale', null);
    expect(backend.getItem('sport-pc:m1:locale')).toBeNull();
  });

  it('clearMerchant removes only this merchant’s keys', () => {
    const backend = createMemoryStorage();
    const m1 = createStorage('m1', backend);
    const m2 = createStorage('m2', backend);
    backend.setItem('host-key', 'keep');
    m1.set('locale', 'ENG');
    m1.set('oddsChange', 0);
    m1.set('auth', 'tok');
    m2.set('locale', 'THA');
    m1.clearMerchant();
    expect(m1.get('locale')).toBe('');
    expect(m1.get('oddsChange')).toBe(1);
    expect(m1.get('auth')).toBe('tok');
    expect(m2.get('locale')).toBe('THA');
    expect(backend.getItem('host-key')).toBe('keep');
  });

  it('survives a backend that throws', () => {
    const logger: Logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
    const broken: Storage = {
      length: 0,
      clear: () => {},
      key: () => null,
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const storage = createStorage('m1', broken, logger);
    expect(storage.get('locale')).toBe('');
    expect(storage.set('locale', 'ENG')).toBe(false);
    expect(() => storage.remove('locale')).not.toThrow();
    expect(logger.warn).toHaveBeenCalled();
  });

  it('rejects an empty merchant id', () => {
    expect(() => createStorage('', createMemoryStorage())).toThrow(TypeError);
  });
});

describe('readUrlParams', () => {
  it('reads token and apiSrc without storing them (the callers check them first)', () => {
    window.localStorage.clear();
    expect(readUrlParams('?token=abc123&apiSrc=https%3A%2F%2Fapi.example&x=1')).toEqual({ token: 'abc123', apiSrc: 'https://api.example' });
    expect(window.localStorage.length).toBe(0);
  });

  it('finds nothing when the parameters are missing or empty', () => {
    expect(readUrlParams('?token=&lang=ENG')).toEqual({});
    expect(readUrlParams('')).toEqual({});
  });
});

describe('removeTokenFromAddress', () => {
  it('takes token out of the address bar and keeps the other parameters, the hash and the history state', () => {
    window.history.replaceState({ keep: 1 }, '', '/spa/sport-pc/football?merchant=demo&token=secret&apiSrc=x#odds');
    removeTokenFromAddress(window.location, window.history);
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/spa/sport-pc/football?merchant=demo&apiSrc=x#odds');
    expect(window.history.state).toEqual({ keep: 1 });
  });

  it('leaves an address without a token alone', () => {
    window.history.replaceState(null, '', '/spa/sport-pc/?merchant=demo');
    const replace = jest.spyOn(window.history, 'replaceState');
    removeTokenFromAddress(window.location, window.history);
    expect(replace).not.toHaveBeenCalled();
    replace.mockRestore();
  });
});
