import type { PluginSet } from '../../../kernel';
import type { DataFamily } from '../../../stores/matchData';
import { dataPanelPoint, dataSourcePoint } from '../points';

export type DetailTab = 'markets' | 'data' | 'lineup' | 'textLive' | 'analysis' | 'intelligence';

/** The score-host route family (line-ups, intelligence) an enabled plugin declares for a sport, if any. */
export function dataFamilyOf(plugins: PluginSet, sportId: number): DataFamily | undefined {
  return plugins.list(dataSourcePoint).find((source) => source.match.sportIds.includes(sportId))?.match.family;
}

/**
 * The match screen's tabs for a sport, asked of the enabled plugins: markets, data (history) and analysis are every
 * sport's; line-ups and intelligence show when a plugin declares a data source for them, text live when a plugin
 * draws commentary for the sport.
 */
export function detailTabsOf(plugins: PluginSet, sportId: number): DetailTab[] {
  const has = (tab: DetailTab) => {
    if (tab === 'lineup' || tab === 'intelligence') return dataFamilyOf(plugins, sportId) !== undefined;
    if (tab === 'textLive') return plugins.list(dataPanelPoint, { panel: 'textLive', sportId }).length > 0;
    return true;
  };
  return (['markets', 'data', 'lineup', 'textLive', 'analysis', 'intelligence'] as const).filter(has);
}
