// First: the fixture folders count as folders of plugins/ for everything imported below.
import { FIXTURE_PLUGINS_DIR } from '../testing/fixturePluginsRegistered';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import { resolveConfig } from '../../contract/appConfig';
import { discoverPlugins } from '../testing/discoverPlugins';
import { createTestI18n } from '../testing/i18n';
import { renderWithStore } from '../testing/renderWithStore';
import { sportPoint } from '../features/lists/points';
import { SportsMenu } from '../features/lists/sportsMenu/SportsMenu';
import { checkPlugin } from './checkPlugin';
import { loadPlugins } from './loadPlugins';
import { provideServices } from './services';
import { registry } from './registry';

describe('adding a sport is one folder and one config line', () => {
  it('registers a throwaway plugin from a fixture folder: config accepts it, the menu names it from its manifest, its strings load from its folder', async () => {
    // The folder: found the way the platform finds plugins/ (each sub-folder's manifest and index).
    const found = discoverPlugins(FIXTURE_PLUGINS_DIR);
    expect(found.map((p) => p.manifest.id)).toEqual(['sport-demo']);
    expect(registry.get('sport-demo')).toBe(found[0]);
    expect(found.flatMap(checkPlugin)).toEqual([]);

    // The config line.
    const config = resolveConfig(
      {
        file: 'config/app.json',
        content: { defaultMerchant: 'default', defaultLocale: 'en', timezone: 'UTC', plugins: [{ id: 'sport-demo', enabled: true }] },
      },
      undefined,
      new Map([...registry].map(([id, p]) => [id, p.manifest])),
    );
    expect(config.plugins.find((p) => p.id === 'sport-demo')).toEqual({ id: 'sport-demo', enabled: true, options: { pageSize: 50 } });
    expect(loadPlugins(config, registry, { services: provideServices() }).list(sportPoint, { sportId: 901 }).map((e) => e.id)).toEqual(['sport-demo/sport']);

    // The app's i18n as app.tsx makes it (the core's files, the plugins' strings, the sports' names from the
    // manifests), with the fixture's strings read from its folder. The real sports menu names curling from the manifest.
    const i18n = await createTestI18n('en', new Map([['sport-demo', async (lng: string) => JSON.parse(await readFile(path.join(FIXTURE_PLUGINS_DIR, 'sport-demo/locales', `${lng}.json`), 'utf8'))]]));
    const enabled = (id: string) => config.plugins.find((p) => p.id === id)?.enabled ?? false;
    await renderWithStore(<SportsMenu />, { i18n, plugins: { enabled } });
    const menu = await screen.findByRole('list');
    expect(await screen.findByRole('button', { name: 'Curling' })).toBeInTheDocument();
    expect(menu.querySelectorAll('[data-sport-menu]')).toHaveLength(1);

    // The plugin's namespace loaded with its first extension, from its own folder.
    expect(i18n.t('end', { ns: 'sport-demo', n: 2 })).toBe('End 2');

    // A language whose common file loads only now: its core strings and the manifest's name both show.
    await act(async () => {
      await i18n.changeLanguage('th');
    });
    expect(screen.getByRole('heading', { name: 'ประเภทกีฬา' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'เคอร์ลิง' })).toBeInTheDocument();
  });
});
