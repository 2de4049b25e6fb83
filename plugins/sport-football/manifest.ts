import * as z from 'zod/mini';
import { defineManifest, pluginOptions, sportIdsIn, type SportDeclaration } from '../../src/sdk/manifest';

const SPORTS: readonly SportDeclaration[] = [
  { key: 'football', ids: { A: 1, B: 1, C: 1 }, order: 1, names: { 'zh-CN': '足球', 'zh-TW': '足球', en: 'Football', vi: 'Bóng đá', th: 'ฟุตบอล' } },
];

/** Scheme A: football, and e-football (177, listed by sport-generic), whose match data are football's as well. */
const DATA_SPORT_IDS = [1, 177];

export default defineManifest({
  id: 'sport-football',
  i18nNs: 'sport-football',
  sports: SPORTS,
  options: z.strictObject({
    pageSize: pluginOptions.listPageSize(),
  }),
  extensions: [
    { id: 'sport', point: 'matchList.sport', match: { sportIds: sportIdsIn(SPORTS, 'A') } },
    // Football and e-football read the score host's football (zq) routes: the core draws their line-up team lists
    // and intelligence from the routes this extension names, and the extensions below draw the rest.
    { id: 'match-data', point: 'matchDetail.dataSource', match: { sportIds: DATA_SPORT_IDS } },
    // The pitch and incidents of the line-up panel.
    { id: 'lineup', point: 'matchDetail.dataPanel', match: { panel: 'lineup', sportIds: DATA_SPORT_IDS } },
    // Weather and the technical statistics in the Data tab (zq/matchInfo, live by football:tec).
    { id: 'stats', point: 'matchDetail.dataPanel', match: { panel: 'data', sportIds: DATA_SPORT_IDS } },
    // The commentary of the Text live tab (zq/TextLive, live by football:js1).
    { id: 'text-live', point: 'matchDetail.dataPanel', match: { panel: 'textLive', sportIds: DATA_SPORT_IDS } },
    // The match animation draws football and e-football on a pitch.
    { id: 'animation-field', point: 'matchDetail.animationField', match: { sportIds: DATA_SPORT_IDS, field: 'football' } },
  ],
});
