import type { ApiLanguage } from '../i18n';

/**
 * The match-data wire contract as the app reads it (the platform's /api/match/... answers; docs/api.md). Names are
 * already in the requested language. Odds are decimal strings; `showOdd` is the same price in the requested format.
 */

/** The spec's list types as the getList `type` codes (docs/api.md). */
export const ListType = {
  InPlay: 1,
  Today: 2,
  Early: 3,
  Outright: 4,
  Parlay: 5,
  TodayAndInPlay: 6,
} as const;
export type ListType = (typeof ListType)[keyof typeof ListType];

/** Match statuses that mean the match is being played (live, interrupted, suspended, coverage lost). */
export const IN_PLAY_STATUSES: ReadonlySet<number> = new Set([1, 4, 8, 9]);

/** The match status of a finished match (staticList's match status table). */
export const ENDED_STATUS = 2;

/** Market state (spec): on 1, suspend 0 (odds shown, no bets), off -1 (hidden). */
export type MarketStatus = 1 | 0 | -1;

export interface MatchClock {
  running: boolean;
  period: number;
  second: number;
  type: 'up' | 'down' | 'none';
}

export interface ScoreRow {
  pe: number;
  tyg: number;
  home: number;
  away: number;
}

export interface WireOption {
  type: string;
  name: string;
  line?: string;
  odd: string;
  showOdd?: string;
  isLock: boolean;
}

export interface WireMarket {
  marketId: number;
  oldMarketId?: number;
  matchId: number;
  sportId: number;
  key: string;
  kind: string;
  marketType: number;
  period: string;
  line?: string;
  status: MarketStatus;
  allowParley: boolean;
  isInPlay: boolean;
  name: string;
  options: WireOption[];
}

export interface WireBetGroup {
  name: string;
  groupType: string;
  marketType: number;
  period: string;
  moneyHandicap: WireMarket[];
}

export interface MediaLine {
  line: number;
  pc: string;
  h5: string;
}

export interface WireMatch {
  matchId: number;
  sportId: number;
  matchStatus: number;
  isNeutral: boolean;
  beginTime: number;
  matchInfo: {
    homeName: string;
    awayName: string;
    homeIcon: string;
    awayIcon: string;
    homeId: number;
    awayId: number;
    matchPeriod: string;
    period: number;
    homeScore: number;
    awayScore: number;
    matchTime: number;
  };
  leagueInfo: { id: number; name: string; icon: string; sportId: number };
  score: ScoreRow[];
  matchCount: number;
  marketCount: number;
  betGroup: WireBetGroup[];
  media: { videos: MediaLine[]; animation: string | null };
  bo: number;
  serveIn: 0 | 1 | 2;
  matchClock: MatchClock;
  isOutright: boolean;
}

export interface MatchPage {
  current: number;
  pageTotal: number;
  size: number;
  total: number;
  records: WireMatch[];
}

/** Push payloads on match:<id>:score and match:<id>:odds (docs/api.md, Push). */
export type ScorePush =
  | { kind: 'score'; matchId: number; homeScore: number; awayScore: number; score: ScoreRow[]; period: number }
  | { kind: 'clock'; matchId: number; clock: MatchClock; matchTime: number }
  | { kind: 'status'; matchId: number; matchStatus: number; period: number; matchPeriod: Record<ApiLanguage, string> }
  | { kind: 'event'; matchId: number; event: { type: number; homeScore: number; awayScore: number } }
  | { kind: 'ended'; matchId: number; matchStatus: number };

export interface OddsPush {
  kind: 'odds';
  matchId: number;
  markets: Array<Pick<WireMarket, 'marketId' | 'oldMarketId' | 'marketType' | 'period' | 'line' | 'status' | 'allowParley'> & { options: Array<Pick<WireOption, 'type' | 'line' | 'odd' | 'isLock'>> }>;
}
