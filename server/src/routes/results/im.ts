import { MatchStatus } from '../../../../contract/enums';
import { IM_RESULTS_PATH, IM_SPORT_IDS, ImEventStatus, imAnswerSchema, imRequestSchema, type ImAnswer } from '../../../../contract/resultsIm';
import { RESULT_MAX_RANGE_DAYS } from '../../../../contract/resultCodes';
import type { Lang, MatchResult } from '../../feed';
import { getStaticList } from '../../static/staticList';
import { resultMatchOf } from '../../results/resultMatch';
import { invalid, providerResultsRoute, type Finished, type ResultsApp } from './checks';

/** gamebetim's completed results (docs/api.md "Results"): the feed's finished matches in its ids, times and envelope. */

/** Its ids: its own numbering, a fixed offset from ours so the platform can map both ways. */
export const IM_EVENT_ID_OFFSET = 7_000_000_000;
export const IM_COMPETITION_ID_OFFSET = 700_000;

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/;

function isoTime(value: string, field: string): number {
  const ms = ISO_WITH_OFFSET.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) throw invalid(`body.${field}: expected ISO 8601 time with an offset like "2025-01-01T00:00:00+08:00", got ${JSON.stringify(value)}`);
  return ms;
}

/** gamebetim writes times at +08:00. */
function imTime(ms: number): string {
  return `${new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
}

const IM_STATUS: Readonly<Record<number, number>> = {
  [MatchStatus.Ended]: ImEventStatus.Closed,
  [MatchStatus.Cancelled]: ImEventStatus.Cancelled,
  [MatchStatus.Postponed]: ImEventStatus.Postponed,
  [MatchStatus.Abandoned]: ImEventStatus.Abandoned,
  [MatchStatus.Interrupted]: ImEventStatus.Interrupted,
};

function imAnswer(results: readonly MatchResult[], sportId: number, imSportId: number, lang: Lang): ImAnswer {
  const sportName = getStaticList(lang).sports.find((s) => s.id === sportId)?.name ?? '';
  const competitions = new Map<number, ImAnswer['Sports'][number]['Competitions'][number]>();
  for (const r of results) {
    const m = resultMatchOf(r, lang);
    const id = r.leagueId + IM_COMPETITION_ID_OFFSET;
    let competition = competitions.get(id);
    if (!competition) competitions.set(id, (competition = { CompetitionId: id, CompetitionName: m.league.name, Events: [] }));
    competition.Events.push({
      EventId: r.matchId + IM_EVENT_ID_OFFSET,
      EventDate: imTime(r.beginTime),
      EventStatusId: (IM_STATUS[r.matchStatus] ?? ImEventStatus.Closed) as ImAnswer['Sports'][number]['Competitions'][number]['Events'][number]['EventStatusId'],
      IsNeutral: r.isNeutral,
      Format: r.matchFormat,
      HomeTeam: m.teams.home.name,
      AwayTeam: m.teams.away.name,
      HomeScore: m.totalScore.home,
      AwayScore: m.totalScore.away,
      Periods: m.newScores.map((p) => ({ PeriodName: p.name, HomeScore: p.home, AwayScore: p.away })),
    });
  }
  const list = [...competitions.values()];
  return { StatusCode: 100, StatusDesc: 'Success', Sports: list.length ? [{ SportId: imSportId, SportName: sportName, Competitions: list }] : [] };
}

export function imResultRoutes(app: ResultsApp, finished: Finished): void {
  providerResultsRoute(
    app,
    {
      path: IM_RESULTS_PATH,
      summary: "gamebetim's completed results: its sport and competition ids, ISO times at +08:00, its language codes",
      description: `language chs, cht, eng, vn or th; startTime and endTime ISO 8601 with an offset, at most ${RESULT_MAX_RANGE_DAYS} days apart. Answers its own envelope (StatusCode 100).`,
      body: imRequestSchema,
      answerSchema: imAnswerSchema,
      sportIds: IM_SPORT_IDS,
      time: isoTime,
      competitionId: (raw) => {
        const n = /^\d+$/.test(raw) ? Number(raw) - IM_COMPETITION_ID_OFFSET : Number.NaN;
        return n > 0 ? n : undefined;
      },
    },
    async (request, body, { lang, sportId, from, to, leagueIds }) => imAnswer(await finished(request, { from, to, sportId, leagueIds }), sportId, body.sportId, lang),
  );
}
