import * as z from 'zod/mini';
import { defineManifest, pluginOptions, sportIdsIn, type SportDeclaration } from '../../src/sdk/manifest';

const SPORTS: readonly SportDeclaration[] = [
  { key: 'basketball', ids: { A: 3, B: 2, C: 2 }, order: 2, names: { 'zh-CN': '篮球', 'zh-TW': '籃球', en: 'Basketball', vi: 'Bóng rổ', th: 'บาสเกตบอล' } },
];

/** Scheme A: basketball, and e-basketball (178, listed by sport-generic), whose match data are basketball's as well. */
const DATA_SPORT_IDS = [3, 178];

export default defineManifest({
  id: 'sport-basketball',
  i18nNs: 'sport-basketball',
  sports: SPORTS,
  options: z.strictObject({
    pageSize: pluginOptions.listPageSize(),
  }),
  extensions: [
    { id: 'sport', point: 'matchList.sport', match: { sportIds: sportIdsIn(SPORTS, 'A') } },
    // Basketball and e-basketball read the score host's basketball (lq) routes: the core draws their line-up team
    // lists and intelligence from the routes this extension names.
    { id: 'match-data', point: 'matchDetail.dataSource', match: { sportIds: DATA_SPORT_IDS } },
    // Points per period and the teahnic statistics in the Data tab.
    { id: 'stats', point: 'matchDetail.dataPanel', match: { panel: 'data', sportIds: DATA_SPORT_IDS } },
    // The play-by-play with its section filter in the Text live tab (lq/TextLive).
    { id: 'text-live', point: 'matchDetail.dataPanel', match: { panel: 'textLive', sportIds: DATA_SPORT_IDS } },
    // The match animation draws basketball and e-basketball on a court.
    { id: 'animation-field', point: 'matchDetail.animationField', match: { sportIds: DATA_SPORT_IDS, field: 'basketball' } },
  ],
});
