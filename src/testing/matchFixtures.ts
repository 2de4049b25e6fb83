import { matchSchema, type WireMatch } from '../../contract/match';
import { fakeAnswer } from './contractFakes';

/** A live football match as the platform's list answers it: one handicap market; override what a test needs. */
export function wireMatch(overrides: Partial<WireMatch> = {}): WireMatch {
  return fakeAnswer(matchSchema, {
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
            unit: 'goals',
            name: 'Handicap',
            options: [
              { type: 'home', name: 'A', line: '-0.5', odd: '1.950', showOdd: '1.95', isLock: false },
              { type: 'away', name: 'B', line: '0.5', odd: '1.900', showOdd: '1.90', isLock: false },
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
  });
}

/** An outright as the platform's outright list answers it: one champion market, a runner per option (prices unsorted). */
export function wireOutright(overrides: Partial<WireMatch> = {}, runners: Array<[string, string]> = OUTRIGHT_RUNNERS): WireMatch {
  const matchId = overrides.matchId ?? 500;
  return wireMatch({
    matchId,
    matchStatus: 0,
    isNeutral: true,
    beginTime: Date.UTC(2026, 11, 20, 16, 0),
    matchInfo: { homeName: 'Premier Winner', awayName: '', homeIcon: '/api/league/icon/9', awayIcon: '', homeId: 0, awayId: 0, matchPeriod: 'Not started', period: 0, homeScore: 0, awayScore: 0, matchTime: 0 },
    leagueInfo: { id: 9, name: 'Premier', icon: '/api/league/icon/9', sportId: 1 },
    matchCount: 1,
    marketCount: 1,
    matchClock: { running: false, period: 0, second: 0, type: 'none' },
    isOutright: true,
    betGroup: [
      {
        name: 'Winner',
        groupType: 'outright',
        marketType: 1099,
        period: 'ft',
        moneyHandicap: [
          {
            marketId: 900,
            matchId,
            sportId: 1,
            key: 'outright',
            kind: 'outright',
            marketType: 1099,
            period: 'ft',
            status: 1,
            allowParley: false,
            isInPlay: false,
            unit: 'goals',
            name: 'Winner',
            options: runners.map(([name, odd], i) => ({ type: `t${i + 1}`, name, odd, showOdd: odd, isLock: false })),
          },
        ],
      },
    ],
    ...overrides,
  });
}

export const OUTRIGHT_RUNNERS: Array<[string, string]> = [
  ['Oak Village', '9.92'],
  ['Copper Bay', '5.05'],
  ['Clear Town', '39.57'],
  ['West Bay', '6.56'],
  ['Deep Harbour', '4.86'],
  ['Rose Field', '6.17'],
];
