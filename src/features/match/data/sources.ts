import type { PluginSet } from '../../../kernel';
import { dataPanelPoint, dataSourcePoint } from '../points';

export type DetailTab = 'markets' | 'data' | 'lineup' | 'textLive' | 'analysis' | 'intelligence';

/**
 * The match screen's tabs for a sport, asked of the enabled plugins: markets, data (history) and analysis are every
 * sport's; line-ups and intelligence show when a plugin declares a data source for the sport, text live when a
 * plugin draws commentary for it.
 */
export function detailTabsOf(plugins: PluginSet, sportId: number): DetailTab[] {
  const has = (tab: DetailTab) => {
    if (tab === 'lineup' || tab === 'intelligence') return plugins.list(dataSourcePoint, { sportId }).length > 0;
    if (tab === 'textLive') return plugins.list(dataPanelPoint, { panel: 'textLive', sportId }).length > 0;
    return true;
  };
  return (['markets', 'data', 'lineup', 'textLive', 'analysis', 'intelligence'] as const).filter(has);
}
