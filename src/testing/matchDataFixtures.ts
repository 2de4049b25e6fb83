/*
 * Platform-shaped answers for the data panels' tests, built by the platform's own route helpers
 * (server/src/routes/matchData/*.ts) from small feed records, and validated by the contract's schemas (contract/matchData.ts).
 * Test-only: nothing in the app imports this file.
 */
import { jest } from '@jest/globals';
import * as z from 'zod/mini';
import { basketballTechnicSchema, basketballTextSchema, footballInfoSchema, footballTextSchema, historySchema, lineupSchema, type Section } from '../../contract/matchData';
import type { Feed, HistoryData, MatchEvent, MatchView, StatItem, Weather } from '../../server/src/feed';
import { text } from '../../server/src/feed/i18n';
import { historyData } from '../../server/src/routes/matchData/history';

export { EMPTY_HISTORY } from '../../server/src/routes/matchData/history';
import { lineupData } from '../../server/src/routes/matchData/lineup';
import { basketballTechnic, footballInfo } from '../../server/src/routes/matchData/stats';
import { basketballEntries, footballEntry } from '../../server/src/routes/matchData/textLive';
import type { PushHandler, PushMessage } from '../services/push';
import type { Env } from '../core/store/env';

export const FOOTBALL_MATCH = 101;
export const BASKETBALL_MATCH = 202;
export const HOME_NAME = 'Red Lions';
export const AWAY_NAME = 'Blue Sharks';
const T0 = Date.UTC(2026, 10, 21, 4, 0);

const same = (s: string) => text(s, s, s, s, s);

function view(matchId: number, sportId: number, score: MatchView['score'] = [], info: Partial<MatchView['matchInfo']> = {}): MatchView {
  return {
    matchId,
    sportId,
    matchStatus: 1,
    isNeutral: false,
    beginTime: T0,
    matchInfo: { homeName: HOME_NAME, awayName: AWAY_NAME, homeIcon: '/api/team/icon/1', awayIcon: '/api/team/icon/2', homeId: 1, awayId: 2, matchPeriod: '', period: 3, homeScore: 0, awayScore: 0, matchTime: 0, ...info },
    score,
  } as unknown as MatchView;
}

const stat = (key: string, name: string, home: number, away: number): StatItem => ({ key, name: text(name, name, name, name, name), home, away });

export const FOOTBALL_STATS: StatItem[] = [
  stat('possession', 'Possession %', 58, 42),
  stat('attacks', 'Attacks', 41, 30),
  stat('dangerousAttacks', 'Dangerous Attacks', 22, 12),
  stat('shotsOnTarget', 'Shots on Target', 5, 2),
  stat('shotsOffTarget', 'Shots off Target', 4, 6),
  stat('corners', 'Corners', 6, 3),
  stat('yellowCards', 'Yellow Cards', 1, 2),
  stat('redCards', 'Red Cards', 0, 1),
  stat('freeKicks', 'Free Kicks', 9, 11),
];

export const WEATHER: Weather = { temperature: 18, wind: 3.4, pressure: 1012, humidity: 64, weather: text('多云', '多雲', 'Partly Cloudy', 'Có mây', 'มีเมฆบางส่วน'), weather_image: 'partly-cloudy', weather_id: 2 };

/** GET /api/match/zq/matchInfo */
export function footballInfoAnswer(options: { stats?: StatItem[]; weather?: Weather | undefined } = {}) {
  const answer = footballInfo(view(FOOTBALL_MATCH, 1), 'weather' in options ? options.weather : WEATHER, options.stats ?? FOOTBALL_STATS, 'ENG');
  return footballInfoSchema.parse(answer);
}

/** GET /api/score/lq/teahnic */
export function basketballTechnicAnswer(options: { homeScore?: number } = {}) {
  const score = [
    { pe: 0, tyg: 1, home: options.homeScore ?? 52, away: 47 },
    { pe: 1, tyg: 1, home: 28, away: 25 },
    { pe: 3, tyg: 1, home: (options.homeScore ?? 52) - 28, away: 22 },
  ];
  const answer = basketballTechnic(view(BASKETBALL_MATCH, 3, score as MatchView['score'], { period: 4, homeScore: options.homeScore ?? 52, awayScore: 47 }), [stat('rebounds', 'Rebounds', 20, 18), stat('assists', 'Assists', 12, 9)], 'ENG');
  return basketballTechnicSchema.parse(answer);
}

