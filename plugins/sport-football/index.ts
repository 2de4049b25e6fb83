import { dataPanelPoint, dataSourcePoint, definePlugin, extension, sportPoint } from '../../src/sdk/plugin';
import manifest from './manifest';

export default definePlugin(manifest, {
  locales: (lng) => import(/* webpackChunkName: "locales-sport-football", webpackMode: "lazy-once" */ `./locales/${lng}.json`),
  extensions: {
    sport: extension(sportPoint, () => import(/* webpackChunkName: "plugin-sport-football" */ './module')),
    // A declaration the core reads from the manifest; there is no code to load.
    'match-data': extension(dataSourcePoint, () => Promise.resolve({ default: {} })),
    lineup: extension(dataPanelPoint, () => import(/* webpackChunkName: "plugin-sport-football-lineup" */ './lineup')),
    stats: extension(dataPanelPoint, () => import(/* webpackChunkName: "plugin-sport-football-stats" */ './stats')),
    'text-live': extension(dataPanelPoint, () => import(/* webpackChunkName: "plugin-sport-football-text-live" */ './text-live')),
  },
});
