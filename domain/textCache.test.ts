import { describe, expect, it, jest } from '@jest/globals';
import { textCache } from './textCache';

describe('textCache', () => {
  it('computes a key once and answers it from memory after', () => {
    const cache = textCache();
    const compute = jest.fn(() => 'text');
    expect(cache('a', compute)).toBe('text');
    expect(cache('a', compute)).toBe('text');
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('holds at most its limit: when full it starts again, so a busy screen cannot grow it without end', () => {
    const cache = textCache(2);
    const compute = jest.fn((key: string) => key.toUpperCase());
    for (const key of ['a', 'b', 'c', 'a']) cache(key, () => compute(key));
    // a and b filled it; c emptied it and went in; a is computed again.
    expect(compute.mock.calls.map(([key]) => key)).toEqual(['a', 'b', 'c', 'a']);
    expect(cache('c', () => 'other')).toBe('C');
  });

  it('remembers nothing when the formatter throws', () => {
    const cache = textCache();
    expect(() => cache('x', () => { throw new RangeError('bad'); })).toThrow('bad');
    expect(cache('x', () => 'fine')).toBe('fine');
  });
});
