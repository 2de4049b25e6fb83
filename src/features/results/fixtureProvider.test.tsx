import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resolveConfig } from '../../../contract/appConfig';
import { checkPlugin } from '../../kernel/checkPlugin';
import { registry } from '../../kernel/registry';
import { discoverPlugins } from '../../testing/discoverPlugins';
import { renderWithStore } from '../../testing/renderWithStore';
import { ResultsScreen } from './ResultsScreen';
import { RESULTS_NS } from './ResultsView';

const FIXTURES = path.resolve(__dirname, '../../../tests/fixtures/resultsPlugins');

describe('adding a result provider is one folder and one config line', () => {
  it('a fixture folder becomes a fourth provider in the switch, with its own name and rows', async () => {
    // The folder, found the way plugins/ is.
    const found = discoverPlugins(FIXTURES);
    expect(found.map((p) => p.manifest.id)).toEqual(['results-demo']);
    expect(found.flatMap(checkPlugin)).toEqual([]);
    const all = new Map([...registry, ...found.map((p) => [p.manifest.id, p] as const)]);

    // The config line.
    const config = resolveConfig(
      {
        file: 'config/app.json',
        content: { defaultMerchant: 'default', defaultLocale: 'en', timezone: 'UTC', plugins: [{ id: 'results-own', enabled: true }, { id: 'results-demo', enabled: true }] },
      },
      undefined,
      new Map([...all].map(([id, p]) => [id, p.manifest])),
    );
    const on = new Set(config.plugins.filter((p) => p.enabled).map((p) => p.id));
    expect(on).toEqual(new Set(['results-own', 'results-demo']));

    await renderWithStore(<ResultsScreen />, { namespaces: [RESULTS_NS], plugins: { registry: all, enabled: (id) => on.has(id) } });
    const providers = await screen.findByRole('group', { name: 'Result source' });
    expect(within(providers).getAllByRole('button').map((b) => b.textContent)).toEqual(['Our results', 'Demo results']);
    await userEvent.click(within(providers).getByRole('button', { name: 'Demo results' }));
    const row = (await screen.findByText(/Demo Home/)).closest('tr')!;
    expect(within(row).getByText('Abandoned')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'League' })).toHaveTextContent('Demo League');
  });
});
