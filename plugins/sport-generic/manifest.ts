import * as z from 'zod/mini';
import { defineManifest, pluginOptions, sportIdsIn, type SportDeclaration } from '../../src/sdk/manifest';

/** Every sport that has no dedicated plugin; the per-sport differences live in tables in this plugin. */
const SPORTS: readonly SportDeclaration[] = [
  { key: 'eFootball', ids: { A: 177, C: 39 }, order: 3 },
  { key: 'eBasketball', ids: { A: 178, C: 43 }, order: 4 },
  { key: 'tennis', ids: { A: 5, B: 5, C: 3 }, order: 5 },
  { key: 'snooker', ids: { A: 16, B: 7, C: 34 }, order: 6 },
  { key: 'volleyball', ids: { A: 13, B: 9, C: 40 }, order: 7 },
  { key: 'badminton', ids: { A: 47, B: 10, C: 7 }, order: 8 },
  { key: 'tableTennis', ids: { A: 15, B: 8, C: 36 }, order: 9 },
  { key: 'baseball', ids: { A: 7, B: 3, C: 8 }, order: 10 },
  { key: 'handball', ids: { A: 8, B: 11, C: 23 }, order: 11 },
  { key: 'hockey', ids: { A: 2, B: 4, C: 25 }, order: 12 },
  { key: 'americanFootball', ids: { A: 6, B: 6, C: 19 }, order: 13 },
  { key: 'rugby', ids: { A: 4, C: 31 }, order: 14 },
  { key: 'mma', ids: { A: 18 }, order: 15 },
  { key: 'boxing', ids: { A: 19, B: 12, C: 11 }, order: 16 },
  { key: 'beachVolleyball', ids: { A: 51, B: 13 }, order: 17 },
  { key: 'fieldHockey', ids: { B: 15 }, order: 18 },
  { key: 'waterPolo', ids: { B: 16 }, order: 19 },
];

export default defineManifest({
  id: 'sport-generic',
  i18nNs: 'sport-generic',
  sports: SPORTS,
  options: z.strictObject({
    pageSize: pluginOptions.listPageSize(),
  }),
  extensions: [
    { id: 'sport', point: 'matchList.sport', match: { sportIds: sportIdsIn(SPORTS, 'A') } },
    // The match animation draws tennis on a court; the other sports here have a scoreboard.
    { id: 'animation-field', point: 'matchDetail.animationField', match: { sportIds: sportIdsIn(SPORTS.filter((s) => s.key === 'tennis'), 'A'), field: 'tennis' } },
  ],
});
