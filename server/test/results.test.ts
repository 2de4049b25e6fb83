import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PROVIDER_LANGUAGE, RESULT_PATHS } from '../../contract/resultCodes';
import { resultPageSchema, type ResultMatch, type ResultPage } from '../../contract/results';
import { IM_RESULTS_PATH, IM_SPORT_IDS, ImEventStatus, imAnswerSchema, type ImAnswer } from '../../contract/resultsIm';
import { OB_RESULTS_PATH, OB_SPORT_IDS, ObMatchStatus, obAnswerSchema, type ObAnswer } from '../../contract/resultsOb';
import { MatchStatus } from '../../contract/enums';
import type { MatchResult } from '../src/feed';
import { IM_COMPETITION_ID_OFFSET, IM_EVENT_ID_OFFSET } from '../src/routes/results/im';
import { buildTestApp, type TestApp } from './helpers';

/** The results sport selector's list (spec 001 section 9), scheme A. */
const SPORTS = [1, 3, 177, 178, 5, 16, 13, 47, 15, 7, 8, 2, 6, 4, 18, 19, 51];
const HOUR = 3_600_000;

let t: TestApp;
let from: number;
let to: number;

beforeAll(async () => {
  // Eight hours of history: every sport has played out matches before the platform "started".
  t = await buildTestApp({ feed: { historyHours: 8 } });
  to = t.feed.now();
  from = to - 8 * HOUR;
}, 60_000);
afterAll(async () => t?.app.close());

const post = async (url: string, payload: unknown) => t.inject({ method: 'POST', url, payload });
/** What the feed itself finished in the range: the truth each provider must answer. */
const played = (sportId: number): MatchResult[] => t.feed.results({ from, to, sportId }).filter((r) => r.matchFormat !== 'outright');
const imTime = (ms: number) => `${new Date(ms + 8 * HOUR).toISOString().slice(0, 19)}+08:00`;
const seconds = (ms: number) => Math.floor(ms / 1000);

async function ownList(body: Record<string, unknown>): Promise<ResultPage> {
  const res = await post(RESULT_PATHS.matchResultList, body);
  expect(res.statusCode).toBe(200);
  return resultPageSchema.parse(res.json().data);
}

