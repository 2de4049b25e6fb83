import { MatchStatus } from '../../contract/enums';
import type { ResultDetail, ResultLeague as WireLeague, ResultLeaguesRequest, ResultListRequest, ResultMatch, ResultMatchRequest, ResultPage as WirePage } from '../../contract/results';
import { RESULT_PATHS } from '../../contract/resultCodes';
import { namesFrom, type ResultModel, type ResultsHttp, type ResultsProvider, type ResultsProviderModule, type ResultStatus } from '../../src/sdk';
import en from './locales/en.json';
import th from './locales/th.json';
import vi from './locales/vi.json';
import zhCN from './locales/zh-CN.json';
import zhTW from './locales/zh-TW.json';

const STATUS_NAMES = new Map<number, ResultStatus>(Object.entries(MatchStatus).map(([name, code]) => [code, name as ResultStatus]));

/** The spec's result match as the results model; the ids become strings, the status its name. */
export function toModel(m: ResultMatch): ResultModel {
  return {
    id: String(m.id),
    sportId: m.sportId,
    beginTime: m.beginTime,
    status: STATUS_NAMES.get(m.matchStatus) ?? 'Ended',
    format: m.matchFormat,
    neutral: m.isNeutral,
    league: { id: String(m.league.id), name: m.league.name },
    home: m.teams.home.name,
    away: m.teams.away.name,
    score: { home: m.totalScore.home, away: m.totalScore.away },
    periods: m.newScores.map((p) => ({ name: p.name, home: p.home, away: p.away })),
  };
}

const NO_AUTH = { noAuth: true };

function createProvider(http: ResultsHttp): ResultsProvider {
  return {
    async leagues({ sportId, from, to, language }) {
      const leagues = (await http.post(RESULT_PATHS.getOnSaleLeagues, { sportId, beginTime: from, endTime: to, language } satisfies ResultLeaguesRequest, NO_AUTH)) as WireLeague[];
      return leagues.map((l) => ({ id: String(l.id), name: l.name }));
    },
    async list({ sportId, leagueIds, from, to, page, pageSize, language }) {
      const body = { sportId, leagueIds: leagueIds.map(Number), beginTime: from, endTime: to, current: page, size: pageSize, language } satisfies ResultListRequest;
      const answer = (await http.post(RESULT_PATHS.matchResultList, body, NO_AUTH)) as Partial<WirePage>;
      return { matches: (answer.records ?? []).map(toModel), total: answer.total, pageTotal: answer.pageTotal };
    },
    async detail(id, language) {
      return toModel((await http.post(RESULT_PATHS.getMatchDetail, { matchId: Number(id), language } satisfies ResultMatchRequest, NO_AUTH)) as ResultDetail);
    },
  };
}

export default { createProvider, names: namesFrom({ 'zh-CN': zhCN, 'zh-TW': zhTW, en, vi, th }) } satisfies ResultsProviderModule;
