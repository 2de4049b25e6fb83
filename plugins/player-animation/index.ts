import * as z from 'zod/mini';
import { definePlugin } from '../../src/kernel/definePlugin';

/** The match animation: a live match tracker drawn from the platform's animation url and the match's push channel. */
export default definePlugin({
  id: 'player-animation',
  point: 'animation',
  // Every sport: football and basketball get their own field, the others a simpler tracker.
  match: { sportIds: [] },
  i18nNs: 'animation',
  options: z.strictObject({
    /** How long a goal (or a basketball score) stays on the field, in ms. */
    highlightMs: z._default(z.int().check(z.minimum(1000), z.maximum(15000)), 4000),
    /** Show the technical statistics bars under the field where the match has them. */
    showStats: z._default(z.boolean(), true),
  }),
  loader: () => import(/* webpackChunkName: "plugin-player-animation" */ './module'),
});
