import { dataPanelPoint, definePlugin, extension, sportPoint } from '../../src/sdk/plugin';
import manifest from './manifest';

export default definePlugin(manifest, {
  locales: (lng) => import(/* webpackChunkName: "locales-sport-football", webpackMode: "lazy-once" */ `./locales/${lng}.json`),
  extensions: {
    sport: extension(sportPoint, () => import(/* webpackChunkName: "plugin-sport-football" */ './module')),
    lineup: extension(dataPanelPoint, () => import(/* webpackChunkName: "plugin-sport-football-lineup" */ './lineup')),
  },
});
