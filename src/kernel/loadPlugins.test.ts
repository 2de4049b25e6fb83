import { describe, expect, it, jest } from '@jest/globals';
import * as z from 'zod/mini';
import { ConfigError } from '../../contract/appConfig';
import { checkPlugin } from './checkPlugin';
import { definePlugin, extension, type Plugin } from './definePlugin';
import { createExtensionPoint } from './extensionPoint';
import { loadPlugins, PluginStartError } from './loadPlugins';
import { defineManifest } from './manifest';
import { createServiceRef, provideServices } from './services';
import { sportPoint, type SportModule } from '../features/lists/points';
import { fakeSportModule } from '../testing/fakeSport';
import { testPlugin } from '../testing/testPlugin';

type Loader = () => Promise<{ default: SportModule }>;

function sportPlugin(id: string, sportIds: number[], loader = jest.fn<Loader>(async () => ({ default: fakeSportModule() }))) {
  return {
    plugin: testPlugin({ id, point: sportPoint, match: { sportIds }, i18nNs: id, options: z.strictObject({ size: z._default(z.number(), 1) }), loader }),
    loader,
  };
}

const registryOf = (...plugins: Plugin[]) => new Map(plugins.map((p) => [p.manifest.id, p]));

describe('loadPlugins', () => {
  const a = sportPlugin('sport-a', [1]);
  const b = sportPlugin('sport-b', [3, 5]);
  const registry = registryOf(a.plugin, b.plugin);

  it('lists enabled extensions matching a selection without loading any code', () => {
    const set = loadPlugins({ plugins: [{ id: 'sport-a', enabled: true, options: {} }, { id: 'sport-b', enabled: false, options: {} }] }, registry);
    expect(set.list(sportPoint).map((e) => e.plugin.plugin.manifest.id)).toEqual(['sport-a']);
    expect(set.list(sportPoint, { sportId: 3 })).toEqual([]);
    expect(set.get('sport-b')).toBeUndefined();
    expect(set.get('sport-a')?.options).toEqual({ size: 1 });
    expect(a.loader).not.toHaveBeenCalled();
    expect(b.loader).not.toHaveBeenCalled();
  });

  it('loads an extension once, together with its namespace, and shares the promise', async () => {
    const loadNamespace = jest.fn(async (_ns: string) => undefined);
    const set = loadPlugins({ plugins: [{ id: 'sport-b', enabled: true, options: {} }] }, registry, { loadNamespace });
    const [found] = set.list(sportPoint, { sportId: 5 });
    const first = set.load(found!);
    expect(set.load(found!)).toBe(first);
    await first;
    expect(b.loader).toHaveBeenCalledTimes(1);
    expect(loadNamespace).toHaveBeenCalledWith('sport-b');
  });

  it('still loads the code when the namespace fails (strings fail soft)', async () => {
    const warn = jest.fn();
    const c = sportPlugin('sport-c', [7]);
    const set = loadPlugins({ plugins: [{ id: 'sport-c', enabled: true, options: {} }] }, registryOf(c.plugin), {
      loadNamespace: async () => Promise.reject(new Error('404')),
      logger: { warn },
    });
    await expect(set.load(set.list(sportPoint)[0]!)).resolves.toHaveProperty('MenuEntry');
    expect(warn).toHaveBeenCalled();
  });

  it('keeps a failed download cached until it is forgotten, then downloads again', async () => {
    const loader = jest
      .fn<Loader>()
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockResolvedValueOnce({ default: fakeSportModule() });
    const d = sportPlugin('sport-d', [8], loader);
    const set = loadPlugins({ plugins: [{ id: 'sport-d', enabled: true, options: {} }] }, registryOf(d.plugin));
    const found = set.list(sportPoint)[0]!;
    await expect(set.load(found)).rejects.toThrow('ChunkLoadError');
    await expect(set.load(found)).rejects.toThrow('ChunkLoadError');
    expect(loader).toHaveBeenCalledTimes(1);
    set.forget(found.id);
    await expect(set.load(found)).resolves.toHaveProperty('MenuEntry');
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('rejects a config this build cannot serve', () => {
    expect(() => loadPlugins({ plugins: [{ id: 'sport-x', enabled: true, options: {} }] }, registry)).toThrow(ConfigError);
    // In the platform's words (contract/issues.ts): the field, what it expects, what it got.
    expect(() => loadPlugins({ plugins: [{ id: 'sport-a', enabled: true, options: { size: 'big' } }] }, registry)).toThrow(
      'app config: plugins[0].options.size: expected a number, got "big"',
    );
  });
});

describe('a plugin with several extensions', () => {
  const rowPoint = createExtensionPoint<{ name: string }, { kind: string }, { kind: string }>({
    id: 'demoList.row',
    accepts: (match, select) => match.kind === select.kind,
  });
  const panelPoint = createExtensionPoint<{ name: string }>({ id: 'demoScreen.panel' });
  const loaders = {
    wide: jest.fn(async () => ({ default: { name: 'wide row' } })),
    narrow: jest.fn(async () => ({ default: { name: 'narrow row' } })),
    stats: jest.fn(async () => ({ default: { name: 'stats panel' } })),
  };
  const plugin = definePlugin(
    defineManifest({
      id: 'demo-three',
      options: z.strictObject({}),
      extensions: [
        { id: 'wide', point: 'demoList.row', match: { kind: 'wide' } },
        { id: 'narrow', point: 'demoList.row', match: { kind: 'narrow' } },
        { id: 'stats', point: 'demoScreen.panel' },
      ],
    }),
    { extensions: { wide: extension(rowPoint, loaders.wide), narrow: extension(rowPoint, loaders.narrow), stats: extension(panelPoint, loaders.stats) } },
  );

  it('contributes three extensions to two points; one switched off by config is never listed or loaded', async () => {
    const set = loadPlugins(
      { plugins: [{ id: 'demo-three', enabled: true, options: {} }, { id: 'demo-three/narrow', enabled: false, options: {} }] },
      registryOf(plugin),
    );
    expect(set.list(rowPoint).map((e) => e.id)).toEqual(['demo-three/wide']);
    expect(set.list(rowPoint, { kind: 'narrow' })).toEqual([]);
    expect(set.list(panelPoint).map((e) => e.id)).toEqual(['demo-three/stats']);
    await Promise.all([...set.list(rowPoint), ...set.list(panelPoint)].map((e) => set.load(e)));
    expect(loaders.wide).toHaveBeenCalledTimes(1);
    expect(loaders.stats).toHaveBeenCalledTimes(1);
    expect(loaders.narrow).not.toHaveBeenCalled();
  });

  it('switches every extension off with its plugin', () => {
    const set = loadPlugins({ plugins: [{ id: 'demo-three', enabled: false, options: {} }, { id: 'demo-three/stats', enabled: true, options: {} }] }, registryOf(plugin));
    expect(set.list(rowPoint)).toEqual([]);
    expect(set.list(panelPoint)).toEqual([]);
  });
});

describe('service refs', () => {
  const clockRef = createServiceRef<{ now(): number }>('clock');
  const walletRef = createServiceRef<{ balance(): string }>('wallet');
  const needy = testPlugin({ id: 'sport-needy', point: sportPoint, match: { sportIds: [1] }, services: [clockRef, walletRef], loader: async () => ({ default: fakeSportModule() }) });

  it('stops start-up when an enabled plugin needs a service the app does not provide, naming the plugin and the service', () => {
    const services = provideServices([clockRef, { now: () => 0 }]);
    const start = () => loadPlugins({ plugins: [{ id: 'sport-needy', enabled: true, options: {} }] }, registryOf(needy), { services });
    expect(start).toThrow(PluginStartError);
    expect(start).toThrow('plugin "sport-needy" needs service "wallet", which this app does not provide');
  });

  it('starts when every ref is provided, and ignores the refs of a disabled plugin', () => {
    const all = provideServices([clockRef, { now: () => 0 }], [walletRef, { balance: () => '0.00' }]);
    expect(loadPlugins({ plugins: [{ id: 'sport-needy', enabled: true, options: {} }] }, registryOf(needy), { services: all }).get('sport-needy')).toBeDefined();
    expect(() => loadPlugins({ plugins: [{ id: 'sport-needy', enabled: false, options: {} }] }, registryOf(needy))).not.toThrow();
  });
});

describe('checkPlugin', () => {
  const base = { options: z.strictObject({}), extensions: [{ id: 'sport', point: 'matchList.sport' }] };
  const bound = (manifest: ReturnType<typeof defineManifest>) => definePlugin(manifest, { extensions: { sport: extension(sportPoint, async () => ({ default: fakeSportModule() })) } });

  it('refuses ids that are not <kind>-<name>, options without defaults and repeated extension ids', () => {
    expect(checkPlugin(bound(defineManifest({ ...base, id: 'Football' })))).toEqual([expect.stringMatching(/kebab-case/)]);
    expect(checkPlugin(bound(defineManifest({ ...base, id: 'sport-x', options: z.strictObject({ size: z.number() }) })))).toEqual([expect.stringMatching(/default/)]);
    expect(checkPlugin(bound(defineManifest({ ...base, id: 'sport-x', extensions: [...base.extensions, ...base.extensions] })))).toEqual([expect.stringMatching(/unique/)]);
  });

  it('refuses a sport without its name in one of the app\'s languages, naming the plugin, the sport and the language', () => {
    const names = { 'zh-CN': '冰壶', 'zh-TW': '冰壺', en: 'Curling', vi: 'Bi đá trên băng', th: 'เคอร์ลิง' };
    const curling = { key: 'curling', ids: { A: 901 }, order: 90, names };
    expect(checkPlugin(bound(defineManifest({ ...base, id: 'sport-x', sports: [curling] })))).toEqual([]);
    const noVietnamese = Object.fromEntries(Object.entries(names).filter(([lng]) => lng !== 'vi'));
    // A manifest's type asks for every language; this one reached the app anyway (plain JS, a cast).
    const partial = [{ ...curling, names: noVietnamese as typeof names }, { ...curling, key: 'skeleton', names: { ...names, th: ' ' } }];
    expect(checkPlugin(bound(defineManifest({ ...base, id: 'sport-x', sports: partial })))).toEqual([
      'plugin "sport-x": sport "curling" has no name in vi (names.vi)',
      'plugin "sport-x": sport "skeleton" has no name in th (names.th)',
    ]);
  });

  it('refuses code that does not match the manifest: a missing binding, a binding at another point, an undeclared one', () => {
    const manifest = defineManifest({ ...base, id: 'sport-x' });
    expect(checkPlugin(definePlugin(manifest, { extensions: {} }))).toEqual(['plugin "sport-x": extension "sport" has no code']);
    const elsewhere = createExtensionPoint<SportModule>({ id: 'matchDetail.other' });
    expect(checkPlugin(definePlugin(manifest, { extensions: { sport: extension(elsewhere, async () => ({ default: fakeSportModule() })) } }))).toEqual([
      expect.stringMatching(/declared at "matchList.sport" but its code attaches to "matchDetail.other"/),
    ]);
    const extra = definePlugin(manifest, { extensions: { sport: extension(sportPoint, async () => ({ default: fakeSportModule() })), pitch: extension(sportPoint, async () => ({ default: fakeSportModule() })) } });
    expect(checkPlugin(extra)).toEqual(['plugin "sport-x": code for extension "pitch", which its manifest does not declare']);
  });
});
