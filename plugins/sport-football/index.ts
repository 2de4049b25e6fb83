import { z } from 'zod';
import { definePlugin } from '../../src/kernel/definePlugin';

export default definePlugin({
  id: 'sport-football',
  point: 'sport',
  match: { sportIds: [1] },
  i18nNs: 'sport-football',
  options: z.strictObject({
    /** Rows fetched per page of the football match lists (the list loads page by page until the last). */
    pageSize: z.number().int().min(10).max(200).default(50),
  }),
  loader: () => import(/* webpackChunkName: "plugin-sport-football" */ './module'),
});
