import { animationFieldPoint, definePlugin, extension, sportPoint } from '../../src/sdk/plugin';
import manifest from './manifest';

export default definePlugin(manifest, {
  locales: (lng) => import(/* webpackChunkName: "locales-sport-generic", webpackMode: "lazy-once" */ `./locales/${lng}.json`),
  extensions: {
    sport: extension(sportPoint, () => import(/* webpackChunkName: "plugin-sport-generic" */ './module')),
    // A declaration the core reads from the manifest; there is no code to load.
    'animation-field': extension(animationFieldPoint, () => Promise.resolve({ default: {} })),
  },
});
