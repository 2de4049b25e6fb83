import { definePlugin, extension, resultsProviderPoint } from '../../src/sdk/plugin';
import manifest from './manifest';

export default definePlugin(manifest, {
  extensions: { provider: extension(resultsProviderPoint, () => import(/* webpackChunkName: "plugin-results-ob" */ './provider')) },
});
