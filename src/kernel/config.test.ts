import { describe, expect, it } from '@jest/globals';
import * as z from 'zod/mini';
import { ConfigError, resolveConfig, type ConfigurablePlugin } from '../../contract/appConfig';
import { defineManifest } from './manifest';

const football = defineManifest({
  id: 'sport-football',
  options: z.strictObject({ pageSize: z._default(z.int(), 50) }),
  extensions: [],
});
const generic = defineManifest({
  id: 'sport-generic',
  options: z.strictObject({}),
  extensions: [],
});
const registry = new Map<string, ConfigurablePlugin>([
  [football.id, football],
  [generic.id, generic],
]);

const app = (over: Record<string, unknown> = {}) => ({
  file: 'config/app.json',
  content: {
    defaultMerchant: 'default',
    defaultLocale: 'zh-CN',
    timezone: 'Asia/Shanghai',
    plugins: [
      { id: 'sport-football', enabled: true, options: { pageSize: 40 } },
      { id: 'sport-generic', enabled: true },
    ],
    ...over,
  },
});

function issuesOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).issues;
  }
  throw new Error('expected a ConfigError');
}

describe('resolveConfig', () => {
  it('merges app.json with a merchant override', () => {
    const resolved = resolveConfig(
      app({ theme: { '--sp-color-brand': '#111111' } }),
      {
        id: 'acme',
        file: 'config/merchants/acme.json',
        content: { name: 'Acme', plugins: [{ id: 'sport-generic', enabled: false }], theme: { '--sp-color-accent': 'gold' } },
      },
      registry,
    );
    expect(resolved.merchantId).toBe('acme');
    expect(resolved.merchantName).toBe('Acme');
    expect(resolved.plugins).toEqual([
      { id: 'sport-football', enabled: true, options: { pageSize: 40 } },
      { id: 'sport-generic', enabled: false, options: {} },
    ]);
    expect(resolved.theme).toEqual({ '--sp-color-brand': '#111111', '--sp-color-accent': 'gold' });
  });

  it('applies option defaults and treats an unlisted plugin as disabled', () => {
    const resolved = resolveConfig(app({ plugins: [{ id: 'sport-football', enabled: true }] }), undefined, registry);
    expect(resolved.plugins).toEqual([
      { id: 'sport-football', enabled: true, options: { pageSize: 50 } },
      { id: 'sport-generic', enabled: false, options: {} },
    ]);
  });

  it('names the file and field of an unknown plugin id', () => {
    const issues = issuesOf(() => resolveConfig(app({ plugins: [{ id: 'sport-curling', enabled: true }] }), undefined, registry));
    expect(issues).toEqual([
      { file: 'config/app.json', path: 'plugins[0].id', expected: expect.stringContaining('got "sport-curling"') },
    ]);
    expect(issues[0]!.expected).toContain('sport-football');
  });

  it('rejects a plugin listed twice', () => {
    const issues = issuesOf(() =>
      resolveConfig(app({ plugins: [{ id: 'sport-football', enabled: true }, { id: 'sport-football', enabled: false }] }), undefined, registry),
    );
    expect(issues[0]).toMatchObject({ path: 'plugins[1].id', expected: expect.stringContaining('listed again') });
  });

  it('names a bad plugin entry (wrong type of enabled)', () => {
    const issues = issuesOf(() => resolveConfig(app({ plugins: [{ id: 'sport-football', enabled: 'yes' }] }), undefined, registry));
    expect(issues[0]).toMatchObject({ file: 'config/app.json', path: 'plugins[0].enabled', expected: 'expected true or false, got "yes"' });
  });

  it('names a wrong option type in app.json', () => {
    const issues = issuesOf(() =>
      resolveConfig(app({ plugins: [{ id: 'sport-football', enabled: true, options: { pageSize: 'fifty' } }] }), undefined, registry),
    );
    expect(issues).toEqual([{ file: 'config/app.json', path: 'plugins[0].options.pageSize', expected: 'expected a number, got "fifty"' }]);
  });

  it('blames the merchant file for a wrong option type it introduced', () => {
    const issues = issuesOf(() =>
      resolveConfig(
        app(),
        { id: 'acme', file: 'config/merchants/acme.json', content: { name: 'Acme', plugins: [{ id: 'sport-football', options: { pageSize: true } }] } },
        registry,
      ),
    );
    expect(issues).toEqual([{ file: 'config/merchants/acme.json', path: 'plugins[0].options.pageSize', expected: 'expected a number, got true' }]);
  });

  it('rejects an unknown option (options are strict)', () => {
    const issues = issuesOf(() =>
      resolveConfig(app({ plugins: [{ id: 'sport-generic', enabled: true, options: { colour: 'red' } }] }), undefined, registry),
    );
    expect(issues[0]).toMatchObject({ path: 'plugins[0].options', expected: 'unexpected field "colour"' });
  });

  it('names missing and unknown top-level fields', () => {
    const issues = issuesOf(() => resolveConfig({ file: 'config/app.json', content: { plugins: [], extra: 1 } }, undefined, registry));
    const paths = issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['defaultMerchant', 'defaultLocale', 'timezone']));
    expect(issues.some((i) => /unexpected field "extra"/.test(i.expected))).toBe(true);
    expect(issues.find((i) => i.path === 'timezone')?.expected).toBe('missing, expected a string');
  });

  it('rejects theme values that could break out of a CSS declaration', () => {
    const issues = issuesOf(() => resolveConfig(app({ theme: { '--sp-color-brand': 'red; } body { display:none' } }), undefined, registry));
    expect(issues[0]).toMatchObject({ path: 'theme["--sp-color-brand"]', expected: 'a CSS value without ; { } < >' });
    const badName = issuesOf(() => resolveConfig(app({ theme: { color: 'red' } }), undefined, registry));
    expect(badName[0]!.expected).toContain('theme token name');
  });

  it('formats every issue into the error message: file, field, expectation', () => {
    try {
      resolveConfig(app({ plugins: [{ id: 'nope-x', enabled: true }, { id: 'sport-football', enabled: true, options: { pageSize: 'x' } }] }), undefined, registry);
    } catch (error) {
      expect(String((error as Error).message)).toMatch(/^config\/app\.json: plugins\[0\]\.id: a known plugin id/m);
      return;
    }
    throw new Error('expected a ConfigError');
  });

  it('resolves the allowed service and frame origins, a merchant list replacing the app list', () => {
    const base = resolveConfig(app({ serviceOrigins: ['https://API.example:8443/'], frameAncestors: ['https://casino.example'] }), undefined, registry);
    expect(base.serviceOrigins).toEqual(['https://api.example:8443']);
    expect(base.frameAncestors).toEqual(['https://casino.example']);
    const merchant = resolveConfig(app({ serviceOrigins: ['https://api.example'] }), { id: 'acme', file: 'config/merchants/acme.json', content: { name: 'Acme', serviceOrigins: [] } }, registry);
    expect(merchant.serviceOrigins).toEqual([]);
    expect(resolveConfig(app(), undefined, registry)).toMatchObject({ serviceOrigins: [], frameAncestors: [] });
  });

  it('names a service or frame origin that is not scheme, host and port', () => {
    for (const bad of ['*', 'null', 'https://api.example/path', 'ftp://api.example', 'api.example']) {
      const issues = issuesOf(() => resolveConfig(app({ serviceOrigins: [bad] }), undefined, registry));
      expect(issues[0]).toMatchObject({ file: 'config/app.json', path: 'serviceOrigins[0]' });
      expect(issues[0]!.expected).toContain('an origin like "https://api.example"');
    }
    const merchant = issuesOf(() =>
      resolveConfig(app(), { id: 'acme', file: 'config/merchants/acme.json', content: { name: 'Acme', frameAncestors: ['https://ok.example', "'self'"] } }, registry),
    );
    expect(merchant[0]).toMatchObject({ file: 'config/merchants/acme.json', path: 'frameAncestors[1]' });
  });
});

