import type { ResultDetail, ResultMatch } from '../../../contract/results';
import { Tyg, PE_TOTAL } from '../feed/codes';
import type { Lang, MatchResult } from '../feed';
import { periodTable } from '../feed/texts/periods';
import type { MatchResultStore } from './matchResults';

/** Score types that count the sport's own unit in a period; corners, cards, sets won and tennis game points are not a period's score. */
const PERIOD_UNITS: ReadonlySet<number> = new Set([Tyg.Goals, Tyg.Games, Tyg.Frames, Tyg.Rounds, Tyg.Shootout]);

/** The spec's result match (section 3) of a feed result, in `lang`. */
export function resultMatchOf(r: MatchResult, lang: Lang): ResultMatch {
  const periods = periodTable(r.sportId);
  const away = r.away ?? { id: 0, name: { CMN: '', 'zh-TW': '', ENG: '', VIE: '', THA: '' }, icon: '' };
  return {
    id: r.matchId,
    beginTime: r.beginTime,
    matchStatus: r.matchStatus as ResultMatch['matchStatus'],
    matchFormat: r.matchFormat,
    isNeutral: r.isNeutral,
    sportId: r.sportId,
    league: { id: r.league.id, name: r.league.name[lang], icon: r.league.icon },
    teams: {
      home: { id: r.home.id, name: r.home.name[lang], icon: r.home.icon },
      away: { id: away.id, name: away.name[lang], icon: away.icon },
    },
    scores: r.scores.map((row) => ({ pe: row.pe, tyg: row.tyg, home: row.home, away: row.away })),
    newScores: r.scores
      .filter((row) => row.pe !== PE_TOTAL && PERIOD_UNITS.has(row.tyg))
      .sort((a, b) => a.pe - b.pe)
      .map((row) => ({ period: row.pe, name: periods.name(row.pe)[lang], home: row.home, away: row.away })),
    totalScore: { home: r.totalScore.home, away: r.totalScore.away },
  };
}

export function resultDetailOf(r: MatchResult, lang: Lang): ResultDetail {
  return { ...resultMatchOf(r, lang), endTime: r.endTime, winner: r.final.winner };
}

export interface FinishedQuery {
  from: number;
  to: number;
  sportId?: number;
  leagueIds?: readonly number[];
}

/**
 * Finished matches (not outrights) that began in [from, to], newest first. The database holds every result since the
 * platform first ran; the feed holds the ones it played before this start (its history window), which were never
 * stored, so the two are merged by match id.
 */
export async function finishedMatches(
  store: MatchResultStore,
  feedResults: (q: { from: number; to: number; sportId?: number }) => MatchResult[],
  q: FinishedQuery,
): Promise<MatchResult[]> {
  const byId = new Map<number, MatchResult>();
  for (const r of feedResults({ from: q.from, to: q.to, sportId: q.sportId })) byId.set(r.matchId, r);
  for (const r of await store.list({ from: q.from, to: q.to, sportId: q.sportId, leagueIds: q.leagueIds, limit: 100_000 })) byId.set(r.matchId, r);
  const leagues = q.leagueIds?.length ? new Set(q.leagueIds) : undefined;
  return [...byId.values()]
    .filter((r) => r.matchFormat !== 'outright' && r.beginTime >= q.from && r.beginTime <= q.to && (!leagues || leagues.has(r.leagueId)))
    .sort((a, b) => b.beginTime - a.beginTime || a.matchId - b.matchId);
}
