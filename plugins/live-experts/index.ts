import { betSlipRef, definePlugin, extension, httpRef, liveRoomTabPoint, pluginScreenPoint, screenRef, sessionRef } from '../../src/sdk/plugin';
import manifest from './manifest';

export default definePlugin(manifest, {
  locales: (lng) => import(/* webpackChunkName: "locales-live-experts", webpackMode: "lazy-once" */ `./locales/${lng}.json`),
  services: [httpRef, sessionRef, screenRef, betSlipRef],
  extensions: {
    program: extension(liveRoomTabPoint, () => import(/* webpackChunkName: "plugin-live-experts" */ './program')),
    screen: extension(pluginScreenPoint, () => import(/* webpackChunkName: "plugin-live-experts" */ './screen')),
    banker: extension(pluginScreenPoint, () => import(/* webpackChunkName: "plugin-live-experts" */ './banker/BankerScreen')),
  },
});
