import { PROVIDER_LANGUAGE } from '../../contract/resultCodes';
import { OB_RESULTS_PATH, OB_SPORT_IDS, ObMatchStatus, type ObAnswer, type ObMatch, type ObRequest } from '../../contract/resultsOb';
import { namesFrom, wholeRangeProvider, type ResultModel, type ResultPeriod, type ResultsHttp, type ResultsProvider, type ResultsProviderModule, type ResultStatus } from '../../src/sdk';
import en from './locales/en.json';
import th from './locales/th.json';
import vi from './locales/vi.json';
import zhCN from './locales/zh-CN.json';
import zhTW from './locales/zh-TW.json';

const STATUS: Record<ObMatch['ms'], ResultStatus> = {
  [ObMatchStatus.Finished]: 'Ended',
  [ObMatchStatus.Postponed]: 'Postponed',
  [ObMatchStatus.Cancelled]: 'Cancelled',
  [ObMatchStatus.Interrupted]: 'Interrupted',
  [ObMatchStatus.Abandoned]: 'Abandoned',
};

/** "home:away" as numbers; anything else reads 0:0 rather than NaN on screen. */
function pair(score: string): { home: number; away: number } {
  const [home, away] = score.split(':').map(Number);
  return { home: Number.isFinite(home) ? home! : 0, away: Number.isFinite(away) ? away! : 0 };
}

/** A period of `msc`: "<name>|<home>:<away>"; the name may itself hold a "|", the score never does. */
function period(entry: string): ResultPeriod {
  const cut = entry.lastIndexOf('|');
  return { name: entry.slice(0, cut), ...pair(entry.slice(cut + 1)) };
}

/** gamebetob's matches as results models of scheme-A sport `sportId`. */
export function toModels(answer: ObAnswer, sportId: number): ResultModel[] {
  return answer.data.map((m) => ({
    id: m.mid,
    sportId,
    beginTime: Number(m.mgt),
    status: STATUS[m.ms] ?? 'Ended',
    format: m.mfo,
    neutral: m.mng === 1,
    league: { id: m.tid, name: m.tn },
    home: m.mhn,
    away: m.man,
    score: pair(m.score),
    periods: m.msc.map(period),
  }));
}

/** gamebetob answers a whole range at once, in epoch seconds: the answer of a query serves the league list and every page. */
function createProvider(http: ResultsHttp): ResultsProvider {
  return wholeRangeProvider(async ({ sportId, from, to, language, competitionIds }) => {
    const csid = OB_SPORT_IDS[sportId];
    if (csid === undefined) return [];
    const body = {
      language: PROVIDER_LANGUAGE[language as keyof typeof PROVIDER_LANGUAGE] ?? PROVIDER_LANGUAGE.CMN,
      sportId: csid,
      startTime: Math.floor(from / 1000),
      endTime: Math.floor(to / 1000),
      ...(competitionIds ? { competitionIds } : {}),
    } satisfies ObRequest;
    const answer = (await http.post(OB_RESULTS_PATH, body, { noAuth: true })) as ObAnswer;
    if (!answer.status) throw new Error(`gamebetob: ${answer.msg}`);
    return toModels(answer, sportId);
  });
}

export default { createProvider, names: namesFrom({ 'zh-CN': zhCN, 'zh-TW': zhTW, en, vi, th }) } satisfies ResultsProviderModule;
