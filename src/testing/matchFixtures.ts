import type { WireMatch } from '../services/api/matchTypes';

/** A live football match as the platform's list answers it: one handicap market; override what a test needs. */
export function wireMatch(overrides: Partial<WireMatch> = {}): WireMatch {
  return {
    matchId: 1,
    sportId: 1,
    matchStatus: 1,
    isNeutral: false,
    beginTime: 0,
    matchInfo: { homeName: 'A', awayName: 'B', homeIcon: '', awayIcon: '', homeId: 1, awayId: 2, matchPeriod: '1H', period: 1, homeScore: 0, awayScore: 0, matchTime: 600 },
    leagueInfo: { id: 9, name: 'L', icon: '', sportId: 1 },
    score: [],
    matchCount: 3,
    marketCount: 3,
    betGroup: [
      {
        name: 'Handicap',
        groupType: 'handicap',
        marketType: 1000,
        period: 'ft',
        moneyHandicap: [
          {
            marketId: 100,
            matchId: 1,
            sportId: 1,
            key: 'ah',
            kind: 'handicap',
            marketType: 1000,
            period: 'ft',
            line: '-0.5',
            status: 1,
            allowParley: true,
            isInPlay: true,
            name: 'Handicap',
            options: [
              { type: 'home', name: 'A', line: '-0.5', odd: '1.950', isLock: false },
              { type: 'away', name: 'B', line: '0.5', odd: '1.900', isLock: false },
            ],
          },
        ],
      },
    ],
    media: { videos: [], animation: null },
    bo: 0,
    serveIn: 0,
    matchClock: { running: true, period: 1, second: 600, type: 'up' },
    isOutright: false,
    ...overrides,
  };
}
