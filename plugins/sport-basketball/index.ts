import { dataPanelPoint, dataSourcePoint, definePlugin, extension, sportPoint } from '../../src/sdk/plugin';
import manifest from './manifest';

export default definePlugin(manifest, {
  locales: (lng) => import(/* webpackChunkName: "locales-sport-basketball", webpackMode: "lazy-once" */ `./locales/${lng}.json`),
  extensions: {
    sport: extension(sportPoint, () => import(/* webpackChunkName: "plugin-sport-basketball" */ './module')),
    // A declaration the core reads from the manifest; there is no code to load.
    'match-data': extension(dataSourcePoint, () => Promise.resolve({ default: {} })),
    stats: extension(dataPanelPoint, () => import(/* webpackChunkName: "plugin-sport-basketball-stats" */ './stats')),
    'text-live': extension(dataPanelPoint, () => import(/* webpackChunkName: "plugin-sport-basketball-text-live" */ './text-live')),
  },
});
