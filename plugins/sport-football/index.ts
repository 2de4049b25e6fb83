import { animationFieldPoint, dataPanelPoint, dataSourcePoint, definePlugin, extension, sportPoint } from '../../src/sdk/plugin';
import manifest from './manifest';

export default definePlugin(manifest, {
  locales: (lng) => import(/* webpackChunkName: "locales-sport-football", webpackMode: "lazy-once" */ `./locales/${lng}.json`),
  extensions: {
    sport: extension(sportPoint, () => import(/* webpackChunkName: "plugin-sport-football" */ './module')),
    // The routes of its line-ups and intelligence, loaded when the match screen shows one of those tabs.
    'match-data': extension(dataSourcePoint, () => import(/* webpackChunkName: "plugin-sport-football-match-data" */ './matchData')),
    lineup: extension(dataPanelPoint, () => import(/* webpackChunkName: "plugin-sport-football-lineup" */ './lineup')),
    stats: extension(dataPanelPoint, () => import(/* webpackChunkName: "plugin-sport-football-stats" */ './stats')),
    'text-live': extension(dataPanelPoint, () => import(/* webpackChunkName: "plugin-sport-football-text-live" */ './text-live')),
    // A declaration the core reads from the manifest; there is no code to load.
    'animation-field': extension(animationFieldPoint, () => Promise.resolve({ default: {} })),
  },
});
