import { MatchStatus } from '../../../../contract/enums';
import { OB_RESULTS_PATH, OB_SPORT_IDS, ObMatchStatus, obAnswerSchema, obRequestSchema, type ObMatch } from '../../../../contract/resultsOb';
import { RESULT_MAX_RANGE_DAYS } from '../../../../contract/resultCodes';
import type { Lang, MatchResult } from '../../feed';
import { resultMatchOf } from '../../results/resultMatch';
import { providerResultsRoute, type Finished, type ResultsApp } from './checks';

/** gamebetob's completed results (docs/api.md "Results"): the feed's finished matches in its ids, times and envelope. */

/** Its ids: prefixed strings of ours, so the platform can map both ways. */
const OB_MATCH_PREFIX = 'M';
const OB_TOURNAMENT_PREFIX = 'T';

const OB_STATUS: Readonly<Record<number, number>> = {
  [MatchStatus.Ended]: ObMatchStatus.Finished,
  [MatchStatus.Postponed]: ObMatchStatus.Postponed,
  [MatchStatus.Cancelled]: ObMatchStatus.Cancelled,
  [MatchStatus.Interrupted]: ObMatchStatus.Interrupted,
  [MatchStatus.Abandoned]: ObMatchStatus.Abandoned,
};

function obMatch(r: MatchResult, obSportId: number, lang: Lang): ObMatch {
  const m = resultMatchOf(r, lang);
  return {
    mid: `${OB_MATCH_PREFIX}${r.matchId}`,
    csid: obSportId,
    tid: `${OB_TOURNAMENT_PREFIX}${r.leagueId}`,
    tn: m.league.name,
    mgt: String(r.beginTime),
    ms: (OB_STATUS[r.matchStatus] ?? ObMatchStatus.Finished) as ObMatch['ms'],
    mfo: r.matchFormat,
    mng: r.isNeutral ? 1 : 0,
    mhn: m.teams.home.name,
    man: m.teams.away.name,
    score: `${m.totalScore.home}:${m.totalScore.away}`,
    msc: m.newScores.map((p) => `${p.name}|${p.home}:${p.away}`),
  };
}

export function obResultRoutes(app: ResultsApp, finished: Finished): void {
  providerResultsRoute(
    app,
    {
      path: OB_RESULTS_PATH,
      summary: "gamebetob's completed results: its sport (csid), tournament and match ids, epoch-second ranges, its language codes",
      description: `language chs, cht, eng, vn or th; startTime and endTime epoch seconds, at most ${RESULT_MAX_RANGE_DAYS} days apart. Answers its own envelope ({ status, msg, data }).`,
      body: obRequestSchema,
      answerSchema: obAnswerSchema,
      sportIds: OB_SPORT_IDS,
      time: (seconds) => seconds * 1000,
      competitionId: (raw) => (new RegExp(`^${OB_TOURNAMENT_PREFIX}\\d+$`).test(raw) ? Number(raw.slice(1)) : undefined),
    },
    async (request, body, { lang, sportId, from, to, leagueIds }) => {
      // An end in whole seconds covers that second's last millisecond.
      const results = await finished(request, { from, to: to + 999, sportId, leagueIds });
      return { status: true, msg: 'ok', data: results.map((r) => obMatch(r, body.sportId, lang)) };
    },
  );
}
