import { describe, expect, it } from '@jest/globals';
import { safeJsonParse, tryJsonParse } from './safeJson';

describe('safeJsonParse', () => {
  it('parses valid JSON', () => {
    expect(safeJsonParse<{ a: number }>('{"a":1}')).toEqual({ a: 1 });
    expect(safeJsonParse<number[]>('[1,2]')).toEqual([1, 2]);
    expect(safeJsonParse<string>('"x"')).toBe('x');
  });

  it.each([['{bad'], [''], [null], [undefined], ['undefined'], ['null']])('returns {} for %p', (text) => {
    expect(safeJsonParse(text)).toEqual({});
  });
});

describe('tryJsonParse', () => {
  it('tells a stored {} from a failure', () => {
    expect(tryJsonParse('{}')).toEqual({ ok: true, value: {} });
    expect(tryJsonParse('{')).toEqual({ ok: false });
    expect(tryJsonParse(null)).toEqual({ ok: false });
  });
});
