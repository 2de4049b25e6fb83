import * as z from 'zod/mini';
import { defineManifest } from '../../src/sdk/manifest';

/** Desktop live video: a line's FLV url (`pc`) played with mpegts.js, which loads only with this plugin's chunk. */
export default defineManifest({
  id: 'player-flv',
  options: z.strictObject({
    /** Chase the live edge (small buffer, skip ahead when behind) rather than play smoothly a few seconds late. */
    lowLatency: z._default(z.boolean(), true),
    /** Seconds a stalled stream may take to resume before the stage is told the line failed. */
    stallTimeoutSeconds: z._default(z.int().check(z.minimum(3), z.maximum(60)), 10),
  }),
  extensions: [{ id: 'player', point: 'matchDetail.video', match: { formats: ['flv'] } }],
});
