import type { FutureRow as WireFutureRow, History, ScheduleRow as WireScheduleRow } from '../../../../contract/matchData';
import type { FutureRow, HistoryData, Lang, ScheduleRow } from '../../feed';

function scheduleRow(r: ScheduleRow, lang: Lang): WireScheduleRow {
  return { ...r, homeName: r.homeName[lang], awayName: r.awayName[lang], league: r.league[lang] };
}

function futureRow(r: FutureRow, lang: Lang): WireFutureRow {
  return { ...r, homeName: r.homeName[lang], awayName: r.awayName[lang], league: r.league[lang] };
}

/** What a match the feed holds no history for answers (it always has one today; the interface allows none). */
export const EMPTY_HISTORY: HistoryData = {
  historyMatch: [],
  homeLastMatch: [],
  awayLastMatch: [],
  leagueRanking: [],
  homeFutureMatch: [],
  awayFutureMatch: [],
  goalDist: { home: { scored: [], conceded: [] }, away: { scored: [], conceded: [] } },
  injury: [],
};

export function historyData(matchId: number, h: HistoryData, lang: Lang): History {
  return {
    matchId,
    historyMatch: h.historyMatch.map((r) => scheduleRow(r, lang)),
    homeLastMatch: h.homeLastMatch.map((r) => scheduleRow(r, lang)),
    awayLastMatch: h.awayLastMatch.map((r) => scheduleRow(r, lang)),
    leagueRanking: h.leagueRanking.map((r) => ({ ...r, teamName: r.teamName[lang] })),
    homeFutureMatch: h.homeFutureMatch.map((r) => futureRow(r, lang)),
    awayFutureMatch: h.awayFutureMatch.map((r) => futureRow(r, lang)),
    goalDist: {
      home: { scored: [...h.goalDist.home.scored], conceded: [...h.goalDist.home.conceded] },
      away: { scored: [...h.goalDist.away.scored], conceded: [...h.goalDist.away.conceded] },
    },
    injury: h.injury.map((i) => ({
      teamId: i.teamId,
      side: i.side,
      player: { id: i.player.id, name: i.player.name[lang], number: i.player.number },
      reason: i.reason[lang],
      expectedReturn: i.expectedReturn[lang],
    })),
  };
}