describe('resolveConfig: single extensions', () => {
  const lineupPlugin = defineManifest({
    id: 'sport-football',
    options: z.strictObject({}),
    extensions: [
      { id: 'sport', point: 'matchList.sport' },
      { id: 'lineup', point: 'matchDetail.dataPanel' },
    ],
  });
  const withExtensions = new Map<string, ConfigurablePlugin>([[lineupPlugin.id, lineupPlugin]]);

  it('lists an extension a file switches by its id, the merchant file winning', () => {
    const resolved = resolveConfig(
      app({ plugins: [{ id: 'sport-football', enabled: true }, { id: 'sport-football/lineup', enabled: false }] }),
      undefined,
      withExtensions,
    );
    expect(resolved.plugins).toEqual([
      { id: 'sport-football', enabled: true, options: {} },
      { id: 'sport-football/lineup', enabled: false, options: {} },
    ]);
    const merchant = resolveConfig(
      app({ plugins: [{ id: 'sport-football', enabled: true }, { id: 'sport-football/lineup', enabled: false }] }),
      { id: 'acme', file: 'config/merchants/acme.json', content: { name: 'Acme', plugins: [{ id: 'sport-football/lineup', enabled: true }] } },
      withExtensions,
    );
    expect(merchant.plugins.find((p) => p.id === 'sport-football/lineup')).toEqual({ id: 'sport-football/lineup', enabled: true, options: {} });
  });

  it('names an unknown extension id with the ones the plugin has', () => {
    const issues = issuesOf(() => resolveConfig(app({ plugins: [{ id: 'sport-football/pitch', enabled: false }] }), undefined, withExtensions));
    expect(issues).toEqual([
      {
        file: 'config/app.json',
        path: 'plugins[0].id',
        expected: 'a known extension id (one of sport-football/sport, sport-football/lineup), got "sport-football/pitch"',
      },
    ]);
  });

  it('refuses options on an extension entry', () => {
    const issues = issuesOf(() => resolveConfig(app({ plugins: [{ id: 'sport-football/lineup', enabled: true, options: { x: 1 } }] }), undefined, withExtensions));
    expect(issues[0]).toMatchObject({ path: 'plugins[0].options', expected: expect.stringContaining('"sport-football"') });
  });
});
