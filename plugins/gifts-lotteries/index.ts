import { definePlugin, extension, httpRef, i18nRef, liveRoomHeaderPoint, liveRoomOverlayPoint, pushRef, sessionRef, toastRef } from '../../src/sdk/plugin';
import manifest from './manifest';

// No `locales` loader: its strings load with its code (./strings.ts), which keeps about 75 B out of the initial bundle.
export default definePlugin(manifest, {
  services: [httpRef, pushRef, i18nRef, sessionRef, toastRef],
  extensions: {
    header: extension(liveRoomHeaderPoint, () => import(/* webpackChunkName: "plugin-gifts-lotteries-coins" */ './coins')),
    overlay: extension(liveRoomOverlayPoint, () => import(/* webpackChunkName: "plugin-gifts-lotteries-stage" */ './stage')),
  },
});
