import { PROVIDER_LANGUAGE } from '../../contract/resultCodes';
import { IM_RESULTS_PATH, IM_SPORT_IDS, ImEventStatus, type ImAnswer, type ImEvent, type ImRequest } from '../../contract/resultsIm';
import { namesFrom, wholeRangeProvider, type ResultModel, type ResultsHttp, type ResultsProvider, type ResultsProviderModule, type ResultStatus } from '../../src/sdk';
import en from './locales/en.json';
import th from './locales/th.json';
import vi from './locales/vi.json';
import zhCN from './locales/zh-CN.json';
import zhTW from './locales/zh-TW.json';

const STATUS: Record<ImEvent['EventStatusId'], ResultStatus> = {
  [ImEventStatus.Closed]: 'Ended',
  [ImEventStatus.Cancelled]: 'Cancelled',
  [ImEventStatus.Postponed]: 'Postponed',
  [ImEventStatus.Abandoned]: 'Abandoned',
  [ImEventStatus.Interrupted]: 'Interrupted',
};

/** gamebetim writes times as ISO 8601 with an offset; it takes them the same way. */
const isoTime = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');

/** gamebetim's answer (sports > competitions > events) as results models of scheme-A sport `sportId`. */
export function toModels(answer: ImAnswer, sportId: number): ResultModel[] {
  return answer.Sports.flatMap((sport) =>
    sport.Competitions.flatMap((c) =>
      c.Events.map((e) => ({
        id: String(e.EventId),
        sportId,
        beginTime: Date.parse(e.EventDate),
        status: STATUS[e.EventStatusId] ?? 'Ended',
        format: e.Format,
        neutral: e.IsNeutral,
        league: { id: String(c.CompetitionId), name: c.CompetitionName },
        home: e.HomeTeam,
        away: e.AwayTeam,
        score: { home: e.HomeScore, away: e.AwayScore },
        periods: e.Periods.map((p) => ({ name: p.PeriodName, home: p.HomeScore, away: p.AwayScore })),
      })),
    ),
  );
}

/** gamebetim answers a whole range at once: the answer of a query serves the league list and every page. */
function createProvider(http: ResultsHttp): ResultsProvider {
  return wholeRangeProvider(async ({ sportId, from, to, language, competitionIds }) => {
    const imSportId = IM_SPORT_IDS[sportId];
    if (imSportId === undefined) return [];
    const body = {
      language: PROVIDER_LANGUAGE[language as keyof typeof PROVIDER_LANGUAGE] ?? PROVIDER_LANGUAGE.CMN,
      sportId: imSportId,
      startTime: isoTime(from),
      endTime: isoTime(to),
      ...(competitionIds ? { competitionIds } : {}),
    } satisfies ImRequest;
    return toModels((await http.post(IM_RESULTS_PATH, body, { noAuth: true })) as ImAnswer, sportId);
  });
}

export default { createProvider, names: namesFrom({ 'zh-CN': zhCN, 'zh-TW': zhTW, en, vi, th }) } satisfies ResultsProviderModule;
