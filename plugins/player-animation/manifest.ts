import * as z from 'zod/mini';
import { defineManifest } from '../../src/sdk/manifest';

/** The match animation: a live match tracker drawn from the platform's animation url and the match's push channel. */
export default defineManifest({
  id: 'player-animation',
  i18nNs: 'animation',
  options: z.strictObject({
    /** How long an event stays named over the field (and a goal or a basketball score drawn on it), in ms. */
    highlightMs: z._default(z.int().check(z.minimum(1000), z.maximum(15000)), 4000),
    /** Offer the technical statistics (a Stats tab beside the field) where the match has them. */
    showStats: z._default(z.boolean(), true),
  }),
  // Every sport: football, basketball and tennis get their own field, the others a generic one.
  extensions: [{ id: 'tracker', point: 'matchDetail.animation', match: { sportIds: [] } }],
});
