import * as z from 'zod/mini';
import { defineManifest, pluginOptions, sportIdsIn, type SportDeclaration } from '../../src/sdk/manifest';

/** Every sport that has no dedicated plugin; the per-sport differences live in tables in this plugin. */
const SPORTS: readonly SportDeclaration[] = [
  { key: 'eFootball', ids: { A: 177, C: 39 }, order: 3, names: { 'zh-CN': '电子足球', 'zh-TW': '電子足球', en: 'E-football', vi: 'Bóng đá ảo', th: 'อีฟุตบอล' } },
  { key: 'eBasketball', ids: { A: 178, C: 43 }, order: 4, names: { 'zh-CN': '电子篮球', 'zh-TW': '電子籃球', en: 'E-basketball', vi: 'Bóng rổ ảo', th: 'อีบาสเกตบอล' } },
  { key: 'tennis', ids: { A: 5, B: 5, C: 3 }, order: 5, names: { 'zh-CN': '网球', 'zh-TW': '網球', en: 'Tennis', vi: 'Quần vợt', th: 'เทนนิส' } },
  { key: 'snooker', ids: { A: 16, B: 7, C: 34 }, order: 6, names: { 'zh-CN': '斯诺克', 'zh-TW': '斯諾克', en: 'Snooker', vi: 'Bi-a snooker', th: 'สนุกเกอร์' } },
  { key: 'volleyball', ids: { A: 13, B: 9, C: 40 }, order: 7, names: { 'zh-CN': '排球', 'zh-TW': '排球', en: 'Volleyball', vi: 'Bóng chuyền', th: 'วอลเลย์บอล' } },
  { key: 'badminton', ids: { A: 47, B: 10, C: 7 }, order: 8, names: { 'zh-CN': '羽毛球', 'zh-TW': '羽毛球', en: 'Badminton', vi: 'Cầu lông', th: 'แบดมินตัน' } },
  { key: 'tableTennis', ids: { A: 15, B: 8, C: 36 }, order: 9, names: { 'zh-CN': '乒乓球', 'zh-TW': '乒乓球', en: 'Table tennis', vi: 'Bóng bàn', th: 'เทเบิลเทนนิส' } },
  { key: 'baseball', ids: { A: 7, B: 3, C: 8 }, order: 10, names: { 'zh-CN': '棒球', 'zh-TW': '棒球', en: 'Baseball', vi: 'Bóng chày', th: 'เบสบอล' } },
  { key: 'handball', ids: { A: 8, B: 11, C: 23 }, order: 11, names: { 'zh-CN': '手球', 'zh-TW': '手球', en: 'Handball', vi: 'Bóng ném', th: 'แฮนด์บอล' } },
  { key: 'hockey', ids: { A: 2, B: 4, C: 25 }, order: 12, names: { 'zh-CN': '冰球', 'zh-TW': '冰球', en: 'Ice hockey', vi: 'Khúc côn cầu trên băng', th: 'ฮอกกี้น้ำแข็ง' } },
  { key: 'americanFootball', ids: { A: 6, B: 6, C: 19 }, order: 13, names: { 'zh-CN': '美式足球', 'zh-TW': '美式足球', en: 'American football', vi: 'Bóng bầu dục Mỹ', th: 'อเมริกันฟุตบอล' } },
  { key: 'rugby', ids: { A: 4, C: 31 }, order: 14, names: { 'zh-CN': '橄榄球', 'zh-TW': '橄欖球', en: 'Rugby', vi: 'Bóng bầu dục', th: 'รักบี้' } },
  { key: 'mma', ids: { A: 18 }, order: 15, names: { 'zh-CN': '综合格斗', 'zh-TW': '綜合格鬥', en: 'MMA', vi: 'Võ tổng hợp', th: 'เอ็มเอ็มเอ' } },
  { key: 'boxing', ids: { A: 19, B: 12, C: 11 }, order: 16, names: { 'zh-CN': '拳击', 'zh-TW': '拳擊', en: 'Boxing', vi: 'Quyền Anh', th: 'มวย' } },
  { key: 'beachVolleyball', ids: { A: 51, B: 13 }, order: 17, names: { 'zh-CN': '沙滩排球', 'zh-TW': '沙灘排球', en: 'Beach volleyball', vi: 'Bóng chuyền bãi biển', th: 'วอลเลย์บอลชายหาด' } },
  { key: 'fieldHockey', ids: { B: 15 }, order: 18, names: { 'zh-CN': '曲棍球', 'zh-TW': '曲棍球', en: 'Field hockey', vi: 'Khúc côn cầu trên cỏ', th: 'ฮอกกี้' } },
  { key: 'waterPolo', ids: { B: 16 }, order: 19, names: { 'zh-CN': '水球', 'zh-TW': '水球', en: 'Water polo', vi: 'Bóng nước', th: 'โปโลน้ำ' } },
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
