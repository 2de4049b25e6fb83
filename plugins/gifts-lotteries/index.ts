import { definePlugin, extension, httpRef, i18nRef, liveRoomHeaderPoint, liveRoomOverlayPoint, pushRef, sessionRef, toastRef } from '../../src/sdk/plugin';
import manifest from './manifest';

export default definePlugin(manifest, {
  locales: (lng) => import(/* webpackChunkName: "locales-gifts-lotteries", webpackMode: "lazy-once" */ `./locales/${lng}.json`),
  services: [httpRef, pushRef, i18nRef, sessionRef, toastRef],
  extensions: {
    header: extension(liveRoomHeaderPoint, () => import(/* webpackChunkName: "plugin-gifts-lotteries-coins" */ './coins')),
    overlay: extension(liveRoomOverlayPoint, () => import(/* webpackChunkName: "plugin-gifts-lotteries-stage" */ './stage')),
  },
});