const row = (over: Partial<HistoryData['historyMatch'][number]> = {}): HistoryData['historyMatch'][number] => ({
  homeName: same(HOME_NAME),
  awayName: same(AWAY_NAME),
  matchTime: Date.UTC(2026, 9, 3, 12, 0),
  homeScore: 2,
  awayScore: 1,
  homeHalfScore: 1,
  awayHalfScore: 0,
  homeLogo: '/api/team/icon/1',
  awayLogo: '/api/team/icon/2',
  isHome: true,
  status: 'win',
  league: same('Premier Cup'),
  ...over,
});


/** GET /api/match/history */
export function historyAnswer(data?: HistoryData) {
  const h: HistoryData = data ?? {
    historyMatch: [row(), row({ homeScore: 0, awayScore: 0, homeHalfScore: 0, awayHalfScore: 0, status: 'draw', matchTime: Date.UTC(2026, 5, 1, 12, 0) })],
    homeLastMatch: [row({ awayName: same('Green Owls'), status: 'win' }), row({ awayName: same('Gold Bears'), homeScore: 0, awayScore: 3, status: 'lose' })],
    awayLastMatch: [row({ homeName: same('Grey Wolves'), awayName: same(AWAY_NAME), homeScore: 1, awayScore: 1, status: 'draw', isHome: false })],
    leagueRanking: [
      { rank: 1, teamId: 1, teamName: same(HOME_NAME), played: 10, won: 7, drawn: 2, lost: 1, goalsFor: 20, goalsAgainst: 8, points: 23 },
      { rank: 2, teamId: 2, teamName: same(AWAY_NAME), played: 10, won: 6, drawn: 2, lost: 2, goalsFor: 15, goalsAgainst: 9, points: 20 },
    ],
    homeFutureMatch: [{ matchId: 999, homeName: same(HOME_NAME), awayName: same('Green Owls'), matchTime: Date.UTC(2026, 10, 28, 12, 30), homeLogo: '', awayLogo: '', isHome: true, league: same('Premier Cup') }],
    awayFutureMatch: [],
    goalDist: { home: { scored: [1, 2, 3, 2, 4, 6], conceded: [0, 1, 1, 2, 1, 3] }, away: { scored: [2, 1, 1, 3, 2, 2], conceded: [1, 1, 2, 0, 2, 3] } },
    injury: [{ teamId: 1, side: 'home', player: { id: 77, name: same('Sam Stone'), number: 9 }, reason: same('Hamstring'), expectedReturn: same('2 weeks') }],
  };
  return historySchema.parse(historyData(FOOTBALL_MATCH, h, 'ENG'));
}

const player = (id: number, number: number, name: string, position: string) => ({ id, number, name: same(name), position });

function squad(base: number, prefix: string) {
  const positions = ['G', 'D', 'D', 'D', 'D', 'M', 'M', 'M', 'F', 'F', 'F'];
  return {
    line: positions.map((pos, i) => player(base + i, i + 1, `${prefix} ${i + 1}`, pos)),
    backup: [player(base + 20, 12, `${prefix} Sub`, 'M'), player(base + 21, 13, `${prefix} Keeper`, 'G')],
  };
}

/** GET /api/score/zq/lineup (or lq with basketball squads); `published: false` before the announcement. */
export function lineupAnswer(options: { published?: boolean; basketball?: boolean } = {}) {
  const home = squad(1000, 'Home');
  const away = squad(2000, 'Away');
  const basketballSquad = (base: number, prefix: string) => ({
    line: ['PG', 'SG', 'SF', 'PF', 'C'].map((pos, i) => player(base + i, i + 4, `${prefix} ${pos}`, pos)),
    backup: [player(base + 10, 20, `${prefix} Bench`, 'SG')],
  });
  const h = options.basketball ? basketballSquad(3000, 'Home') : home;
  const a = options.basketball ? basketballSquad(4000, 'Away') : away;
  const lineup =
    options.published === false
      ? undefined
      : {
          homeLine: h.line,
          homeBackup: h.backup,
          awayLine: a.line,
          awayBackup: a.backup,
          homeFormation: options.basketball ? [] : [4, 3, 3],
          awayFormation: options.basketball ? [] : [4, 3, 3],
          incidentArr: options.basketball
            ? []
            : [
                { type: 3, second: 1250, team: 'away' as const, playerId: 2003 },
                { type: 9, second: 3700, team: 'home' as const, playerId: 1020, relatedPlayerId: 1007 },
              ],
          logoArr: { home: '/api/team/icon/1', away: '/api/team/icon/2' },
        };
  const feed = { lineup: () => lineup } as unknown as Feed;
  return lineupSchema.parse(lineupData(feed, options.basketball ? BASKETBALL_MATCH : FOOTBALL_MATCH, 'ENG', { home: '/api/team/icon/1', away: '/api/team/icon/2' }));
}

