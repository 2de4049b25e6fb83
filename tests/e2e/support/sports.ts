import { readPluginManifests } from '../../../server/src/config/pluginManifests';

/**
 * Every scheme-A sport with the plugin that serves it, one Playwright project each: read from the sport plugins'
 * manifests (the sport catalogue the app and the platform read too), in the catalogue's order, so a new sport
 * plugin brings its projects along.
 */
export const SPORT_PROJECTS = readPluginManifests()
  .flatMap((manifest) => (manifest.sports ?? []).map((sport) => ({ sport, plugin: manifest.id })))
  .filter(({ sport }) => sport.ids.A !== undefined)
  .sort((a, b) => a.sport.order - b.sport.order)
  .map(({ sport, plugin }) => ({ sportId: sport.ids.A!, key: sport.key, plugin }));

export interface SportOptions {
  sportId: number;
  sportKey: string;
}
