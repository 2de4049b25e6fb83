import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { pluginDirs } from '../../scripts/plugins/registry.cjs';
import { discoverPlugins } from '../testing/discoverPlugins';
import { checkPlugin } from './checkPlugin';
import { registry } from './registry';

describe('the registry', () => {
  it('holds only plugins whose code matches their manifest', () => {
    expect([...registry.values()].flatMap(checkPlugin)).toEqual([]);
  });

  it('lists every folder under plugins/ and PLUGIN_DIRS (the platform reads them all, so the app must know them all)', () => {
    const onDisk = [path.resolve(__dirname, '../../plugins'), ...pluginDirs()].flatMap(discoverPlugins).map((p) => p.manifest.id);
    expect([...registry.keys()].sort()).toEqual(onDisk.sort());
  });
});
