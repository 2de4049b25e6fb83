import { defineFeedProfiles } from '../../src/sdk/feed';

/**
 * Basketball in the platform's simulated feed (read by the platform only, docs/plugins.md "Feed profile"): men's
 * leagues in quarters, college in two halves, women's leagues scoring lower; squads of 12 for the line-ups.
 */
export default defineFeedProfiles([
  {
    sport: 'basketball',
    sim: 'basketball',
    leagues: [
      { name: { CMN: '{region}篮球联赛', 'zh-TW': '{region}籃球聯賽', ENG: '{region} Basketball League', VIE: 'Giải Bóng rổ {region}', THA: '{region} บาสเกตบอลลีก' }, count: 8, teams: 16 },
      { name: { CMN: '{region}大学篮球联赛', 'zh-TW': '{region}大學籃球聯賽', ENG: '{region} College Basketball', VIE: 'Giải Bóng rổ Sinh viên {region}', THA: '{region} บาสเกตบอลมหาวิทยาลัย' }, count: 2, teams: 16, format: { halves: true } },
      { name: { CMN: '{region}女子篮球联赛', 'zh-TW': '{region}女子籃球聯賽', ENG: "{region} Women's Basketball", VIE: 'Giải Bóng rổ Nữ {region}', THA: '{region} บาสเกตบอลหญิง' }, count: 2, teams: 14, format: { scoring: 0.85 } },
    ],
    perSlot: 1,
    durationMin: 110,
    longestMin: 150,
    restMin: 180,
    teamStyle: 'mascot',
    squad: 12,
    hot: 3,
    neutral: false,
    upcomingVideo: 0.3,
    leadScale: 1,
    earlyShare: 0.1,
  },
]);
