import * as z from 'zod/mini';
import { defineManifest, pluginOptions, sportIdsIn, type SportDeclaration } from '../../src/sdk/manifest';

const SPORTS: readonly SportDeclaration[] = [
  { key: 'basketball', ids: { A: 3, B: 2, C: 2 }, order: 2 },
];

export default defineManifest({
  id: 'sport-basketball',
  i18nNs: 'sport-basketball',
  sports: SPORTS,
  options: z.strictObject({
    pageSize: pluginOptions.listPageSize(),
  }),
  extensions: [
    { id: 'sport', point: 'matchList.sport', match: { sportIds: sportIdsIn(SPORTS, 'A') } },
    // Points per period and the teahnic statistics in the Data tab, also for e-basketball (the same lq data).
    { id: 'stats', point: 'matchDetail.dataPanel', match: { panel: 'data', sportIds: [3, 178] } },
    // The play-by-play with its section filter in the Text live tab (lq/TextLive).
    { id: 'text-live', point: 'matchDetail.dataPanel', match: { panel: 'textLive', sportIds: [3, 178] } },
  ],
});
