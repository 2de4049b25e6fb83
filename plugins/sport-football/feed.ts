import { defineFeedProfiles } from '../../src/sdk/feed';

/**
 * Football in the platform's simulated feed (read by the platform only, docs/plugins.md "Feed profile"): top and second
 * divisions, a knockout cup, under-23 and women's leagues; club names and squads of 25 for the line-ups.
 */
export default defineFeedProfiles([
  {
    sport: 'football',
    sim: 'football',
    leagues: [
      { name: { CMN: '{region}超级联赛', 'zh-TW': '{region}超級聯賽', ENG: '{region} Premier League', VIE: 'Giải Ngoại hạng {region}', THA: '{region} พรีเมียร์ลีก' }, count: 12, teams: 18 },
      { name: { CMN: '{region}甲级联赛', 'zh-TW': '{region}甲級聯賽', ENG: '{region} Championship', VIE: 'Giải Hạng Nhất {region}', THA: '{region} แชมเปียนชิพ' }, count: 8, teams: 18 },
      { name: { CMN: '{region}杯', 'zh-TW': '{region}盃', ENG: '{region} Cup', VIE: 'Cúp {region}', THA: '{region} คัพ' }, count: 5, teams: 16, format: { knockout: true } },
      { name: { CMN: '{region}U23联赛', 'zh-TW': '{region}U23聯賽', ENG: '{region} U23 League', VIE: 'Giải U23 {region}', THA: '{region} ยู23 ลีก' }, count: 3, teams: 16, format: { scoring: 1.08 } },
      { name: { CMN: '{region}女子联赛', 'zh-TW': '{region}女子聯賽', ENG: "{region} Women's League", VIE: 'Giải Nữ {region}', THA: '{region} ลีกหญิง' }, count: 2, teams: 14, format: { scoring: 1.05 } },
    ],
    perSlot: 1.75,
    durationMin: 115,
    longestMin: 200,
    restMin: 300,
    teamStyle: 'club',
    squad: 25,
    hot: 5,
    neutral: false,
    upcomingVideo: 0.3,
    leadScale: 1,
    earlyShare: 0.1,
  },
]);
