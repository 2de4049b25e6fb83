import { z } from 'zod';
import { definePlugin } from '../../src/kernel/definePlugin';

export default definePlugin({
  id: 'sport-basketball',
  point: 'sport',
  match: { sportIds: [3] },
  i18nNs: 'sport-basketball',
  options: z.strictObject({
    /** Rows fetched per page of the basketball match lists (the list loads page by page until the last). */
    pageSize: z.number().int().min(10).max(200).default(50),
  }),
  loader: () => import(/* webpackChunkName: "plugin-sport-basketball" */ './module'),
});
