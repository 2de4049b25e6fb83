import { definePlugin, extension, videoPoint } from '../../src/sdk/plugin';
import manifest from './manifest';

export default definePlugin(manifest, {
  extensions: {
    player: extension(videoPoint, () => import(/* webpackChunkName: "plugin-player-flv" */ './module')),
  },
});
