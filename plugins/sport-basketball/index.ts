import * as z from 'zod/mini';
import { definePlugin } from '../../src/kernel/definePlugin';
import { pluginOptions } from '../../src/kernel/options';

export default definePlugin({
  id: 'sport-basketball',
  point: 'sport',
  match: { sportIds: [3] },
  i18nNs: 'sport-basketball',
  options: z.strictObject({
    pageSize: pluginOptions.listPageSize(),
  }),
  loader: () => import(/* webpackChunkName: "plugin-sport-basketball" */ './module'),
});
