import { describe, expect, it, jest } from '@jest/globals';
import * as z from 'zod/mini';
import { ConfigError } from './configError';
import { definePlugin, type AnyPluginManifest } from './definePlugin';
import { loadPlugins } from './loadPlugins';
import type { SportModule } from './points';
import { fakeSportModule } from '../testing/fakeSport';

type Loader = () => Promise<{ default: SportModule }>;

function sportPlugin(id: string, sportIds: number[], loader = jest.fn<Loader>(async () => ({ default: fakeSportModule() }))) {
  return {
    manifest: definePlugin({ id, point: 'sport', match: { sportIds }, i18nNs: id, options: z.strictObject({ size: z._default(z.number(), 1) }), loader }),
    loader,
  };
}

describe('loadPlugins', () => {
  const a = sportPlugin('sport-a', [1]);
  const b = sportPlugin('sport-b', [3, 5]);
  const registry = new Map<string, AnyPluginManifest>([
    [a.manifest.id, a.manifest],
    [b.manifest.id, b.manifest],
  ]);

  it('lists enabled plugins matching a selection without loading any code', () => {
    const set = loadPlugins({ plugins: [{ id: 'sport-a', enabled: true, options: {} }, { id: 'sport-b', enabled: false, options: {} }] }, registry);
    expect(set.list('sport').map((p) => p.manifest.id)).toEqual(['sport-a']);
    expect(set.list('sport', { sportId: 3 })).toEqual([]);
    expect(set.isEnabled('sport-b')).toBe(false);
    expect(set.get('sport-a')?.options).toEqual({ size: 1 });
    expect(a.loader).not.toHaveBeenCalled();
    expect(b.loader).not.toHaveBeenCalled();
  });

  it('loads a plugin once, together with its namespace, and shares the promise', async () => {
    const loadNamespace = jest.fn(async (_ns: string) => undefined);
    const set = loadPlugins({ plugins: [{ id: 'sport-b', enabled: true, options: {} }] }, registry, { loadNamespace });
    const [plugin] = set.list('sport', { sportId: 5 });
    const first = set.load(plugin!);
    expect(set.load(plugin!)).toBe(first);
    await first;
    expect(b.loader).toHaveBeenCalledTimes(1);
    expect(loadNamespace).toHaveBeenCalledWith('sport-b');
  });

  it('still loads the code when the namespace fails (strings fail soft)', async () => {
    const warn = jest.fn();
    const c = sportPlugin('sport-c', [7]);
    const set = loadPlugins({ plugins: [{ id: 'sport-c', enabled: true, options: {} }] }, new Map([[c.manifest.id, c.manifest as AnyPluginManifest]]), {
      loadNamespace: async () => Promise.reject(new Error('404')),
      logger: { warn },
    });
    await expect(set.load(set.list('sport')[0]!)).resolves.toHaveProperty('MenuEntry');
    expect(warn).toHaveBeenCalled();
  });

  it('keeps a failed download cached until it is forgotten, then downloads again', async () => {
    const loader = jest
      .fn<Loader>()
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockResolvedValueOnce({ default: fakeSportModule() });
    const d = sportPlugin('sport-d', [8], loader);
    const set = loadPlugins({ plugins: [{ id: 'sport-d', enabled: true, options: {} }] }, new Map([[d.manifest.id, d.manifest as AnyPluginManifest]]));
    const plugin = set.list('sport')[0]!;
    await expect(set.load(plugin)).rejects.toThrow('ChunkLoadError');
    await expect(set.load(plugin)).rejects.toThrow('ChunkLoadError');
    expect(loader).toHaveBeenCalledTimes(1);
    set.forget('sport-d');
    await expect(set.load(plugin)).resolves.toHaveProperty('MenuEntry');
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('rejects a config this build cannot serve', () => {
    expect(() => loadPlugins({ plugins: [{ id: 'sport-x', enabled: true, options: {} }] }, registry)).toThrow(ConfigError);
    expect(() => loadPlugins({ plugins: [{ id: 'sport-a', enabled: true, options: { size: 'big' } }] }, registry)).toThrow(
      /plugins\[0\]\.options\.size/,
    );
  });
});

describe('definePlugin', () => {
  it('refuses ids that are not <kind>-<name> and options without defaults', () => {
    const base = { point: 'sport' as const, match: { sportIds: [1] }, loader: async () => ({ default: fakeSportModule() }) };
    expect(() => definePlugin({ ...base, id: 'Football', options: z.strictObject({}) })).toThrow(/kebab-case/);
    expect(() => definePlugin({ ...base, id: 'sport-x', options: z.strictObject({ size: z.number() }) })).toThrow(/default/);
  });
});
