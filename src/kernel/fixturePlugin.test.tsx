import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { resolveConfig } from '../../contract/appConfig';
import { createI18n } from '../services/i18n';
import { discoverPlugins } from '../testing/discoverPlugins';
import { sportPoint } from '../ui/matchList/points';
import { checkPlugin } from './checkPlugin';
import { createKernelEvents } from './events';
import { loadPlugins } from './loadPlugins';
import { provideServices } from './services';
import { KernelProvider, Slot } from './Slot';
import { registry } from './registry';

const FIXTURES = path.resolve(__dirname, '../../tests/fixtures/plugins');

describe('adding a sport is one folder and one config line', () => {
  it('registers a throwaway plugin from a fixture folder: config accepts it, the menu shows it, its strings load from its folder', async () => {
    // The folder: found the way the platform finds plugins/ (each sub-folder's manifest and index).
    const found = discoverPlugins(FIXTURES);
    expect(found.map((p) => p.manifest.id)).toEqual(['sport-demo']);
    const all = new Map([...registry, ...found.map((p) => [p.manifest.id, p] as const)]);
    expect(found.flatMap(checkPlugin)).toEqual([]);

    // The config line.
    const config = resolveConfig(
      {
        file: 'config/app.json',
        content: { defaultMerchant: 'default', defaultLocale: 'en', timezone: 'UTC', plugins: [{ id: 'sport-demo', enabled: true }] },
      },
      undefined,
      new Map([...all].map(([id, p]) => [id, p.manifest])),
    );
    expect(config.plugins.find((p) => p.id === 'sport-demo')).toEqual({ id: 'sport-demo', enabled: true, options: { pageSize: 50 } });

    // The plugin's strings live in its own folder, loaded with its first extension.
    const i18n = await createI18n('en', async (lng, ns) =>
      JSON.parse(await readFile(ns === 'sport-demo' ? path.join(FIXTURES, 'sport-demo/locales', `${lng}.json`) : path.join(__dirname, '../../locales', lng, `${ns}.json`), 'utf8')),
    );
    const plugins = loadPlugins(config, all, { services: provideServices(), loadNamespace: (ns) => i18n.loadNamespaces(ns) });
    expect(plugins.list(sportPoint, { sportId: 901 }).map((e) => e.id)).toEqual(['sport-demo/sport']);
    await act(async () => {
      render(
        <I18nextProvider i18n={i18n}>
          <KernelProvider value={{ plugins, services: provideServices(), events: createKernelEvents() }}>
            <Slot point={sportPoint} select={{ sportId: 901 }} render={(m) => <m.MenuEntry sportId={901} name="?" active={false} onSelect={() => undefined} />} />
          </KernelProvider>
        </I18nextProvider>,
      );
    });
    expect(await screen.findByRole('button', { name: /Curling/ })).toBeInTheDocument();
  });
});
