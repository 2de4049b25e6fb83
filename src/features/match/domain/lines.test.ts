import { describe, expect, it } from '@jest/globals';
import { formatLine } from './lines';

describe('formatLine', () => {
  it.each([
    ['-0.75', '-0.5/1'],
    ['0.75', '0.5/1'],
    ['-0.25', '-0/0.5'],
    ['0.25', '0/0.5'],
    ['2.25', '2/2.5'],
    ['2.75', '2.5/3'],
    ['-1', '-1'],
    ['2.5', '2.5'],
    ['0', '0'],
    ['-1.25', '-1/1.5'],
  ])('%s → %s', (line, shown) => expect(formatLine(line)).toBe(shown));

  it('prints lines it cannot split as given', () => {
    expect(formatLine('1.1')).toBe('1.1');
    expect(formatLine('abc')).toBe('abc');
  });
});
