import { describe, expect, it } from '@jest/globals';
import { loadPlugins } from '../../../kernel';
import { registry } from '../../../kernel/registry';
import { dataFamilyOf, detailTabsOf } from './sources';

/** The shipped sport plugins, all on but those switched off by id (a plugin or one extension) as a merchant's config would. */
function pluginsWithout(...off: string[]) {
  const sportPlugins = [...registry.keys()].filter((id) => id.startsWith('sport-'));
  const entries = [...sportPlugins, ...off.filter((id) => id.includes('/'))].map((id) => ({ id, enabled: !off.includes(id), options: {} }));
  return loadPlugins({ plugins: entries }, registry);
}

describe('match data sources', () => {
  it("takes a sport's route family from the plugin that declares it: e-football and e-basketball read football's and basketball's", () => {
    const plugins = pluginsWithout();
    expect([1, 177, 3, 178, 5].map((sportId) => dataFamilyOf(plugins, sportId))).toEqual(['football', 'football', 'basketball', 'basketball', undefined]);
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
