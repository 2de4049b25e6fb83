import { MatchStatus } from '../../../../contract/enums';
import { OB_RESULTS_PATH, OB_SPORT_IDS, ObMatchStatus, obAnswerSchema, obRequestSchema, type ObMatch } from '../../../../contract/resultsOb';
import { RESULT_MAX_RANGE_DAYS } from '../../../../contract/resultCodes';
import { errorEnvelope } from '../../http/envelope';
import type { Lang, MatchResult } from '../../feed';
import { resultMatchOf } from '../../results/resultMatch';
import { checkRange, idList, providerLang, sportOf, TAGS, type Finished, type ResultsApp } from './checks';

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
  app.post(
    OB_RESULTS_PATH,
    {
      schema: {
        summary: "gamebetob's completed results: its sport (csid), tournament and match ids, epoch-second ranges, its language codes",
        description: `language chs, cht, eng, vn or th; startTime and endTime epoch seconds, at most ${RESULT_MAX_RANGE_DAYS} days apart. Answers its own envelope ({ status, msg, data }).`,
        tags: TAGS,
        body: obRequestSchema,
        response: { 200: obAnswerSchema, 400: errorEnvelope },
      },
    },
    async (request) => {
      const b = request.body;
      const lang = providerLang(b.language);
      const sportId = sportOf(OB_SPORT_IDS, b.sportId);
      checkRange(b.startTime, b.endTime, { from: 'body.startTime', to: 'body.endTime' });
      const leagueIds = idList(b.competitionIds, (raw) => (new RegExp(`^${OB_TOURNAMENT_PREFIX}\\d+$`).test(raw) ? Number(raw.slice(1)) : undefined));
      const results = await finished(request, { from: b.startTime * 1000, to: b.endTime * 1000 + 999, sportId, leagueIds });
      return { status: true, msg: 'ok', data: results.map((r) => obMatch(r, b.sportId, lang)) };
    },
  );
}
