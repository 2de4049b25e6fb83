import * as z from 'zod/mini';
import { defineManifest } from '../../src/sdk/manifest';

/** Results from the product's own result service (/api/result/..., the spec's result match). */
export default defineManifest({
  id: 'results-own',
  options: z.strictObject({}),
  // Its place in the results screen's provider switch.
  extensions: [{ id: 'provider', point: 'results.provider', match: { order: 1 } }],
});
