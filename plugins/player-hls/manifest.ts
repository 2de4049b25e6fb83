import * as z from 'zod/mini';
import { defineManifest } from '../../src/sdk/manifest';

/** Live video as HLS (a line's `h5` url) with hls.js, or natively where the browser plays HLS itself (Safari). */
export default defineManifest({
  id: 'player-hls',
  options: z.strictObject({
    /** Stay about two segments behind the live edge and speed up to catch up, instead of hls.js's safer defaults. */
    lowLatency: z._default(z.boolean(), true),
    /** Seconds a stalled stream may take to resume before the stage is told the line failed. */
    stallTimeoutSeconds: z._default(z.int().check(z.minimum(3), z.maximum(60)), 10),
  }),
  extensions: [{ id: 'player', point: 'matchDetail.video', match: { formats: ['hls'] } }],
});