describe('the own provider (/api/result/...)', () => {
  it.each(SPORTS)('sport %i: every finished match, with periods and scores as played', async (sportId) => {
    const truth = played(sportId);
    expect(truth.length).toBeGreaterThan(0);
    const page = await ownList({ sportId, beginTime: from, endTime: to, size: 200, language: 'ENG' });
    expect(page.total).toBe(truth.length);
    expect(page.records.map((r) => r.id).sort()).toEqual(truth.map((r) => r.matchId).sort());
    for (const record of page.records) {
      const r = truth.find((x) => x.matchId === record.id)!;
      expect(record).toMatchObject({
        sportId,
        beginTime: r.beginTime,
        matchStatus: r.matchStatus,
        matchFormat: r.matchFormat,
        isNeutral: r.isNeutral,
        league: { id: r.leagueId, name: r.league.name.ENG },
        teams: { home: { id: r.home.id, name: r.home.name.ENG }, away: { id: r.away!.id, name: r.away!.name.ENG } },
        totalScore: r.totalScore,
      });
      expect(record.scores).toEqual(r.scores);
      // Every period row is one of the match's own score rows, in play order.
      for (const p of record.newScores) expect(r.scores.some((s) => s.pe === p.period && s.home === p.home && s.away === p.away)).toBe(true);
      expect(record.newScores.map((p) => p.period)).toEqual([...record.newScores.map((p) => p.period)].sort((a, b) => a - b));
    }
  });

  it('names periods in the sport\'s terms and the request language', async () => {
    const football = (await ownList({ sportId: 1, beginTime: from, endTime: to, language: 'ENG' })).records.find((r) => r.matchStatus === MatchStatus.Ended && r.newScores.length >= 2)!;
    expect(football.newScores.map((p) => p.name).slice(0, 2)).toEqual(['1st Half', '2nd Half']);
    const tennisCmn = (await ownList({ sportId: 5, beginTime: from, endTime: to, language: 'CMN' })).records.find((r) => r.newScores.length > 0)!;
    expect(tennisCmn.newScores[0]!.name).toMatch(/第.盘|第一盘|1/);
  });

  it('pages by 50 by default, newest first, with pageTotal and total', async () => {
    const truth = played(1);
    expect(truth.length).toBeGreaterThan(50);
    const first = await ownList({ sportId: 1, beginTime: from, endTime: to });
    const second = await ownList({ sportId: 1, beginTime: from, endTime: to, current: 2 });
    expect(first).toMatchObject({ current: 1, size: 50, total: truth.length, pageTotal: Math.ceil(truth.length / 50) });
    expect(first.records).toHaveLength(50);
    expect(second.records).toHaveLength(Math.min(50, truth.length - 50));
    expect(new Set([...first.records, ...second.records].map((r) => r.id)).size).toBe(first.records.length + second.records.length);
    const times = first.records.map((r) => r.beginTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('filters by league ids, and the leagues call lists the leagues with their counts', async () => {
    const leagues = (await post(RESULT_PATHS.getOnSaleLeagues, { sportId: 1, beginTime: from, endTime: to })).json().data as Array<{ id: number; matchCount: number }>;
    expect(leagues.length).toBeGreaterThan(1);
    const league = leagues[0]!;
    const page = await ownList({ sportId: 1, leagueIds: [league.id], beginTime: from, endTime: to, size: 200 });
    expect(page.total).toBe(league.matchCount);
    expect(page.records.every((r) => r.league.id === league.id)).toBe(true);
    expect(leagues.reduce((sum, l) => sum + l.matchCount, 0)).toBe(played(1).length);
  });

  it('answers one match by matchResultInfo and getMatchDetail, 404 for a match that is not finished', async () => {
    const r = played(3)[0]!;
    const info = (await post(RESULT_PATHS.matchResultInfo, { matchId: r.matchId, language: 'ENG' })).json().data as ResultMatch;
    expect(info).toMatchObject({ id: r.matchId, sportId: 3, totalScore: r.totalScore });
    const detail = (await post(RESULT_PATHS.getMatchDetail, { matchId: r.matchId })).json().data;
    expect(detail).toMatchObject({ id: r.matchId, endTime: r.endTime, winner: r.final.winner });
    const unknown = await post(RESULT_PATHS.matchResultInfo, { matchId: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 4004, msg: expect.stringContaining('matchId') });
  });

  it('finds finished matches by a team name, in any language', async () => {
    const r = played(1)[0]!;
    const found = (await post(RESULT_PATHS.queryMatchByRecommend, { recommend: r.home.name.ENG.toUpperCase(), language: 'CMN' })).json().data as ResultMatch[];
    expect(found.map((m) => m.id)).toContain(r.matchId);
    expect(found.find((m) => m.id === r.matchId)!.teams.home.name).toBe(r.home.name.CMN);
  });

  it('answers results the platform stored before, not only those the feed still holds', async () => {
    // Stored as having begun before the feed's history window, so no other test's range sees it.
    const r = played(2)[0]!;
    const beginTime = from - 2 * HOUR;
    await t.app.matchResults.save({ ...r, matchId: 990_000_001, beginTime });
    const page = await ownList({ sportId: 2, beginTime: beginTime - HOUR, endTime: beginTime + HOUR });
    expect(page.records.map((m) => m.id)).toContain(990_000_001);
  });
});

describe('results that ended while no instance led the feed (issue 19)', () => {
  it('are stored by the next leader, every one its feed still holds, bets or not', async () => {
    const held = t.feed.results({ from, to });
    expect(held.length).toBeGreaterThan(10);
    // As if the leader died before storing them: gone from the database, still in every instance's feed.
    await t.db.deleteFrom('match_results').where('match_id', 'in', held.map((r) => r.matchId)).execute();
    expect(await t.app.matchResults.get(held[0]!.matchId)).toBeUndefined();
    await t.app.storeMissingResults();
    for (const r of held) expect((await t.app.matchResults.get(r.matchId))?.final).toEqual(r.final);
  });
});

describe('gamebetim (/api/result/gamebetim/getCompletedResults)', () => {
  const im = async (body: Record<string, unknown>) => post(IM_RESULTS_PATH, body);

  it.each(SPORTS)('sport %i: its own sport, competition and event ids and shape', async (sportId) => {
    const truth = played(sportId);
    const res = await im({ language: 'eng', sportId: IM_SPORT_IDS[sportId], startTime: imTime(from), endTime: imTime(to) });
    expect(res.statusCode).toBe(200);
    const answer: ImAnswer = imAnswerSchema.parse(res.json());
    expect(answer.StatusCode).toBe(100);
    expect(answer.Sports).toHaveLength(1);
    expect(answer.Sports[0]!.SportId).toBe(IM_SPORT_IDS[sportId]);
    const events = answer.Sports[0]!.Competitions.flatMap((c) => c.Events.map((e) => ({ ...e, competition: c.CompetitionId })));
    expect(events.map((e) => e.EventId - IM_EVENT_ID_OFFSET).sort()).toEqual(truth.map((r) => r.matchId).sort());
    for (const e of events) {
      const r = truth.find((x) => x.matchId === e.EventId - IM_EVENT_ID_OFFSET)!;
      expect(e.competition).toBe(r.leagueId + IM_COMPETITION_ID_OFFSET);
      expect(e).toMatchObject({ HomeTeam: r.home.name.ENG, AwayTeam: r.away!.name.ENG, HomeScore: r.totalScore.home, AwayScore: r.totalScore.away, EventDate: imTime(r.beginTime) });
      if (r.matchStatus === MatchStatus.Ended) expect(e.EventStatusId).toBe(ImEventStatus.Closed);
    }
  });

  it.each(Object.entries(PROVIDER_LANGUAGE))('language %s is %s', async (lang, code) => {
    const r = played(1)[0]!;
    const answer = (await im({ language: code, sportId: 1, startTime: imTime(from), endTime: imTime(to) })).json() as ImAnswer;
    const event = answer.Sports[0]!.Competitions.flatMap((c) => c.Events).find((e) => e.EventId === r.matchId + IM_EVENT_ID_OFFSET)!;
    expect(event.HomeTeam).toBe(r.home.name[lang as keyof typeof r.home.name]);
  });

  it('filters by competition ids, comma-joined', async () => {
    const truth = played(1);
    const leagues = [...new Set(truth.map((r) => r.leagueId))].slice(0, 2);
    const answer = (await im({ language: 'chs', sportId: 1, startTime: imTime(from), endTime: imTime(to), competitionIds: leagues.map((l) => l + IM_COMPETITION_ID_OFFSET).join(',') })).json() as ImAnswer;
    expect(answer.Sports[0]!.Competitions.map((c) => c.CompetitionId - IM_COMPETITION_ID_OFFSET).sort()).toEqual([...leagues].sort());
  });

  it('answers an empty sport list when nothing finished in the range', async () => {
    const answer = (await im({ language: 'chs', sportId: 1, startTime: imTime(to + HOUR), endTime: imTime(to + 2 * HOUR) })).json() as ImAnswer;
    expect(answer).toEqual({ StatusCode: 100, StatusDesc: 'Success', Sports: [] });
  });
});

describe('gamebetob (/api/result/gamebetob/getCompletedResults)', () => {
  const ob = async (body: Record<string, unknown>) => post(OB_RESULTS_PATH, body);

  it.each(SPORTS)('sport %i: its own csid, tid and mid and shape', async (sportId) => {
    const truth = played(sportId);
    const res = await ob({ language: 'vn', sportId: OB_SPORT_IDS[sportId], startTime: seconds(from), endTime: seconds(to) });
    expect(res.statusCode).toBe(200);
    const answer: ObAnswer = obAnswerSchema.parse(res.json());
    expect(answer.status).toBe(true);
    expect(answer.data.map((m) => Number(m.mid.slice(1))).sort()).toEqual(truth.map((r) => r.matchId).sort());
    for (const m of answer.data) {
      const r = truth.find((x) => x.matchId === Number(m.mid.slice(1)))!;
      expect(m).toMatchObject({ csid: OB_SPORT_IDS[sportId], tid: `T${r.leagueId}`, tn: r.league.name.VIE, mgt: String(r.beginTime), mhn: r.home.name.VIE, score: `${r.totalScore.home}:${r.totalScore.away}` });
      if (r.matchStatus === MatchStatus.Ended) expect(m.ms).toBe(ObMatchStatus.Finished);
      expect(m.msc.every((p) => /^.+\|\d+:\d+$/.test(p))).toBe(true);
    }
  });

  it('filters by tournament ids, comma-joined, and speaks th and cht', async () => {
    const r = played(5)[0]!;
    const answer = (await ob({ language: 'th', sportId: OB_SPORT_IDS[5], startTime: seconds(from), endTime: seconds(to), competitionIds: `T${r.leagueId}` })).json() as ObAnswer;
    expect(answer.data.every((m) => m.tid === `T${r.leagueId}`)).toBe(true);
    expect(answer.data.find((m) => m.mid === `M${r.matchId}`)!.mhn).toBe(r.home.name.THA);
    const tw = (await ob({ language: 'cht', sportId: OB_SPORT_IDS[5], startTime: seconds(from), endTime: seconds(to) })).json() as ObAnswer;
    expect(tw.data.find((m) => m.mid === `M${r.matchId}`)!.mhn).toBe(r.home.name['zh-TW']);
  });
});

describe('bad input is refused with the field named, and answers nothing', () => {
  it.each([
    ['own: end before start', RESULT_PATHS.matchResultList, () => ({ sportId: 1, beginTime: to, endTime: from }), 'body.endTime'],
    ['own: range over 31 days', RESULT_PATHS.matchResultList, () => ({ sportId: 1, beginTime: to - 32 * 24 * HOUR, endTime: to }), 'body.endTime'],
    ['own: a date that is not a number', RESULT_PATHS.matchResultList, () => ({ sportId: 1, beginTime: 'yesterday', endTime: to }), 'beginTime'],
    ['own: no sport', RESULT_PATHS.matchResultList, () => ({ beginTime: from, endTime: to }), 'sportId'],
    ['own: page size over 200', RESULT_PATHS.matchResultList, () => ({ sportId: 1, beginTime: from, endTime: to, size: 500 }), 'body.size'],
    ['own: leagues, end before start', RESULT_PATHS.getOnSaleLeagues, () => ({ sportId: 1, beginTime: to, endTime: from }), 'body.endTime'],
    ['own: empty search', RESULT_PATHS.queryMatchByRecommend, () => ({ recommend: '  ' }), 'body.recommend'],
    ['im: unknown language code', IM_RESULTS_PATH, () => ({ language: 'CMN', sportId: 1, startTime: imTime(from), endTime: imTime(to) }), 'body.language'],
    ['im: time without an offset', IM_RESULTS_PATH, () => ({ language: 'chs', sportId: 1, startTime: '2025-01-01 00:00:00', endTime: imTime(to) }), 'body.startTime'],
    ['im: end before start', IM_RESULTS_PATH, () => ({ language: 'chs', sportId: 1, startTime: imTime(to), endTime: imTime(from) }), 'body.endTime'],
    ['im: a sport it does not have', IM_RESULTS_PATH, () => ({ language: 'chs', sportId: 999, startTime: imTime(from), endTime: imTime(to) }), 'body.sportId'],
    ['im: a competition id that is not its own', IM_RESULTS_PATH, () => ({ language: 'chs', sportId: 1, startTime: imTime(from), endTime: imTime(to), competitionIds: '700001,abc' }), 'body.competitionIds'],
    ['ob: range over 31 days', OB_RESULTS_PATH, () => ({ language: 'chs', sportId: 1, startTime: seconds(to - 32 * 24 * HOUR), endTime: seconds(to) }), 'body.endTime'],
    ['ob: epoch ms where seconds are expected (range too long)', OB_RESULTS_PATH, () => ({ language: 'chs', sportId: 1, startTime: 0, endTime: to }), 'body.endTime'],
    ['ob: a time that is not a number', OB_RESULTS_PATH, () => ({ language: 'chs', sportId: 1, startTime: 'now', endTime: 1 }), 'startTime'],
    ['ob: a tournament id that is not its own', OB_RESULTS_PATH, () => ({ language: 'eng', sportId: 1, startTime: 1, endTime: 2, competitionIds: '18003' }), 'body.competitionIds'],
  ])('%s', async (_name, url, body, field) => {
    const res = await post(url, body());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 4001, data: null });
    expect(res.json().msg).toContain(field);
  });
});
