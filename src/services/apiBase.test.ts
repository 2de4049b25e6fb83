import { describe, expect, it, jest } from '@jest/globals';
import { chooseApiBase, type ChooseApiBaseInput } from './apiBase';
import { createMemoryStorage, createStorage } from './storage';

const PAGE = 'https://sports.example';

function choose(over: Partial<ChooseApiBaseInput> = {}) {
  const storage = over.storage ?? createStorage('m1', createMemoryStorage());
  const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
  const base = chooseApiBase({ hostApiSrc: undefined, urlApiSrc: undefined, storage, pageOrigin: PAGE, serviceOrigins: ['https://api.example'], logger, ...over });
  return { base, storage, warn: logger.warn };
}

describe('chooseApiBase', () => {
  it('stores and uses an apiSrc of an allowed service origin (the spec behaviour)', () => {
    const { base, storage, warn } = choose({ urlApiSrc: 'https://api.example/' });
    expect(base).toBe('https://api.example');
    expect(storage.get('domain')).toBe('https://api.example/');
    expect(warn).not.toHaveBeenCalled();
  });

  it("always allows the page's own origin", () => {
    const { base, storage } = choose({ urlApiSrc: `${PAGE}/gateway`, serviceOrigins: [] });
    expect(base).toBe(`${PAGE}/gateway`);
    expect(storage.get('domain')).toBe(`${PAGE}/gateway`);
  });

  it('ignores and logs an apiSrc of any other origin: nothing stored, the token stays home', () => {
    for (const evil of ['https://evil.example', 'https://api.example.evil.example', 'http://api.example', 'https://api.example:444', 'javascript:alert(1)', 'https://u:p@api.example', 'nonsense']) {
      const { base, storage, warn } = choose({ urlApiSrc: evil });
      expect(base).toBe('');
      expect(storage.get('domain')).toBeNull();
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('apiSrc ignored'));
    }
  });

  it('drops a stored domain that is no longer allowed (a link clicked before the rule)', () => {
    const storage = createStorage('m1', createMemoryStorage());
    storage.set('domain', 'https://evil.example');
    const { base, warn } = choose({ storage });
    expect(base).toBe('');
    expect(storage.get('domain')).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('stored domain dropped'));
  });

  it('keeps using a stored domain that is still allowed', () => {
    const storage = createStorage('m1', createMemoryStorage());
    storage.set('domain', 'https://api.example');
    expect(choose({ storage }).base).toBe('https://api.example');
  });

  it("takes the host's apiSrc prop as it is: the operator's own page chose it", () => {
    const { base, storage } = choose({ hostApiSrc: 'https://gateway.operator.example/', urlApiSrc: 'https://evil.example' });
    expect(base).toBe('https://gateway.operator.example');
    expect(storage.get('domain')).toBeNull();
  });
});
