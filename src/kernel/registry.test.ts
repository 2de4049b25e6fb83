import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { discoverPlugins } from '../testing/discoverPlugins';
import { checkPlugin } from './checkPlugin';
import { registry } from './registry';

describe('the registry', () => {
  it('holds only plugins whose code matches their manifest', () => {
    expect([...registry.values()].flatMap(checkPlugin)).toEqual([]);
  });

  it('lists every folder under plugins/ (the platform reads them all, so the app must know them all)', () => {
    const onDisk = discoverPlugins(path.resolve(__dirname, '../../plugins')).map((p) => p.manifest.id);
    expect([...registry.keys()].sort()).toEqual(onDisk.sort());
  });
});
