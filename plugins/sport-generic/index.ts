import * as z from 'zod/mini';
import { definePlugin } from '../../src/kernel/definePlugin';
import { pluginOptions } from '../../src/kernel/options';

/** Every scheme-A sport that has no dedicated plugin; the per-sport differences live in tables in this plugin. */
export const GENERIC_SPORT_IDS = [177, 178, 5, 16, 13, 47, 15, 7, 8, 2, 6, 4, 18, 19, 51] as const;

export default definePlugin({
  id: 'sport-generic',
  point: 'sport',
  match: { sportIds: GENERIC_SPORT_IDS },
  i18nNs: 'sport-generic',
  options: z.strictObject({
    pageSize: pluginOptions.listPageSize(),
  }),
  loader: () => import(/* webpackChunkName: "plugin-sport-generic" */ './module'),
});
