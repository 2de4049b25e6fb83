import { describe, expect, it } from '@jest/globals';
import { checkPlugin } from './checkPlugin';
import { registry } from './registry';

describe('the registry', () => {
  it('holds only plugins whose code matches their manifest', () => {
    expect([...registry.values()].flatMap(checkPlugin)).toEqual([]);
  });
});
