import * as z from 'zod/mini';
import { defineManifest, pluginOptions, sportIdsIn, type SportDeclaration } from '../../src/sdk/manifest';

const SPORTS: readonly SportDeclaration[] = [
  { key: 'football', ids: { A: 1, B: 1, C: 1 }, order: 1 },
];

export default defineManifest({
  id: 'sport-football',
  i18nNs: 'sport-football',
  sports: SPORTS,
  options: z.strictObject({
    pageSize: pluginOptions.listPageSize(),
  }),
  extensions: [
    { id: 'sport', point: 'matchList.sport', match: { sportIds: sportIdsIn(SPORTS, 'A') } },
    // The pitch and incidents of the line-up panel, also for e-football (the same zq line-up data).
    { id: 'lineup', point: 'matchDetail.dataPanel', match: { panel: 'lineup', sportIds: [1, 177] } },
  ],
});
