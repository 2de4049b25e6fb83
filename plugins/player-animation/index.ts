import { animationPoint, definePlugin, extension, httpRef, pushRef, schedulerRef } from '../../src/sdk/plugin';
import manifest from './manifest';

export default definePlugin(manifest, {
  locales: (lng) => import(/* webpackChunkName: "locales-player-animation", webpackMode: "lazy-once" */ `./locales/${lng}.json`),
  services: [httpRef, pushRef, schedulerRef],
  extensions: {
    tracker: extension(animationPoint, () => import(/* webpackChunkName: "plugin-player-animation" */ './module')),
  },
});
