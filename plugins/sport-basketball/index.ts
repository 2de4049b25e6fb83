import { definePlugin, extension, sportPoint } from '../../src/sdk/plugin';
import manifest from './manifest';

export default definePlugin(manifest, {
  locales: (lng) => import(/* webpackChunkName: "locale-sport-basketball-[request]" */ `./locales/${lng}.json`),
  extensions: {
    sport: extension(sportPoint, () => import(/* webpackChunkName: "plugin-sport-basketball" */ './module')),
  },
});
