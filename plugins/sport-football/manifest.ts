import * as z from 'zod/mini';
import { defineManifest, pluginOptions, sportIdsIn, type SportDeclaration } from '../../src/sdk/manifest';

const SPORTS: readonly SportDeclaration[] = [
  { key: 'football', ids: { A: 1, B: 1, C: 1 }, nameKey: 'sport.football', icon: 'football', order: 1 },
];

export default defineManifest({
  id: 'sport-football',
  i18nNs: 'sport-football',
  sports: SPORTS,
  options: z.strictObject({
    pageSize: pluginOptions.listPageSize(),
  }),
  extensions: [{ id: 'sport', point: 'matchList.sport', match: { sportIds: sportIdsIn(SPORTS, 'A') } }],
});
