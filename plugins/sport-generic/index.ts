import { definePlugin, extension, sportPoint } from '../../src/sdk/plugin';
import manifest from './manifest';

export default definePlugin(manifest, {
  extensions: {
    sport: extension(sportPoint, () => import(/* webpackChunkName: "plugin-sport-generic" */ './module')),
  },
});
