import { describe, expect, it } from '@jest/globals';
import { loadPlugins } from '../../../kernel';
import { registry } from '../../../kernel/registry';
import { dataSourcePoint } from '../points';
import { detailTabsOf } from './sources';

/** The shipped sport plugins, all on but those switched off by id (a plugin or one extension) as a merchant's config would. */
function pluginsWithout(...off: string[]) {
  const sportPlugins = [...registry.keys()].filter((id) => id.startsWith('sport-'));
  const entries = [...sportPlugins, ...off.filter((id) => id.includes('/'))].map((id) => ({ id, enabled: !off.includes(id), options: {} }));
  return loadPlugins({ plugins: entries }, registry);
}

describe('match data sources', () => {
  it("takes a sport's data source from the plugin that declares it: e-football and e-basketball read football's and basketball's", () => {
    const plugins = pluginsWithout();
    const sourceOf = (sportId: number) => plugins.list(dataSourcePoint, { sportId }).map((source) => source.id);
    expect([1, 177, 3, 178, 5].map(sourceOf)).toEqual([['sport-football/match-data'], ['sport-football/match-data'], ['sport-basketball/match-data'], ['sport-basketball/match-data'], []]);
  });

  it('offers the tabs the enabled plugins can fill for the sport', () => {
    const plugins = pluginsWithout();
    const all = ['markets', 'data', 'lineup', 'textLive', 'analysis', 'intelligence'];
    expect(detailTabsOf(plugins, 1)).toEqual(all);
    expect(detailTabsOf(plugins, 177)).toEqual(all);
    expect(detailTabsOf(plugins, 178)).toEqual(all);
    expect(detailTabsOf(plugins, 5)).toEqual(['markets', 'data', 'analysis']);
  });

  it("keeps the team lists' tab when only football's pitch is off, and drops football's tabs with its plugin", () => {
    expect(detailTabsOf(pluginsWithout('sport-football/lineup'), 1)).toContain('lineup');
    expect(detailTabsOf(pluginsWithout('sport-football/text-live'), 1)).toEqual(['markets', 'data', 'lineup', 'analysis', 'intelligence']);
    expect(detailTabsOf(pluginsWithout('sport-football'), 1)).toEqual(['markets', 'data', 'analysis']);
    // Basketball's declarations are its own.
    expect(detailTabsOf(pluginsWithout('sport-football'), 3)).toContain('lineup');
  });
});
