import * as z from 'zod/mini';
import { defineManifest } from '../../src/sdk/manifest';

/** Results from the third-party provider gamebetim (its getCompletedResults, its ids and language codes). */
export default defineManifest({
  id: 'results-im',
  options: z.strictObject({}),
  // Its place in the results screen's provider switch.
  extensions: [{ id: 'provider', point: 'results.provider', match: { order: 2 } }],
});
