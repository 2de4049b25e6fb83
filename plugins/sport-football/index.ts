import * as z from 'zod/mini';
import { definePlugin } from '../../src/kernel/definePlugin';
import { pluginOptions } from '../../src/kernel/options';

export default definePlugin({
  id: 'sport-football',
  point: 'sport',
  match: { sportIds: [1] },
  i18nNs: 'sport-football',
  options: z.strictObject({
    pageSize: pluginOptions.listPageSize(),
  }),
  loader: () => import(/* webpackChunkName: "plugin-sport-football" */ './module'),
});