/** GET /api/score/zq/TextLive: the platform strips the event time from the text. */
export function footballTextAnswer(lines: Array<{ type: number; second: number; minute: string; team: 'home' | 'away' | null; text: string }>) {
  return z.array(footballTextSchema).parse(lines.map(footballEntry));
}

function basketballEvent(seq: number, period: number, section: number, clockText: string, team: 'home' | 'away' | null, homeScore: number, awayScore: number, words: string): MatchEvent {
  return { seq, matchId: BASKETBALL_MATCH, type: 1, code: 'x', time: T0 + seq * 1000, second: seq * 30, period, team, homeScore, awayScore, text: same(words), dangerous: false, section, clockText };
}

/** The basketball match's events, oldest first (periods 1 = Q1, 3 = Q2). */
export const BASKETBALL_EVENTS: MatchEvent[] = [
  basketballEvent(1, 1, 1, '11:40', 'home', 2, 0, 'Layup by the home guard'),
  basketballEvent(2, 1, 1, '10:05', 'away', 2, 3, 'Three-pointer from the corner'),
  basketballEvent(3, 3, 2, '09:12', 'home', 30, 28, 'Dunk in transition'),
];

/** GET /api/score/lq/TextLive?section= as the platform answers it from those events. */
export function basketballTextAnswer(section: number) {
  return z.array(basketballTextSchema).parse(basketballEntries(BASKETBALL_EVENTS, 'ENG', section as Section));
}

/** A `football:js1` frame's data: the feed change as the publisher sends it (text in all five languages). */
export function footballEventPush(over: Partial<MatchEvent> = {}) {
  const event: MatchEvent = {
    seq: 40,
    matchId: FOOTBALL_MATCH,
    type: 1,
    code: 'goal',
    time: T0,
    second: 47 * 60 + 10,
    period: 1,
    team: 'home',
    homeScore: 1,
    awayScore: 0,
    text: text("46' 进球！", "46' 進球！", "46' GOAL! Header from six yards", "46' Bàn thắng!", "46' ประตู!"),
    dangerous: true,
    ...over,
  };
  return { kind: 'event', matchId: event.matchId, event };
}

type Get = (url: string, config?: { params?: Record<string, unknown> }) => Promise<unknown>;
export type Routes = Record<string, (params: Record<string, unknown>) => unknown>;

/** Answers the fake match client's GETs by path; an unknown path fails like a 404. */
export function answerGets(get: { mockImplementation(fn: Get): unknown }, routes: Routes) {
  get.mockImplementation(async (url, config) => {
    const route = routes[url];
    if (!route) throw new Error(`no fake answer for ${url}`);
    return route(config?.params ?? {});
  });
}

/** A push client whose subscriptions tests can see and feed. */
export function installFakePush(env: Env) {
  const handlers = new Map<string, Set<PushHandler>>();
  const subscribe = env.push.subscribe as unknown as jest.Mock<(channel: string, handler?: PushHandler) => () => void>;
  subscribe.mockImplementation((channel, handler) => {
    const set = handlers.get(channel) ?? new Set<PushHandler>();
    handlers.set(channel, set);
    if (handler) set.add(handler);
    return () => {
      if (handler) set.delete(handler);
    };
  });
  let seq = 0;
  return {
    deliver(channel: string, data: unknown) {
      for (const handler of [...(handlers.get(channel) ?? [])]) handler(data, { chId: channel, seq: ++seq, data } as PushMessage);
    },
    subscribers: (channel: string) => handlers.get(channel)?.size ?? 0,
  };
}
